// The simulated sale (the console's --demo and idemctl demo) on a SQLite
// store: a restarted demo continues its store, topping its backlog of stuck
// records up to the configured count instead of adding another each time.
#include "app/sim/ordertable.h"
#include "app/sim/salessimulator.h"
#include "app/store/openstore.h"

#include <QtTest>

class DemoTest : public QObject {
    Q_OBJECT

private slots:
    void aRestartDoesNotPileUpTheBacklog()
    {
        QTemporaryDir dir;
        const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("demo.db"));
        RecordQuery backlog;
        backlog.keyPrefix = QStringLiteral("backlog-");
        for (int run = 0; run < 3; ++run) {
            Result<std::unique_ptr<Store>> store = openStore(url, OpenMode::Create);
            QVERIFY(store);
            OrderTable orders(StoreUrl::parse(url).value());
            SimulatorConfig config;
            config.journeysPerSecond = 0; // the backlog only
            config.seed = 7;
            {
                SalesSimulator sim(*store.value(), orders, config);
                QVERIFY(sim.start());
                sim.stop();
            }
            QCOMPARE(store.value()->countInFlight(backlog).value(), qint64(config.backlogStuck));
        }
    }
};

QTEST_GUILESS_MAIN(DemoTest)
#include "tst_demo.moc"
