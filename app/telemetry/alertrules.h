#pragma once

#include "app/telemetry/counterset.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QMetaType>
#include <QSet>
#include <QString>

#include <optional>

// DESIGN.md "Counters and alerts": a rule an operator sets on the counters.
// Per-minute kinds (hit rate, mismatches) are judged per scope on complete
// minutes; stuck records and the store round trip are store-wide readings,
// so a scope on those rules is ignored.
struct AlertRule {
    enum class Kind {
        HitRateAbove, // threshold: percent; minutes: consecutive complete minutes
        StuckAbove, // threshold: records in flight past their timeout
        MismatchAbovePerMinute, // threshold: 422s in one minute; minutes: consecutive minutes
        RoundTripAbove, // threshold: ms for one dashboard read
    };

    // The Java article: callbacks replay ~5% normally, ~30% means trouble.
    static constexpr double DefaultHitRatePercent = 30;
    static constexpr int DefaultHitRateMinutes = 3;
    static constexpr int MaxMinutes = 60;

    QString scope; // empty: every scope, each judged on its own
    Kind kind = Kind::HitRateAbove;
    double threshold = DefaultHitRatePercent;
    int minutes = DefaultHitRateMinutes; // per-minute kinds only; 1..MaxMinutes

    // How loud its alert is: the alert list shows the most severe first.
    // Critical: the articles' alarm (hit rate: clients retry far more than
    // usual); Warning: records need an operator (stuck, mismatches); Notice:
    // the store is slow.
    enum class Severity { Critical, Warning, Notice };
    static Severity severityOf(Kind kind);
    Severity severity() const { return severityOf(kind); }
    static QString severityLabel(Severity severity); // translated

    // The store's round trip is one reading for the whole store; stuck
    // records are counted per scope (a scope-less rule judges every scope
    // against its limit, as the counters are), like the per-minute rules.
    bool storeWide() const { return kind == Kind::RoundTripAbove; }
    // Judged over `minutes` whole minutes of counters (the others on each reading).
    bool perMinute() const { return kind == Kind::HitRateAbove || kind == Kind::MismatchAbovePerMinute; }
    bool operator==(const AlertRule &) const = default;

    // Hit rate first; mismatches sustained over a few a minute, more than a
    // few stuck records, a store that takes seconds: what is worth an
    // operator's look during a sale, not every single 422 or stuck record.
    static QList<AlertRule> defaults();
    // The hit-rate limit (percent) that applies to one scope: its own rule,
    // else the first rule for every scope; nullopt when no rule watches it.
    static std::optional<double> hitRateLimit(const QList<AlertRule> &rules, const QString &scope);
    // Identifies the rule (kind, scope, threshold, minutes) in saved state
    // and audit evidence: "hitRateAbove|callback|30|3".
    QString key() const;
    static QString kindName(Kind kind); // JSON name: "hitRateAbove", …
    static std::optional<Kind> kindFromName(const QString &name);
    static QString kindLabel(Kind kind); // translated, for the rules dialog
    QString describe() const; // translated: "hit rate above 30% for 3 min in every scope"
};

// JSON array of rules; entries with an unknown kind or a non-finite
// threshold are skipped, minutes are clamped to 1..MaxMinutes.
QByteArray alertRulesToJson(const QList<AlertRule> &rules);
QList<AlertRule> alertRulesFromJson(const QByteArray &json, bool *ok = nullptr);

// What the evaluator is given on each poll. minute rows may cover any range
// and any scopes; minutes at or after nowMs's minute are not complete and
// are not judged.
struct AlertSample {
    qint64 nowMs = 0;
    QList<CounterRow> rows;
    std::optional<qint64> stuck; // store-wide
    QHash<QString, qint64> stuckByScope; // the scopes with stuck records (DashboardReading::byScope)
    std::optional<qint64> roundTripMs;
    // Minutes whose counters are unknown (a Prometheus gap): scope → minutes,
    // the empty scope for every scope. A per-minute rule whose window holds
    // one is not judged: its alert neither rises nor clears on missing data.
    QHash<QString, QSet<qint64>> noData;
};

struct AlertTransition {
    enum class Change { Raised, Cleared };
    Change change = Change::Raised;
    AlertRule rule;
    QString scope; // the scope it is about; empty for store-wide rules
    qint64 atMs = 0; // the sample's time
    qint64 minute = 0; // epoch minute judged (per-minute kinds); nowMs's minute otherwise
    double value = 0; // percent, count or ms
    QString message; // for an operator: what, where, and what to look at
    // While raised, the evaluator updates these on every sample (Raised only):
    // the value now and when it was judged, for text that does not freeze.
    double lastValue = 0;
    qint64 lastAtMs = 0;
    // The alert's identity: rule key and scope ("hitRateAbove|…@callback").
    QString alertKey() const { return rule.key() + QLatin1Char('@') + scope; }
};

Q_DECLARE_METATYPE(AlertTransition)

// Keeps which alerts are raised and reports the changes; pure: no clock, no
// I/O, the same samples give the same transitions. An alert is raised once
// and stays raised (no repeat) until its condition no longer holds.
class AlertEvaluator final {
    Q_DECLARE_TR_FUNCTIONS(AlertEvaluator)
public:
    explicit AlertEvaluator(QList<AlertRule> rules = AlertRule::defaults());

    QList<AlertRule> rules() const { return m_rules; }
    // Replaces the rules and forgets every raised alert (no Cleared is reported).
    void setRules(const QList<AlertRule> &rules);

    QList<AlertTransition> evaluate(const AlertSample &sample);
    // The Raised transition of every alert still raised, oldest first, with
    // lastValue / lastAtMs of the newest sample.
    QList<AlertTransition> active() const;

private:
    struct Judgement {
        bool unknown = false; // the window has a minute without data
        bool holds = false;
        double value = 0;
        qint64 minute = 0;
    };
    Judgement judge(const AlertRule &rule, const QString &scope, const AlertSample &sample,
                    const QHash<QString, QHash<qint64, CounterSet>> &byScope) const;
    QString message(const AlertRule &rule, const QString &scope, const Judgement &j, bool raised) const;

    QList<AlertRule> m_rules;
    // (rule index, scope) → its Raised transition.
    QList<std::pair<std::pair<int, QString>, AlertTransition>> m_active;
};
