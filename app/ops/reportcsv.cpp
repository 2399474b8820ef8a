#include "app/ops/reportcsv.h"

#include <QDateTime>
#include <QStringList>

namespace {

QString iso(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

QString rate(const std::optional<double> &r)
{
    return r ? QString::number(*r, 'f', 4) : QString();
}

void row(QString &out, const QStringList &cells)
{
    QStringList escaped;
    escaped.reserve(cells.size());
    for (const QString &c : cells)
        escaped.append(ReportCsv::cell(c));
    out += escaped.join(QLatin1Char(',')) + QStringLiteral("\r\n");
}

QStringList counterCells(const CounterSet &counts)
{
    QStringList cells;
    for (int i = 0; i < CounterCount; ++i)
        cells.append(QString::number(counts[static_cast<Counter>(i)]));
    return cells;
}

} // namespace

QString ReportCsv::cell(const QString &text)
{
    QString value = text;
    if (!value.isEmpty()) {
        const QChar first = value.front();
        if (first == QLatin1Char('=') || first == QLatin1Char('+') || first == QLatin1Char('-') || first == QLatin1Char('@')
            || first == QLatin1Char('\t') || first == QLatin1Char('\r'))
            value.prepend(QLatin1Char('\''));
    }
    if (value.contains(QLatin1Char(',')) || value.contains(QLatin1Char('"')) || value.contains(QLatin1Char('\n'))
        || value.contains(QLatin1Char('\r'))) {
        value.replace(QLatin1String("\""), QLatin1String("\"\""));
        value = QLatin1Char('"') + value + QLatin1Char('"');
    }
    return value;
}

QByteArray ReportCsv::write(const ReportData &data)
{
    // Column names are a stable interface (like the JSON keys): not translated.
    QString out;
    row(out, {QStringLiteral("schema"), QStringLiteral("store"), QStringLiteral("from"), QStringLiteral("to"),
              QStringLiteral("generated_at"), QStringLiteral("operator")});
    row(out, {QStringLiteral("idem-report/1"), data.store, iso(data.fromMs), iso(data.toMs), iso(data.generatedAtMs), data.operatorName});
    out += QStringLiteral("\r\n");

    row(out, QStringList{QStringLiteral("scope")} + counterNames() + QStringList{QStringLiteral("hit_rate"), QStringLiteral("stuck")});
    for (const ReportScope &s : data.scopes)
        row(out, QStringList{s.scope} + counterCells(s.totals) + QStringList{rate(s.totals.hitRate()), QString::number(s.stuck)});
    out += QStringLiteral("\r\n");

    row(out, QStringList{QStringLiteral("minute")} + counterNames() + QStringList{QStringLiteral("hit_rate")});
    for (const ReportMinute &m : data.series)
        row(out, QStringList{iso(m.minute * 60'000)} + counterCells(m.counts) + QStringList{rate(m.counts.hitRate())});
    out += QStringLiteral("\r\n");

    row(out, {QStringLiteral("at"), QStringLiteral("scope"), QStringLiteral("seq"), QStringLiteral("operator"), QStringLiteral("host"),
              QStringLiteral("action"), QStringLiteral("batch_id"), QStringLiteral("key"), QStringLiteral("state_before"),
              QStringLiteral("state_after"), QStringLiteral("reason"), QStringLiteral("server_user")});
    for (const AuditEntry &e : data.actions)
        row(out, {iso(e.atMs), e.scope, QString::number(e.seq), e.operatorName, e.host, e.action, e.batchId, e.key, e.stateBefore,
                  e.stateAfter, e.reason, e.serverUser});
    out += QStringLiteral("\r\n");

    row(out, {QStringLiteral("audit_entries"), QStringLiteral("audit_chains"), QStringLiteral("audit_ok"),
              QStringLiteral("first_bad_scope"), QStringLiteral("first_bad_seq"), QStringLiteral("first_bad_reason")});
    const AuditVerdict &v = data.audit;
    row(out, {QString::number(v.entries), QString::number(v.chains), v.ok ? QStringLiteral("true") : QStringLiteral("false"),
              v.firstBad ? v.firstBad->scope : QString(), v.firstBad ? QString::number(v.firstBad->seq) : QString(),
              v.firstBad ? v.firstBad->reason : QString()});
    out += QStringLiteral("\r\n");

    // The chain heads the verdict vouches for, one row per chain verified.
    row(out, {QStringLiteral("chain"), QStringLiteral("scope"), QStringLiteral("head_seq"), QStringLiteral("head_hash"),
              QStringLiteral("chain_entries"), QStringLiteral("chain_ok")});
    for (const AuditChainVerdict &c : v.verified)
        row(out, {c.head.chainName(), c.head.scope, QString::number(c.head.seq), c.head.hash, QString::number(c.entries),
                  c.ok() ? QStringLiteral("true") : QStringLiteral("false")});
    return out.toUtf8();
}
