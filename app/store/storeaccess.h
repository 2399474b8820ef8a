#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <utility>

// Who the server says a store's connection is, and what the server lets it
// do (DESIGN.md "Roles and four eyes"). The server decides; this is what it
// answered when the store was opened, so the console can name the role in
// its status bar and grey out what the server would refuse. The engine
// never relies on it for safety: an action the server refuses anyway fails
// with the server's answer (naming the privilege), nothing half-done.
//
// How each backend learns it:
//   PostgreSQL  current_user; has_table_privilege / has_column_privilege
//   MySQL       CURRENT_USER(); EXPLAIN of each statement an action runs
//               (refused exactly as the statement would be; runs nothing)
//   Redis       ACL WHOAMI; resources/lua/rights.lua asks
//               redis.acl_check_cmd for each write an action makes (a user
//               who may not run scripts may not act)
//   SQLite      no users: everything (the file's permissions decide)
struct StoreAccess {
    // current_user / CURRENT_USER() / ACL WHOAMI; empty when the server has
    // no users (SQLite) or would not say.
    QString serverUser;
    // What the server has users for: false for SQLite (the embedded demo).
    bool hasServerIdentity = false;
    // May mark timed out, reconcile, propose and apply (the operator role).
    bool mayAct = true;
    // May approve or reject a proposal (the approver role).
    bool mayApprove = true;
    // What the server does not grant, for the message that refuses an
    // action: "UPDATE on idem_records", "the command EVALSHA", …
    QStringList missingToAct;
    QStringList missingToApprove;

    // "viewer", "operator", "approver", "operator+approver": the roles of
    // `idemctl init --roles` the rights amount to. A store's owner (or any
    // user on a store without roles) has every right: "operator+approver".
    QString roleName() const;
    // The role for people, translated: "viewer (read only)", …
    QString roleText() const;
    // The identity for people: the server's user, or why there is none.
    QString identityText() const;
};

Q_DECLARE_METATYPE(StoreAccess)

// What `idemctl init --roles` sets up (Store::setUpRoles).
struct RoleSetup {
    // Login users to give a role, as (role, user): role "viewer",
    // "operator" or "approver"; user a plain name (isValidUserName).
    // PostgreSQL: GRANT idem_<role> TO user; MySQL/MariaDB: the same and
    // the role made the user's default. Redis has no such grant: its
    // three ACL users are the roles (README).
    QList<std::pair<QString, QString>> grants;
    bool dryRun = false;

    static QStringList roleNames() { return {QStringLiteral("viewer"), QStringLiteral("operator"), QStringLiteral("approver")}; }
    // Letters, digits and '_', starting with a letter or '_', up to 63
    // characters: nothing a statement or an ACL rule could take for syntax.
    static bool isValidUserName(const QString &name);
};
