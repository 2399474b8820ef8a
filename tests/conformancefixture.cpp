#include "tests/conformancefixture.h"

#include <QtTest>

ClaimRequest claimOf(const QString &scope, const QString &key, const QString &fingerprint, qint64 now)
{
    ClaimRequest r;
    r.scope = scope;
    r.key = key;
    r.fingerprint = fingerprint;
    r.owner = QStringLiteral("test-host:1");
    r.bizNo = QStringLiteral("SO-") + key;
    r.nowMs = now;
    return r;
}

Response okResponse(const QByteArray &body)
{
    return Response{201, {{"Content-Type", "application/json"}, {"X-Trace", "a"}, {"X-Trace", "b"}}, body};
}

void ConformanceFixture::openStore()
{
    IDEM_REQUIRE_STORE_SERVER(m_env);
    QString why;
    m_store = m_env.open(&why);
    QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
}

std::optional<CounterSet> ConformanceFixture::flushedCounts(qint64 fromMinute, qint64 toMinute)
{
    if (!store().flushCounters().ok())
        return std::nullopt;
    const Result<QList<CounterRow>> rows = store().counters(m_scope, fromMinute, toMinute);
    if (!rows.ok())
        return std::nullopt;
    CounterSet total;
    for (const CounterRow &row : rows.value())
        total += row.counts;
    return total;
}

void ConformanceFixture::compareWhole(const Record &answered, const Record &stored)
{
    QCOMPARE(answered.scope, stored.scope);
    QCOMPARE(answered.key, stored.key);
    QCOMPARE(answered.state, stored.state);
    QCOMPARE(answered.fingerprint, stored.fingerprint);
    QCOMPARE(answered.lease, stored.lease);
    QCOMPARE(answered.owner, stored.owner);
    QCOMPARE(answered.attempts, stored.attempts);
    QCOMPARE(answered.bizNo, stored.bizNo);
    QCOMPARE(answered.statusCode, stored.statusCode);
    QCOMPARE(answered.headers.isEmpty(), stored.headers.isEmpty());
    QCOMPARE(answered.body.isEmpty(), stored.body.isEmpty());
    QCOMPARE(answered.createdAt, stored.createdAt);
    QCOMPARE(answered.updatedAt, stored.updatedAt);
    QCOMPARE(answered.expiresAt, stored.expiresAt);
    QCOMPARE(answered.reconciled, stored.reconciled);
    QCOMPARE(answered.request, stored.request);
}

OperatorAction ConformanceFixture::actionOf(OperatorActionKind kind, const Record &seen, qint64 now)
{
    OperatorAction a;
    a.kind = kind;
    a.scope = seen.scope;
    a.key = seen.key;
    a.lease = seen.lease;
    a.expectedState = seen.state;
    a.startedBeforeMs = seen.updatedAt + 1; // the age the preview chose: just old enough
    a.nowMs = now;
    a.retentionMs = 60 * Minute;
    a.audit.operatorName = QStringLiteral("ops-li");
    a.audit.host = QStringLiteral("console-1");
    a.audit.batchId = QStringLiteral("b-test");
    a.audit.reason = QStringLiteral("gateway outage, customers waiting");
    return a;
}
