#include "app/cli/initcommand.h"

#include "app/cli/clioutput.h"
#include "app/store/layout.h"
#include "app/store/openstore.h"
#include "app/store/storeurl.h"
#include "app/store/visibletext.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonObject>

namespace {

void addInitOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        CliText::tr("Creates an empty idempotency store (the SQLite file and its folder, or the tables and indexes in a PostgreSQL or "
                    "MySQL database), or completes one an older version left incomplete. Reading commands never create a store."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("roles"),
                      CliText::tr("Also set up the roles viewer, operator and approver on the server (PostgreSQL and MySQL/MariaDB: "
                                  "database roles idem_viewer, idem_operator, idem_approver and their grants; Redis: the ACL users "
                                  "idem-viewer, idem-operator, idem-approver) and the four-eyes thresholds (20 records store-wide, 1 in "
                                  "payment and callback). Run as the store's owner; again, it changes nothing that is already so.")});
    parser.addOption({QStringLiteral("grant"),
                      CliText::tr("With --roles: give a login user a role (PostgreSQL, MySQL/MariaDB), as ROLE:USER, e.g. "
                                  "viewer:alice. Repeatable."),
                      QStringLiteral("role:user")});
    parser.addOption({QStringLiteral("proposal-ttl"),
                      CliText::tr("How long a proposal stays open before it expires (90s, 10m, 4h; "
                                  "default 4h)."),
                      QStringLiteral("duration")});
}

// --proposal-ttl, when given; an exit code when it is not a duration.
std::optional<int> readProposalTtl(const QCommandLineParser &parser, std::optional<qint64> *ttlMs)
{
    if (!parser.isSet(QStringLiteral("proposal-ttl")))
        return std::nullopt;
    *ttlMs = parseDuration(parser.value(QStringLiteral("proposal-ttl")));
    if (!*ttlMs || **ttlMs <= 0)
        return usageError(CliText::tr("--proposal-ttl takes a duration such as 90s, 10m or 4h."));
    return std::nullopt;
}

// The --grant ROLE:USER pairs; an exit code for one that is not.
std::optional<int> readGrants(const QCommandLineParser &parser, RoleSetup *roles)
{
    for (const QString &grant : parser.values(QStringLiteral("grant"))) {
        const QString role = grant.section(QLatin1Char(':'), 0, 0), user = grant.section(QLatin1Char(':'), 1);
        if (!RoleSetup::roleNames().contains(role) || !RoleSetup::isValidUserName(user))
            return usageError(CliText::tr("--grant takes ROLE:USER, the role viewer, operator or approver, the user letters, digits and "
                                          "'_' (up to 63, not starting with a digit); not '%1'.")
                                  .arg(visibleText(grant.left(80))));
        roles->grants.append({role, user});
    }
    return std::nullopt;
}

// A foreign layout's store belongs to its service: refused before anything is opened.
std::optional<int> refuseForeignLayout(const QCommandLineParser &parser)
{
    if (const Result<StoreUrl> url = StoreUrl::parse(storeUrlText(parser)); url) {
        const QString layout = url->options.value(QStringLiteral("layout"));
        if (const Result<Layout> resolved = Layout::resolve(layout); resolved && !resolved->isNative())
            return usageError(
                CliText::tr("init creates native stores only: a store in the %1 layout belongs to its service, which creates it.")
                    .arg(resolved->name));
    }
    return std::nullopt;
}

// The thresholds of four eyes, into `set`: a store that keeps no proposals
// says so (the note returned).
Result<QString> writeThresholds(Store &store, QJsonObject *set)
{
    const QList<std::pair<QString, int>> thresholds{{QString(), 20}, {QStringLiteral("payment"), 1}, {QStringLiteral("callback"), 1}};
    for (const auto &[scope, threshold] : thresholds) {
        const Result<void> written = store.setApprovalThreshold(scope, threshold);
        if (!written && written.error().kind == ErrorKind::NotBuilt)
            return written.error().message;
        if (!written)
            return written.error();
        set->insert(scope.isEmpty() ? QStringLiteral("*") : scope, threshold);
    }
    return QString();
}

// --roles: the roles and grants, then the four-eyes thresholds; an exit
// code when the store refuses.
std::optional<int> setUpRoles(Store &store, const QString &where, const RoleSetup &roles, bool json, QJsonObject &out)
{
    const Result<QStringList> ran = store.setUpRoles(roles);
    if (!ran)
        return engineError(ran.error(), json);
    QJsonObject set;
    const Result<QString> policyNote = writeThresholds(store, &set);
    if (!policyNote)
        return engineError(policyNote.error(), json);
    out.insert(QStringLiteral("roles"), QJsonArray::fromStringList(ran.value()));
    out.insert(QStringLiteral("thresholds"), set);
    if (!policyNote->isEmpty())
        out.insert(QStringLiteral("four_eyes_note"), policyNote.value());
    if (!json) {
        printLine(CliText::tr("Roles set up on %1; ran:").arg(where));
        for (const QString &statement : ran.value())
            printLine(QStringLiteral("  ") + statement);
        if (policyNote->isEmpty())
            printLine(
                CliText::tr("Four eyes: more than 20 records store-wide, more than 1 in payment and callback, need a second identity."));
        else
            printLine(policyNote.value());
    }
    return std::nullopt;
}

} // namespace

int runInitCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    addInitOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    std::optional<qint64> ttlMs;
    if (std::optional<int> exit = readProposalTtl(parser, &ttlMs))
        return *exit;
    RoleSetup roles;
    if (std::optional<int> exit = readGrants(parser, &roles))
        return *exit;
    if (!roles.grants.isEmpty() && !parser.isSet(QStringLiteral("roles")))
        return usageError(CliText::tr("--grant goes with --roles."));
    if (std::optional<int> exit =
            writesRefusedReadOnly(parser, CliText::tr("init cannot run read-only: creating the store's file, tables and "
                                                      "indexes is all it does. Leave out --read-only.")))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    if (std::optional<int> exit = refuseForeignLayout(parser))
        return *exit;
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::Create);
    if (!opened)
        return engineError(opened.error(), json);
    Store &store = *opened.value();
    const QString where = store.displayUrl();
    QJsonObject out{{QStringLiteral("store"), where}, {QStringLiteral("ready"), true}};
    if (parser.isSet(QStringLiteral("roles"))) {
        if (std::optional<int> exit = setUpRoles(store, where, roles, json, out))
            return *exit;
    }
    if (ttlMs) {
        if (const Result<void> written = store.setProposalTtl(*ttlMs); !written)
            return engineError(written.error(), json);
        out.insert(QStringLiteral("proposal_ttl_ms"), *ttlMs);
    }
    if (json)
        printJson(out);
    else
        printLine(CliText::tr("Store ready at %1.").arg(where));
    return ExitOk;
}
