#pragma once

// What the foreign-layout console suites share (tst_foreignconsoleform,
// tst_foreignconsoleredis): layout files in a temporary directory, URL
// fields of each kind, and go-middleware records written on the test Redis
// (IDEM_TEST_REDIS_URL) as the Go service writes them.
#include "app/store/redisconnectionpool.h"
#include "app/store/storeurl.h"
#include "models/inflightrecordmodel.h"
#include "models/storeurlfields.h"

#include <QFile>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QTemporaryDir>

Q_DECLARE_METATYPE(StoreUrlFields)
Q_DECLARE_METATYPE(StoreUrlFields::Field)

using Field = StoreUrlFields::Field;

// A Redis at 127.0.0.1:6379 in `layout`.
StoreUrlFields redisFields(const QString &layout);
// A SQL store of `kind` on db.internal in `layout`.
StoreUrlFields sqlFields(StoreUrl::Kind kind, const QString &layout);

// A go-middleware record as the Go service writes it, created at createdMs.
QByteArray goRecord(const QString &key, bool inFlight, qint64 createdMs);

// The row of `key` in the model, -1 when it is not listed.
int rowOfKey(const InFlightRecordModel &model, const QString &key);

inline constexpr int kFillerKeys = 200000;

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

// A suite derives from it; its initTestCase() calls setUpSuite(), which
// writes the layout files, its cleanupTestCase() cleanUpSuite(), which
// removes what prepareRedis() wrote.
class ForeignConsoleFixture {
protected:
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
    void prepareRedis();

    void setUpSuite();
    void cleanUpSuite();
};
