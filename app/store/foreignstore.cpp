#include "app/store/foreignstore.h"

#include "app/store/sqlstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ForeignStore)
};

QString stateAfter(const Layout &layout, OperatorActionKind kind)
{
    // go-middleware has no timed-out state: timing out deletes the record,
    // and the audit entry says what happened to it.
    if (layout.family == LayoutFamily::GoMiddleware && kind == OperatorActionKind::MarkTimedOut)
        return QStringLiteral("DELETED");
    return actionStateAfter(kind);
}

// The audit entry about `action` on its record (OperatorAction::auditEntry),
// with what happened to it in this layout.
AuditEntry entryFor(const OperatorAction &action, const QString &name, const QString &before, const QString &after)
{
    AuditEntry entry = action.auditEntry();
    entry.action = name;
    entry.stateBefore = before;
    entry.stateAfter = after;
    return entry;
}

} // namespace

ForeignStore::ForeignStore(const StoreUrl &url, Layout layout)
    : m_url(url)
    , m_display(url.displayString())
    , m_layout(std::move(layout))
{
}

ForeignStore::~ForeignStore() = default;

QString ForeignStore::storeIdentity(const StoreUrl &url, const Layout &layout)
{
    // Where the records are: the server and database (the URL without its
    // options, user or password), and the table or the key prefix. Not the
    // layout's name, nor options like scan_count: the same table opened
    // with --layout go-middleware and with a layout file of another name is
    // one store with one audit log: two logs would let the second open read
    // "0 operator actions" after the first deleted 50.
    StoreUrl plain = url;
    plain.options.clear();
    plain.user.clear();
    plain.password.clear();
    const QString where = url.kind == StoreUrl::Kind::Redis ? QStringLiteral("keys ") + QString::fromUtf8(layout.keyPrefix)
                                                            : QStringLiteral("table ") + layout.table;
    return plain.displayString() + QStringLiteral(" ") + where;
}

QString ForeignStore::auditUrl(const StoreUrl &url, const Layout &layout)
{
    const QString given = url.options.value(QStringLiteral("audit"));
    if (!given.isEmpty())
        return given;
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/share");
    const QString dir = base + QStringLiteral("/idem-console/audit/");
    const QByteArray id = QCryptographicHash::hash(storeIdentity(url, layout).toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    const QString current = dir + QStringLiteral("store-") + QString::fromLatin1(id) + QStringLiteral(".db");
    if (QFileInfo::exists(current))
        return QStringLiteral("sqlite://") + current;
    // Logs written by earlier versions were named after the layout and the URL
    // without options: such a log is still this store's, and is kept in
    // use where it is (a SQLite file in WAL mode is not renamed under
    // another process). A new log gets the identity's name.
    StoreUrl plain = url;
    plain.options.clear();
    const QByteArray legacyId = QCryptographicHash::hash(plain.displayString().toUtf8(), QCryptographicHash::Sha256).toHex().left(12);
    QString name = layout.name;
    for (QChar &c : name) {
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_'))
            c = QLatin1Char('_');
    }
    const QString legacy = dir + name + QLatin1Char('-') + QString::fromLatin1(legacyId) + QStringLiteral(".db");
    return QStringLiteral("sqlite://") + (QFileInfo::exists(legacy) ? legacy : current);
}

QString ForeignStore::auditDisplayUrl() const
{
    const Result<StoreUrl> parsed = StoreUrl::parse(auditUrl(m_url, m_layout));
    return parsed ? parsed->displayString() : auditUrl(m_url, m_layout);
}

Error ForeignStore::refused(const QString &what) const
{
    return makeError(ErrorKind::Refused,
                     Text::tr("%1 is not possible on %2: the store is in the %3 layout, whose service owns its records; "
                              "the console reads them and applies operator actions only.")
                         .arg(what, displayUrl(), m_layout.name));
}

Result<void> ForeignStore::open()
{
    if (Result<void> opened = openBackend(); !opened)
        return opened;
    // The audit location is checked now (a wrong audit= is said at once),
    // but nothing is created there: a log that does not exist yet reads as
    // empty until the first operator action writes it.
    Result<Store *> audit = auditStore(AuditAccess::Read);
    if (!audit)
        return audit.error();
    return {};
}

Result<Store *> ForeignStore::auditStore(AuditAccess access)
{
    QMutexLocker lock(&m_auditMutex);
    if (m_audit)
        return m_audit.get();
    const QString text = auditUrl(m_url, m_layout);
    Result<StoreUrl> parsed = StoreUrl::parse(text);
    if (!parsed)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The audit location of %1 is not usable: %2").arg(displayUrl(), parsed.error().message));
    if (parsed->kind == StoreUrl::Kind::Redis)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The audit log of a %1 store is kept in a SQL database: give audit=sqlite:///path.db, "
                                  "postgresql://… or mysql://…, not %2.")
                             .arg(m_layout.name, parsed->displayString()));
    if (!parsed->options.value(QStringLiteral("layout")).isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The audit location %1 names a layout; the audit log is always native.").arg(parsed->displayString()));
    const bool writing = access == AuditAccess::Write;
    if (writing && openMode() == OpenMode::ReadOnly)
        return static_cast<Store *>(nullptr);
    // A reader never creates the audit file: none yet means no entries yet.
    if (!writing && parsed->kind == StoreUrl::Kind::Sqlite && !QFileInfo::exists(parsed->path))
        return static_cast<Store *>(nullptr);
    if (writing && parsed->kind == StoreUrl::Kind::Sqlite && !QDir().mkpath(QFileInfo(parsed->path).absolutePath()))
        return makeError(ErrorKind::Refused, Text::tr("Cannot create the directory for the audit log %1.").arg(parsed->path));
    auto store = std::make_unique<SqlStore>(parsed.value());
    store->setOpenMode(writing ? OpenMode::Create : OpenMode::ReadOnly);
    store->setAuditOnly(true); // the service's own database gets the two audit tables, nothing more
    if (Result<void> opened = store->open(); !opened) {
        // A database without the audit tables holds no entries yet; it is
        // looked at again on the next read, which may find them written.
        if (!writing && store->auditLogMissing())
            return static_cast<Store *>(nullptr);
        return makeError(
            opened.error().kind,
            Text::tr("The audit log of %1 cannot be opened at %2: %3").arg(displayUrl(), parsed->displayString(), opened.error().message));
    }
    m_audit = std::move(store);
    return m_audit.get();
}

