#include "tests/foreignconsolefixture.h"

#include "app/store/redisconnection.h"
#include "tests/serverrequirement.h"

#include "models/dashboardreading.h"

#include <QCoreApplication>
#include <QDir>
#include <QDateTime>
#include <QTest>
#include <QTimeZone>

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
static QString goTime(qint64 ms)
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

int rowOfKey(const InFlightRecordModel &model, const QString &key)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.recordAt(row).key == key)
            return row;
    }
    return -1;
}

void ForeignConsoleFixture::prepareRedis()
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

void ForeignConsoleFixture::setUpSuite()
{
    QVERIFY(m_dir.isValid());
    QDir(m_dir.path()).mkpath(QStringLiteral("lay outs/ü"));
    m_goodLayout = writeFile(m_dir.filePath(QStringLiteral("lay outs/ü/orders & co.json")),
                             "{\"base\":\"java-handler\",\"name\":\"orders\",\"sql\":{\"table\":\"t_idempotent\"}}");
    m_brokenLayout = writeFile(m_dir.filePath(QStringLiteral("broken.json")), "{\"base\": \"go-middleware\",");
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
    qRegisterMetaType<DashboardReading>();
}

void ForeignConsoleFixture::cleanUpSuite()
{
    if (m_redisUrl.isEmpty())
        return;
    RedisWriter redis(StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL")).value());
    for (const QByteArray &key : std::as_const(m_keys))
        redis.command({"UNLINK", key});
    redis.deleteMany(m_fillerPrefix, kFillerKeys);
}
