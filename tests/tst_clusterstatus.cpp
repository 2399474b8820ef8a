// The status bar's Redis Cluster line (ClusterStatusLabel): every master up
// with the slowest named, a down master named in the alarm colour, hidden
// for a single server; on the real cluster of IDEM_TEST_REDIS_CLUSTER_URL
// through a StoreSession, as the console opens it.
#include "models/statuscolors.h"
#include "models/storesession.h"
#include "ui/clusterstatuslabel.h"

#include <QTest>

class ClusterStatusTest : public QObject {
    Q_OBJECT

    static QString requiredUrl(const char *variable)
    {
        const QString url = qEnvironmentVariable(variable);
        if (url.isEmpty() && qEnvironmentVariableIntValue("IDEM_TEST_REQUIRE_SERVERS") == 1)
            qFatal("%s is not set (tools/test.sh starts the servers and sets it)", variable);
        return url;
    }

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
        const QString url = requiredUrl("IDEM_TEST_REDIS_CLUSTER_URL");
        if (url.isEmpty())
            QSKIP("IDEM_TEST_REDIS_CLUSTER_URL is not set");
        StoreSession session(url);
        ClusterStatusLabel label;
        label.setSession(&session);
        QTRY_VERIFY_WITH_TIMEOUT(label.text().startsWith(QStringLiteral("Cluster: 3/3 masters up · slowest 127.0.0.1:")), 20000);
        QVERIFY(!label.isHidden());
        QCOMPARE(label.toolTip().count(QStringLiteral(": up, ")), 3);
        label.setSession(nullptr);
        QVERIFY(label.isHidden());
    }

    void singleServerShowsNoClusterLine()
    {
        const QString url = requiredUrl("IDEM_TEST_REDIS_URL");
        if (url.isEmpty())
            QSKIP("IDEM_TEST_REDIS_URL is not set");
        StoreSession session(url);
        ClusterStatusLabel label;
        label.show();
        label.setSession(&session);
        // A reading comes back (the health signal follows every job) and leaves the line hidden.
        bool answered = false;
        session.request<bool>(&label, [](Store &s) { return Result<bool>(s.nodeHealth().ok()); },
                              [&answered](const Result<bool> &ok) { answered = ok.ok() && ok.value(); });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 20000);
        QTest::qWait(200);
        QVERIFY(label.isHidden());
        label.setSession(nullptr);
    }
};

QTEST_MAIN(ClusterStatusTest)
#include "tst_clusterstatus.moc"
