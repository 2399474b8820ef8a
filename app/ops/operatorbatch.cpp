#include "app/ops/operatorbatch.h"

#include "app/store/readonlystore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QRandomGenerator>
#include <QSysInfo>

#include <pwd.h>
#include <unistd.h>

namespace {
// Messages of this file, in the "OperatorBatch" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(OperatorBatch)
};

// `allowed`: control characters the text may hold (a reason's line breaks and tabs).
bool hasControlCharacters(const QString &text, QStringView allowed = {})
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control && !allowed.contains(c))
            return true;
    }
    return false;
}
} // namespace

QString OperatorIdentity::defaultOperatorName()
{
    const QString fromEnv = qEnvironmentVariable("USER").trimmed();
    if (!fromEnv.isEmpty())
        return fromEnv;
    if (const passwd *account = getpwuid(getuid()); account && account->pw_name)
        return QString::fromLocal8Bit(account->pw_name);
    return QString();
}

QString OperatorIdentity::defaultHost()
{
    return QSysInfo::machineHostName();
}

Result<void> OperatorIdentity::validate() const
{
    const QString name = operatorName.trimmed();
    const QString why = reason.trimmed();
    if (name.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("An operator name is required: who is taking this action?"));
    if (name.size() > 100 || hasControlCharacters(name))
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The operator name must be at most 100 characters, without control characters."));
    if (why.isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("A reason is required: it is written to the audit log with every record changed."));
    if (why.size() > 2000)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The reason must be at most 2000 characters."));
    // Written to the audit log and printed by audit list: an escape sequence
    // there would reach the next operator's terminal.
    if (hasControlCharacters(why, u"\n\t"))
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The reason may not contain control characters (only line breaks and tabs): write it as plain text."));
    if (host.size() > 255 || hasControlCharacters(host))
        return makeError(ErrorKind::InvalidArgument, Text::tr("The host name must be at most 255 characters."));
    return {};
}

ActionTarget ActionTarget::of(const Record &record, std::optional<qint64> startedBeforeMs)
{
    return ActionTarget{record.scope, record.key,      record.lease,    record.state,     record.updatedAt, record.owner,
                        record.bizNo, record.attempts, startedBeforeMs, record.createdAt, record.request};
}

Result<qint64> ageCutoff(qint64 nowMs, qint64 olderThanMs)
{
    if (olderThanMs <= 0)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The age threshold must be positive: an operator action never touches attempts that just started."));
    if (nowMs <= 0 || olderThanMs >= nowMs)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("An age of %1 days reaches before 1970: no record can be that old, and a cutoff before the epoch would "
                                  "not filter anything. Give a shorter age.")
                             .arg(olderThanMs / 86400000));
    return nowMs - olderThanMs;
}

Result<qint64> previewCutoff(const Store &store, qint64 nowMs, qint64 olderThanMs)
{
    if (std::optional<Error> refusal = store.actionRefusal())
        return *refusal;
    return ageCutoff(nowMs, olderThanMs);
}

QString newBatchId(qint64 nowMs)
{
    const QString stamp = QDateTime::fromMSecsSinceEpoch(nowMs, Qt::UTC).toString(QStringLiteral("yyyyMMdd'T'HHmmss"));
    return QStringLiteral("b-") + stamp + QLatin1Char('-')
           + QString::number(QRandomGenerator::system()->generate(), 16).rightJustified(8, QLatin1Char('0'));
}

QString batchStopName(BatchStop stop)
{
    switch (stop) {
    case BatchStop::None:
        break;
    case BatchStop::Cancelled:
        return QStringLiteral("cancelled");
    case BatchStop::StoreUnavailable:
        return QStringLiteral("store_unavailable");
    }
    return QString();
}

