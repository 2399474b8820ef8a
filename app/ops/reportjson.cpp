#include "app/ops/reportjson.h"

#include <QDateTime>
#include <QJsonArray>

namespace {

QString iso(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

QJsonValue rate(const std::optional<double> &r)
{
    return r ? QJsonValue(*r) : QJsonValue(QJsonValue::Null);
}

void addCounters(QJsonObject &o, const CounterSet &counts)
{
    for (int i = 0; i < CounterCount; ++i) {
        const auto c = static_cast<Counter>(i);
        o.insert(counterName(c), counts[c]);
    }
    o.insert(QStringLiteral("hit_rate"), rate(counts.hitRate()));
}

} // namespace

QJsonObject ReportJson::write(const ReportData &data)
{
    QJsonArray scopes;
    for (const ReportScope &s : data.scopes) {
        QJsonObject o{{QStringLiteral("scope"), s.scope}, {QStringLiteral("stuck"), s.stuck}};
        addCounters(o, s.totals);
        scopes.append(o);
    }
    QJsonArray series;
    for (const ReportMinute &m : data.series) {
        QJsonObject o{{QStringLiteral("minute"), m.minute}, {QStringLiteral("at"), iso(m.minute * 60'000)}};
        addCounters(o, m.counts);
        series.append(o);
    }
    QJsonArray actions;
    for (const AuditEntry &e : data.actions)
        actions.append(entry(e));
    return QJsonObject{
        {QStringLiteral("schema"), QStringLiteral("idem-report/1")},
        {QStringLiteral("store"), data.store},
        {QStringLiteral("counters_from"), data.countersFrom},
        {QStringLiteral("from"), iso(data.fromMs)},
        {QStringLiteral("to"), iso(data.toMs)},
        {QStringLiteral("generated_at"), iso(data.generatedAtMs)},
        {QStringLiteral("from_ms"), data.fromMs},
        {QStringLiteral("to_ms"), data.toMs},
        {QStringLiteral("generated_at_ms"), data.generatedAtMs},
        {QStringLiteral("operator"), data.operatorName},
        {QStringLiteral("stuck_after_ms"), data.stuckAfterMs},
        {QStringLiteral("scopes"), scopes},
        {QStringLiteral("series"), series},
        {QStringLiteral("actions"), actions},
        {QStringLiteral("audit"), verdict(data.audit)},
    };
}

QJsonObject ReportJson::entry(const AuditEntry &e)
{
    return QJsonObject{{QStringLiteral("scope"), e.scope},
                       {QStringLiteral("seq"), e.seq},
                       {QStringLiteral("at_ms"), e.atMs},
                       {QStringLiteral("at"), iso(e.atMs)},
                       {QStringLiteral("operator"), e.operatorName},
                       {QStringLiteral("server_user"), e.serverUser},
                       {QStringLiteral("host"), e.host},
                       {QStringLiteral("action"), e.action},
                       {QStringLiteral("batch_id"), e.batchId},
                       {QStringLiteral("key"), e.key},
                       {QStringLiteral("state_before"), e.stateBefore},
                       {QStringLiteral("state_after"), e.stateAfter},
                       {QStringLiteral("reason"), e.reason},
                       {QStringLiteral("evidence"), QString::fromUtf8(e.evidence)},
                       {QStringLiteral("prev_hash"), e.prevHash},
                       {QStringLiteral("hash"), e.hash},
                       {QStringLiteral("store_id"), e.storeId}};
}

QJsonObject ReportJson::verdict(const AuditVerdict &v)
{
    QJsonValue firstBad(QJsonValue::Null); // "no break" is an explicit null, not a missing key
    if (v.firstBad) {
        firstBad = QJsonObject{{QStringLiteral("scope"), v.firstBad->scope},
                               {QStringLiteral("seq"), v.firstBad->seq},
                               {QStringLiteral("store_id"), v.firstBad->storeId},
                               {QStringLiteral("reason"), v.firstBad->reason}};
    }
    QJsonArray heads;
    for (const AuditChainVerdict &c : v.verified)
        heads.append(QJsonObject{{QStringLiteral("chain"), c.head.chainName()},
                                 {QStringLiteral("scope"), c.head.scope},
                                 {QStringLiteral("seq"), c.head.seq},
                                 {QStringLiteral("hash"), c.head.hash},
                                 {QStringLiteral("entries"), c.entries},
                                 {QStringLiteral("ok"), c.ok()}});
    return QJsonObject{{QStringLiteral("entries"), v.entries},
                       {QStringLiteral("chains"), v.chains},
                       {QStringLiteral("ok"), v.ok},
                       {QStringLiteral("empty"), v.ok && v.entries == 0},
                       {QStringLiteral("first_bad"), firstBad},
                       {QStringLiteral("heads"), heads}};
}
