// The console on stores in a foreign layout: the layout options of
// the connection form and their URL round trip (hostile values refused with
// the field named), and, on a real Redis (IDEM_TEST_REDIS_URL), records
// written as the Go middleware writes them: the in-flight list with its scan
// line, Cancel and COUNT, an unreadable value in red with its raw bytes, the
// dashboard's no-counters mode and the layout in the window title.
#include "models/appsettings.h"
#include "models/countertimelinemodel.h"
#include "ui/dashboardview.h"
#include "models/inflightrecordmodel.h"
#include "ui/inflightview.h"
#include "ui/kpitile.h"
#include "ui/elidedlabel.h"
#include "ui/mainwindow.h"
#include "models/passwordvault.h"
#include "ui/recorddetailview.h"
#include "models/statuscolors.h"
#include "ui/storeentryform.h"
#include "models/storesession.h"
#include "models/storeurlfields.h"

#include "app/store/foreignstore.h"
#include "app/store/layout.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/storeurl.h"
#include "tests/serverrequirement.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QComboBox>
#include <QDateTime>
#include <QFont>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QUrl>

Q_DECLARE_METATYPE(StoreUrlFields)
Q_DECLARE_METATYPE(StoreUrlFields::Field)

namespace {

using Field = StoreUrlFields::Field;

StoreUrlFields redisFields(const QString &layout)
{
    StoreUrlFields f;
    f.kind = StoreUrl::Kind::Redis;
    f.host = QStringLiteral("127.0.0.1");
    f.port = 6379;
    f.layout = layout;
    return f;
}

StoreUrlFields sqlFields(StoreUrl::Kind kind, const QString &layout)
{
    StoreUrlFields f;
    f.kind = kind;
    f.host = QStringLiteral("db.internal");
    f.port = StoreUrlFields::defaultPort(kind);
    f.database = QStringLiteral("idem");
    f.user = QStringLiteral("ops");
    f.layout = layout;
    return f;
}

// Go's time.Time in JSON: RFC 3339 with nanoseconds, in +08:00 as the article's service runs.
QString goTime(qint64 ms)
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms, QTimeZone(8 * 3600));
    return t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) + QStringLiteral("456789+08:00");
}

QByteArray goRecord(const QString &key, bool inFlight, qint64 createdMs)
{
    return QStringLiteral("{\"key\":\"%1\",\"status_code\":%2,\"headers\":null,\"body\":null,\"created_at\":\"%3\","
                          "\"expires_at\":\"%4\",\"request_hash\":\"9f86d081884c7d65\",\"in_flight\":%5}")
        .arg(key)
        .arg(inFlight ? 0 : 200)
        .arg(goTime(createdMs), goTime(createdMs + 86400000), inFlight ? QStringLiteral("true") : QStringLiteral("false"))
        .toUtf8();
}

// Writes what the Go service would, through the engine's own Redis
// connection (RedisConnectionPool: the URL's host, port, db and password).
class RedisWriter final {
public:
    explicit RedisWriter(const StoreUrl &url)
        : m_pool(url)
    {
    }
    bool ok() { return command({"PING"}); }
    bool command(const RedisCommand &args) { return pipeline({args}); }
    // Many SETs (or UNLINKs) in one round trip.
    bool setMany(const QByteArray &prefix, int count) { return each("SET", prefix, count, true); }
    bool deleteMany(const QByteArray &prefix, int count) { return each("UNLINK", prefix, count, false); }

private:
    bool each(const QByteArray &verb, const QByteArray &prefix, int count, bool withValue)
    {
        QList<RedisCommand> commands;
        commands.reserve(count);
        for (int i = 0; i < count; ++i) {
            RedisCommand c{verb, prefix + QByteArray::number(i)};
            if (withValue)
                c << QByteArrayLiteral("x");
            commands.append(c);
        }
        return pipeline(commands);
    }
    bool pipeline(const QList<RedisCommand> &commands)
    {
        Result<RedisLink *> c = m_pool.connection();
        if (!c)
            return false;
        const Result<QList<RedisReply>> replies = c.value()->pipeline(commands);
        if (!replies)
            return false;
        for (const RedisReply &reply : replies.value()) {
            if (!RedisConnection::errorText(*reply).isEmpty())
                return false;
        }
        return true;
    }

    RedisConnectionPool m_pool;
};

int rowOfKey(const InFlightRecordModel &model, const QString &key)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.recordAt(row).key == key)
            return row;
    }
    return -1;
}

constexpr int kFillerKeys = 200000;

} // namespace

