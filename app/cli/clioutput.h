#pragma once

#include "app/ops/operatorbatch.h"
#include "app/store/openstore.h"

#include "app/store/keptrequest.h"
#include "app/store/record.h"
#include "app/store/result.h"
#include "app/store/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonObject>

#include <memory>
#include <optional>

// Messages of idemctl, translated under the context "idemctl".
struct CliText {
    Q_DECLARE_TR_FUNCTIONS(idemctl)
};

// Exit codes shared by every idemctl command.
enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitUsage = 2 };

// "90s", "10m", "2h", "7d", "250ms" or plain seconds → milliseconds.
std::optional<qint64> parseDuration(const QString &text);
// --older-than for a command that picks records by age: a positive duration
// whose cutoff (now - age) falls after the epoch (ageCutoff, the engine's own
// rule, checked before any store is opened). Sets *olderThanMs, or returns
// the exit code of the usage error it printed.
std::optional<int> parseOlderThan(const QString &text, qint64 *olderThanMs);

// Prints to stderr and returns ExitUsage: the operator typed something wrong.
int usageError(const QString &message);
// Prints an engine error (as JSON when asked) and returns ExitFailure.
int engineError(const Error &error, bool json);

void printJson(const QJsonObject &object);
void printLine(const QString &line);

// Every field of a record; "request" is the kept request (requestToJson)
// or null when none was kept.
QJsonObject recordToJson(const Record &record, qint64 nowMs);
// A kept request: method, path, headers (an object), body (text) or
// body_base64 (not UTF-8), original_bytes, kept_bytes, truncated, redacted
// (the masked fields' paths), body_withheld.
QJsonValue requestToJson(const KeptRequest &kept);

// The common options: --store URL (or IDEM_STORE) and --json.
void addStoreOptions(QCommandLineParser &parser);
// --metrics URL and --metrics-timeout MS (stats, report): the URL options
// metrics= and metrics_timeout_ms=, so the counters come from Prometheus.
void addMetricsOptions(QCommandLineParser &parser);
// Parses a command's arguments; on error prints why and returns ExitUsage.
std::optional<int> parseCommand(QCommandLineParser &parser, const QStringList &arguments, int positionals = 0);
// The store URL given by --store, else IDEM_STORE (may be empty).
QString storeUrlText(const QCommandLineParser &parser);
// Opens the store named by --store or IDEM_STORE (none: InvalidArgument).
// Commands that only read open it read-only: the engine then refuses any write.
Result<std::unique_ptr<Store>> openStoreFromOptions(const QCommandLineParser &parser, OpenMode mode);
// The store of a command that claims keys (demo, press), opened as a
// service's guard opens it (OpenMode::Create). A store in a foreign layout
// is refused before any traffic runs: its own service owns the claims.
Result<std::unique_ptr<Store>> openTrafficStore(const QCommandLineParser &parser);
// demo, press and init write by nature: --read-only is refused with a
// message saying why (returns the usage exit code), not as an unknown option.
std::optional<int> writesRefusedReadOnly(const QCommandLineParser &parser, const QString &why);
// The mode --read-only asks for.
OpenMode openModeFromOptions(const QCommandLineParser &parser);
// The outcome of an applied sweep or reconcile plan, added to `out`: applied,
// skipped, failed, untouched, cancelled, batch_id, operator and the skipped
// and failed keys (at most `cap` of each).
void addActionReportJson(QJsonObject &out, const ActionReport &report, const OperatorIdentity &who, qsizetype cap);
// The lines after an applied batch's summary: why it stopped early (Ctrl-C,
// or the store stopped answering), its warnings, and the skipped and failed
// records (at most `cap` of each).
void printActionReportLines(const ActionReport &report, qsizetype cap);
// --operator (default: the OS user) and --reason of a command that changes
// records. Unless dryRun, a reason is required (`needReason` says so); the
// operator and a reason that is given are checked as the run checks them,
// dry run or not. Returns the usage exit code of a refusal.
std::optional<int> operatorFromOptions(const QCommandLineParser &parser, bool dryRun, const QString &needReason, OperatorIdentity *who);