namespace {

// Scope by scope, each scope's records in the order given: a run of one
// scope's records goes to the store together (Store::applyActionBatch).
QList<OperatorAction> groupedByScope(const QList<OperatorAction> &given)
{
    QList<OperatorAction> actions;
    actions.reserve(given.size());
    QStringList scopes;
    QHash<QString, QList<qsizetype>> byScope;
    for (qsizetype i = 0; i < given.size(); ++i) {
        QList<qsizetype> &of = byScope[given.at(i).scope];
        if (of.isEmpty())
            scopes.append(given.at(i).scope);
        of.append(i);
    }
    for (const QString &scope : std::as_const(scopes)) {
        for (const qsizetype i : byScope.value(scope))
            actions.append(given.at(i));
    }
    return actions;
}

// One applyActions() run: the report it fills and what it learns on the way.
struct BatchRun {
    const QList<OperatorAction> &actions;
    const ActionControl &control;
    ActionReport report;
    QHash<QString, QString> blockedScopes; // scope -> the error that showed it broken
    QMap<QString, qint64> warnings; // distinct warning -> records
};

// The store's results for actions [from, end). The contract: one result per
// action, at least one. A store that broke it must not make the caller loop
// forever or read past the run.
QList<Result<ActionResult>> applyRun(Store &store, const QList<OperatorAction> &actions, qint64 from, qint64 end)
{
    QList<Result<ActionResult>> results = store.applyActionBatch(actions.mid(from, end - from));
    if (results.isEmpty())
        results.append(store.applyAction(actions.at(from)));
    if (results.size() > end - from)
        results.erase(results.begin() + (end - from), results.end());
    return results;
}

// A store that stopped answering fails every record the same way: stop
// instead of hammering it, and say which records (from `from` on) were not tried.
void stopUnavailable(BatchRun &run, qint64 from, const QString &message)
{
    const qint64 total = run.actions.size();
    run.report.stop = BatchStop::StoreUnavailable;
    run.report.stopMessage = message;
    for (qint64 j = from; j < total; ++j) {
        run.report.failures.append({run.actions.at(j).scope, run.actions.at(j).key,
                                    Text::tr("not attempted: the store stopped answering (%1)").arg(message), false,
                                    run.actions.at(j).kind});
        ++run.report.failed;
        ++run.report.notAttempted;
    }
    run.control.report(total, total);
}

void recordSkipped(ActionReport &report, const OperatorAction &action)
{
    ActionTarget seen{
        action.scope, action.key, action.lease, action.expectedState, 0, QString(), QString(), 0, action.startedBeforeMs, 0, {}};
    report.skippedTargets.append(seen);
    ++report.skipped;
}

// Counts one action's result; `next` is the index after it. False when the
// store stopped answering and the batch stops.
bool recordResult(BatchRun &run, qint64 next, const OperatorAction &action, const Result<ActionResult> &result)
{
    ActionReport &report = run.report;
    if (!result) {
        report.failures.append({action.scope, action.key, result.error().message, false, action.kind});
        ++report.failed;
        if (result.error().wholeScope) {
            run.blockedScopes.insert(action.scope, result.error().message);
        } else if (result.error().kind == ErrorKind::Unavailable) {
            stopUnavailable(run, next, result.error().message);
            return false;
        }
    } else if (result->outcome == TransitionOutcome::Applied && !result->followUpError.isEmpty()) {
        // A partial failure is a failure: the service still answers from its old cache.
        report.failures.append({action.scope, action.key, result->followUpError, true, action.kind});
        ++report.failed;
        ++report.cacheFailed;
    } else if (result->outcome == TransitionOutcome::Applied) {
        ++report.applied;
        if (!result->warning.isEmpty())
            ++run.warnings[result->warning];
    } else {
        recordSkipped(report, action);
    }
    return true;
}

} // namespace

