// The Redis store's connection: a lost or stalled connection fails fast and
// comes back, an unreachable server fails within the backoff, an ACL user
// authenticates, a bad URL option is refused at open. Runs against
// IDEM_TEST_REDIS_URL (tools/test.sh starts a server).
#include "tests/redisstorefixture.h"

#include <QtTest>

class RedisStoreConnectionTest : public QObject, public RedisStoreFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openRedisStore(); }
    void init() { nameScope(); }
    void cleanup() { deleteDamaged(); }

    void lostConnectionIsReestablished()
    {
        QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("before"))).ok());
        // Kill this process's store connections (named idem-<pid>), not the test's own.
        const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
        int killed = 0;
        for (const QByteArray &line : m_raw.run({"CLIENT", "LIST"}).text.split('\n')) {
            if (line.contains(name)) {
                const QByteArray id = line.mid(3, line.indexOf(' ') - 3);
                killed += int(m_raw.run({"CLIENT", "KILL", "ID", id}).integer);
            }
        }
        QVERIFY(killed >= 1);
        const Result<ClaimResult> next = store().claim(claimOf(m_scope, QStringLiteral("after-1")));
        if (!next.ok())
            QCOMPARE(next.error().kind, ErrorKind::Unavailable); // the loss is seen on this call …
        const Result<ClaimResult> then = store().claim(claimOf(m_scope, QStringLiteral("after-2")));
        QVERIFY2(then.ok(), qPrintable(then.error().message)); // … and the next one reconnects
        QCOMPARE(then->outcome, ClaimOutcome::Claimed);
    }

    // hiredis writes with write(): a large request on a connection the server
    // has closed raises SIGPIPE, which must not kill the process.
    void largeWriteOnAClosedConnectionIsAnErrorNotADeadProcess()
    {
        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, QStringLiteral("big")));
        QVERIFY(claimed.ok());
        const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
        for (int round = 0; round < 3; ++round) {
            for (const QByteArray &line : m_raw.run({"CLIENT", "LIST"}).text.split('\n')) {
                if (line.contains(name))
                    m_raw.run({"CLIENT", "KILL", "ID", line.mid(3, line.indexOf(' ') - 3)});
            }
            QTest::qWait(50); // the FIN arrives; the first write then draws a RST
            const Response huge{200, {}, QByteArray(32 << 20, 'x')};
            const Result<Transition> done = store().complete(m_scope, QStringLiteral("big"), claimed->record.lease, huge, T0 + 1, 1000);
            if (done.ok())
                continue; // the server took it all; try again
            QCOMPARE(done.error().kind, ErrorKind::Unavailable);
        }
        QVERIFY(store().get(m_scope, QStringLiteral("big")).ok()); // still alive, reconnected
    }

    void stalledServerTimesOutInsteadOfHanging()
    {
        StoreUrl url = m_url;
        url.options.insert(QStringLiteral("timeout_ms"), QStringLiteral("200"));
        RedisStore quick(url);
        QVERIFY(quick.open().ok());
        QVERIFY(RawRedis::ok(m_raw.run({"CLIENT", "PAUSE", "800", "ALL"})));
        const Result<ClaimResult> stalled = quick.claim(claimOf(m_scope, QStringLiteral("paused")));
        QVERIFY(!stalled.ok());
        QCOMPARE(stalled.error().kind, ErrorKind::Unavailable);
        QTest::qWait(900);
        const Result<ClaimResult> resumed = quick.claim(claimOf(m_scope, QStringLiteral("resumed")));
        QVERIFY2(resumed.ok(), qPrintable(resumed.error().message));
    }

    void unreachableServerFailsFastWithinTheBackoff()
    {
        StoreUrl url = m_url;
        url.host = QStringLiteral("127.0.0.1");
        url.port = 1; // nothing listens there
        RedisStore down(url);
        const Result<void> opened = down.open();
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().kind, ErrorKind::Unavailable);
        const Result<ClaimResult> claimed = down.claim(claimOf(m_scope, QStringLiteral("k")));
        QVERIFY(!claimed.ok());
        QCOMPARE(claimed.error().kind, ErrorKind::Unavailable);
        QVERIFY2(claimed.error().message.contains(QStringLiteral("next attempt")), qPrintable(claimed.error().message));
    }

    // AUTH with an ACL user: the right password (in the URL or from
    // IDEM_REDIS_PASSWORD) opens and guards; a wrong one is a clear refusal.
    void aclUserAuthenticates()
    {
        const QByteArray user = "idem-acl-" + QByteArray::number(QCoreApplication::applicationPid());
        QVERIFY(RawRedis::ok(m_raw.run({"ACL", "SETUSER", user, "reset", "on", ">s3cret pw", "~*", "&*", "+@all"})));
        const auto dropUser = qScopeGuard([&] { m_raw.run({"ACL", "DELUSER", user}); });

        StoreUrl url = m_url;
        url.user = QString::fromLatin1(user);
        url.password = QStringLiteral("s3cret pw");
        {
            RedisStore store(url);
            const Result<void> opened = store.open();
            QVERIFY2(opened.ok(), qPrintable(opened.error().message));
            Guard guard(store, {}, clock());
            GuardRequest request;
            request.scope = m_scope;
            request.key = QStringLiteral("acl");
            request.body = "{}";
            QCOMPARE(guard.handle(request, [] { return okResponse(); }).outcome, GuardOutcome::Executed);
        }
        {
            url.password.clear();
            qputenv("IDEM_REDIS_PASSWORD", "s3cret pw");
            RedisStore store(url);
            const Result<void> opened = store.open();
            qunsetenv("IDEM_REDIS_PASSWORD");
            QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        }
        {
            url.password = QStringLiteral("wrong");
            RedisStore store(url);
            const Result<void> opened = store.open();
            QVERIFY(!opened.ok());
            QVERIFY2(opened.error().message.contains(QString::fromLatin1(user))
                         || opened.error().message.contains(QStringLiteral("WRONGPASS"))
                         || opened.error().message.contains(QStringLiteral("password"), Qt::CaseInsensitive),
                     qPrintable(opened.error().message));
            QVERIFY(!opened.error().message.contains(QStringLiteral("wrong"))); // the password is never echoed
        }
    }

    void badUrlOptionIsRefusedAtOpen()
    {
        StoreUrl url = m_url;
        url.options.insert(QStringLiteral("connect_timeout_ms"), QStringLiteral("soon"));
        RedisStore store(url);
        const Result<void> opened = store.open();
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().kind, ErrorKind::InvalidArgument);
        QVERIFY(opened.error().message.contains(QStringLiteral("connect_timeout_ms")));
    }
};

QTEST_GUILESS_MAIN(RedisStoreConnectionTest)
#include "tst_redisstoreconnection.moc"
