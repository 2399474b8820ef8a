#include "app/telemetry/prometheusrules.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(PrometheusRules)
};

// A YAML double-quoted scalar.
QString quoted(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    out.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

QString number(double v)
{
    return QString::number(v, 'g', 12);
}

// The per-scope increase over the last minute of a counter's expression.
// A plain selector takes a range directly; anything else as a subquery.
QString increasePerScope(const MetricsMapping &mapping, Counter counter, const QString &scope)
{
    const QString expression = mapping.query(counter, scope);
    static const QRegularExpression selector(
        QRegularExpression::anchoredPattern(QStringLiteral("\\s*[A-Za-z_:][A-Za-z0-9_:]*\\s*(\\{[^{}]*\\})?\\s*")));
    const QString range = selector.match(expression).hasMatch() ? QString(expression + QStringLiteral("[1m]"))
                                                                : QString(QLatin1Char('(') + expression + QStringLiteral(")[1m:]"));
    return QStringLiteral("sum by (%1) (increase(%2))").arg(mapping.scopeLabel, range);
}

QString alertName(AlertRule::Kind kind)
{
    switch (kind) {
    case AlertRule::Kind::HitRateAbove:
        return QStringLiteral("IdemHitRateAbove");
    case AlertRule::Kind::StuckAbove:
        return QStringLiteral("IdemStuckRecordsAbove");
    case AlertRule::Kind::MismatchAbovePerMinute:
        return QStringLiteral("IdemMismatchesAbove");
    case AlertRule::Kind::RoundTripAbove:
        return QStringLiteral("IdemStoreRoundTripAbove");
    }
    return {};
}

QString severityName(AlertRule::Severity severity)
{
    switch (severity) {
    case AlertRule::Severity::Critical:
        return QStringLiteral("critical");
    case AlertRule::Severity::Warning:
        return QStringLiteral("warning");
    case AlertRule::Severity::Notice:
        return QStringLiteral("info");
    }
    return {};
}

} // namespace

QByteArray prometheusRulesYaml(const QList<AlertRule> &rules, const MetricsMapping &mapping, QStringList *skipped)
{
    const bool exporter = mapping.name == MetricsMapping::exporterName();
    QString yaml = QStringLiteral("# The console's alert rules for Prometheus (idemctl alert-rules --format prometheus).\n"
                                  "# Mapping: %1. Check with: promtool check rules FILE\n"
                                  "groups:\n"
                                  "  - name: idem-console\n")
                       .arg(mapping.name);
    QString body;
    int written = 0;
    for (const AlertRule &rule : rules) {
        QString expr;
        QString forText = QStringLiteral("%1m").arg(rule.minutes);
        switch (rule.kind) {
        case AlertRule::Kind::HitRateAbove: {
            const QString replayed = increasePerScope(mapping, Counter::Replayed, rule.scope);
            const QString executed = increasePerScope(mapping, Counter::Executed, rule.scope);
            // No traffic is no hit rate, not 0%: the "> 0" drops those scopes.
            expr = QStringLiteral("100 * %1 / (%1 + %2 > 0) > %3").arg(replayed, executed, number(rule.threshold));
            break;
        }
        case AlertRule::Kind::MismatchAbovePerMinute:
            if (mapping.maps(Counter::Mismatch))
                expr = QStringLiteral("%1 > %2").arg(increasePerScope(mapping, Counter::Mismatch, rule.scope), number(rule.threshold));
            break;
        case AlertRule::Kind::StuckAbove:
            // Per scope, as the console judges it (a scope-less rule: every
            // scope). A PromQL string escapes as a YAML double-quoted one.
            if (exporter)
                expr = QStringLiteral("sum by (scope) (idem_stuck_records%1) > %2")
                           .arg(rule.scope.isEmpty() ? QString() : QStringLiteral("{scope=%1}").arg(quoted(rule.scope)),
                                number(rule.threshold));
            forText = QStringLiteral("1m");
            break;
        case AlertRule::Kind::RoundTripAbove:
            if (exporter)
                expr = QStringLiteral("max(idem_exporter_scrape_duration_seconds) * 1000 > %1").arg(number(rule.threshold));
            forText = QStringLiteral("1m");
            break;
        }
        if (expr.isEmpty()) {
            if (skipped)
                *skipped << rule.describe();
            continue;
        }
        ++written;
        body += QStringLiteral("      - alert: %1\n"
                               "        expr: %2\n"
                               "        for: %3\n"
                               "        labels:\n"
                               "          severity: %4\n"
                               "          idem_rule: %5\n"
                               "        annotations:\n"
                               "          summary: %6\n")
                    .arg(alertName(rule.kind), quoted(expr), forText, severityName(rule.severity()), quoted(rule.key()),
                         quoted(rule.describe()));
        if (!rule.storeWide())
            body += QStringLiteral("          description: %1\n")
                        .arg(quoted(Text::tr("Scope {{ $labels.%1 }}: {{ $value | printf \"%.1f\" }} (limit %2).")
                                        .arg(mapping.scopeLabel, number(rule.threshold))));
    }
    yaml += written == 0 ? QStringLiteral("    rules: []\n") : QString(QStringLiteral("    rules:\n") + body);
    return yaml.toUtf8();
}