ActionReport applyActions(Store &store, const QList<OperatorAction> &given, const ActionControl &control, int progressEvery)
{
    const QList<OperatorAction> actions = groupedByScope(given);
    BatchRun run{actions, control, {}, {}, {}};
    run.report.matched = actions.size();
    run.report.batchId = actions.isEmpty() ? QString() : actions.first().audit.batchId;
    const qint64 total = actions.size();
    const qint64 runLength = qMax(1, progressEvery);
    control.report(0, total);
    qint64 i = 0;
    while (i < total) {
        if (control.cancelled()) {
            run.report.cancelled = true;
            run.report.stop = BatchStop::Cancelled;
            break;
        }
        const QString scope = actions.at(i).scope;
        if (const auto blocked = run.blockedScopes.constFind(scope); blocked != run.blockedScopes.cend()) {
            const OperatorAction &action = actions.at(i);
            run.report.failures.append(
                {action.scope, action.key, Text::tr("blocked with its scope: %1").arg(blocked.value()), false, action.kind});
            ++run.report.failed;
            ++run.report.scopeBlocked;
            ++i;
            if (i % runLength == 0 || i == total)
                control.report(i, total);
            continue;
        }
        qint64 end = i + 1;
        while (end < total && end - i < runLength && actions.at(end).scope == scope)
            ++end;
        bool stopped = false;
        for (const Result<ActionResult> &result : applyRun(store, actions, i, end)) {
            const OperatorAction &action = actions.at(i);
            ++i;
            if (!recordResult(run, i, action, result)) {
                stopped = true;
                break;
            }
        }
        if (stopped)
            break;
        control.report(i, total);
    }
    for (auto it = run.warnings.cbegin(); it != run.warnings.cend(); ++it)
        run.report.warnings << Text::tr("%1 (%n record(s))", nullptr, int(qMin<qint64>(it.value(), INT_MAX))).arg(it.key());
    return std::move(run.report);
}

ActionReport retryCacheSteps(Store &store, const QList<ActionFailure> &failures, const OperatorIdentity &who, const QString &batchId,
                             qint64 nowMs, const ActionControl &control)
{
    ActionReport report;
    report.batchId = batchId;
    QList<ActionFailure> todo;
    for (const ActionFailure &f : failures) {
        if (f.cacheOnly)
            todo.append(f);
    }
    report.matched = todo.size();
    const QString host = who.host.trimmed().isEmpty() ? OperatorIdentity::defaultHost() : who.host.trimmed();
    control.report(0, todo.size());
    for (qsizetype i = 0; i < todo.size(); ++i) {
        if (control.cancelled()) {
            report.cancelled = true;
            report.stop = BatchStop::Cancelled;
            break;
        }
        const ActionFailure &f = todo.at(i);
        OperatorAction action;
        action.kind = f.kind;
        action.scope = f.scope;
        action.key = f.key;
        action.nowMs = nowMs;
        action.audit.operatorName = who.operatorName.trimmed();
        action.audit.host = host;
        action.audit.reason = who.reason.trimmed();
        action.audit.batchId = batchId;
        const Result<void> done = store.retryFollowUp(action);
        if (done) {
            ++report.applied;
        } else {
            ++report.failed;
            report.failures.append({f.scope, f.key, done.error().message, true, f.kind});
            if (done.error().kind == ErrorKind::Unavailable) {
                report.stop = BatchStop::StoreUnavailable;
                report.stopMessage = done.error().message;
                for (qsizetype j = i + 1; j < todo.size(); ++j) {
                    report.failures.append({todo.at(j).scope, todo.at(j).key,
                                            Text::tr("not attempted: the store stopped answering (%1)").arg(done.error().message), true,
                                            todo.at(j).kind});
                    ++report.failed;
                    ++report.notAttempted;
                }
                break;
            }
        }
        control.report(i + 1, todo.size());
    }
    report.cacheFailed = report.failed;
    return report;
}

Result<ActionReport> applyAsOperator(Store &store, QList<OperatorAction> actions, const OperatorIdentity &who, const QString &what,
                                     qint64 nowMs, const ActionControl &control)
{
    if (const Result<void> valid = who.validate(); !valid)
        return valid.error();
    if (!store.writable())
        return ReadOnlyStore::refusal(what);
    if (std::optional<Error> refusal = store.actionRefusal())
        return *refusal;
    const QString batchId = newBatchId(nowMs);
    const QString host = who.host.trimmed().isEmpty() ? OperatorIdentity::defaultHost() : who.host.trimmed();
    for (OperatorAction &action : actions) {
        action.audit.operatorName = who.operatorName.trimmed();
        action.audit.host = host;
        action.audit.reason = who.reason.trimmed();
        action.audit.batchId = batchId;
    }
    ActionReport report = applyActions(store, actions, control);
    report.batchId = batchId;
    return report;
}
