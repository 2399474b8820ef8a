// The status bar's Redis Cluster line (ClusterStatusLabel): every master up
// with the slowest named, a down master named in the alarm colour, hidden
// for a single server; on the real cluster of IDEM_TEST_REDIS_CLUSTER_URL
// through a StoreSession, as the console opens it.
#include "app/ops/timeoutsweep.h"
#include "app/store/openstore.h"
#include "models/inflightrecordmodel.h"
#include "models/statuscolors.h"
#include "models/storesession.h"
#include "tests/serverrequirement.h"
#include "ui/clusterstatuslabel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSet>
#include <QTest>

class ClusterStatusTest : public QObject {
    Q_OBJECT

private slots:
    void showsUpAndDownMasters()
    {
        ClusterStatusLabel label;
        label.showNodes({StoreNode{QStringLiteral("10.0.0.1:7000"), true, 2, QString()},
                         StoreNode{QStringLiteral("10.0.0.2:7001"), true, 31, QString()},
                         StoreNode{QStringLiteral("10.0.0.3:7002"), true, 5, QString()}});
        QVERIFY(!label.isHidden());
        QCOMPARE(label.text(), QStringLiteral("Cluster: 3/3 masters up · slowest 10.0.0.2:7001 (31 ms)"));
        QVERIFY(label.styleSheet().isEmpty());
        QVERIFY(label.toolTip().contains(QStringLiteral("10.0.0.3:7002: up, 5 ms")));

        label.showNodes({StoreNode{QStringLiteral("10.0.0.1:7000"), true, 2, QString()},
                         StoreNode{QStringLiteral("10.0.0.2:7001"), false, -1, QStringLiteral("Connection refused")}});
        QCOMPARE(label.text(), QStringLiteral("Cluster: 1/2 masters up — down: 10.0.0.2:7001"));
        QVERIFY(label.styleSheet().contains(StatusColors::alarmText(label.palette()).name()));
        QVERIFY(label.toolTip().contains(QStringLiteral("Connection refused")));

        label.showNodes({});
        QVERIFY(label.isHidden());
    }

    void realClusterThroughASession()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_REDIS_CLUSTER_URL");
        StoreSession session(url);
        ClusterStatusLabel label;
        label.setSession(&session);
        QTRY_VERIFY_WITH_TIMEOUT(label.text().startsWith(QStringLiteral("Cluster: 3/3 masters up · slowest 127.0.0.1:")), 20000);
        QVERIFY(!label.isHidden());
        QCOMPARE(label.toolTip().count(QStringLiteral(": up, ")), 3);
        label.setSession(nullptr);
        QVERIFY(label.isHidden());
    }

    // The In-flight tab's model and the timeout wizard's engine on a
    // cluster, unchanged: 450 stuck records of one scope, spread over its
    // buckets and the masters, paged in age order, each once; then timed out.
    void inFlightModelAndSweepOnACluster()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_REDIS_CLUSTER_URL");
        constexpr qint64 Minute = 60'000;
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const QString scope = QStringLiteral("console-%1").arg(QCoreApplication::applicationPid());
        Result<std::unique_ptr<Store>> store = openStore(url);
        QVERIFY2(store.ok(), qPrintable(store ? QString() : store.error().message));
        for (int i = 0; i < 450; ++i) {
            ClaimRequest c;
            c.scope = scope;
            c.key = QStringLiteral("k%1").arg(i);
            c.fingerprint = QStringLiteral("fp");
            c.owner = QStringLiteral("svc:1");
            c.nowMs = now - 20 * Minute - (i % 90) * 1000; // ties across buckets
            QCOMPARE(store.value()->claim(c).value().outcome, ClaimOutcome::Claimed);
        }

        StoreSession session(url);
        InFlightRecordModel model(&session);
        RecordQuery filter;
        filter.scope = scope;
        model.setFilter(filter);
        model.setPageSize(100);
        model.reload();
        const auto idle = [&] { return QTest::qWaitFor([&] { return !model.isLoading() && model.matchingCount() >= 0; }, 20000); };
        QVERIFY(idle());
        QCOMPARE(model.matchingCount(), 450);
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(idle());
        }
        QCOMPARE(model.rowCount(), 450);
        QSet<QString> keys;
        for (int row = 0; row < model.rowCount(); ++row) {
            const Record r = model.recordAt(row);
            if (row > 0)
                QVERIFY2(!keysetBefore(r, model.recordAt(row - 1)), qPrintable(QStringLiteral("row %1 out of order").arg(row)));
            keys.insert(r.key);
        }
        QCOMPARE(keys.size(), 450);

        const Result<SweepPreview> preview = TimeoutSweep::preview(*store.value(), SweepCriteria{scope, 10 * Minute}, now);
        QVERIFY2(preview.ok(), qPrintable(preview ? QString() : preview.error().message));
        QCOMPARE(preview->targets.size(), 450);
        OperatorIdentity who;
        who.operatorName = QStringLiteral("night-ops");
        who.host = QStringLiteral("console-1");
        who.reason = QStringLiteral("cluster test");
        const Result<ActionReport> applied = TimeoutSweep::apply(*store.value(), preview->targets, who, {}, now);
        QVERIFY2(applied.ok(), qPrintable(applied ? QString() : applied.error().message));
        QCOMPARE(applied->applied, 450);
        QCOMPARE(applied->failed, 0);
        model.reload();
        QVERIFY(idle());
        QCOMPARE(model.matchingCount(), 0);
    }

    void singleServerShowsNoClusterLine()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_REDIS_URL");
        StoreSession session(url);
        ClusterStatusLabel label;
        label.show();
        label.setSession(&session);
        // A reading comes back (the health signal follows every job) and leaves the line hidden.
        bool answered = false;
        session.request<bool>(
            &label, [](Store &s) { return Result<bool>(s.nodeHealth().ok()); },
            [&answered](const Result<bool> &ok) { answered = ok.ok() && ok.value(); });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 20000);
        QTest::qWait(200);
        QVERIFY(label.isHidden());
        label.setSession(nullptr);
    }
};

QTEST_MAIN(ClusterStatusTest)
#include "tst_clusterstatus.moc"
