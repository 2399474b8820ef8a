#pragma once

#include "app/ops/operatorbatch.h"
#include "app/store/store.h"

#include <QCommandLineParser>
#include <QJsonObject>

#include <memory>
#include <optional>

// The start shared by the commands that change records (sweep, reconcile):
// who acts and why, --dry-run, --json, and the store they act on.
struct ActionCommand {
    OperatorIdentity who;
    bool dryRun = false;
    bool json = false;
    std::unique_ptr<Store> store; // read-only for a dry run or --read-only
};

// Reads --dry-run, --json, --operator and --reason (unless a dry run, a
// reason is required: `needReason` says so), then opens the store. Returns
// the exit code of the error it printed, or nullopt with *command filled.
std::optional<int> startActionCommand(const QCommandLineParser &parser, const QString &needReason, ActionCommand *command);

// From this call on, Ctrl-C and SIGTERM set the returned control's cancel
// flag instead of killing the process: the action stops between records and
// still reports (and audits) what it did.
ActionControl cancelOnInterrupt();

// A preview or plan that was interrupted: prints `message` (as JSON too when
// asked) and returns ExitFailure. Nothing has changed at that point.
int interrupted(const QString &message, bool json);

// A dry run's outcome in the same keys an applied action reports: applied,
// skipped and failed 0, batch_id null.
void addNothingAppliedJson(QJsonObject &out);

// What four eyes held back (ActionReport::proposed): a line per proposal
// naming the next steps, and "proposals" in `out`. When every record was
// proposed and none applied, finishes the output (nothing applied; printed
// when json) and returns the exit code; otherwise nullopt: the caller
// reports what was applied.
std::optional<int> reportProposed(QJsonObject &out, const ActionReport &report, bool json);