Result<ClaimResult> ForeignStore::claim(const ClaimRequest &)
{
    return refused(Text::tr("Claiming a key"));
}

Result<Transition> ForeignStore::complete(const QString &, const QString &, const QString &, const Response &, qint64, qint64)
{
    return refused(Text::tr("Completing a record"));
}

Result<Transition> ForeignStore::release(const QString &, const QString &, const QString &, qint64)
{
    return refused(Text::tr("Releasing a record"));
}

Result<ActionResult> ForeignStore::applyAction(const OperatorAction &action)
{
    if (const std::optional<Error> refused = refuseActionCutoff(action))
        return *refused;
    if (std::optional<Error> refusal = actionRefusal())
        return *refusal;
    Result<Store *> audit = auditStore(AuditAccess::Write);
    if (!audit)
        return audit.error();
    if (!audit.value())
        return refused(Text::tr("An operator action through a read-only open"));
    Result<std::optional<Record>> read = readRecord(action.scope, action.key);
    if (!read)
        return read.error();
    const std::optional<Record> &current = read.value();
    if (!current)
        return ActionResult{TransitionOutcome::NotFound, std::nullopt, std::nullopt, {}, {}};
    if (!current->readError.isEmpty())
        return makeError(ErrorKind::Corrupt,
                         Text::tr("%1/%2 cannot be read (%3), so \"%4\" was not applied. Inspect the value with idemctl get.")
                             .arg(action.scope, action.key, current->readError, operatorActionName(action.kind)));
    // The record's own updated_at decides its age; writeAction's
    // compare-and-set then changes it only if the value read here is still
    // the stored one.
    if (current->lease != action.lease || current->state != action.expectedState || !startedBeforeCutoff(action, *current))
        return ActionResult{TransitionOutcome::StaleLease, current, std::nullopt, {}, {}};

    const QString before = recordStateName(action.expectedState);
    Result<AuditEntry> written =
        audit.value()->appendAudit(entryFor(action, operatorActionName(action.kind), before, stateAfter(m_layout, action.kind)));
    if (!written) {
        Error error = makeError(written.error().kind, Text::tr("The audit entry for %1/%2 could not be written, so nothing was changed: %3")
                                                          .arg(action.scope, action.key, written.error().message));
        error.wholeScope = written.error().wholeScope;
        return error;
    }

    const Result<TransitionOutcome> changed = writeAction(action, current.value());
    if (changed && changed.value() == TransitionOutcome::Applied) {
        const Result<void> followed = followUp(action);
        Result<std::optional<Record>> after = readRecord(action.scope, action.key);
        return ActionResult{TransitionOutcome::Applied,
                            after ? after.value() : std::nullopt,
                            written.value(),
                            followed ? QString() : followed.error().message,
                            {}};
    }

    // The entry is there but the change is not: say so in the chain.
    AuditEntry undo = entryFor(action, operatorActionName(action.kind) + QStringLiteral("-not-applied"), before, before);
    undo.reason = changed ? Text::tr("Entry %1 was not applied: the record changed after the preview (%2).")
                                .arg(written->seq)
                                .arg(transitionOutcomeName(changed.value()))
                          : Text::tr("Entry %1 was not applied: %2").arg(written->seq).arg(changed.error().message);
    if (Result<AuditEntry> noted = audit.value()->appendAudit(undo); !noted)
        return makeError(noted.error().kind, Text::tr("%1/%2 was not changed, and the audit note saying so failed: %3. "
                                                      "Entry %4 of chain %1 records an action that did not happen.")
                                                 .arg(action.scope, action.key, noted.error().message)
                                                 .arg(written->seq));
    if (!changed)
        return changed.error();
    Result<std::optional<Record>> now = readRecord(action.scope, action.key);
    return ActionResult{changed.value(), now ? now.value() : std::nullopt, std::nullopt, {}, {}};
}

