#include "app/telemetry/alertrules.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace {

constexpr AlertRule::Kind allKinds[] = {AlertRule::Kind::HitRateAbove, AlertRule::Kind::StuckAbove, AlertRule::Kind::MismatchAbovePerMinute,
                                        AlertRule::Kind::RoundTripAbove};

QString minuteText(qint64 minute)
{
    return QDateTime::fromMSecsSinceEpoch(minute * 60000).toString(QStringLiteral("HH:mm"));
}

QString number(double v)
{
    return QString::number(v, 'f', std::floor(v) == v ? 0 : 1);
}

} // namespace

QList<AlertRule> AlertRule::defaults()
{
    AlertRule hitRate; // every scope, 30% for 3 minutes
    AlertRule mismatch;
    mismatch.kind = Kind::MismatchAbovePerMinute;
    mismatch.threshold = 5; // a client reusing keys, not one stray retry
    mismatch.minutes = 3;
    AlertRule stuck;
    stuck.kind = Kind::StuckAbove;
    stuck.threshold = 10;
    stuck.minutes = 1;
    AlertRule roundTrip;
    roundTrip.kind = Kind::RoundTripAbove;
    roundTrip.threshold = 2000;
    roundTrip.minutes = 1;
    return {hitRate, mismatch, stuck, roundTrip};
}

std::optional<double> AlertRule::hitRateLimit(const QList<AlertRule> &rules, const QString &scope)
{
    std::optional<double> everyScope;
    for (const AlertRule &rule : rules) {
        if (rule.kind != Kind::HitRateAbove)
            continue;
        if (!scope.isEmpty() && rule.scope == scope)
            return rule.threshold;
        if (rule.scope.isEmpty() && !everyScope)
            everyScope = rule.threshold;
    }
    return everyScope;
}

QString AlertRule::key() const
{
    return kindName(kind) + QLatin1Char('|') + scope + QLatin1Char('|') + QString::number(threshold) + QLatin1Char('|')
           + QString::number(minutes);
}

AlertRule::Severity AlertRule::severityOf(Kind kind)
{
    switch (kind) {
    case Kind::HitRateAbove:
        return Severity::Critical;
    case Kind::StuckAbove:
    case Kind::MismatchAbovePerMinute:
        return Severity::Warning;
    case Kind::RoundTripAbove:
        return Severity::Notice;
    }
    return Severity::Notice;
}

QString AlertRule::severityLabel(Severity severity)
{
    switch (severity) {
    case Severity::Critical:
        return AlertEvaluator::tr("critical");
    case Severity::Warning:
        return AlertEvaluator::tr("warning");
    case Severity::Notice:
        return AlertEvaluator::tr("notice");
    }
    return {};
}

QString AlertRule::kindName(Kind kind)
{
    switch (kind) {
    case Kind::HitRateAbove:
        return QStringLiteral("hitRateAbove");
    case Kind::StuckAbove:
        return QStringLiteral("stuckAbove");
    case Kind::MismatchAbovePerMinute:
        return QStringLiteral("mismatchAbovePerMinute");
    case Kind::RoundTripAbove:
        return QStringLiteral("roundTripAbove");
    }
    return {};
}

std::optional<AlertRule::Kind> AlertRule::kindFromName(const QString &name)
{
    for (Kind k : allKinds) {
        if (kindName(k) == name)
            return k;
    }
    return std::nullopt;
}

QString AlertRule::kindLabel(Kind kind)
{
    switch (kind) {
    case Kind::HitRateAbove:
        return AlertEvaluator::tr("Hit rate above (%)");
    case Kind::StuckAbove:
        return AlertEvaluator::tr("Stuck records above");
    case Kind::MismatchAbovePerMinute:
        return AlertEvaluator::tr("Mismatches (422) per minute above");
    case Kind::RoundTripAbove:
        return AlertEvaluator::tr("Store round trip above (ms)");
    }
    return {};
}

