#pragma once

// What the idemctl suites share (tst_idemctlusage, tst_idemctlstore,
// tst_idemctlrecords, tst_idemctlactions): idemctl run as an operator runs
// it (tests/idemctlrun.h), a temporary directory for their stores and files,
// and go-middleware values written as the Go service writes them, on a Redis
// connection of the test's own.
#include "app/store/redisconnection.h"
#include "tests/idemctlrun.h"

#include <QString>
#include <QTemporaryDir>

// A time as Go's encoding/json writes a time.Time from time.Now() in
// Asia/Shanghai: RFC 3339, nanoseconds with trailing zeros trimmed.
QByteArray goTime(qint64 ms, int extraNanos);

// IdempotencyRecord as the Go middleware's SetInFlight marshals it.
QByteArray goInFlight(const QByteArray &key, qint64 createdMs);

// A connection of the test's own to the Redis at `url`, behind idemctl's back.
RedisSettings redisSettings(const QString &url);

// A suite derives from it: a directory of its own for the whole run, and a
// SQLite store in it.
class IdemctlFixture {
protected:
    QTemporaryDir m_dir;
    QString store() const { return QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("ctl.db")); }
};
