#include "app/cli/actioncommand.h"

#include "app/cli/clioutput.h"
#include "app/store/visibletext.h"

#include <QJsonArray>

#include <QTextStream>

#include <atomic>
#include <csignal>

namespace {

// A signal handler may only touch a lock-free atomic.
std::atomic_bool g_cancel{false};

} // namespace

std::optional<int> startActionCommand(const QCommandLineParser &parser, const QString &needReason, ActionCommand *command)
{
    command->dryRun = parser.isSet(QStringLiteral("dry-run"));
    if (std::optional<int> exit = operatorFromOptions(parser, command->dryRun, needReason, &command->who))
        return exit;
    command->json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, openModeFromOptions(parser));
    if (!opened)
        return engineError(opened.error(), command->json);
    command->store = std::move(opened.value());
    // A dry run opens read-only, but refuses what its run would refuse.
    if (std::optional<Error> refusal = command->store->actionRefusal())
        return engineError(*refusal, command->json);
    return std::nullopt;
}

ActionControl cancelOnInterrupt()
{
    std::signal(SIGINT, [](int) { g_cancel = true; });
    std::signal(SIGTERM, [](int) { g_cancel = true; });
    ActionControl control;
    control.cancel = &g_cancel;
    return control;
}

int interrupted(const QString &message, bool json)
{
    if (json)
        printJson(QJsonObject{{QStringLiteral("error"), QStringLiteral("cancelled")}, {QStringLiteral("message"), message}});
    QTextStream(stderr) << CliText::tr("idemctl: %1").arg(message) << '\n';
    return ExitFailure;
}

void addNothingAppliedJson(QJsonObject &out)
{
    out.insert(QStringLiteral("applied"), 0);
    out.insert(QStringLiteral("skipped"), 0);
    out.insert(QStringLiteral("failed"), 0);
    out.insert(QStringLiteral("batch_id"), QJsonValue());
}

std::optional<int> reportProposed(QJsonObject &out, const ActionReport &report, bool json)
{
    if (report.proposed.isEmpty())
        return std::nullopt;
    QJsonArray proposed;
    for (const ActionReport::Proposed &p : report.proposed) {
        proposed.append(QJsonObject{{QStringLiteral("id"), p.id},
                                    {QStringLiteral("scope"), p.scope},
                                    {QStringLiteral("records"), p.records},
                                    {QStringLiteral("threshold"), p.threshold},
                                    {QStringLiteral("expires_at_ms"), p.expiresAtMs}});
        if (!json)
            printLine(CliText::tr("Scope %1: %2 record(s), more than its four-eyes threshold of %3: not applied, proposed as %4. "
                                  "A second identity approves it (idemctl approve %4), then idemctl apply %4.")
                          .arg(visibleText(p.scope))
                          .arg(p.records)
                          .arg(p.threshold)
                          .arg(p.id));
    }
    out.insert(QStringLiteral("proposals"), proposed);
    if (report.matched > 0)
        return std::nullopt;
    if (json) {
        addNothingAppliedJson(out);
        printJson(out);
    }
    return ExitOk;
}
