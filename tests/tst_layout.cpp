// Layouts (DESIGN.md "Existing deployments"): the built-in ones, layout
// files, and the refusals an operator sees for a hostile or broken file.
#include "app/store/foreignstore.h"
#include "app/store/layout.h"
#include "app/store/openstore.h"
#include "app/store/storeurl.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

class TestLayout : public QObject {
    Q_OBJECT
private slots:
    void builtins();
    void fileOverridesBase();
    void refusedFiles_data();
    void refusedFiles();
    void unreadableFile();
    void resolveByNameOrPath();
    void wrongBackendForLayout_data();
    void wrongBackendForLayout();
    void nestedPasswordsHidden();
    void defaultAuditFileIsStable();
    void shippedExamplesParse();
    void metricsMapping();
};

void TestLayout::builtins()
{
    const Layout go = Layout::builtin(QStringLiteral("go-middleware")).value();
    QCOMPARE(go.family, LayoutFamily::GoMiddleware);
    QCOMPARE(go.keyPrefix, QByteArrayLiteral("idemp:"));
    QCOMPARE(go.table, QStringLiteral("idempotency_records"));
    QCOMPARE(go.column(QStringLiteral("in_flight")), QStringLiteral("in_flight"));
    QCOMPARE(go.columns.size(), 8);

    const Layout java = Layout::builtin(QStringLiteral("java-handler")).value();
    QCOMPARE(java.family, LayoutFamily::JavaHandler);
    QCOMPARE(java.keyPrefix, QByteArrayLiteral("idem:"));
    QCOMPARE(java.column(QStringLiteral("idempotent_id")), QStringLiteral("idempotent_id"));
    QCOMPARE(java.processingValue, QStringLiteral("PROCESSING"));
    QCOMPARE(java.successValue, QStringLiteral("SUCCESS"));
    QCOMPARE(java.processingTtlMs, qint64(10 * 60 * 1000));
    QCOMPARE(java.successTtlMs, qint64(24 * 60 * 60 * 1000));

    QVERIFY(Layout::builtin(QStringLiteral("native"))->isNative());
    const Result<Layout> unknown = Layout::builtin(QStringLiteral("php-thing"));
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().kind, ErrorKind::InvalidArgument);
    QVERIFY(unknown.error().message.contains(QStringLiteral("go-middleware")));
}

void TestLayout::fileOverridesBase()
{
    const QByteArray json = R"({
        "name": "acme-pay",
        "base": "java-handler",
        "scope": "payments",
        "redis": {"key_prefix": "pay:idem:", "scan_count": 2000, "processing_ttl_seconds": 300, "success_ttl_seconds": 3600},
        "sql": {"table": "t_pay_idempotent", "columns": {"idempotent_id": "idem_id", "status": "state"}},
        "states": {"processing": "DOING", "success": "DONE", "timeout": "EXPIRED", "failed": ["FAIL", "ERROR"]}
    })";
    const Result<Layout> parsed = Layout::fromJson(json, QStringLiteral("acme.json"));
    QVERIFY2(parsed.ok(), qPrintable(parsed.error().message));
    const Layout &l = parsed.value();
    QCOMPARE(l.name, QStringLiteral("acme-pay"));
    QCOMPARE(l.family, LayoutFamily::JavaHandler);
    QCOMPARE(l.scope, QStringLiteral("payments"));
    QCOMPARE(l.keyPrefix, QByteArrayLiteral("pay:idem:"));
    QCOMPARE(l.scanCount, 2000);
    QCOMPARE(l.processingTtlMs, qint64(300000));
    QCOMPARE(l.successTtlMs, qint64(3600000));
    QCOMPARE(l.table, QStringLiteral("t_pay_idempotent"));
    QCOMPARE(l.column(QStringLiteral("idempotent_id")), QStringLiteral("idem_id"));
    QCOMPARE(l.column(QStringLiteral("status")), QStringLiteral("state"));
    QCOMPARE(l.column(QStringLiteral("biz_no")), QStringLiteral("biz_no")); // not overridden: the base's name
    QCOMPARE(l.processingValue, QStringLiteral("DOING"));
    QCOMPARE(l.successValue, QStringLiteral("DONE"));
    QCOMPARE(l.timeoutValue, QStringLiteral("EXPIRED"));
    QCOMPARE(l.failedValues, (QStringList{QStringLiteral("FAIL"), QStringLiteral("ERROR")}));
    QCOMPARE(l.sourceFile, QStringLiteral("acme.json"));
}

