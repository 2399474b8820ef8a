#include "tests/operatoractionsfixture.h"

OperatorIdentity operatorOf(const QString &reason)
{
    return OperatorIdentity{QStringLiteral("night-ops"), QStringLiteral("console-1"), reason};
}

Response okResponse(const QByteArray &body)
{
    return Response{200, {{"Content-Type", "application/json"}}, body};
}

OperatorAction timeoutOf(const ActionTarget &target, qint64 now, const QString &batch)
{
    OperatorAction a;
    a.kind = OperatorActionKind::MarkTimedOut;
    a.scope = target.scope;
    a.key = target.key;
    a.lease = target.lease;
    a.expectedState = RecordState::InFlight;
    a.startedBeforeMs = target.startedBeforeMs.value_or(target.updatedAt + 1); // just old enough
    a.nowMs = now;
    a.retentionMs = Retention;
    a.audit.operatorName = QStringLiteral("night-ops");
    a.audit.host = QStringLiteral("console-1");
    a.audit.reason = QStringLiteral("stuck");
    a.audit.batchId = batch;
    return a;
}

Record OperatorActionsFixture::claim(const QString &key, qint64 now, const QString &owner)
{
    ClaimRequest r;
    r.scope = m_scope;
    r.key = key;
    r.fingerprint = QStringLiteral("fp-") + key;
    r.owner = owner;
    r.bizNo = QStringLiteral("SO-") + key;
    r.nowMs = now;
    const Result<ClaimResult> c = store().claim(r);
    if (!c || c->outcome != ClaimOutcome::Claimed)
        qFatal("claim of %s failed: %s", qPrintable(key), c ? "not claimed" : qPrintable(c.error().message));
    return c->record;
}

std::optional<Record> OperatorActionsFixture::get(const QString &key)
{
    const Result<std::optional<Record>> r = store().get(m_scope, key);
    if (!r)
        qFatal("get failed: %s", qPrintable(r.error().message));
    return r.value();
}

CounterSet OperatorActionsFixture::counters()
{
    if (const Result<void> flushed = store().flushCounters(); !flushed)
        qFatal("flush failed: %s", qPrintable(flushed.error().message));
    const Result<QList<CounterRow>> rows = store().counters(m_scope, 0, (T0 + 24 * 60 * Minute) / Minute);
    if (!rows)
        qFatal("counters failed: %s", qPrintable(rows.error().message));
    CounterSet total;
    for (const CounterRow &row : rows.value())
        total += row.counts;
    return total;
}

AuditVerdict OperatorActionsFixture::verifyScope()
{
    const Result<AuditVerdict> v = AuditVerifier::verify(store(), {}, {m_scope});
    if (!v)
        qFatal("verify failed: %s", qPrintable(v.error().message));
    return v.value();
}

qint64 OperatorActionsFixture::count(RecordState state)
{
    RecordQuery q = RecordQuery::ofScope(m_scope);
    q.state = state;
    const Result<qint64> n = store().countInFlight(q);
    if (!n)
        qFatal("count failed: %s", qPrintable(n.error().message));
    return n.value();
}
