#pragma once

#include "models/dashboardreading.h"

#include "app/telemetry/alertrules.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>

class StoreSession;
struct AuditEntry;

// Runs the alert rules on each reading the dashboard already made (no store
// read of its own) and, on every raise, appends an "alert" audit entry
// through the session's worker thread. A read-only session refuses audit
// writes, so they are skipped there (logged, not shown as an error).
//
// An operator can acknowledge a raised alert (it stays listed, marked, and
// quiet until it clears and is raised again) or snooze a rule (its alerts are
// hidden and raise no notification until the snooze ends). Each of those is
// one audit entry ("alert-acknowledged", "alert-snoozed").
//
// What survives a restart is saveState()/restoreState(), kept by the caller
// (MainWindow keeps it in AppSettings per store). It is kept there, not read
// back from the audit log, because the log cannot tell whether an alert
// cleared while the console was closed: it holds raises, not clears. The
// saved state says which alerts were raised and audited when the console
// last looked; an alert raised again within RestartWindowMs of that is the
// same alert (its first raise time kept), so a restart writes no second
// entry. Older state is not trusted for that (the alert may have cleared
// and come back meanwhile: that is a new alert and audited).
class AlertMonitor final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertMonitor)
public:
    // The audit chain of alerts that are about no one scope (stuck, round trip).
    static QString storeWideChain() { return QStringLiteral("_store"); }
    static constexpr qint64 RestartWindowMs = 15 * 60 * 1000;

    // A raised alert as the alert list shows it.
    struct Shown {
        AlertTransition alert; // the Raised transition; lastValue/lastAtMs are the newest sample
        qint64 sinceMs = 0; // first raised (across a restart, see above)
        bool acknowledged = false;
        qint64 snoozedUntilMs = 0; // snoozed(): when its rule's snooze ends
    };

    AlertMonitor(StoreSession *session, const QList<AlertRule> &rules, QObject *parent = nullptr);

    void setRules(const QList<AlertRule> &rules); // forgets raised alerts
    QList<AlertRule> rules() const { return m_evaluator.rules(); }
    // The percent of the first hit-rate rule for every scope (the dashboard's
    // threshold line); nullopt when there is none.
    std::optional<double> hitRateLine() const;
    // The hit-rate limit that applies to one scope: its own rule, else the
    // rule for every scope; nullopt when no rule watches it.
    std::optional<double> hitRateLimit(const QString &scope) const;
    // Who the audit entries name; defaults to $USER (or "idem-console") on this host.
    void setIdentity(const QString &operatorName, const QString &host);

    QList<AlertTransition> active() const { return m_evaluator.active(); }
    // The raised alerts that are not snoozed at nowMs: the most severe first,
    // then the oldest.
    QList<Shown> shown(qint64 nowMs) const;
    // How many raised alerts a snooze hides at nowMs.
    int snoozedCount(qint64 nowMs) const;
    // Those raised alerts, with when each snooze ends, soonest first.
    QList<Shown> snoozed(qint64 nowMs) const;
    // Every Raised transition this session, oldest first (chart markers, the
    // scope table's last alert).
    QList<AlertTransition> raisedHistory() const { return m_history; }

    // Judges a reading. Readings that end before the current minute (a
    // custom range in the past) are history, not the present: skipped.
    void evaluate(const DashboardReading &reading);

    // Marks a raised alert (AlertTransition::alertKey) acknowledged and
    // audits that once; false when it is not raised or already acknowledged.
    bool acknowledge(const QString &alertKey, qint64 nowMs);
    // Hides the alerts of a rule (AlertRule::key) until nowMs + durationMs and
    // audits that once; a snooze of zero ends one early (not audited).
    bool snooze(const QString &ruleKey, qint64 durationMs, qint64 nowMs);
    // Ends a rule's snooze now, an operator's decision, audited
    // ("alert-woken"); false when the rule is not snoozed.
    bool wake(const QString &ruleKey, qint64 nowMs);
    bool isSnoozed(const QString &ruleKey, qint64 nowMs) const;

    // The state that outlives a restart (see the class comment), JSON.
    QByteArray saveState(qint64 nowMs) const;
    void restoreState(const QByteArray &state, qint64 nowMs);

signals:
    // raised: every raise; notify: a raise an operator should be told of
    // (not snoozed).
    void raised(const AlertTransition &alert);
    void notify(const AlertTransition &alert);
    void cleared(const AlertTransition &alert);
    // Raised, cleared, acknowledged or snoozed; also each new minute, so a
    // saved state stays fresh.
    void activeChanged();
    // After each audit write attempt; ok false with the store's message.
    void auditWritten(bool ok, const QString &message);

private:
    // A busy store (SQLite under load) is tried again, up to MaxAuditAttempts.
    void writeAudit(const AuditEntry &entry, int attempt);
    AuditEntry auditEntryOf(const AlertTransition &alert) const;
    AuditEntry operatorEntry(const QString &action, const QString &scope, const QString &reason, const QByteArray &evidence,
                             qint64 nowMs) const;

    StoreSession *m_session;
    AlertEvaluator m_evaluator;
    QList<AlertTransition> m_history;
    QString m_operator; // empty: the session's operator (OperatorSession), who acknowledges and snoozes
    QString m_host;
    QHash<QString, qint64> m_since; // alertKey → first raised, while raised
    QHash<QString, qint64> m_restored; // alertKey → first raised, from a recent saved state
    QSet<QString> m_acknowledged; // alertKeys, while raised
    QHash<QString, qint64> m_snoozedUntil; // ruleKey → ms
    qint64 m_lastMinute = 0;
};
