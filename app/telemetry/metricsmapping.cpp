#include "app/telemetry/metricsmapping.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRegularExpression>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(MetricsMapping)
};

Error bad(const QString &message)
{
    return makeError(ErrorKind::InvalidArgument, message);
}

const QString Placeholder = QStringLiteral("{scope}");

} // namespace

MetricsMapping MetricsMapping::exporter()
{
    MetricsMapping m;
    m.name = exporterName();
    m.scopeLabel = QStringLiteral("scope");
    const auto requests = [](const char *outcome) -> QString { // a QString, not a builder of temporaries
        return QStringLiteral("idem_requests_total{scope=~\"{scope}\",outcome=\"") + QLatin1String(outcome) + QStringLiteral("\"}");
    };
    m.expressions.insert(Counter::Executed, requests("executed"));
    m.expressions.insert(Counter::Replayed, requests("replayed"));
    m.expressions.insert(Counter::InProgress, requests("in_progress"));
    m.expressions.insert(Counter::Mismatch, requests("mismatch"));
    m.expressions.insert(Counter::Released, requests("released"));
    m.expressions.insert(Counter::TimedOut, QStringLiteral("idem_records_timed_out_total{scope=~\"{scope}\"}"));
    m.expressions.insert(Counter::Reconciled, QStringLiteral("idem_records_reconciled_total{scope=~\"{scope}\"}"));
    m.expressions.insert(Counter::StoreErrors, QStringLiteral("idem_store_errors_total{scope=~\"{scope}\"}"));
    m.expressions.insert(Counter::LateFinish, QStringLiteral("idem_late_finishes_total{scope=~\"{scope}\"}"));
    return m;
}

Result<MetricsMapping> MetricsMapping::fromJson(const QJsonValue &value, const QString &origin)
{
    if (value.isString()) {
        if (value.toString() == exporterName())
            return exporter();
        return bad(Text::tr("Layout %1: \"metrics\" names no built-in mapping: use \"%2\" or an object with \"scope_label\" and "
                            "\"counters\" (README \"Counters in Prometheus\").")
                       .arg(origin, exporterName()));
    }
    if (!value.isObject())
        return bad(Text::tr("Layout %1: \"metrics\" must be a built-in mapping's name or an object (README \"Counters in Prometheus\").")
                       .arg(origin));
    const QJsonObject o = value.toObject();
    for (const QString &k : o.keys()) {
        if (k != QLatin1String("scope_label") && k != QLatin1String("counters"))
            return bad(Text::tr("Layout %1: unknown field \"%2\" in \"metrics\" (known: scope_label, counters).").arg(origin, k));
    }
    MetricsMapping m;
    m.name = origin;
    m.scopeLabel = o.value(QStringLiteral("scope_label")).toString();
    static const QRegularExpression labelName(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,127}")));
    if (!labelName.match(m.scopeLabel).hasMatch())
        return bad(Text::tr("Layout %1: \"metrics.scope_label\" must be a Prometheus label name (letters, digits and '_', not starting "
                            "with a digit), the label whose value names the scope.")
                       .arg(origin));
    if (!o.value(QStringLiteral("counters")).isObject())
        return bad(Text::tr("Layout %1: \"metrics.counters\" must be an object of counter name → PromQL expression.").arg(origin));
    const QJsonObject counters = o.value(QStringLiteral("counters")).toObject();
    for (auto it = counters.begin(); it != counters.end(); ++it) {
        const std::optional<Counter> counter = counterFromName(it.key());
        if (!counter)
            return bad(Text::tr("Layout %1: unknown counter \"%2\" in \"metrics.counters\" (known: %3).")
                           .arg(origin, it.key(), counterNames().join(QStringLiteral(", "))));
        const QString expression = it.value().toString().trimmed();
        if (expression.isEmpty() || expression.size() > 4000)
            return bad(Text::tr("Layout %1: the expression for %2 must be PromQL text of 1 to 4000 characters.").arg(origin, it.key()));
        if (!expression.contains(Placeholder))
            return bad(Text::tr("Layout %1: the expression for %2 has no {scope} placeholder: write the scope's label matcher as "
                                "%3=~\"{scope}\", so one scope can be asked for.")
                           .arg(origin, it.key(), m.scopeLabel));
        m.expressions.insert(*counter, expression);
    }
    for (Counter required : {Counter::Executed, Counter::Replayed}) {
        if (!m.maps(required))
            return bad(
                Text::tr("Layout %1: \"metrics.counters\" needs an expression for %2: the hit rate is replayed ÷ (replayed + executed).")
                    .arg(origin, counterName(required)));
    }
    return m;
}

QString MetricsMapping::scopeMatcher(const QString &scope)
{
    if (scope.isEmpty())
        return QStringLiteral(".+");
    // Go's RE2 syntax (Prometheus) refuses an escaped letter, so only its
    // metacharacters are escaped, not every non-word character.
    QString text;
    for (const QChar c : scope) {
        if (c == QLatin1Char('\\'))
            text += QStringLiteral("\\\\\\\\"); // \\ in the regex, each doubled in the string
        else if (QStringView(u".+*?()|[]{}^$").contains(c))
            text += QStringLiteral("\\\\") + c;
        else if (c == QLatin1Char('"'))
            text += QStringLiteral("\\\"");
        else
            text += c;
    }
    return text;
}

QString MetricsMapping::query(Counter counter, const QString &scope) const
{
    QString expression = expressions.value(counter);
    return expression.replace(Placeholder, scopeMatcher(scope));
}