class TestForeignConsole final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_goodLayout; // a layout file with spaces and non-ASCII in its path
    QString m_brokenLayout; // not JSON
    QString m_redisUrl; // go-middleware on the test Redis, under a prefix of this run
    QByteArray m_prefix;
    QByteArray m_fillerPrefix;
    QList<QByteArray> m_keys;

    static QString writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    // The test Redis with a layout file of its own, so nothing else there is
    // listed. The test asks IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL")
    // first: only a test function can skip itself.
    void prepareRedis()
    {
        if (!m_redisUrl.isEmpty())
            return;
        const QString base = qEnvironmentVariable("IDEM_TEST_REDIS_URL");
        const Result<StoreUrl> url = StoreUrl::parse(base);
        QVERIFY2(url.ok(), qPrintable(url.error().message));
        const QByteArray run =
            QByteArray::number(QCoreApplication::applicationPid()) + '-' + QByteArray::number(QDateTime::currentMSecsSinceEpoch());
        m_prefix = "idemp:fgui-" + run + ':';
        m_fillerPrefix = "fgui-filler-" + run + ':';
        const QString layoutFile =
            writeFile(m_dir.filePath(QStringLiteral("go-fgui.json")),
                      "{\"base\":\"go-middleware\",\"name\":\"go-fgui-test\",\"redis\":{\"key_prefix\":\"" + m_prefix + "\"}}");
        StoreUrlFields fields = StoreUrlFields::fromUrl(base).value();
        fields.layout = layoutFile;
        fields.audit = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("audit.db"));
        const Result<QString> text = fields.toUrl();
        QVERIFY2(text.ok(), qPrintable(text.error().message));

        RedisWriter redis(url.value());
        QVERIFY(redis.ok());
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const auto set = [&](const QByteArray &key, const QByteArray &value) {
            m_keys << m_prefix + key;
            return redis.command({"SET", m_prefix + key, value});
        };
        // The article's record, as the brief gives it: in flight for hours.
        QVERIFY(set("k1", "{\"key\":\"k1\",\"status_code\":0,\"headers\":null,\"body\":null,"
                          "\"created_at\":\"2026-11-30T14:20:00.123456789+08:00\",\"expires_at\":\"2026-12-01T14:20:00.123456789+08:00\","
                          "\"request_hash\":\"9f86d081884c7d65\",\"in_flight\":true}"));
        QVERIFY(set("k2", goRecord(QStringLiteral("k2"), true, now - 120000)));
        QVERIFY(set("k3", goRecord(QStringLiteral("k3"), true, now - 60000)));
        QVERIFY(set("done1", goRecord(QStringLiteral("done1"), false, now - 90000)));
        QVERIFY(set("bad", "{\"key\":\"bad\",\"in_flight\":tru"));
        m_redisUrl = text.value();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).mkpath(QStringLiteral("lay outs/ü"));
        m_goodLayout = writeFile(m_dir.filePath(QStringLiteral("lay outs/ü/orders & co.json")),
                                 "{\"base\":\"java-handler\",\"name\":\"orders\",\"sql\":{\"table\":\"t_idempotent\"}}");
        m_brokenLayout = writeFile(m_dir.filePath(QStringLiteral("broken.json")), "{\"base\": \"go-middleware\",");
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qRegisterMetaType<DashboardReading>();
    }

    void cleanupTestCase()
    {
        if (m_redisUrl.isEmpty())
            return;
        RedisWriter redis(StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL")).value());
        for (const QByteArray &key : std::as_const(m_keys))
            redis.command({"UNLINK", key});
        redis.deleteMany(m_fillerPrefix, kFillerKeys);
    }

    void urlFieldsRoundTrip_data()
    {
        QTest::addColumn<StoreUrlFields>("fields");
        StoreUrlFields go = redisFields(QStringLiteral("go-middleware"));
        go.scanCount = 500;
        QTest::newRow("go-middleware on Redis, scan count") << go;
        StoreUrlFields audited = redisFields(QStringLiteral("java-handler"));
        audited.audit = QStringLiteral("sqlite:///var/lib/idem/audit%20logs/java%20%26%20co.db?busy_timeout_ms=500");
        QTest::newRow("audit file with encoded spaces and &, and a query") << audited;
        StoreUrlFields mysql = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        mysql.cache = QStringLiteral("redis://cache.internal:6380/2");
        mysql.audit = QStringLiteral("postgresql://auditor@audit.internal:5432/audit?sslmode=require&connect_timeout=5");
        QTest::newRow("java-handler on MySQL, cache, audit with its own query") << mysql;
        StoreUrlFields pg = sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("go-middleware"));
        pg.sslMode = QStringLiteral("require");
        QTest::newRow("go-middleware on PostgreSQL") << pg;
        QTest::newRow("layout file, path with spaces, & and ü") << redisFields(m_goodLayout);
        QTest::newRow("native") << redisFields(QString());
    }

    void urlFieldsRoundTrip()
    {
        QFETCH(StoreUrlFields, fields);
        const Result<QString> url = fields.toUrl();
        QVERIFY2(url.ok(), qPrintable(url.error().message));
        // The engine reads back exactly what the fields said.
        const Result<StoreUrl> parsed = StoreUrl::parse(url.value());
        QVERIFY2(parsed.ok(), qPrintable(parsed.error().message));
        QCOMPARE(parsed->options.value(QStringLiteral("layout")), fields.layout);
        QCOMPARE(parsed->options.value(QStringLiteral("audit")), fields.audit);
        QCOMPARE(parsed->options.value(QStringLiteral("cache")), fields.cache);
        QCOMPARE(parsed->options.value(QStringLiteral("scan_count")), fields.scanCount ? QString::number(fields.scanCount) : QString());
        // And the form's fields come back from it, making the same URL again.
        const Result<StoreUrlFields> back = StoreUrlFields::fromUrl(url.value());
        QVERIFY(back.ok());
        QCOMPARE(back->layout, fields.layout);
        QCOMPARE(back->audit, fields.audit);
        QCOMPARE(back->cache, fields.cache);
        QCOMPARE(back->scanCount, fields.scanCount);
        QVERIFY(back->extraOptions.isEmpty() || fields.kind == StoreUrl::Kind::Postgres);
        QCOMPARE(back->toUrl().value(), url.value());
    }

    void urlFieldsRefused_data()
    {
        QTest::addColumn<StoreUrlFields>("fields");
        QTest::addColumn<StoreUrlFields::Field>("field");
        QTest::addColumn<QString>("message");

        StoreUrlFields sqlite;
        sqlite.path = QStringLiteral("/tmp/x.db");
        sqlite.layout = QStringLiteral("go-middleware");
        QTest::newRow("go-middleware on SQLite") << sqlite << Field::Layout << QStringLiteral("Redis or PostgreSQL");
        QTest::newRow("java-handler on PostgreSQL")
            << sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("java-handler")) << Field::Layout << QStringLiteral("Redis or MySQL");
        QTest::newRow("unknown layout") << redisFields(QStringLiteral("nosuch")) << Field::Layout << QStringLiteral("Unknown layout");
        QTest::newRow("relative layout file") << redisFields(QStringLiteral("layouts/x.json")) << Field::Layout
                                              << QStringLiteral("absolute path");
        QTest::newRow("missing layout file") << redisFields(m_dir.filePath(QStringLiteral("missing.json"))) << Field::Layout
                                             << Layout::fromFile(m_dir.filePath(QStringLiteral("missing.json"))).error().message;
        QTest::newRow("layout file that does not parse")
            << redisFields(m_brokenLayout) << Field::Layout << Layout::fromFile(m_brokenLayout).error().message;
        QTest::newRow("control character in the layout")
            << redisFields(QStringLiteral("go-middleware\n")) << Field::Layout << QStringLiteral("control or invisible character");

        const auto withAudit = [](const QString &layout, const QString &audit) {
            StoreUrlFields f = redisFields(layout);
            f.audit = audit;
            return f;
        };
        QTest::newRow("audit on a native store")
            << withAudit(QString(), QStringLiteral("sqlite:///tmp/a.db")) << Field::Audit << QStringLiteral("foreign layout only");
        QTest::newRow("audit in Redis") << withAudit(QStringLiteral("go-middleware"), QStringLiteral("redis://h:6379/0")) << Field::Audit
                                        << QStringLiteral("not Redis");
        QTest::newRow("audit with a password") << withAudit(QStringLiteral("go-middleware"),
                                                            QStringLiteral("postgresql://a:secret@h:5432/audit"))
                                               << Field::Audit << QStringLiteral("password");
        QTest::newRow("audit with ?password=") << withAudit(QStringLiteral("go-middleware"),
                                                            QStringLiteral("mysql://a@h:3306/audit?password=secret"))
                                               << Field::Audit << QStringLiteral("password");
        QTest::newRow("audit with a raw space")
            << withAudit(QStringLiteral("go-middleware"), QStringLiteral("sqlite:///var/lib/audit logs/a.db")) << Field::Audit
            << QStringLiteral("not a store URL");
        QTest::newRow("audit not a URL") << withAudit(QStringLiteral("go-middleware"), QStringLiteral("audit.db")) << Field::Audit
                                         << QStringLiteral("not a store URL");
        QTest::newRow("audit with a control character")
            << withAudit(QStringLiteral("go-middleware"), QStringLiteral("sqlite:///tmp/a\x01.db")) << Field::Audit
            << QStringLiteral("control or invisible character");
        QTest::newRow("audit naming a layout") << withAudit(QStringLiteral("go-middleware"),
                                                            QStringLiteral("sqlite:///tmp/a.db?layout=go-middleware"))
                                               << Field::Audit << QStringLiteral("layout");
        QTest::newRow("audit far too long") << withAudit(QStringLiteral("go-middleware"),
                                                         QStringLiteral("sqlite:///") + QString(5000, QLatin1Char('a')))
                                            << Field::Audit << QStringLiteral("characters long");

        StoreUrlFields goCache = sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("go-middleware"));
        goCache.cache = QStringLiteral("redis://c:6379/0");
        QTest::newRow("cache on go-middleware") << goCache << Field::Cache << QStringLiteral("java-handler layout on MySQL only");
        StoreUrlFields sqlCache = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        sqlCache.cache = QStringLiteral("mysql://c@h:3306/x");
        QTest::newRow("cache not Redis") << sqlCache << Field::Cache << QStringLiteral("must be a Redis URL");
        StoreUrlFields secretCache = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        secretCache.cache = QStringLiteral("redis://:hunter2@c:6379/0");
        QTest::newRow("cache with a password") << secretCache << Field::Cache << QStringLiteral("password");

        StoreUrlFields low = redisFields(QStringLiteral("go-middleware"));
        low.scanCount = 5;
        QTest::newRow("scan count too low") << low << Field::ScanCount << QStringLiteral("between 10 and 100000");
        StoreUrlFields high = redisFields(QStringLiteral("go-middleware"));
        high.scanCount = 200000;
        QTest::newRow("scan count too high") << high << Field::ScanCount << QStringLiteral("between 10 and 100000");
        StoreUrlFields nativeScan = redisFields(QString());
        nativeScan.scanCount = 100;
        QTest::newRow("scan count on a native store") << nativeScan << Field::ScanCount << QStringLiteral("foreign layout on Redis only");
        StoreUrlFields sqlScan = sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("go-middleware"));
        sqlScan.scanCount = 100;
        QTest::newRow("scan count on PostgreSQL") << sqlScan << Field::ScanCount << QStringLiteral("foreign layout on Redis only");
    }

    // A loaded URL whose option the engine refuses does not
    // reach the form's fields at all: the engine's message names it.
    void urlWithABadOptionIsNotLoaded()
    {
        const Result<StoreUrlFields> loaded =
            StoreUrlFields::fromUrl(QStringLiteral("redis://h:6379/0?layout=go-middleware&scan_count=1e3;DROP"));
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error().message.contains(QStringLiteral("scan_count")), qPrintable(loaded.error().message));
    }

    void urlFieldsRefused()
    {
        QFETCH(StoreUrlFields, fields);
        QFETCH(StoreUrlFields::Field, field);
        QFETCH(QString, message);
        Field bad = Field::None;
        const Result<QString> url = fields.toUrl(&bad);
        QVERIFY2(!url.ok(), qPrintable(url.ok() ? url.value() : QString()));
        QCOMPARE(bad, field);
        QVERIFY2(url.error().message.contains(message), qPrintable(url.error().message));
    }

    void formShowsTheLayoutFields()
    {
        StoreEntryForm form;
        auto *kind = form.findChild<QComboBox *>(QStringLiteral("kind"));
        auto *layout = form.findChild<QComboBox *>(QStringLiteral("layout"));
        auto *layoutFile = form.findChild<QLineEdit *>(QStringLiteral("layoutFile"));
        auto *audit = form.findChild<QLineEdit *>(QStringLiteral("audit"));
        auto *cache = form.findChild<QLineEdit *>(QStringLiteral("cache"));
        auto *scanCount = form.findChild<QSpinBox *>(QStringLiteral("scanCount"));
        auto *problem = form.findChild<QLabel *>(QStringLiteral("problem"));
        QVERIFY(kind && layout && layoutFile && audit && cache && scanCount && problem);

        kind->setCurrentIndex(kind->findData(int(StoreUrl::Kind::Redis)));
        form.findChild<QLineEdit *>(QStringLiteral("host"))->setText(QStringLiteral("127.0.0.1"));
        QVERIFY(!audit->isVisibleTo(&form));
        QVERIFY(!scanCount->isVisibleTo(&form));

        layout->setCurrentIndex(layout->findData(QStringLiteral("go-middleware")));
        QVERIFY(audit->isVisibleTo(&form));
        QVERIFY(scanCount->isVisibleTo(&form));
        QVERIFY(!cache->isVisibleTo(&form));
        QVERIFY(!layoutFile->isVisibleTo(&form));
        // Empty means the default file, which the placeholder names.
        const QString defaultAudit =
            ForeignStore::auditUrl(StoreUrl::parse(QStringLiteral("redis://127.0.0.1:6379/0?layout=go-middleware")).value(),
                                   Layout::builtin(QStringLiteral("go-middleware")).value());
        QVERIFY2(audit->placeholderText().contains(defaultAudit),
                 qPrintable(audit->placeholderText() + QStringLiteral(" / ") + defaultAudit));
        scanCount->setValue(250);
        QCOMPARE(form.entry().value().url, QStringLiteral("redis://127.0.0.1:6379/0?layout=go-middleware&scan_count=250"));

        // A layout file that does not parse: its own message, at the field.
        layout->setCurrentIndex(layout->findData(QStringLiteral("file")));
        QVERIFY(layoutFile->isVisibleTo(&form));
        QVERIFY(!form.entry().ok()); // no file chosen yet: not silently native
        QVERIFY(problem->text().contains(QStringLiteral("layout file")));
        layoutFile->setText(m_brokenLayout);
        QVERIFY(!form.entry().ok());
        QCOMPARE(problem->text(), Layout::fromFile(m_brokenLayout).error().message);
        QVERIFY(layoutFile->property("invalid").toBool());

        // java-handler on MySQL has the cache; switching to it keeps the URL valid.
        layoutFile->setText(m_goodLayout);
        kind->setCurrentIndex(kind->findData(int(StoreUrl::Kind::Mysql)));
        form.findChild<QLineEdit *>(QStringLiteral("database"))->setText(QStringLiteral("orders"));
        QVERIFY(cache->isVisibleTo(&form));
        QVERIFY(!scanCount->isVisibleTo(&form)); // not Redis: the hidden count is left out
        cache->setText(QStringLiteral("redis://:pw@cache:6379/0"));
        QVERIFY(!form.entry().ok());
        QVERIFY(cache->property("invalid").toBool());
        cache->setText(QStringLiteral("redis://cache:6379/1"));
        audit->setText(QStringLiteral("sqlite:///var/lib/idem/orders%20audit.db"));
        const Result<StoreEntry> entry = form.entry();
        QVERIFY2(entry.ok(), qPrintable(entry.ok() ? QString() : entry.error().message));
        const StoreUrl url = StoreUrl::parse(entry->url).value();
        QCOMPARE(url.options.value(QStringLiteral("layout")), m_goodLayout);
        QCOMPARE(url.options.value(QStringLiteral("cache")), QStringLiteral("redis://cache:6379/1"));
        QCOMPARE(url.options.value(QStringLiteral("audit")), QStringLiteral("sqlite:///var/lib/idem/orders%20audit.db"));
        QVERIFY(!url.options.contains(QStringLiteral("scan_count")));

        // Loading the entry back shows the same fields and makes the same URL.
        StoreEntryForm again;
        again.setEntry(entry.value());
        QCOMPARE(again.findChild<QComboBox *>(QStringLiteral("layout"))->currentData().toString(), QStringLiteral("file"));
        QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("layoutFile"))->text(), m_goodLayout);
        QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("cache"))->text(), QStringLiteral("redis://cache:6379/1"));
        QCOMPARE(again.entry().value().url, entry->url);
    }

    void recentStoresKeepTheLayoutOptions()
    {
        QSettings ini(m_dir.filePath(QStringLiteral("recent.ini")), QSettings::IniFormat);
        AppSettings settings(&ini);
        StoreUrlFields fields = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        fields.cache = QStringLiteral("redis://cache:6379/1");
        fields.audit = QStringLiteral("sqlite:///var/lib/idem/a&b.db");
        StoreEntry entry;
        entry.url = fields.toUrl().value();
        settings.rememberStore(entry);
        QCOMPARE(settings.recentStores().constFirst().url, entry.url);
        const StoreUrlFields back = StoreUrlFields::fromUrl(settings.recentStores().constFirst().url).value();
        QCOMPARE(back.cache, fields.cache);
        QCOMPARE(back.audit, fields.audit);
        QCOMPARE(back.layout, fields.layout);
    }

    void inFlightViewListsGoRecords()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        StoreSession session(m_redisUrl);
        InFlightView view(&session);
        InFlightRecordModel *model = view.model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(model, &InFlightRecordModel::pageLoaded);
        QSignalSpy failed(model, &InFlightRecordModel::loadFailed);
        QSignalSpy counted(model, &InFlightRecordModel::matchingCountChanged);
        view.show();
        QVERIFY2(loaded.wait(30000), qPrintable(failed.isEmpty() ? QString() : failed.constFirst().constFirst().toString()));

        // Three in flight and the unreadable one; the completed record is not listed.
        QCOMPARE(model->rowCount(), 4);
        QVERIFY(rowOfKey(*model, QStringLiteral("done1")) < 0);
        for (const QString &key : {QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")}) {
            const int row = rowOfKey(*model, key);
            QVERIFY2(row >= 0, qPrintable(key));
            QVERIFY(model->index(row, 0).data(InFlightRecordModel::ReadErrorRole).toString().isEmpty());
            QVERIFY(!model->index(row, 0).data(Qt::FontRole).value<QFont>().italic());
        }
        const int k1 = rowOfKey(*model, QStringLiteral("k1"));
        QCOMPARE(model->recordAt(k1).fingerprint, QStringLiteral("9f86d081884c7d65"));
        QCOMPARE(model->recordAt(k1).createdAt,
                 QDateTime::fromString(QStringLiteral("2026-11-30T14:20:00.123+08:00"), Qt::ISODateWithMs).toMSecsSinceEpoch());

        // The malformed value: red italics, the reason as tooltip on every cell.
        const int bad = rowOfKey(*model, QStringLiteral("bad"));
        QVERIFY(bad >= 0);
        const QString reason = model->index(bad, 0).data(InFlightRecordModel::ReadErrorRole).toString();
        QVERIFY(!reason.isEmpty());
        for (int column = 0; column < InFlightRecordModel::ColumnCount; ++column) {
            const QModelIndex cell = model->index(bad, column);
            QCOMPARE(cell.data(Qt::ForegroundRole).value<QColor>(), StatusColors::alarmText(QGuiApplication::palette()));
            QVERIFY(cell.data(Qt::FontRole).value<QFont>().italic());
            QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(reason));
        }
        // Its details: the reason up front and the raw value as the body.
        view.table()->selectRow(bad);
        QVERIFY(view.detail()->readErrorText().contains(reason));
        QVERIFY2(view.detail()->bodyText().contains(QStringLiteral("\"in_flight\":tru")), qPrintable(view.detail()->bodyText()));
        view.table()->selectRow(k1);
        QVERIFY(view.detail()->readErrorText().isEmpty());

        // The scan line says what the listing's scan did, once it is over.
        QVERIFY(view.scanRow()->isVisibleTo(&view));
        const std::optional<ListingScan> scan = model->listingScan();
        QVERIFY(scan.has_value());
        QVERIFY(!scan->cancelled);
        QVERIFY(scan->scanned >= 5);
        const QString expected =
            QStringLiteral("Scanned %1 keys, found %2 in flight").arg(QLocale().toString(scan->scanned), QLocale().toString(scan->found));
        if (view.scanLine()->text() != expected) {
            QSignalSpy line(&view, &InFlightView::scanLineChanged);
            while (view.scanLine()->text() != expected)
                QVERIFY2(line.wait(10000), qPrintable(view.scanLine()->text()));
        }
        QVERIFY(!view.scanBar()->isVisibleTo(&view));
        QVERIFY(!view.scanCancelButton()->isEnabled());
        if (model->matchingCount() < 0)
            QVERIFY(counted.wait(60000));
        QCOMPARE(model->matchingCount(), 4);
        QVERIFY(!model->isCountPartial());
    }

    void cancelledScanListsWhatItFound()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        // Enough keys that a scan at COUNT 10 takes thousands of round trips.
        {
            RedisWriter redis(StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL")).value());
            QVERIFY(redis.setMany(m_fillerPrefix, kFillerKeys));
        }
        // Replies may take the 5 s of the pause below: well inside this
        // session's command timeout (the default, 5 s, would race it).
        StoreSession session(m_redisUrl + QStringLiteral("&timeout_ms=30000"));
        InFlightView view(&session);
        QSignalSpy available(view.model(), &InFlightRecordModel::scanProgressAvailable);
        QSignalSpy counted(view.model(), &InFlightRecordModel::matchingCountChanged);
        QVERIFY(available.wait(30000));
        // The first listing (page, then count) runs to its end first: the
        // scan cancelled below must be the next listing's.
        QVERIFY(counted.wait(60000));
        const std::shared_ptr<ScanProgress> progress = view.model()->scanProgress();
        QVERIFY(progress);
        QCOMPARE(view.scanCountBox()->value(), progress->count.load());
        // COUNT applies to the next scan: the listing after a reload.
        view.scanCountBox()->setValue(10);
        QCOMPARE(progress->count.load(), 10);
        QSignalSpy loaded(view.model(), &InFlightRecordModel::pageLoaded);
        QSignalSpy line(&view, &InFlightView::scanLineChanged);
        QSignalSpy failed(view.model(), &InFlightRecordModel::loadFailed);
        {
            // The server holds every command for 5 s: the reload's scan
            // stays in its first round trip, running, long enough to be seen
            // and cancelled however fast the scan would otherwise be (a
            // whole scan at COUNT 10 can end between two of the view's
            // 200 ms updates on a fast machine, and then there is nothing
            // to cancel). CLIENT UNPAUSE would be held too: the pause ends
            // by itself.
            RedisWriter redis(StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL")).value());
            QVERIFY(redis.command({"CLIENT", "PAUSE", "5000", "ALL"}));
        }
        view.model()->reload();
        // Wait until the view shows a running scan of this listing, then
        // cancel it. Polled, not awaited as a line change: a running scan's
        // line may read exactly as the finished listing's did ("Scanned 5
        // keys, found 4 in flight"), and then no change comes.
        QTRY_VERIFY2_WITH_TIMEOUT(
            progress->running.load() && view.scanCancelButton()->isEnabled(),
            qPrintable(
                view.scanLine()->text()
                + (failed.isEmpty() ? QString() : QStringLiteral("; the listing failed: ") + failed.constFirst().constFirst().toString())),
            30000);
        QVERIFY(view.scanLine()->text().startsWith(QStringLiteral("Scanned ")));
        QVERIFY(view.scanBar()->isVisibleTo(&view));
        QTest::mouseClick(view.scanCancelButton(), Qt::LeftButton);
        if (loaded.isEmpty())
            QVERIFY2(loaded.wait(30000),
                     qPrintable(failed.isEmpty() ? QStringLiteral("no page, no error")
                                                 : QStringLiteral("the listing failed: ") + failed.constFirst().constFirst().toString()));
        const std::optional<ListingScan> scan = view.model()->listingScan();
        QVERIFY(scan.has_value());
        QVERIFY(scan->cancelled);
        QVERIFY(scan->scanned < kFillerKeys);
        const QString partial =
            QStringLiteral("Cancelled after scanning %1 keys: the list is partial").arg(QLocale().toString(scan->scanned));
        while (view.scanLine()->text() != partial)
            QVERIFY2(line.wait(30000), qPrintable(view.scanLine()->text()));
        QVERIFY(view.model()->rowCount() <= 4);
        // The count comes from the same cancelled scan: a lower bound, said so.
        if (view.model()->matchingCount() < 0)
            QVERIFY(counted.wait(60000));
        QVERIFY(view.model()->isCountPartial());
        QVERIFY(view.countLabel()->text().startsWith(QStringLiteral("At least")));
    }

    void dashboardWithoutCounters()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        StoreSession session(m_redisUrl);
        DashboardView dashboard(&session);
        dashboard.setPaused(true); // reads when told, for a fixed number of samples
        CounterTimelineModel *model = dashboard.model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy shown(&dashboard, &DashboardView::readingShown);
        QSignalSpy failed(&dashboard, &DashboardView::readFailed);
        dashboard.show();
        QVERIFY2(shown.wait(60000), qPrintable(failed.isEmpty() ? QString() : failed.constFirst().constFirst().toString()));

        QVERIFY(!model->keepsCounters());
        QVERIFY(!dashboard.showsCounters());
        QVERIFY(dashboard.noCountersNotice()->isVisibleTo(&dashboard));
        QVERIFY(dashboard.noCountersNotice()->text().startsWith(QStringLiteral("This layout keeps no counters")));
        const auto noHitRate = dashboard.findChild<QLabel *>(QStringLiteral("noHitRate"));
        QVERIFY(noHitRate && noHitRate->isVisibleTo(&dashboard));
        QVERIFY(noHitRate->text().contains(QStringLiteral("this layout keeps no counters")));
        for (KpiTile *tile : dashboard.findChildren<KpiTile *>()) {
            if (tile->isVisibleTo(&dashboard))
                QVERIFY2(tile->value() != QStringLiteral("0.0%"), "a counter tile shows a zero instead of saying there are none");
        }
        QVERIFY(dashboard.trafficChart()->title().contains(QStringLiteral("created")));

        // The counter columns are empty, not zero; the created columns hold
        // k2, k3 (in flight) and done1 (completed) of the last minutes.
        qint64 inFlight = 0;
        qint64 completed = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            QVERIFY(!model->index(row, CounterTimelineModel::ExecutedColumn).data(CounterTimelineModel::RawValueRole).isValid());
            QVERIFY(!model->index(row, CounterTimelineModel::HitRateColumn).data(CounterTimelineModel::RawValueRole).isValid());
            inFlight +=
                model->index(row, CounterTimelineModel::CreatedInFlightColumn).data(CounterTimelineModel::RawValueRole).toLongLong();
            completed +=
                model->index(row, CounterTimelineModel::CreatedCompletedColumn).data(CounterTimelineModel::RawValueRole).toLongLong();
        }
        QCOMPARE(inFlight, 2);
        QCOMPARE(completed, 1);
        const CounterTimelineModel::Kpis k = model->kpis(5);
        QCOMPARE(k.inFlight, 4);
        QVERIFY(k.stuck >= 1); // k1, hours old
        QVERIFY(!k.hitRate.has_value());

        // Every poll adds a sample of the in-flight and stuck counts.
        QCOMPARE(model->samples().size(), 1);
        dashboard.refresh();
        QVERIFY(shown.wait(60000));
        QCOMPARE(model->samples().size(), 2);
        QCOMPARE(model->samples().constLast().inFlight, 4);
    }

    void windowTitleNamesTheLayout()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        QSettings ini(m_dir.filePath(QStringLiteral("window.ini")), QSettings::IniFormat);
        AppSettings settings(&ini);
        PasswordVault vault;
        MainWindow window(&settings, &vault);
        StoreEntry entry;
        entry.url = m_redisUrl;
        window.openUrl(entry, m_redisUrl);
        const QString base = m_redisUrl.section(QLatin1Char('?'), 0, 0);
        QCOMPARE(window.windowTitle(), QStringLiteral("idem-console — %1 · go-fgui").arg(base)); // the file's name until the store answers
        QSignalSpy shown(window.dashboard(), &DashboardView::readingShown);
        QVERIFY(shown.wait(60000));
        QCOMPARE(window.windowTitle(), QStringLiteral("idem-console — %1 · go-fgui-test").arg(base));
        QVERIFY2(window.connectionLabel()->text().contains(base + QStringLiteral(" · go-fgui-test")),
                 qPrintable(window.connectionLabel()->text()));
    }

    // A password in the nested audit URL (or an option that
    // looks like one) appears in no window title, label or tooltip, and not
    // in the settings file, even when that audit store fails to open.
    void passwordsNeverInTheWindowOrSettings()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        const QString ini = m_dir.filePath(QStringLiteral("secrets.ini"));
        {
            QSettings file(ini, QSettings::IniFormat);
            AppSettings settings(&file);
            PasswordVault vault;
            MainWindow window(&settings, &vault);
            const QString base = m_redisUrl.section(QLatin1Char('?'), 0, 0);
            const QString layout = StoreUrl::parse(m_redisUrl).value().options.value(QStringLiteral("layout"));
            const QString url =
                base + QStringLiteral("?layout=") + QString::fromLatin1(QUrl::toPercentEncoding(layout)) + QStringLiteral("&audit=")
                + QString::fromLatin1(QUrl::toPercentEncoding(QStringLiteral("postgresql://auditor:S3cretPW@127.0.0.1:1/audit")));
            StoreEntry entry;
            entry.url = url;
            window.openUrl(entry, url);
            window.show();
            QSignalSpy shown(window.dashboard(), &DashboardView::readingShown);
            shown.wait(5000); // the reading may fail (the audit store is unreachable): what is shown then counts too
            QTest::qWait(500);
            QStringList texts{window.windowTitle()};
            for (const QWidget *w : window.findChildren<QWidget *>()) {
                texts << w->windowTitle() << w->toolTip() << w->statusTip();
                if (const auto *label = qobject_cast<const QLabel *>(w))
                    texts << label->text();
            }
            for (const QString &text : texts)
                QVERIFY2(!text.contains(QStringLiteral("S3cret")), qPrintable(text));
            QVERIFY2(window.windowTitle().contains(base), qPrintable(window.windowTitle()));
            settings.sync();
        }
        QFile written(ini);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray text = written.readAll();
        QVERIFY2(!text.isEmpty() && !text.contains("S3cret") && !QUrl::fromPercentEncoding(text).contains(QStringLiteral("S3cret")),
                 text.constData());
        QVERIFY2(text.contains("auditor"), text.constData()); // the audit location is kept, without its password
    }
};

QTEST_MAIN(TestForeignConsole)
#include "tst_foreignconsole.moc"
