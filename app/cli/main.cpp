// idemctl: the headless twin of idem-console.
#include "app/cli/alertrulescommand.h"
#include "app/cli/auditcommand.h"
#include "app/cli/exportercommand.h"
#include "app/cli/democommand.h"
#include "app/cli/initcommand.h"
#include "app/cli/presscommand.h"
#include "app/cli/proposalscommand.h"
#include "app/cli/querycommands.h"
#include "app/cli/reconcilecommand.h"
#include "app/cli/recordscommand.h"
#include "app/cli/reportcommand.h"
#include "app/cli/sweepcommand.h"
#include "app/cli/clioutput.h"
#include "app/store/qpsqlwarnings.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTextStream>

#include <functional>
#include <memory>

int main(int argc, char *argv[])
{
    // A PDF report lays text out with Qt Gui's fonts: `report` runs on an
    // offscreen QGuiApplication (it never shows a window); the rest need no Gui.
    const bool report = argc > 1 && qstrcmp(argv[1], "report") == 0;
    if (report)
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const std::unique_ptr<QCoreApplication> app =
        report ? std::make_unique<QGuiApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("idemctl"));
    QCoreApplication::setApplicationVersion(QStringLiteral(IDEM_VERSION));
    dropAbortedTransactionFreeWarnings();

    const QList<QPair<QString, std::function<int(const QStringList &)>>> commands = {
        {QStringLiteral("demo"), runDemoCommand},           {QStringLiteral("press"), runPressCommand},
        {QStringLiteral("stats"), runStatsCommand},         {QStringLiteral("inflight"), runInFlightCommand},
        {QStringLiteral("records"), runRecordsCommand},     {QStringLiteral("get"), runGetCommand},
        {QStringLiteral("sweep"), runSweepCommand},         {QStringLiteral("reconcile"), runReconcileCommand},
        {QStringLiteral("audit"), runAuditCommand},         {QStringLiteral("report"), runReportCommand},
        {QStringLiteral("init"), runInitCommand},           {QStringLiteral("whoami"), runWhoamiCommand},
        {QStringLiteral("proposals"), runProposalsCommand}, {QStringLiteral("approve"), runApproveCommand},
        {QStringLiteral("reject"), runRejectCommand},       {QStringLiteral("apply"), runApplyCommand},
        {QStringLiteral("exporter"), runExporterCommand},   {QStringLiteral("alert-rules"), runAlertRulesCommand},
    };

    QStringList args = QCoreApplication::arguments();
    const QString first = args.value(1);
    if (first.isEmpty() || first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
        QTextStream(stdout) << QCoreApplication::translate(
            "idemctl", "Usage: idemctl COMMAND [options]\n"
                       "The headless twin of idem-console.\n\n"
                       "Commands:\n"
                       "  demo      drive simulated sales traffic and print live counters\n"
                       "  press     press test: concurrent requests on few keys, exactly once?\n"
                       "  stats     counters per scope, records by state, stuck records\n"
                       "  inflight  list in-flight records, oldest first\n"
                       "  records   find records in any state (completed, timed out) by key or business number\n"
                       "  get       show one record\n"
                       "  sweep     mark in-flight records older than a threshold timed out (audited)\n"
                       "  reconcile complete or release stuck records against an order table (audited)\n"
                       "  audit     verify the audit log's hash chains, or list its entries\n"
                       "  report    a report of a time range as PDF, CSV or JSON\n"
                       "  init      create an empty store (reading commands never create one); --roles: viewer, operator, approver\n"
                       "  whoami    who the server says you are, your role, the four-eyes policy\n"
                       "  proposals actions held for a second identity (four eyes)\n"
                       "  approve   approve a proposal (not its proposer)\n"
                       "  reject    reject a proposal, with a reason\n"
                       "  apply     apply an approved proposal (records changed since are skipped)\n"
                       "  exporter  serve the store's counters to Prometheus (/metrics)\n"
                       "  alert-rules  the console's alert rules as a Prometheus rules file\n\n"
                       "Every store command takes --store URL (or $IDEM_STORE), --json and --help;\n"
                       "stats and report take --metrics URL to read the counters from Prometheus.\n");
        return first.isEmpty() ? ExitUsage : ExitOk;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        QTextStream(stdout) << "idemctl " << QCoreApplication::applicationVersion() << '\n';
        return ExitOk;
    }
    for (const auto &[name, run] : commands) {
        if (name == first) {
            args.removeAt(1);
            args[0] = QStringLiteral("idemctl ") + name;
            return run(args);
        }
    }
    return usageError(QCoreApplication::translate("idemctl", "unknown command '%1'.").arg(first));
}
