#pragma once

#include "models/dashboardreading.h"

#include "app/telemetry/alertrules.h"

#include <QList>
#include <QObject>

class StoreSession;
struct AuditEntry;

// Runs the alert rules on each reading the dashboard already made (no store
// read of its own) and, on every raise, appends an "alert" audit entry
// through the session's worker thread. A read-only session refuses audit
// writes, so they are skipped there (logged, not shown as an error).
class AlertMonitor final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertMonitor)
public:
    // The audit chain of alerts that are about no one scope (stuck, round trip).
    static QString storeWideChain() { return QStringLiteral("_store"); }

    AlertMonitor(StoreSession *session, const QList<AlertRule> &rules, QObject *parent = nullptr);

    void setRules(const QList<AlertRule> &rules); // forgets raised alerts
    QList<AlertRule> rules() const { return m_evaluator.rules(); }
    // The percent of the first hit-rate rule for every scope (the dashboard's
    // threshold line); nullopt when there is none.
    std::optional<double> hitRateLine() const;
    // Who the audit entries name; defaults to $USER (or "idem-console") on this host.
    void setIdentity(const QString &operatorName, const QString &host);

    QList<AlertTransition> active() const { return m_evaluator.active(); }
    // Every Raised transition this session, oldest first (chart markers).
    QList<AlertTransition> raisedHistory() const { return m_history; }

    // Judges a reading. Readings that end before the current minute (a
    // custom range in the past) are history, not the present: skipped.
    void evaluate(const DashboardReading &reading);

signals:
    void raised(const AlertTransition &alert);
    void cleared(const AlertTransition &alert);
    void activeChanged();
    // After each audit write attempt; ok false with the store's message.
    void auditWritten(bool ok, const QString &message);

private:
    // A busy store (SQLite under load) is tried again, up to MaxAuditAttempts.
    void writeAudit(const AuditEntry &entry, int attempt);
    AuditEntry auditEntryOf(const AlertTransition &alert) const;

    StoreSession *m_session;
    AlertEvaluator m_evaluator;
    QList<AlertTransition> m_history;
    QString m_operator;
    QString m_host;
};
