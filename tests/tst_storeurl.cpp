#include "store/openstore.h"
#include "store/storeurl.h"

#include <QtTest>

class StoreUrlTest : public QObject {
    Q_OBJECT

private slots:
    void parsesEveryScheme_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("database");
        QTest::addColumn<QString>("user");
        QTest::newRow("sqlite") << "sqlite:///var/lib/idem/r.db" << int(StoreUrl::Kind::Sqlite) << "" << 0 << "" << "";
        QTest::newRow("postgresql") << "postgresql://ops@db1:5433/idem?sslmode=require" << int(StoreUrl::Kind::Postgres) << "db1" << 5433 << "idem" << "ops";
        QTest::newRow("postgres default port") << "postgres://ops@db1/idem" << int(StoreUrl::Kind::Postgres) << "db1" << 5432 << "idem" << "ops";
        QTest::newRow("mysql") << "mysql://root@127.0.0.1:3307/orders" << int(StoreUrl::Kind::Mysql) << "127.0.0.1" << 3307 << "orders" << "root";
        QTest::newRow("redis") << "redis://127.0.0.1:6380/2" << int(StoreUrl::Kind::Redis) << "127.0.0.1" << 6380 << "2" << "";
        QTest::newRow("redis acl user") << "redis://ops:secret@cache:6379" << int(StoreUrl::Kind::Redis) << "cache" << 6379 << "" << "ops";
    }

    void parsesEveryScheme()
    {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, database);
        QFETCH(QString, user);
        const Result<StoreUrl> url = StoreUrl::parse(text);
        QVERIFY2(url.ok(), qPrintable(url.error().message));
        QCOMPARE(int(url->kind), kind);
        QCOMPARE(url->host, host);
        QCOMPARE(url->port, port);
        QCOMPARE(url->database, database);
        QCOMPARE(url->user, user);
    }

    void passwordsNeverShow()
    {
        const Result<StoreUrl> url = StoreUrl::parse(QStringLiteral("redis://ops:s3cret@cache:6379/0"));
        QVERIFY(url.ok());
        QCOMPARE(url->password, QStringLiteral("s3cret"));
        QVERIFY(!url->displayString().contains(QStringLiteral("s3cret")));
    }

    // Issue 14.1: a URL the parser refuses is quoted in its error, and so
    // is Qt's own error about it; neither may carry the password, nor may a
    // nested audit=/cache= URL's, percent-encoded or not.
    void malformedUrlsNeverShowPasswords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("redis port out of range") << "redis://u:S3cretPW@127.0.0.1:99999";
        QTest::newRow("redis port not a number") << "redis://u:S3cretPW@127.0.0.1:abc/0";
        QTest::newRow("redis no host") << "redis://:S3cretPW@/0";
        QTest::newRow("postgres port out of range") << "postgresql://a:S3cretPW@127.0.0.1:99999/x";
        QTest::newRow("postgres no database") << "postgresql://a:S3cretPW@127.0.0.1:5432";
        QTest::newRow("mysql bad ipv6") << "mysql://a:S3cretPW@[::1/x";
        QTest::newRow("space in password") << "postgresql://a:S3cret PW@host/x";
        QTest::newRow("bad percent escape") << "redis://u:S3cret%zzPW@host:1/0";
        QTest::newRow("at sign in password") << "redis://u:S3cret@PW@host:99999/0";
        QTest::newRow("slash in password") << "redis://u:S3cret/PW@host:99999/0";
        QTest::newRow("nested audit, port out of range") << "redis://h:99999/0?audit=postgresql://a:S3cretPW@h:5432/x";
        QTest::newRow("nested, percent-encoded") << "redis://h:99999/0?audit=postgresql%3A%2F%2Fa%3AS3cretPW%40h%3A5432%2Fx";
        QTest::newRow("password option") << "postgresql://a@h:99999/x?password=S3cretPW";
    }

    void malformedUrlsNeverShowPasswords()
    {
        QFETCH(QString, text);
        const Result<StoreUrl> url = StoreUrl::parse(text);
        QVERIFY(!url.ok());
        QVERIFY2(!url.error().message.contains(QStringLiteral("S3cret")) && !url.error().message.contains(QStringLiteral("PW")),
                 qPrintable(url.error().message));
        QVERIFY2(url.error().message.size() > 20, qPrintable(url.error().message)); // still says what is wrong
        QVERIFY(!StoreUrl::redacted(text).contains(QStringLiteral("S3cret")) && !StoreUrl::redacted(text).contains(QStringLiteral("PW")));
    }

    void rejectsWithAnActionableMessage_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("hint");
        QTest::newRow("empty") << "" << "empty";
        QTest::newRow("relative sqlite") << "sqlite://records.db" << "three slashes";
        QTest::newRow("sqlite dir") << "sqlite:///tmp/" << "absolute file path";
        QTest::newRow("unknown scheme") << "mongodb://h/x" << "sqlite, postgresql, mysql or redis";
        QTest::newRow("no database") << "postgresql://u@h:5432" << "database name";
        QTest::newRow("redis db not a number") << "redis://h:6379/cache" << "database number";
        QTest::newRow("no host") << "mysql:///x" << "no host";
    }

    void rejectsWithAnActionableMessage()
    {
        QFETCH(QString, text);
        QFETCH(QString, hint);
        const Result<StoreUrl> url = StoreUrl::parse(text);
        QVERIFY(!url.ok());
        QCOMPARE(url.error().kind, ErrorKind::InvalidArgument);
        QVERIFY2(url.error().message.contains(hint), qPrintable(url.error().message));
    }

    void sqliteStoreOpensAndCreatesItsDirectory()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("nested/deeper/r.db"));
        Result<std::unique_ptr<Store>> store = openStore(QStringLiteral("sqlite://") + path);
        QVERIFY2(store.ok(), qPrintable(store.error().message));
        QVERIFY(QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(StoreUrlTest)
#include "tst_storeurl.moc"
