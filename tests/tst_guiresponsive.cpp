// The window keeps responding while its store hangs or is gone: a 50 ms
// timer on the GUI thread keeps firing while a real Redis server is frozen
// with DEBUG SLEEP, and the status bar says the store is disconnected. The
// bound on the gap between ticks is loose on purpose (a frozen window would
// miss the whole freeze, many seconds); it is not a speed measurement.
#include "models/appsettings.h"
#include "ui/dashboardview.h"
#include "ui/elidedlabel.h"
#include "ui/mainwindow.h"
#include "models/passwordvault.h"

#include "app/store/storeurl.h"
#include "tests/serverrequirement.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <atomic>
#include <thread>

namespace {

// Ticks of a 50 ms timer and the longest gap between two of them.
struct TickWatch {
    QTimer timer;
    QElapsedTimer clock;
    qint64 last = 0;
    qint64 longestGapMs = 0;
    int ticks = 0;

    TickWatch()
    {
        timer.setInterval(50);
        QObject::connect(&timer, &QTimer::timeout, [this] {
            const qint64 now = clock.elapsed();
            longestGapMs = qMax(longestGapMs, now - last);
            last = now;
            ++ticks;
        });
        clock.start();
        timer.start();
    }
};

} // namespace

class GuiResponsiveTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;

private slots:
    void initTestCase()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_REDIS_URL");
        m_url = url;
    }

    void windowRespondsWhileRedisSleeps()
    {
        QSettings qsettings(m_dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        AppSettings settings(&qsettings);
        PasswordVault vault;
        MainWindow window(&settings, &vault);
        StoreEntry entry;
        // A short command timeout so the freeze shows as a disconnection.
        entry.url = m_url + QStringLiteral("?timeout_ms=1000");
        window.openUrl(entry, entry.url);
        window.show();
        window.dashboard()->setRefreshInterval(1000);
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("Connected")), 10000);

        // Freeze the server for 6 s from another connection.
        const Result<StoreUrl> url = StoreUrl::parse(m_url);
        QVERIFY(url.ok());
        std::atomic<bool> slept{false};
        std::jthread freezer([host = url->host.toStdString(), port = url->port, &slept] {
            redisContext *c = redisConnect(host.c_str(), port);
            if (c && !c->err) {
                auto *reply = static_cast<redisReply *>(redisCommand(c, "DEBUG SLEEP 6"));
                slept = reply && reply->type == REDIS_REPLY_STATUS;
                freeReplyObject(reply);
            }
            redisFree(c);
        });
        TickWatch watch;
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("Disconnected")), 8000);
        const int ticksWhileFrozen = watch.ticks;
        freezer.join(); // the sleep is over
        QVERIFY2(slept, "DEBUG SLEEP was refused: start redis-server with --enable-debug-command local");
        QVERIFY2(watch.longestGapMs < 1000, qPrintable(QStringLiteral("the GUI thread stalled for %1 ms").arg(watch.longestGapMs)));
        QVERIFY(ticksWhileFrozen > 5);

        // The server is back: the session reconnects by itself.
        window.dashboard()->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("Connected")), 40000);
    }

    void windowRespondsWhenTheStoreIsGone()
    {
        QSettings qsettings(m_dir.filePath(QStringLiteral("t.ini")), QSettings::IniFormat);
        AppSettings settings(&qsettings);
        PasswordVault vault;
        MainWindow window(&settings, &vault);
        StoreEntry entry;
        entry.url = QStringLiteral("redis://127.0.0.1:1/0"); // nothing listens on port 1
        window.openUrl(entry, entry.url);
        window.show();
        TickWatch watch;
        QTRY_VERIFY_WITH_TIMEOUT(window.connectionLabel()->text().contains(QStringLiteral("Disconnected")), 10000);
        QTest::qWait(1500);
        QVERIFY2(watch.longestGapMs < 1000, qPrintable(QStringLiteral("the GUI thread stalled for %1 ms").arg(watch.longestGapMs)));
    }
};

QTEST_MAIN(GuiResponsiveTest)
#include "tst_guiresponsive.moc"