QString AlertRule::describe() const
{
    const QString where = scope.isEmpty() ? AlertEvaluator::tr("every scope") : AlertEvaluator::tr("scope %1").arg(scope);
    switch (kind) {
    case Kind::HitRateAbove:
        return AlertEvaluator::tr("hit rate above %1% for %2 min in %3").arg(number(threshold)).arg(minutes).arg(where);
    case Kind::StuckAbove:
        return AlertEvaluator::tr("more than %1 stuck records in the store").arg(number(threshold));
    case Kind::MismatchAbovePerMinute:
        return AlertEvaluator::tr("more than %1 mismatches per minute for %2 min in %3").arg(number(threshold)).arg(minutes).arg(where);
    case Kind::RoundTripAbove:
        return AlertEvaluator::tr("store round trip above %1 ms").arg(number(threshold));
    }
    return {};
}

QByteArray alertRulesToJson(const QList<AlertRule> &rules)
{
    QJsonArray array;
    for (const AlertRule &rule : rules) {
        array.append(QJsonObject{{QStringLiteral("scope"), rule.scope},
                                 {QStringLiteral("kind"), AlertRule::kindName(rule.kind)},
                                 {QStringLiteral("threshold"), rule.threshold},
                                 {QStringLiteral("minutes"), rule.minutes}});
    }
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

QList<AlertRule> alertRulesFromJson(const QByteArray &json, bool *ok)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (ok)
        *ok = error.error == QJsonParseError::NoError && doc.isArray();
    QList<AlertRule> rules;
    for (const QJsonValue &value : doc.array()) {
        const QJsonObject o = value.toObject();
        const std::optional<AlertRule::Kind> kind = AlertRule::kindFromName(o.value(QStringLiteral("kind")).toString());
        const double threshold = o.value(QStringLiteral("threshold")).toDouble(std::nan(""));
        if (!kind || !std::isfinite(threshold))
            continue;
        AlertRule rule;
        rule.scope = o.value(QStringLiteral("scope")).toString().trimmed();
        rule.kind = *kind;
        rule.threshold = threshold;
        rule.minutes = qBound(1, o.value(QStringLiteral("minutes")).toInt(1), AlertRule::MaxMinutes);
        rules << rule;
    }
    return rules;
}

AlertEvaluator::AlertEvaluator(QList<AlertRule> rules)
    : m_rules(std::move(rules))
{
}

void AlertEvaluator::setRules(const QList<AlertRule> &rules)
{
    m_rules = rules;
    m_active.clear();
}

QList<AlertTransition> AlertEvaluator::active() const
{
    QList<AlertTransition> list;
    for (const auto &entry : m_active)
        list << entry.second;
    return list;
}

AlertEvaluator::Judgement AlertEvaluator::judge(const AlertRule &rule, const QString &scope, const AlertSample &sample,
                                                const QHash<QString, QHash<qint64, CounterSet>> &byScope) const
{
    Judgement j;
    if (rule.kind == AlertRule::Kind::StuckAbove) {
        j.minute = sample.nowMs / 60000;
        j.value = double(scope.isEmpty() ? sample.stuck.value_or(0) : sample.stuckByScope.value(scope, 0));
        j.holds = sample.stuck && j.value > rule.threshold;
        return j;
    }
    if (rule.kind == AlertRule::Kind::RoundTripAbove) {
        j.minute = sample.nowMs / 60000;
        j.value = double(sample.roundTripMs.value_or(0));
        j.holds = sample.roundTripMs && j.value > rule.threshold;
        return j;
    }
    // The newest complete minute and the ones before it must all be over.
    const qint64 newest = sample.nowMs / 60000 - 1;
    const QHash<qint64, CounterSet> minutes = byScope.value(scope);
    j.minute = newest;
    j.holds = true;
    for (int i = 0; i < qBound(1, rule.minutes, AlertRule::MaxMinutes); ++i) {
        if (sample.noData.value(QString()).contains(newest - i) || sample.noData.value(scope).contains(newest - i)) {
            j.unknown = true;
            return j;
        }
        const CounterSet counts = minutes.value(newest - i);
        double value = 0;
        bool over = false;
        if (rule.kind == AlertRule::Kind::HitRateAbove) {
            // As CounterSet::hitRate(), in percent, computed so 30 of 100 is exactly 30.
            const qint64 total = counts[Counter::Replayed] + counts[Counter::Executed];
            value = total > 0 ? 100.0 * double(counts[Counter::Replayed]) / double(total) : 0;
            over = total > 0 && value > rule.threshold; // no traffic: no hit rate, not over
        } else {
            value = double(counts[Counter::Mismatch]);
            over = value > rule.threshold;
        }
        if (i == 0)
            j.value = value;
        if (!over) {
            j.holds = false;
            break;
        }
    }
    return j;
}