Result<void> ForeignStore::retryFollowUp(const OperatorAction &action)
{
    Result<Store *> audit = auditStore(AuditAccess::Write);
    if (!audit)
        return audit.error();
    if (!audit.value())
        return refused(Text::tr("Retrying a cache step through a read-only open"));
    // Only while the record is as the action left it: a record the service
    // claimed again since has a cache key of its own, which deleting would
    // let a duplicate through.
    Result<std::optional<Record>> now = readRecord(action.scope, action.key);
    if (!now)
        return now.error();
    const bool asLeft =
        action.kind == OperatorActionKind::ReconcileRelease
            ? !now.value()
            : now.value() && now.value()->readError.isEmpty()
                  && now.value()->state
                         == (action.kind == OperatorActionKind::MarkTimedOut ? RecordState::TimedOut : RecordState::Completed);
    if (!asLeft)
        return makeError(ErrorKind::Refused, Text::tr("%1/%2 changed after \"%3\" was applied, so its cache step was not retried: "
                                                      "look at the record and its cache key first.")
                                                 .arg(action.scope, action.key, operatorActionName(action.kind)));
    if (Result<void> done = followUp(action); !done)
        return done;
    const QString state = stateAfter(m_layout, action.kind);
    if (Result<AuditEntry> written =
            audit.value()->appendAudit(entryFor(action, operatorActionName(action.kind) + QStringLiteral("-cache-updated"), state, state));
        !written)
        return makeError(written.error().kind, Text::tr("The cache of %1/%2 was updated, but its audit entry failed: %3")
                                                   .arg(action.scope, action.key, written.error().message));
    return {};
}

Result<AuditEntry> ForeignStore::appendAudit(const AuditEntry &entry)
{
    Result<Store *> audit = auditStore(AuditAccess::Write);
    if (!audit)
        return audit.error();
    if (!audit.value())
        return refused(Text::tr("Writing an audit entry through a read-only open"));
    return audit.value()->appendAudit(entry);
}

Result<QList<AuditEntry>> ForeignStore::auditEntries(const AuditQuery &query)
{
    Result<Store *> audit = auditStore(AuditAccess::Read);
    if (!audit)
        return audit.error();
    if (!audit.value())
        return QList<AuditEntry>(); // no audit log yet: no entries
    return audit.value()->auditEntries(query);
}

Result<QList<AuditEntry>> ForeignStore::auditChain(const QString &scope, const QString &afterStoreId, int limit)
{
    Result<Store *> audit = auditStore(AuditAccess::Read);
    if (!audit)
        return audit.error();
    if (!audit.value())
        return QList<AuditEntry>(); // no audit log yet: no entries
    return audit.value()->auditChain(scope, afterStoreId, limit);
}

Result<QList<AuditChainHead>> ForeignStore::auditHeads()
{
    Result<Store *> audit = auditStore(AuditAccess::Read);
    if (!audit)
        return audit.error();
    if (!audit.value())
        return QList<AuditChainHead>(); // no audit log yet: no entries
    return audit.value()->auditHeads();
}

QString ForeignStore::requestNote() const
{
    if (m_layout.family == LayoutFamily::GoMiddleware)
        return Text::tr("The go-middleware layout keeps no request, only its hash (request_hash, shown as the fingerprint).");
    return Text::tr("The java-handler layout keeps the request body only, in its table's request_body column, as the service "
                    "wrote it: no method, path or headers, and nothing masked by idem-console. Its Redis cache keeps a status only.");
}
