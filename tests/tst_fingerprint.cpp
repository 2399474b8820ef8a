#include "app/guard/fingerprint.h"

#include <QtTest>

class FingerprintTest : public QObject {
    Q_OBJECT

private slots:
    void isSha256Hex()
    {
        const QString fp = requestFingerprint("POST", "/pay", {}, "{}", {});
        QCOMPARE(fp.size(), 64);
        QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")).match(fp).hasMatch());
    }

    // Stores keep fingerprints: a record claimed by an earlier build must
    // still match the same request. These values come from a Python
    // rendering of the canonical form (hashlib.sha256 of "len:part" for the
    // upper-cased method, the path, the count of counted headers, each
    // counted header's lower-cased name and value sorted by name, and the
    // body), and the copying implementation it replaced gave the same.
    void keepsItsValue()
    {
        QCOMPARE(requestFingerprint("post", "/pay", {{"X-Tenant", "t1"}, {"Accept", "x"}, {"X-Request-Id", "1"}}, "{\"amount\":100}",
                                    {QStringLiteral("x-tenant"), QStringLiteral("X-REQUEST-ID")}),
                 QStringLiteral("69c8fcfad26d609769b771f40c6f7ef4ffd16bb0939385ebd60eec07dca3fd35"));
        QCOMPARE(requestFingerprint("GET", "", {}, "", {}),
                 QStringLiteral("719723d354b260a4337a94ad1d1b6988a7033f393deef27fb0356536751a6e96"));
    }

    // A body over several 64-byte blocks, and the same request hashed from
    // many threads at once (each thread keeps its own hash context).
    void manyBlocksFromManyThreads()
    {
        const QByteArray body = "{\"order\":\"" + QByteArray(300, 'x') + "\",\"amount\":1}";
        const QString expected = QStringLiteral("7b884f6ddf255c69118be735f2b1e3d595905cac4cb548684f18fe20925a8e98");
        QCOMPARE(requestFingerprint("POST", "/api/payments?x=1", {}, body, {}), expected);
        QAtomicInt wrong = 0;
        QList<QThread *> threads;
        for (int t = 0; t < 8; ++t) {
            threads.append(QThread::create([&] {
                for (int i = 0; i < 2000; ++i) {
                    if (requestFingerprint("POST", "/api/payments?x=1", {}, body, {}) != expected)
                        wrong.fetchAndAddRelaxed(1);
                    if (requestFingerprint("GET", "", {}, "", {})
                        != QStringLiteral("719723d354b260a4337a94ad1d1b6988a7033f393deef27fb0356536751a6e96"))
                        wrong.fetchAndAddRelaxed(1);
                }
            }));
            threads.last()->start();
        }
        for (QThread *thread : threads) {
            thread->wait();
            delete thread;
        }
        QCOMPARE(wrong.loadRelaxed(), 0);
    }

    void changesWithEveryPart_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("tenant");
        QTest::newRow("method") << QByteArray("PUT") << QByteArray("/pay") << QByteArray("{}") << QByteArray("t1");
        QTest::newRow("path") << QByteArray("POST") << QByteArray("/pay2") << QByteArray("{}") << QByteArray("t1");
        QTest::newRow("body") << QByteArray("POST") << QByteArray("/pay") << QByteArray("{ }") << QByteArray("t1");
        QTest::newRow("counted header") << QByteArray("POST") << QByteArray("/pay") << QByteArray("{}") << QByteArray("t2");
        QTest::newRow("boundary shift") << QByteArray("POST") << QByteArray("/pa") << QByteArray("y{}") << QByteArray("t1");
    }

    void changesWithEveryPart()
    {
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, path);
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, tenant);
        const QStringList counted{QStringLiteral("X-Tenant")};
        const QString base = requestFingerprint("POST", "/pay", {{"x-tenant", "t1"}}, "{}", counted);
        QVERIFY(requestFingerprint(method, path, {{"X-Tenant", tenant}}, body, counted) != base);
    }

    void ignoresUncountedHeadersAndMethodCase()
    {
        const QStringList counted{QStringLiteral("X-Tenant")};
        const QString a = requestFingerprint("post", "/pay", {{"X-Tenant", "t1"}, {"X-Request-Id", "1"}}, "{}", counted);
        const QString b = requestFingerprint("POST", "/pay", {{"X-Request-Id", "2"}, {"x-tenant", "t1"}}, "{}", counted);
        QCOMPARE(a, b);
    }
};

QTEST_GUILESS_MAIN(FingerprintTest)
#include "tst_fingerprint.moc"