void TestLayout::refusedFiles_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("mentions");

    QTest::newRow("not json") << QByteArray("{\"base\": ") << QStringLiteral("not a JSON object");
    QTest::newRow("array") << QByteArray("[1,2]") << QStringLiteral("array, not an object");
    QTest::newRow("number") << QByteArray("42") << QStringLiteral("not a JSON object");
    QTest::newRow("name not a string") << QByteArray(R"({"base":"go-middleware","name":123})")
                                       << QStringLiteral("\"name\" must be a string");
    QTest::newRow("retention with a fraction") << QByteArray(R"({"base":"go-middleware","retention_seconds":1.5})")
                                               << QStringLiteral("whole number");
    QTest::newRow("no base") << QByteArray(R"({"name":"x"})") << QStringLiteral("\"base\"");
    QTest::newRow("native base") << QByteArray(R"({"base":"native"})") << QStringLiteral("\"base\"");
    QTest::newRow("native with sql") << QByteArray(R"({"base":"native","metrics":"idem-exporter","sql":{}})") << QStringLiteral("sql");
    QTest::newRow("metrics unknown mapping") << QByteArray(R"({"base":"native","metrics":"grafana"})") << QStringLiteral("idem-exporter");
    QTest::newRow("metrics without {scope}") << QByteArray(
        R"({"base":"go-middleware","metrics":{"scope_label":"route","counters":{"executed":"a_total","replayed":"b_total{route=~\"{scope}\"}"}}})")
                                             << QStringLiteral("{scope}");
    QTest::newRow("metrics without replayed") << QByteArray(
        R"({"base":"native","metrics":{"scope_label":"route","counters":{"executed":"a_total{route=~\"{scope}\"}"}}})")
                                              << QStringLiteral("replayed");
    QTest::newRow("metrics unknown counter") << QByteArray(
        R"({"base":"native","metrics":{"scope_label":"route","counters":{"hits":"a{route=~\"{scope}\"}"}}})")
                                             << QStringLiteral("hits");
    QTest::newRow("metrics bad label") << QByteArray(R"({"base":"native","metrics":{"scope_label":"1route","counters":{}}})")
                                       << QStringLiteral("scope_label");
    QTest::newRow("typo at top") << QByteArray(R"({"base":"go-middleware","tabel":"x"})") << QStringLiteral("tabel");
    QTest::newRow("typo in sql") << QByteArray(R"({"base":"go-middleware","sql":{"tabel":"x"}})") << QStringLiteral("tabel");
    QTest::newRow("unknown role") << QByteArray(R"({"base":"go-middleware","sql":{"columns":{"biz_no":"x"}}})") << QStringLiteral("biz_no");
    QTest::newRow("injection in table") << QByteArray(R"({"base":"go-middleware","sql":{"table":"records; DROP TABLE orders"}})")
                                        << QStringLiteral("records; DROP");
    QTest::newRow("quote in column") << QByteArray(R"({"base":"java-handler","sql":{"columns":{"status":"st\"atus"}}})")
                                     << QStringLiteral("letters, digits");
    QTest::newRow("backtick in column") << QByteArray(R"({"base":"java-handler","sql":{"columns":{"status":"a`b"}}})")
                                        << QStringLiteral("letters, digits");
    QTest::newRow("leading digit") << QByteArray(R"({"base":"go-middleware","sql":{"table":"1records"}})") << QStringLiteral("1records");
    QTest::newRow("non-ascii table") << QByteArray(R"({"base":"go-middleware","sql":{"table":"幂等记录"}})")
                                     << QStringLiteral("letters, digits");
    QTest::newRow("too long table") << (QByteArray(R"({"base":"go-middleware","sql":{"table":")") + QByteArray(64, 'a')
                                        + QByteArray(R"("}})"))
                                    << QStringLiteral("63 characters");
    QTest::newRow("two roles one column") << QByteArray(R"({"base":"java-handler","sql":{"columns":{"biz_no":"status"}}})")
                                          << QStringLiteral("same column");
    QTest::newRow("count wrong type") << QByteArray(R"({"base":"go-middleware","redis":{"scan_count":"many"}})")
                                      << QStringLiteral("scan_count");
    QTest::newRow("count too small") << QByteArray(R"({"base":"go-middleware","redis":{"scan_count":1}})") << QStringLiteral("scan_count");
    QTest::newRow("empty prefix") << QByteArray(R"({"base":"go-middleware","redis":{"key_prefix":""}})") << QStringLiteral("key_prefix");
    QTest::newRow("states on go") << QByteArray(R"({"base":"go-middleware","states":{"processing":"P"}})")
                                  << QStringLiteral("java-handler");
    QTest::newRow("same state twice") << QByteArray(R"({"base":"java-handler","states":{"success":"PROCESSING"}})")
                                      << QStringLiteral("must differ");
    QTest::newRow("failed is success") << QByteArray(R"({"base":"java-handler","states":{"failed":["SUCCESS"]}})")
                                       << QStringLiteral("must differ");
    QTest::newRow("time zone with a quote") << QByteArray(R"({"base":"java-handler","sql":{"time_zone":"+08:00'; DROP TABLE x"}})")
                                            << QStringLiteral("time_zone");
    QTest::newRow("time zone not a string") << QByteArray(R"({"base":"java-handler","sql":{"time_zone":8}})")
                                            << QStringLiteral("time_zone");
    QTest::newRow("time zone offset out of range")
        << QByteArray(R"({"base":"java-handler","sql":{"time_zone":"+25:00"}})") << QStringLiteral("+25:00");
    QTest::newRow("empty state") << QByteArray(R"({"base":"java-handler","states":{"timeout":""}})") << QStringLiteral("1 to 64");
    QTest::newRow("scope with brace") << QByteArray(R"({"base":"go-middleware","scope":"a{b}"})") << QStringLiteral("scope");
    QTest::newRow("retention zero") << QByteArray(R"({"base":"go-middleware","retention_seconds":0})")
                                    << QStringLiteral("retention_seconds");
    // Qt keeps one of two same-named members silently, so a file with two is refused.
    QTest::newRow("duplicate top-level key") << QByteArray(R"({"base":"go-middleware","scope":"pay","scope":"order"})")
                                             << QStringLiteral("\"scope\" twice");
    QTest::newRow("duplicate nested key") << QByteArray(
        R"({"base":"go-middleware","redis":{"key_prefix":"a:","scan_count":10,"key_prefix":"b:"}})")
                                          << QStringLiteral("\"redis.key_prefix\" twice");
    QTest::newRow("duplicate key, escaped") << QByteArray(R"({"base":"java-handler","sql":{"table":"t","t\u0061ble":"u"}})")
                                            << QStringLiteral("\"sql.table\" twice");
    // Found by tools/fuzz.sh: '$' also matched before a final line break.
    QTest::newRow("table name with a trailing newline")
        << QByteArray(R"({"base":"go-middleware","sql":{"table":"idempotency_records\n"}})") << QStringLiteral("table");
    QTest::newRow("column name with a trailing newline")
        << QByteArray(R"({"base":"java-handler","sql":{"columns":{"idempotent_id":"i\n"}}})") << QStringLiteral("idempotent_id");
    QTest::newRow("time zone with a trailing newline")
        << QByteArray(R"({"base":"java-handler","sql":{"time_zone":"UTC\n"}})") << QStringLiteral("time zone");
    QTest::newRow("duplicate base") << QByteArray(R"({"base":"java-handler","base":"go-middleware"})") << QStringLiteral("\"base\" twice");
}

void TestLayout::refusedFiles()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, mentions);
    const Result<Layout> parsed = Layout::fromJson(json, QStringLiteral("bad.json"));
    QVERIFY(!parsed);
    QCOMPARE(parsed.error().kind, ErrorKind::InvalidArgument);
    QVERIFY2(parsed.error().message.contains(mentions), qPrintable(parsed.error().message));
    QVERIFY2(parsed.error().message.contains(QStringLiteral("bad.json"))
                 || parsed.error().message.contains(QStringLiteral("layout"), Qt::CaseInsensitive),
             qPrintable(parsed.error().message));
}

void TestLayout::unreadableFile()
{
    QTemporaryDir dir;
    const Result<Layout> missing = Layout::fromFile(dir.filePath(QStringLiteral("none.json")));
    QVERIFY(!missing);
    QVERIFY(missing.error().message.contains(QStringLiteral("none.json")));

    QFile big(dir.filePath(QStringLiteral("big.json")));
    QVERIFY(big.open(QIODevice::WriteOnly));
    big.write(QByteArray(2 * 1024 * 1024, ' '));
    big.close();
    const Result<Layout> tooBig = Layout::fromFile(big.fileName());
    QVERIFY(!tooBig);
    QVERIFY(tooBig.error().message.contains(QStringLiteral("1 MiB")));
}

void TestLayout::resolveByNameOrPath()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shop.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"base": "go-middleware", "redis": {"key_prefix": "shop:idemp:"}})");
    file.close();
    const Result<Layout> fromPath = Layout::resolve(path);
    QVERIFY2(fromPath.ok(), qPrintable(fromPath.error().message));
    QCOMPARE(fromPath->name, QStringLiteral("shop")); // no "name": the file's base name
    QCOMPARE(fromPath->keyPrefix, QByteArrayLiteral("shop:idemp:"));
    QCOMPARE(Layout::resolve(QString())->family, LayoutFamily::Native);
    QCOMPARE(Layout::resolve(QStringLiteral("java-handler"))->family, LayoutFamily::JavaHandler);
    QVERIFY(!Layout::resolve(QStringLiteral("cobol")));
}

void TestLayout::wrongBackendForLayout_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("go on mysql") << QStringLiteral("mysql://u@127.0.0.1:1/db?layout=go-middleware") << QStringLiteral("PostgreSQL");
    QTest::newRow("go on sqlite") << QStringLiteral("sqlite:///tmp/x.db?layout=go-middleware") << QStringLiteral("PostgreSQL");
    QTest::newRow("java on postgresql") << QStringLiteral("postgresql://u@127.0.0.1:1/db?layout=java-handler") << QStringLiteral("MySQL");
    QTest::newRow("unknown layout") << QStringLiteral("redis://127.0.0.1:1/0?layout=php") << QStringLiteral("Unknown layout");
}

void TestLayout::wrongBackendForLayout()
{
    QFETCH(QString, url);
    QFETCH(QString, mentions);
    // Refused before any connection is tried (the ports are closed).
    const Result<std::unique_ptr<Store>> opened = openStore(url);
    QVERIFY(!opened);
    QCOMPARE(opened.error().kind, ErrorKind::InvalidArgument);
    QVERIFY2(opened.error().message.contains(mentions), qPrintable(opened.error().message));
}

void TestLayout::nestedPasswordsHidden()
{
    const Result<StoreUrl> url = StoreUrl::parse(
        QStringLiteral("mysql://app@db.internal:3306/shop?layout=java-handler&cache=redis%3A%2F%2F%3As3cret%40cache%3A6379%2F2"
                       "&audit=postgresql%3A%2F%2Fops%3Ahunter2%40audit-db%3A5432%2Faudit"));
    QVERIFY2(url.ok(), qPrintable(url.error().message));
    QCOMPARE(url->options.value(QStringLiteral("cache")), QStringLiteral("redis://:s3cret@cache:6379/2"));
    const QString shown = url->displayString();
    QVERIFY2(!shown.contains(QStringLiteral("s3cret")), qPrintable(shown));
    QVERIFY2(!shown.contains(QStringLiteral("hunter2")), qPrintable(shown));
    QVERIFY(shown.contains(QStringLiteral("audit-db")));
}

void TestLayout::defaultAuditFileIsStable()
{
    const Layout go = Layout::builtin(QStringLiteral("go-middleware")).value();
    const StoreUrl a = StoreUrl::parse(QStringLiteral("redis://127.0.0.1:6379/0?layout=go-middleware")).value();
    const StoreUrl b = StoreUrl::parse(QStringLiteral("redis://127.0.0.1:6379/0?layout=go-middleware&scan_count=5000")).value();
    const StoreUrl other = StoreUrl::parse(QStringLiteral("redis://127.0.0.1:6379/1?layout=go-middleware")).value();
    QCOMPARE(ForeignStore::auditUrl(a, go), ForeignStore::auditUrl(b, go)); // an option does not move the log
    QVERIFY(ForeignStore::auditUrl(a, go) != ForeignStore::auditUrl(other, go));
    QVERIFY(ForeignStore::auditUrl(a, go).startsWith(QStringLiteral("sqlite://")));
    // Named after the store (server, database, key prefix), not the layout.
    QVERIFY2(ForeignStore::auditUrl(a, go).contains(QStringLiteral("/idem-console/audit/store-")),
             qPrintable(ForeignStore::auditUrl(a, go)));
    Layout renamed = go;
    renamed.name = QStringLiteral("shop-gateway");
    QCOMPARE(ForeignStore::auditUrl(a, renamed), ForeignStore::auditUrl(a, go));
    Layout otherPrefix = go;
    otherPrefix.keyPrefix = "shop:";
    QVERIFY(ForeignStore::auditUrl(a, otherPrefix) != ForeignStore::auditUrl(a, go));
    // A log written by an earlier version (named after the layout) is still found.
    QTemporaryDir home;
    const QByteArray xdg = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", home.path().toUtf8());
    StoreUrl plain = a;
    plain.options.clear();
    const QString legacy =
        home.filePath(QStringLiteral("idem-console/audit/go-middleware-%1.db")
                          .arg(QString::fromLatin1(
                              QCryptographicHash::hash(plain.displayString().toUtf8(), QCryptographicHash::Sha256).toHex().left(12))));
    QVERIFY(QDir().mkpath(QFileInfo(legacy).absolutePath()));
    QFile file(legacy);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QCOMPARE(ForeignStore::auditUrl(a, go), QStringLiteral("sqlite://") + legacy);
    xdg.isNull() ? qunsetenv("XDG_DATA_HOME") : qputenv("XDG_DATA_HOME", xdg);
    const StoreUrl chosen =
        StoreUrl::parse(QStringLiteral("redis://127.0.0.1:6379/0?layout=go-middleware&audit=sqlite%3A%2F%2F%2Fvar%2Faudit.db")).value();
    QCOMPARE(ForeignStore::auditUrl(chosen, go), QStringLiteral("sqlite:///var/audit.db"));
}

void TestLayout::shippedExamplesParse()
{
    const Result<Layout> zoned =
        Layout::fromJson(R"({"base":"java-handler","sql":{"time_zone":"Asia/Shanghai"}})", QStringLiteral("zoned"));
    QVERIFY2(zoned, zoned ? "" : qPrintable(zoned.error().message));
    QCOMPARE(zoned->timeZone, QStringLiteral("Asia/Shanghai"));
    QVERIFY(Layout::builtin(QStringLiteral("java-handler"))->timeZone.isEmpty()); // default: the session's zone
    const Result<Layout> java = Layout::fromFile(QStringLiteral(IDEM_LAYOUTS_DIR "/java-handler-example.json"));
    QVERIFY2(java.ok(), qPrintable(java.error().message));
    QCOMPARE(java->name, QStringLiteral("acme-pay"));
    QCOMPARE(java->table, QStringLiteral("t_idempotent_record"));
    const Result<Layout> go = Layout::fromFile(QStringLiteral(IDEM_LAYOUTS_DIR "/go-middleware-example.json"));
    QVERIFY2(go.ok(), qPrintable(go.error().message));
    QCOMPARE(go->scope, QStringLiteral("orders"));
    QCOMPARE(go->family, LayoutFamily::GoMiddleware);
}

QTEST_GUILESS_MAIN(TestLayout)
#include "tst_layout.moc"

// The metrics section: a mapping's expressions with {scope} as a regex that
// Prometheus's RE2 accepts (metacharacters escaped, letters never), inside a
// PromQL string (backslashes and quotes doubled for it).
void TestLayout::metricsMapping()
{
    const Result<Layout> layout = Layout::fromJson(R"({"name":"go","base":"go-middleware","metrics":{"scope_label":"route","counters":{
        "executed":"http_total{route=~\"{scope}\",r=\"miss\"}","replayed":"http_total{route=~\"{scope}\",r=\"hit\"}"}}})",
                                                   QStringLiteral("go.json"));
    QVERIFY2(layout, qPrintable(layout.error().message));
    QVERIFY(layout->metrics);
    QCOMPARE(layout->metrics->scopeLabel, QStringLiteral("route"));
    QVERIFY(!layout->metrics->maps(Counter::Mismatch));
    QCOMPARE(layout->metrics->query(Counter::Replayed, QString()), QStringLiteral("http_total{route=~\".+\",r=\"hit\"}"));
    QCOMPARE(layout->metrics->query(Counter::Executed, QStringLiteral("/pay")), QStringLiteral("http_total{route=~\"/pay\",r=\"miss\"}"));
    QCOMPARE(MetricsMapping::scopeMatcher(QStringLiteral("a.b")), QStringLiteral("a\\\\.b"));
    QCOMPARE(MetricsMapping::scopeMatcher(QStringLiteral("支付")), QStringLiteral("支付"));
    QCOMPARE(MetricsMapping::scopeMatcher(QStringLiteral("q\"")), QStringLiteral("q\\\""));
    // Without a section: the exporter's mapping, every counter.
    QVERIFY(!Layout::builtin(QStringLiteral("native"))->metrics);
    QCOMPARE(MetricsMapping::exporter().expressions.size(), CounterCount);
    const Result<Layout> native = Layout::fromJson(R"({"base":"native","metrics":"idem-exporter"})", QStringLiteral("n.json"));
    QVERIFY2(native, qPrintable(native.error().message));
    QVERIFY(native->isNative());
    QCOMPARE(native->metrics->name, MetricsMapping::exporterName());
}
