#include "app/cli/alertrulescommand.h"

#include "app/cli/clioutput.h"
#include "app/store/layout.h"
#include "app/telemetry/prometheusrules.h"

#include <QFile>
#include <QSaveFile>
#include <QSettings>
#include <QTextStream>

namespace {

// The rules the console uses: --rules FILE, else the console's own settings
// (where its Alert rules dialog keeps them), else the defaults.
Result<QList<AlertRule>> rulesFromOptions(const QCommandLineParser &parser, QString *origin)
{
    if (parser.isSet(QStringLiteral("rules"))) {
        const QString path = parser.value(QStringLiteral("rules"));
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return makeError(ErrorKind::InvalidArgument, CliText::tr("cannot read the rules file %1: %2").arg(path, file.errorString()));
        bool ok = false;
        const QList<AlertRule> rules = alertRulesFromJson(file.read(1024 * 1024), &ok);
        if (!ok)
            return makeError(ErrorKind::InvalidArgument,
                             CliText::tr("%1 is not a JSON array of alert rules (as the console keeps them: "
                                         "[{\"kind\": \"hitRateAbove\", \"scope\": \"\", \"threshold\": 30, \"minutes\": 3}]).")
                                 .arg(path));
        *origin = path;
        return rules;
    }
    // The console's QSettings: no organisation, application idem-console.
    const QSettings console(QString(), QStringLiteral("idem-console"));
    const QString saved = console.value(QStringLiteral("alertRules/rules")).toString();
    bool ok = false;
    const QList<AlertRule> rules = alertRulesFromJson(saved.toUtf8(), &ok);
    if (!saved.isEmpty() && ok) {
        *origin = console.fileName();
        return rules;
    }
    *origin = CliText::tr("the defaults");
    return AlertRule::defaults();
}

} // namespace

// Options → rules and mapping → YAML → stdout or --output.
int runAlertRulesCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("Writes the console's alert rules (hit-rate ceiling, mismatches, stuck records, store round trip) as a Prometheus "
                    "rules file, so the same thresholds page through Alertmanager when no console is open. "
                    "Check it with promtool check rules FILE."));
    parser.addOption({QStringLiteral("format"), CliText::tr("Output format: prometheus (the only one)."), QStringLiteral("format")});
    parser.addOption({QStringLiteral("rules"),
                      CliText::tr("The rules as JSON (the console's format); default: the console's saved rules, "
                                  "else its defaults."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("layout"),
                      CliText::tr("A layout file whose \"metrics\" section names the counters (default: the "
                                  "idemctl exporter's metrics)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("output"), CliText::tr("Write to this file instead of standard output."), QStringLiteral("file")});
    parser.addHelpOption();
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    if (parser.value(QStringLiteral("format")) != QLatin1String("prometheus"))
        return usageError(CliText::tr("alert-rules needs --format prometheus."));
    MetricsMapping mapping = MetricsMapping::exporter();
    if (parser.isSet(QStringLiteral("layout"))) {
        const Result<Layout> layout = Layout::resolve(parser.value(QStringLiteral("layout")));
        if (!layout)
            return usageError(layout.error().message);
        if (!layout->metrics)
            return usageError(CliText::tr("the layout %1 has no \"metrics\" section: without one, leave --layout out (the exporter's "
                                          "metrics).")
                                  .arg(parser.value(QStringLiteral("layout"))));
        mapping = *layout->metrics;
    }
    QString origin;
    const Result<QList<AlertRule>> rules = rulesFromOptions(parser, &origin);
    if (!rules)
        return usageError(rules.error().message);
    QStringList skipped;
    const QByteArray yaml = prometheusRulesYaml(rules.value(), mapping, &skipped);
    for (const QString &rule : skipped)
        QTextStream(stderr) << CliText::tr("idemctl: left out (the mapping %1 cannot express it): %2").arg(mapping.name, rule) << '\n';
    if (!parser.isSet(QStringLiteral("output"))) {
        QTextStream out(stdout);
        out << QString::fromUtf8(yaml);
        return ExitOk;
    }
    QSaveFile file(parser.value(QStringLiteral("output")));
    if (!file.open(QIODevice::WriteOnly) || file.write(yaml) != yaml.size() || !file.commit())
        return engineError(makeError(ErrorKind::Unavailable, CliText::tr("cannot write %1: %2").arg(file.fileName(), file.errorString())),
                           false);
    QTextStream(stderr) << CliText::tr("idemctl: %n rule(s) from %1 written to %2.", nullptr, int(rules->size() - skipped.size()))
                               .arg(origin, file.fileName())
                        << '\n';
    return ExitOk;
}
