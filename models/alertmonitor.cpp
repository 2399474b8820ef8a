#include "models/alertmonitor.h"

#include "models/storesession.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSysInfo>
#include <QTimer>

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
    , m_operator(qEnvironmentVariable("USER", QStringLiteral("idem-console")))
    , m_host(QSysInfo::machineHostName())
{
}

void AlertMonitor::setRules(const QList<AlertRule> &rules)
{
    m_evaluator.setRules(rules);
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

void AlertMonitor::evaluate(const DashboardReading &reading)
{
    if (reading.toMinute < reading.readAtMs / 60000)
        return;
    AlertSample sample;
    sample.nowMs = reading.readAtMs;
    sample.rows = reading.counters;
    sample.stuck = reading.stuck;
    sample.roundTripMs = reading.roundTripMs;
    const QList<AlertTransition> changes = m_evaluator.evaluate(sample);
    for (const AlertTransition &t : changes) {
        if (t.change == AlertTransition::Change::Raised) {
            qCWarning(lcAlerts).noquote() << t.message;
            m_history << t;
            if (m_history.size() > MaxHistory)
                m_history.removeFirst();
            if (m_session->readOnly())
                qCInfo(lcAlerts) << "alert not written to the audit log: the store is open read-only";
            else
                writeAudit(auditEntryOf(t), 1);
            emit raised(t);
        } else {
            qCInfo(lcAlerts).noquote() << t.message;
            emit cleared(t);
        }
    }
    if (!changes.isEmpty())
        emit activeChanged();
}

AuditEntry AlertMonitor::auditEntryOf(const AlertTransition &alert) const
{
    AuditEntry e;
    e.scope = alert.scope.isEmpty() ? storeWideChain() : alert.scope;
    e.atMs = alert.atMs;
    e.operatorName = m_operator;
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
    m_session->request<AuditEntry>(this, [entry](Store &store) { return store.appendAudit(entry); },
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
