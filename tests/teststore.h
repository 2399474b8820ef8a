#pragma once

#include "app/store/redisbuckets.h"
#include "app/store/store.h"
#include "tests/serverrequirement.h"

#include <QMap>
#include <QTemporaryDir>
#include <QStringList>
#include <QVariantList>

#include <memory>

// An operator's timeout of the record as `seen`, with a cutoff just after
// its start and a test operator, batch and reason: the audited way to
// TIMED_OUT (Store::applyAction), the only one a store offers.
OperatorAction operatorTimeout(const Record &seen, qint64 nowMs, qint64 retentionMs);

// Every audit entry of a scope, each chain in its own order. On a Redis
// Cluster a scope has a chain per bucket: then all of them, ordered by time.
QList<AuditEntry> scopeAudit(Store &store, const QString &scope);

// The store a test runs against, chosen by IDEM_TEST_BACKEND (sqlite, redis,
// redis_cluster, postgresql, mysql). SQLite gets a fresh file in a temporary directory; a
// server backend takes its URL from IDEM_TEST_<BACKEND>_URL and each test
// gets its own scope prefix, so tests never see each other's records.
// A suite calls IDEM_REQUIRE_STORE_SERVER (below) before open(), so that a
// server backend without its URL fails or is skipped as
// tests/serverrequirement.h decides.
class TestStore final {
public:
    TestStore();
    // nullptr with the reason when the store does not open, or its URL is
    // not set (which IDEM_REQUIRE_STORE_SERVER reports first).
    std::unique_ptr<Store> open(QString *whyNot);
    QString url() const { return m_url; }
    // IDEM_TEST_<BACKEND>_URL for a server backend; empty for SQLite.
    QByteArray urlVariable() const { return m_urlVariable; }
    // A scope unique to this process and call, for test isolation on shared servers.
    QString scope(const QString &base) const;
    QString backend() const { return m_backend; }

    // Writes a broken value behind the store's back, as another program
    // (or a disk fault) would: headers that are not JSON, an unknown state.
    bool corruptHeaders(const QString &scope, const QString &key);
    bool corruptState(const QString &scope, const QString &key);
    // Puts a readable state back, so the shared server's database does not
    // keep a broken record for the tests after this one (stats, listings).
    bool restoreState(const QString &scope, const QString &key);

    // Tampering with a scope's audit chain behind the store's back, as
    // someone with write access to the database would (tests of
    // AuditVerifier). SQL: UPDATE/DELETE on idem_audit rows; Redis: XDEL, or
    // the stream rebuilt (DEL + XADD with the same ids) with one change.
    enum class AuditTamper {
        EditReason, // the entry at seq gets another reason, hash left as it was
        Delete, // the entry at seq is removed (the head is left alone)
        SwapWithNext, // the entries at seq and seq + 1 trade places
    };
    bool tamperAudit(const QString &scope, AuditTamper how, qint64 seq);
    // Removes a scope's whole chain and head, so a tampered chain does not
    // stay on a shared server for later runs' whole-store verification.
    bool dropAuditChain(const QString &scope);

    // A native record as stored, read behind the store's back: each column
    // (SQL) or hash field (Redis) by name, NULL and absent fields left out.
    // False when the read failed; an empty map when there is no such record.
    bool rawRecord(const QString &scope, const QString &key, QMap<QString, QByteArray> *fields);

    // One statement behind the store's back (SQL backends): true when it ran
    // and changed `rows` rows (any number when negative).
    bool execSql(const QString &sql, const QVariantList &values, int rows = 1);
    // One command behind the store's back (Redis, routed by its key on a
    // cluster): true unless it failed.
    bool rawRedis(const QList<QByteArray> &args);
    // The Redis key of a native record: under its bucket's tag on a cluster.
    QByteArray redisRecordKey(const QString &scope, const QString &key);
    // n keys base0, base1, … (some skipped) whose audit entries share one
    // chain with the scope's entries about no record: every key on a store
    // with one chain per scope; on a Redis Cluster, keys of one bucket.
    QStringList sameChainKeys(const QString &scope, const QString &base, int n);
    // The name of that chain, as a verification break names it: the scope,
    // or on a Redis Cluster its bucket's chain ("scope#07").
    QString sameChain(const QString &scope);
    bool isRedis() const { return m_backend.startsWith(QLatin1String("redis")); }
    // The hash tag of each of the scope's buckets (the scope alone on one
    // server and on SQL): where its per-bucket keys live.
    QStringList redisTags(const QString &scope) { return bucketsOf(scope).tags; }
    // One statement sent as it is, not prepared (DDL: triggers, functions).
    bool execDdl(const QString &sql);

private:
    ScopeBuckets bucketsOf(const QString &scope);

    QTemporaryDir m_dir;
    QString m_backend;
    QByteArray m_urlVariable;
    QString m_url;
};

// From a test function (initTestCase() for the suite): goes on when the
// store's backend is SQLite or its server's URL is set;
// IDEM_REQUIRE_SERVER_URL's failure or skip otherwise.
#define IDEM_REQUIRE_STORE_SERVER(testStore)                                                                                               \
    do {                                                                                                                                   \
        if (!(testStore).urlVariable().isEmpty())                                                                                          \
            IDEM_REQUIRE_SERVER_URL((testStore).urlVariable().constData());                                                                \
    } while (false)
