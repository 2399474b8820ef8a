// Press tests (Java article): many threads, one key → exactly one execution
// and one answer; many threads over many keys → one execution per key.
#include "sim/pressrun.h"
#include "teststore.h"

#include <QtTest>

class PressTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;

private slots:
    void initTestCase()
    {
        QString why;
        m_store = m_env.open(&why);
        if (!m_store)
            QFAIL(qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
    }

    void twoHundredClientsOneKey_data()
    {
        QTest::addColumn<bool>("retry");
        QTest::newRow("final 409s") << false;
        QTest::newRow("retry until answered") << true;
    }

    void twoHundredClientsOneKey()
    {
        QFETCH(bool, retry);
        PressConfig config;
        config.scope = m_env.scope(retry ? QStringLiteral("press-retry") : QStringLiteral("press-once"));
        config.concurrency = 200;
        config.requests = 200;
        config.keys = 1;
        config.workMs = 50;
        config.retryInProgress = retry;
        const PressReport r = runPress(*m_store, config);
        QVERIFY2(r.errors == 0, qPrintable(r.errorSamples.join(QLatin1Char('\n'))));
        QCOMPARE(r.executed, 1);
        QVERIFY(r.exactlyOnce);
        QVERIFY(r.consistent);
        QCOMPARE(r.mismatch, 0);
        if (retry) {
            // Every client ends with the one answer: 1 executed + 199 replays.
            QCOMPARE(r.replayed, 199);
        } else {
            QCOMPARE(r.replayed + r.inProgress, 199);
        }

        // A second run on the same scope replays everything and runs nothing.
        config.retryInProgress = true;
        const PressReport again = runPress(*m_store, config);
        QCOMPARE(again.errors, 0);
        QCOMPARE(again.executed, 0);
        QCOMPARE(again.replayed, 200);
        QVERIFY(again.consistent);
    }

    void fiftyThreadsThousandKeys()
    {
        PressConfig config;
        config.scope = m_env.scope(QStringLiteral("press-many"));
        config.concurrency = 50;
        config.requests = 2000; // every key twice
        config.keys = 1000;
        config.workMs = 1;
        config.retryInProgress = true;
        const PressReport r = runPress(*m_store, config);
        QVERIFY2(r.errors == 0, qPrintable(r.errorSamples.join(QLatin1Char('\n'))));
        QCOMPARE(r.executed, 1000);
        QCOMPARE(r.replayed, 1000);
        QVERIFY(r.exactlyOnce);
        QVERIFY(r.consistent);

        InFlightQuery left;
        left.scope = config.scope;
        QCOMPARE(m_store->countInFlight(left).value_or(-1), 0);
    }
};

QTEST_GUILESS_MAIN(PressTest)
#include "tst_press.moc"
