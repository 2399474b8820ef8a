#include "app/cli/reportcommand.h"

#include "app/cli/clioutput.h"
#include "app/ops/reportfile.h"

#include <QDateTime>
#include <QGuiApplication>
#include <QRegularExpression>

#include <optional>
#include <variant>

namespace {

// ISO 8601 date-time (an offset or Z, else local time as ISO says), or a bare date (its midnight).
std::optional<qint64> parseIso(const QString &text)
{
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    // A bare date only when the text is one: QDate's ISO parser reads the
    // first ten characters and ignores the rest, so "2026-02-01T25:00:00Z"
    // became midnight.
    static const QRegularExpression bareDate(QRegularExpression::anchoredPattern(QStringLiteral("[0-9]{4}-[0-9]{2}-[0-9]{2}")));
    if (!t.isValid() && bareDate.match(text).hasMatch()) {
        const QDate date = QDate::fromString(text, Qt::ISODate);
        if (date.isValid())
            t = date.startOfDay();
    }
    if (!t.isValid())
        return std::nullopt;
    return t.toMSecsSinceEpoch();
}

void addReportOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        CliText::tr("Writes a report of a time range: per-scope totals (executed, replayed, hit rate, anomalies, stuck "
                    "records now), the per-minute series, the operator actions from the audit log and the audit "
                    "chain's verdict, as PDF, CSV or JSON."));
    addStoreOptions(parser);
    addMetricsOptions(parser);
    parser.addOption(
        {QStringLiteral("from"), CliText::tr("Start of the range, ISO 8601 (e.g. 2026-11-30T08:00:00Z)."), QStringLiteral("time")});
    parser.addOption({QStringLiteral("to"), CliText::tr("End of the range, ISO 8601 (inclusive)."), QStringLiteral("time")});
    parser.addOption(
        {QStringLiteral("scope"), CliText::tr("Only this scope (repeatable; default: every scope)."), QStringLiteral("scope")});
    parser.addOption({QStringLiteral("format"), CliText::tr("pdf, csv or json."), QStringLiteral("format")});
    parser.addOption({QStringLiteral("out"), CliText::tr("The file to write."), QStringLiteral("file")});
    parser.addOption({QStringLiteral("operator"), CliText::tr("Who the report is for (default: the OS user)."), QStringLiteral("name")});
}

// What the options ask for, checked: the range, format, file and operator.
struct ReportJob {
    ReportRequest request;
    QString format; // pdf, csv, json as typed (lower case)
    ReportFormat as = ReportFormat::Json;
    QString out;
};

// The job, or the exit code of the usage error it printed.
std::variant<ReportJob, int> reportJobFromOptions(const QCommandLineParser &parser)
{
    const std::optional<qint64> from = parseIso(parser.value(QStringLiteral("from")));
    if (!from)
        return usageError(
            CliText::tr("--from takes an ISO 8601 time such as 2026-11-30T08:00:00Z, not '%1'.").arg(parser.value(QStringLiteral("from"))));
    const std::optional<qint64> to = parseIso(parser.value(QStringLiteral("to")));
    if (!to)
        return usageError(
            CliText::tr("--to takes an ISO 8601 time such as 2026-11-30T09:00:00Z, not '%1'.").arg(parser.value(QStringLiteral("to"))));
    if (*to < *from)
        return usageError(CliText::tr("--to must not be before --from."));
    ReportJob job;
    job.format = parser.value(QStringLiteral("format")).toLower();
    if (job.format != QLatin1String("pdf") && job.format != QLatin1String("csv") && job.format != QLatin1String("json"))
        return usageError(CliText::tr("--format must be pdf, csv or json, not '%1'.").arg(parser.value(QStringLiteral("format"))));
    job.as = job.format == QLatin1String("pdf")   ? ReportFormat::Pdf
             : job.format == QLatin1String("csv") ? ReportFormat::Csv
                                                  : ReportFormat::Json;
    job.out = parser.value(QStringLiteral("out"));
    if (job.out.isEmpty())
        return usageError(CliText::tr("--out FILE is required."));
    if (job.as == ReportFormat::Pdf && !qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return engineError(makeError(ErrorKind::Internal, CliText::tr("A PDF report needs a QGuiApplication.")), false);

    job.request.fromMs = *from;
    job.request.toMs = *to;
    job.request.scopes = parser.values(QStringLiteral("scope"));
    job.request.operatorName = parser.isSet(QStringLiteral("operator")) ? parser.value(QStringLiteral("operator")).trimmed()
                                                                        : OperatorIdentity::defaultOperatorName();
    if (job.request.operatorName.isEmpty())
        return usageError(CliText::tr("--operator must not be empty."));
    job.request.nowMs = QDateTime::currentMSecsSinceEpoch();
    return job;
}

void printSummary(const ReportJob &job, const ReportSummary &summary, bool json)
{
    if (json) {
        printJson(QJsonObject{{QStringLiteral("out"), job.out},
                              {QStringLiteral("format"), job.format},
                              {QStringLiteral("scopes"), summary.scopes},
                              {QStringLiteral("executed"), summary.executed},
                              {QStringLiteral("replayed"), summary.replayed},
                              {QStringLiteral("actions"), summary.actions},
                              {QStringLiteral("operator_actions"), summary.operatorActions},
                              {QStringLiteral("alert_entries"), summary.alertEntries},
                              {QStringLiteral("audit_ok"), summary.auditOk}});
        return;
    }
    printLine(CliText::tr("Report written to %1: %2 scope(s), %3 executed, %4 replayed, %5 operator action(s), %6 alert "
                          "handling entries, audit log %7.")
                  .arg(job.out)
                  .arg(summary.scopes)
                  .arg(summary.executed)
                  .arg(summary.replayed)
                  .arg(summary.operatorActions)
                  .arg(summary.alertEntries)
                  .arg(summary.auditOk ? CliText::tr("intact") : CliText::tr("BROKEN")));
}

} // namespace

// Options → job → export → summary.
int runReportCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addReportOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    std::variant<ReportJob, int> checked = reportJobFromOptions(parser);
    if (const int *exit = std::get_if<int>(&checked))
        return *exit;
    const ReportJob &job = std::get<ReportJob>(checked);

    const bool json = parser.isSet(QStringLiteral("json"));
    // A report only reads.
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);
    // Without a cancel flag the export runs to the end: it is never cancelled.
    const Result<ReportSummary> exported = exportReport(*opened.value(), job.request, job.as, job.out);
    if (!exported)
        return engineError(exported.error(), json);
    printSummary(job, exported.value(), json);
    return ExitOk;
}
