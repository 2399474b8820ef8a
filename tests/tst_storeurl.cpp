#include "app/store/openstore.h"
#include "app/store/storeurl.h"

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
        QTest::newRow("sqlite") << "sqlite:///var/lib/idem/r.db" << int(StoreUrl::Kind::Sqlite) << "" << 0 << ""
                                << "";
        QTest::newRow("postgresql") << "postgresql://ops@db1:5433/idem?sslmode=require" << int(StoreUrl::Kind::Postgres) << "db1" << 5433
                                    << "idem"
                                    << "ops";
        QTest::newRow("postgres default port") << "postgres://ops@db1/idem" << int(StoreUrl::Kind::Postgres) << "db1" << 5432 << "idem"
                                               << "ops";
        QTest::newRow("mysql") << "mysql://root@127.0.0.1:3307/orders" << int(StoreUrl::Kind::Mysql) << "127.0.0.1" << 3307 << "orders"
                               << "root";
        QTest::newRow("redis") << "redis://127.0.0.1:6380/2" << int(StoreUrl::Kind::Redis) << "127.0.0.1" << 6380 << "2"
                               << "";
        QTest::newRow("redis acl user") << "redis://ops:secret@cache:6379" << int(StoreUrl::Kind::Redis) << "cache" << 6379 << ""
                                        << "ops";
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

    // A URL the parser refuses is quoted in its error, and so
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
        // Found by tools/fuzz.sh (tests/fuzz/regressions/storeurl).
        QTest::newRow("at sign in the user") << "redis://ops@corp:S3cretPW@cache:6379/x";
        QTest::newRow("space in the user") << "postgresql://a b:S3cretPW@h:5432/x";
        QTest::newRow("URL pasted as the database") << "redis://cache:6379/redis://:S3cretPW@cache:6379/0";
        QTest::newRow("userinfo in the database") << "redis://:S3s:sect@cadis://:S3cretPW@/00";
        QTest::newRow("URL in a refused option value") << "postgresql://ops@db1:5433/idem?sslmode=requ/postgresql://a:S3cretPW@127.0.0.1/x";
        QTest::newRow("URL in a bad number") << "sqlite:///tmp/x.db?busy_timeout_ms=postgresql://a:S3cretPW@h/x";
        QTest::newRow("encoded ':' in the user") << "postgresql://ops%3AS3cretPW@h/x";
        QTest::newRow("encoded userinfo in an option name")
            << "mysql://shop@db:3306/shop?layout=java-handler&cacheefault%3AS3cretPW%40cache%3A379%2F0";
        QTest::newRow("nested URL's '://' encoded after a user") << "mysql://s@db:3306/s?cache=mysql://re%\xd6"
                                                                    "3A%2F%2Fdu:@hodis%3A%2F%2Fdu:@h:S3cretPW%40ca#t";
        QTest::newRow("nested URL's '://' encoded after a user, plain")
            << "mysql://s@db:3306/s?cache=mysql://du:@hodis%3A%2F%2Fdu:@h:S3cretPW%40ca#t";
        QTest::newRow("nested URL's '://' encoded inside a user") << "=mysql://"
                                                                     "ss%3A%2F%2Fdefault%3AR3disPW%40Acache%3A6379%2F0hop:S3cretPW@"
                                                                     "dexample:3e=redis%3A%2F%2Fdefault%3AR3disPW%40Acache%3A6379%2F0";
        QTest::newRow("'/' written %2F in a user inside an option value")
            << "postgresql://ops@db1:5433/id?sslmode=re@[fe80::1%25eth0]:5432/idem?/://%2Fa55:S3cretPW@h/x";
        QTest::newRow("URL in an option name ('-' for '=')") << "redis://cache:6379/0?audit-postgresql://ops:S3cretPW@db:5432/idem";
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
        QTest::newRow("empty") << ""
                               << "empty";
        QTest::newRow("relative sqlite") << "sqlite://records.db"
                                         << "three slashes";
        QTest::newRow("sqlite dir") << "sqlite:///tmp/"
                                    << "absolute file path";
        QTest::newRow("unknown scheme") << "mongodb://h/x"
                                        << "sqlite, postgresql, mysql or redis";
        QTest::newRow("no database") << "postgresql://u@h:5432"
                                     << "database name";
        QTest::newRow("redis db not a number") << "redis://h:6379/cache"
                                               << "database number";
        QTest::newRow("no host") << "mysql:///x"
                                 << "no host";
        // Options that do not exist or carry values nothing reads.
        QTest::newRow("unknown option") << "sqlite:///tmp/r.db?foo=bar"
                                        << "option 'foo' is not known for a sqlite URL";
        QTest::newRow("option of another scheme") << "redis://h:6379/0?busy_timeout_ms=5"
                                                  << "Accepted options: layout, audit";
        QTest::newRow("busy timeout not a number") << "sqlite:///tmp/r.db?busy_timeout_ms=abc"
                                                   << "busy_timeout_ms must be a whole number from 0 to 3600000, not 'abc'";
        QTest::newRow("busy timeout negative") << "sqlite:///tmp/r.db?busy_timeout_ms=-5"
                                               << "from 0 to 3600000, not '-5'";
        QTest::newRow("busy timeout fraction") << "sqlite:///tmp/r.db?busy_timeout_ms=1.5"
                                               << "whole number";
        QTest::newRow("busy timeout huge") << "sqlite:///tmp/r.db?busy_timeout_ms=99999999999999999999"
                                           << "whole number";
        QTest::newRow("busy timeout empty") << "sqlite:///tmp/r.db?busy_timeout_ms="
                                            << "whole number";
        QTest::newRow("mysql local infile") << "mysql://u@h:3306/x?MYSQL_OPT_LOCAL_INFILE=1"
                                            << "'MYSQL_OPT_LOCAL_INFILE' is not known for a mysql URL";
        QTest::newRow("redis timeout zero") << "redis://h:6379/0?timeout_ms=0"
                                            << "timeout_ms must be a whole number from 1 to 600000";
        QTest::newRow("scan count") << "redis://h:6379/0?scan_count=lots"
                                    << "scan_count";
        QTest::newRow("sslmode") << "postgresql://u@h/x?sslmode=yes"
                                 << "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full, not 'yes'";
        QTest::newRow("duplicate option") << "postgresql://u@h/x?layout=native&layout=java-handler"
                                          << "option 'layout' twice";
        QTest::newRow("control character in a name") << "sqlite:///tmp/r.db?a%1Bb=1"
                                                     << "option whose name is not a word";
        QTest::newRow("cluster seed without port") << "redis://h1:7000,h2/0"
                                                   << "'h2' is not host:port";
        QTest::newRow("cluster seed port zero") << "redis://h1:7000,h2:0/0"
                                                << "'h2:0' is not host:port";
        QTest::newRow("cluster seed port huge") << "redis://h1:7000,h2:70000/0"
                                                << "not host:port";
        QTest::newRow("cluster seed empty") << "redis://h1:7000,,h2:7001/0"
                                            << "'' is not host:port";
        QTest::newRow("cluster seed hostile") << "redis://h1:7000,h2;rm -rf:7001/0"
                                              << "is not host:port";
    }

    // A Redis Cluster URL: the seed nodes after the first are kept in
    // moreHosts and shown again, the password still left out.
    void clusterSeedNodes()
    {
        const Result<StoreUrl> url =
            StoreUrl::parse(QStringLiteral("redis://ops:secret@10.0.0.1:7000,10.0.0.2:7001,node-3.corp:7002/0?timeout_ms=300"));
        QVERIFY2(url.ok(), qPrintable(url.ok() ? QString() : url.error().message));
        QCOMPARE(url->host, QStringLiteral("10.0.0.1"));
        QCOMPARE(url->port, 7000);
        QCOMPARE(url->password, QStringLiteral("secret"));
        QCOMPARE(url->moreHosts, (QStringList{QStringLiteral("10.0.0.2:7001"), QStringLiteral("node-3.corp:7002")}));
        QCOMPARE(url->displayString(), QStringLiteral("redis://ops@10.0.0.1:7000,10.0.0.2:7001,node-3.corp:7002/0?timeout_ms=300"));
        const Result<StoreUrl> again = StoreUrl::parse(url->displayString());
        QVERIFY(again.ok());
        QCOMPARE(again->moreHosts, url->moreHosts);
        // A comma elsewhere (an option's value) is not a node list.
        const Result<StoreUrl> single = StoreUrl::parse(QStringLiteral("redis://h:6379/0?layout=native"));
        QVERIFY(single.ok());
        QVERIFY(single->moreHosts.isEmpty());
        // Only Redis has seed nodes.
        QVERIFY(!StoreUrl::parse(QStringLiteral("postgresql://u@h1:5432,h2:5432/idem")).ok());
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

    // An unknown option is named, but its value is never shown: it may be a password.
    void unknownOptionValueIsNotShown()
    {
        const Result<StoreUrl> url = StoreUrl::parse(QStringLiteral("postgresql://a@h/x?password=S3cretPW"));
        QVERIFY(!url.ok());
        QVERIFY2(url.error().message.contains(QStringLiteral("'password'")), qPrintable(url.error().message));
        QVERIFY2(!url.error().message.contains(QStringLiteral("S3cret")), qPrintable(url.error().message));
    }

    // A StoreUrl built in code can hold what parse() refuses: its display
    // still leaves out the password, secret-looking options and the nested
    // URLs' passwords.
    void displayLeavesOutEverySecret()
    {
        StoreUrl url = StoreUrl::parse(QStringLiteral("postgresql://ops:S3cretPW@db:5432/idem?sslmode=require")).value();
        url.options.insert(QStringLiteral("password"), QStringLiteral("S3cretPW"));
        url.options.insert(QStringLiteral("Auth_Token"), QStringLiteral("S3cretPW"));
        url.options.insert(QStringLiteral("audit"), QStringLiteral("mysql://a:S3cretPW@h:3306/audit"));
        const QString shown = url.displayString();
        QVERIFY2(!shown.contains(QStringLiteral("S3cret")), qPrintable(shown));
        // Found by tools/fuzz.sh: a URL pasted into a text option, or a SQLite path holding one.
        const Result<StoreUrl> layout = StoreUrl::parse(QStringLiteral("postgresql://u@h/x?layout=redis://ops:S3cretPW@cache/0"));
        QVERIFY(layout.ok());
        QVERIFY2(!layout->displayString().contains(QStringLiteral("S3cret")), qPrintable(layout->displayString()));
        const Result<StoreUrl> path = StoreUrl::parse(QStringLiteral("sqlite:///var/lib/idem/redis://ops:S3cretPW@cache/0.db"));
        QVERIFY(path.ok());
        QVERIFY2(!path->displayString().contains(QStringLiteral("S3cret")), qPrintable(path->displayString()));
        // Nothing else changes: an encoded layout path is shown as typed.
        const Result<StoreUrl> plain = StoreUrl::parse(QStringLiteral("redis://h:6379/0?layout=/etc/idem/my%20layout.json"));
        QVERIFY(plain.ok());
        QCOMPARE(plain->options.value(QStringLiteral("layout")), QStringLiteral("/etc/idem/my layout.json"));
        QVERIFY2(shown.contains(QStringLiteral("sslmode=require")) && shown.contains(QStringLiteral("audit=")), qPrintable(shown));
    }

    void acceptsEveryDocumentedOption_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("sqlite") << "sqlite:///tmp/r.db?busy_timeout_ms=0&layout=native&audit=sqlite:///tmp/a.db&time_zone=UTC&cache=none";
        QTest::newRow("postgresql")
            << "postgresql://u@h/x?sslmode=verify-full&connect_timeout=5&options=-c%20search_path%3Dx&tcp_user_timeout=0";
        QTest::newRow("mysql")
            << "mysql://u@h/x?read_timeout=30&write_timeout=30&connect_timeout=2&ssl_ca=/etc/ca.pem&cache=redis://h:6379/0";
        QTest::newRow("redis") << "redis://h:6379/0?timeout_ms=600000&connect_timeout_ms=1&scan_count=1000000&scan_cache_ms=0";
    }

    void acceptsEveryDocumentedOption()
    {
        QFETCH(QString, text);
        const Result<StoreUrl> url = StoreUrl::parse(text);
        QVERIFY2(url.ok(), qPrintable(url.error().message));
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