QString AlertEvaluator::message(const AlertRule &rule, const QString &scope, const Judgement &j, bool raised) const
{
    const QString value = number(j.value);
    const QString limit = number(rule.threshold);
    switch (rule.kind) {
    case AlertRule::Kind::HitRateAbove:
        return raised ? tr("Hit rate in %1 is %2% at %3, above %4% for %5 min: clients are retrying far more than usual. "
                           "Check the service's latency and errors and the callers' retry and timeout settings.")
                            .arg(scope, value, minuteText(j.minute), limit)
                            .arg(rule.minutes)
                      : tr("Hit rate in %1 is back to %2% at %3 (limit %4%).").arg(scope, value, minuteText(j.minute), limit);
    case AlertRule::Kind::MismatchAbovePerMinute:
        return raised ? tr("%n request(s) in %1 reused a key with a different body at %2 (limit %3 per minute): a client "
                           "reuses idempotency keys for new requests. Find it by the keys in the In flight and Audit tabs.",
                           nullptr, int(j.value))
                            .arg(scope, minuteText(j.minute), limit)
                      : tr("Mismatches in %1 are back to %2 per minute at %3 (limit %4).").arg(scope, value, minuteText(j.minute), limit);
    case AlertRule::Kind::StuckAbove:
        return raised ? tr("%n record(s) stuck in flight in %1 (limit %2): the service that claimed them has not finished. "
                           "Check it, then use Actions ▸ Mark stuck records timed out.",
                           nullptr, int(j.value))
                            .arg(scope, limit)
                      : tr("Stuck records in %1 are back to %2 (limit %3).").arg(scope, value, limit);
    case AlertRule::Kind::RoundTripAbove:
        return raised ? tr("The store took %1 ms to answer (limit %2 ms): check the store server's load and the network to it.")
                            .arg(value, limit)
                      : tr("The store answers in %1 ms again (limit %2 ms).").arg(value, limit);
    }
    return {};
}

QList<AlertTransition> AlertEvaluator::evaluate(const AlertSample &sample)
{
    QHash<QString, QHash<qint64, CounterSet>> byScope;
    for (const CounterRow &row : sample.rows)
        byScope[row.scope][row.minute] += row.counts;
    QStringList seenScopes = byScope.keys();
    std::sort(seenScopes.begin(), seenScopes.end());
    QStringList stuckScopes = sample.stuckByScope.keys();
    std::sort(stuckScopes.begin(), stuckScopes.end());

    QList<AlertTransition> changes;
    for (int index = 0; index < m_rules.size(); ++index) {
        const AlertRule &rule = m_rules.at(index);
        QStringList scopes;
        if (rule.storeWide())
            scopes << QString();
        else if (!rule.scope.isEmpty())
            scopes << rule.scope;
        else if (rule.kind == AlertRule::Kind::StuckAbove)
            scopes = stuckScopes;
        else
            scopes = seenScopes;
        // A raised alert on a scope that went quiet must still be judged to clear.
        for (const auto &entry : std::as_const(m_active)) {
            if (entry.first.first == index && !scopes.contains(entry.first.second))
                scopes << entry.first.second;
        }
        for (const QString &scope : std::as_const(scopes)) {
            const std::pair<int, QString> key{index, scope};
            const auto raised = std::find_if(m_active.begin(), m_active.end(), [&](const auto &e) { return e.first == key; });
            const Judgement j = judge(rule, scope, sample, byScope);
            if (j.unknown)
                continue;
            if (j.holds && raised != m_active.end()) {
                raised->second.lastValue = j.value;
                raised->second.lastAtMs = sample.nowMs;
            }
            if (j.holds == (raised != m_active.end()))
                continue;
            AlertTransition t;
            t.change = j.holds ? AlertTransition::Change::Raised : AlertTransition::Change::Cleared;
            t.rule = rule;
            t.scope = scope;
            t.atMs = sample.nowMs;
            t.minute = j.minute;
            t.value = j.value;
            t.message = message(rule, scope, j, j.holds);
            t.lastValue = j.value;
            t.lastAtMs = sample.nowMs;
            if (j.holds)
                m_active.append({key, t});
            else
                m_active.erase(raised);
            changes << t;
        }
    }
    return changes;
}
