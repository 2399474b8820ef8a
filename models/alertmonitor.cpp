#include "models/alertmonitor.h"

#include "models/operatorsession.h"
#include "models/storesession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSysInfo>
#include <QTimer>

#include <algorithm>

namespace {

Q_LOGGING_CATEGORY(lcAlerts, "idem.alerts")

constexpr int MaxHistory = 500;
constexpr int MaxAuditAttempts = 3;
constexpr int AuditRetryDelayMs = 500;

} // namespace

AlertMonitor::AlertMonitor(StoreSession *session, const QList<AlertRule> &rules, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_evaluator(rules)
    , m_host(QSysInfo::machineHostName())
{
}

void AlertMonitor::setRules(const QList<AlertRule> &rules)
{
    m_evaluator.setRules(rules);
    m_since.clear();
    m_acknowledged.clear();
    emit activeChanged();
}

std::optional<double> AlertMonitor::hitRateLine() const
{
    for (const AlertRule &rule : m_evaluator.rules()) {
        if (rule.kind == AlertRule::Kind::HitRateAbove && rule.scope.isEmpty())
            return rule.threshold;
    }
    return std::nullopt;
}

void AlertMonitor::setIdentity(const QString &operatorName, const QString &host)
{
    m_operator = operatorName;
    m_host = host;
}

std::optional<double> AlertMonitor::hitRateLimit(const QString &scope) const
{
    return AlertRule::hitRateLimit(m_evaluator.rules(), scope);
}

void AlertMonitor::evaluate(const DashboardReading &reading)
{
    if (reading.toMinute < reading.readAtMs / 60000)
        return;
    AlertSample sample;
    sample.nowMs = reading.readAtMs;
    sample.rows = reading.counters;
    sample.stuck = reading.stuck;
    for (const DashboardReading::ScopeCounts &counts : reading.byScope) {
        if (counts.stuck > 0)
            sample.stuckByScope.insert(counts.scope, counts.stuck);
    }
    sample.roundTripMs = reading.roundTripMs;
    sample.noData = reading.provenance.noData;
    const QList<AlertTransition> changes = m_evaluator.evaluate(sample);
    for (const AlertTransition &t : changes) {
        const QString key = t.alertKey();
        if (t.change == AlertTransition::Change::Raised) {
            qCWarning(lcAlerts).noquote() << t.message;
            m_history << t;
            if (m_history.size() > MaxHistory)
                m_history.removeFirst();
            const auto restored = m_restored.constFind(key);
            const bool alreadyAudited = restored != m_restored.cend();
            m_since.insert(key, alreadyAudited ? restored.value() : t.atMs);
            m_restored.remove(key);
            if (alreadyAudited)
                qCInfo(lcAlerts) << "alert raised before a restart and audited then; not written again";
            else if (m_session->readOnly())
                qCInfo(lcAlerts) << "alert not written to the audit log: the store is open read-only";
            else
                writeAudit(auditEntryOf(t), 1);
            emit raised(t);
            if (!alreadyAudited && !isSnoozed(t.rule.key(), sample.nowMs))
                emit notify(t);
        } else {
            qCInfo(lcAlerts).noquote() << t.message;
            m_since.remove(key);
            m_acknowledged.remove(key); // raised again later: a new alert, loud again
            emit cleared(t);
        }
    }
    // Restored alerts that the first judgement did not raise again have
    // cleared meanwhile: a later raise is a new one.
    for (auto it = m_restored.cbegin(); it != m_restored.cend(); ++it)
        m_acknowledged.remove(it.key());
    m_restored.clear();
    const qint64 minute = sample.nowMs / 60000;
    if (!changes.isEmpty() || minute != m_lastMinute) {
        m_lastMinute = minute;
        emit activeChanged();
    }
}

QList<AlertMonitor::Shown> AlertMonitor::shown(qint64 nowMs) const
{
    QList<Shown> list;
    for (const AlertTransition &t : m_evaluator.active()) {
        if (isSnoozed(t.rule.key(), nowMs))
            continue;
        const QString key = t.alertKey();
        list << Shown{t, m_since.value(key, t.atMs), m_acknowledged.contains(key)};
    }
    // Stable: the evaluator lists them oldest first.
    std::stable_sort(list.begin(), list.end(), [](const Shown &a, const Shown &b) {
        if (a.alert.rule.severity() != b.alert.rule.severity())
            return a.alert.rule.severity() < b.alert.rule.severity();
        return a.sinceMs < b.sinceMs;
    });
    return list;
}

int AlertMonitor::snoozedCount(qint64 nowMs) const
{
    const QList<AlertTransition> active = m_evaluator.active();
    return int(std::count_if(active.cbegin(), active.cend(), [&](const AlertTransition &t) { return isSnoozed(t.rule.key(), nowMs); }));
}

QList<AlertMonitor::Shown> AlertMonitor::snoozed(qint64 nowMs) const
{
    QList<Shown> list;
    for (const AlertTransition &t : m_evaluator.active()) {
        if (!isSnoozed(t.rule.key(), nowMs))
            continue;
        const QString key = t.alertKey();
        list << Shown{t, m_since.value(key, t.atMs), m_acknowledged.contains(key), m_snoozedUntil.value(t.rule.key())};
    }
    std::stable_sort(list.begin(), list.end(), [](const Shown &a, const Shown &b) { return a.snoozedUntilMs < b.snoozedUntilMs; });
    return list;
}

bool AlertMonitor::wake(const QString &ruleKey, qint64 nowMs)
{
    if (!isSnoozed(ruleKey, nowMs))
        return false;
    m_snoozedUntil.remove(ruleKey);
    const QList<AlertRule> rules = m_evaluator.rules();
    const auto rule = std::find_if(rules.cbegin(), rules.cend(), [&](const AlertRule &r) { return r.key() == ruleKey; });
    if (rule != rules.cend() && !m_session->readOnly()) {
        const QByteArray evidence = QJsonDocument(QJsonObject{{QStringLiteral("rule"), ruleKey}}).toJson(QJsonDocument::Compact);
        writeAudit(operatorEntry(QStringLiteral("alert-woken"), rule->storeWide() ? QString() : rule->scope,
                                 tr("Snooze ended early: %1").arg(rule->describe()), evidence, nowMs),
                   1);
    }
    emit activeChanged();
    return true;
}

bool AlertMonitor::isSnoozed(const QString &ruleKey, qint64 nowMs) const
{
    return m_snoozedUntil.value(ruleKey, 0) > nowMs;
}

bool AlertMonitor::acknowledge(const QString &alertKey, qint64 nowMs)
{
    if (m_acknowledged.contains(alertKey))
        return false;
    const QList<AlertTransition> active = m_evaluator.active();
    const auto it = std::find_if(active.cbegin(), active.cend(), [&](const AlertTransition &t) { return t.alertKey() == alertKey; });
    if (it == active.cend())
        return false;
    m_acknowledged.insert(alertKey);
    if (!m_session->readOnly()) {
        const QByteArray evidence = QJsonDocument(QJsonObject{{QStringLiteral("alert"), alertKey},
                                                              {QStringLiteral("raisedAtMs"), m_since.value(alertKey, it->atMs)},
                                                              {QStringLiteral("value"), it->lastValue}})
                                        .toJson(QJsonDocument::Compact);
        writeAudit(operatorEntry(QStringLiteral("alert-acknowledged"), it->scope, tr("Acknowledged: %1").arg(it->rule.describe()), evidence,
                                 nowMs),
                   1);
    }
    emit activeChanged();
    return true;
}

bool AlertMonitor::snooze(const QString &ruleKey, qint64 durationMs, qint64 nowMs)
{
    if (durationMs <= 0) {
        if (!m_snoozedUntil.remove(ruleKey))
            return false;
        emit activeChanged();
        return true;
    }
    const QList<AlertRule> rules = m_evaluator.rules();
    const auto rule = std::find_if(rules.cbegin(), rules.cend(), [&](const AlertRule &r) { return r.key() == ruleKey; });
    if (rule == rules.cend())
        return false;
    const qint64 until = nowMs + durationMs;
    m_snoozedUntil.insert(ruleKey, until);
    if (!m_session->readOnly()) {
        const QByteArray evidence = QJsonDocument(QJsonObject{{QStringLiteral("rule"), ruleKey},
                                                              {QStringLiteral("untilMs"), until},
                                                              {QStringLiteral("minutes"), durationMs / 60000}})
                                        .toJson(QJsonDocument::Compact);
        writeAudit(operatorEntry(QStringLiteral("alert-snoozed"), rule->storeWide() ? QString() : rule->scope,
                                 tr("Snoozed for %n min: %1", nullptr, int(durationMs / 60000)).arg(rule->describe()), evidence, nowMs),
                   1);
    }
    emit activeChanged();
    return true;
}

QByteArray AlertMonitor::saveState(qint64 nowMs) const
{
    QJsonArray raised;
    for (const AlertTransition &t : m_evaluator.active()) {
        const QString key = t.alertKey();
        raised.append(QJsonObject{{QStringLiteral("alert"), key},
                                  {QStringLiteral("sinceMs"), m_since.value(key, t.atMs)},
                                  {QStringLiteral("acknowledged"), m_acknowledged.contains(key)}});
    }
    // Restored but not judged yet (no reading since the start): still as saved.
    for (auto it = m_restored.cbegin(); it != m_restored.cend(); ++it) {
        raised.append(QJsonObject{{QStringLiteral("alert"), it.key()},
                                  {QStringLiteral("sinceMs"), it.value()},
                                  {QStringLiteral("acknowledged"), m_acknowledged.contains(it.key())}});
    }
    QJsonObject snoozed;
    for (auto it = m_snoozedUntil.cbegin(); it != m_snoozedUntil.cend(); ++it) {
        if (it.value() > nowMs)
            snoozed.insert(it.key(), it.value());
    }
    return QJsonDocument(
               QJsonObject{{QStringLiteral("savedAtMs"), nowMs}, {QStringLiteral("raised"), raised}, {QStringLiteral("snoozed"), snoozed}})
        .toJson(QJsonDocument::Compact);
}

void AlertMonitor::restoreState(const QByteArray &state, qint64 nowMs)
{
    const QJsonObject o = QJsonDocument::fromJson(state).object();
    const QJsonObject snoozed = o.value(QStringLiteral("snoozed")).toObject();
    for (auto it = snoozed.constBegin(); it != snoozed.constEnd(); ++it) {
        const qint64 until = qint64(it.value().toDouble());
        if (until > nowMs)
            m_snoozedUntil.insert(it.key(), until);
    }
    const qint64 savedAt = qint64(o.value(QStringLiteral("savedAtMs")).toDouble());
    if (savedAt <= 0 || savedAt > nowMs || nowMs - savedAt > RestartWindowMs)
        return; // too old to say the alert has not cleared since
    for (const QJsonValue &value : o.value(QStringLiteral("raised")).toArray()) {
        const QJsonObject a = value.toObject();
        const QString key = a.value(QStringLiteral("alert")).toString();
        if (key.isEmpty())
            continue;
        m_restored.insert(key, qint64(a.value(QStringLiteral("sinceMs")).toDouble()));
        if (a.value(QStringLiteral("acknowledged")).toBool())
            m_acknowledged.insert(key); // dropped on the first judgement if it is not raised again
    }
}

AuditEntry AlertMonitor::operatorEntry(const QString &action, const QString &scope, const QString &reason, const QByteArray &evidence,
                                       qint64 nowMs) const
{
    AuditEntry e;
    e.scope = scope.isEmpty() ? storeWideChain() : scope;
    e.atMs = nowMs;
    e.operatorName = m_operator.isEmpty() ? OperatorSession::name() : m_operator;
    e.host = m_host;
    e.action = action;
    e.reason = reason;
    e.evidence = evidence;
    return e;
}

AuditEntry AlertMonitor::auditEntryOf(const AlertTransition &alert) const
{
    AuditEntry e;
    e.scope = alert.scope.isEmpty() ? storeWideChain() : alert.scope;
    e.atMs = alert.atMs;
    e.operatorName = m_operator.isEmpty() ? OperatorSession::name() : m_operator;
    e.host = m_host;
    e.action = QStringLiteral("alert");
    e.reason = alert.message;
    e.evidence = QJsonDocument(QJsonObject{{QStringLiteral("rule"), AlertRule::kindName(alert.rule.kind)},
                                           {QStringLiteral("ruleScope"), alert.rule.scope},
                                           {QStringLiteral("threshold"), alert.rule.threshold},
                                           {QStringLiteral("minutes"), alert.rule.minutes},
                                           {QStringLiteral("minute"), alert.minute},
                                           {QStringLiteral("value"), alert.value}})
                     .toJson(QJsonDocument::Compact);
    return e;
}

void AlertMonitor::writeAudit(const AuditEntry &entry, int attempt)
{
    m_session->request<AuditEntry>(
        this, [entry](Store &store) { return store.appendAudit(entry); },
        [this, entry, attempt](const Result<AuditEntry> &written) {
            if (!written && written.error().kind == ErrorKind::Unavailable && attempt < MaxAuditAttempts) {
                QTimer::singleShot(AuditRetryDelayMs, this, [this, entry, attempt] { writeAudit(entry, attempt + 1); });
                return;
            }
            if (!written)
                qCWarning(lcAlerts).noquote() << "alert audit entry not written:" << written.error().message;
            emit auditWritten(written.ok(), written ? QString() : written.error().message);
        });
}
