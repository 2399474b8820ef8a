#pragma once

#include <QString>

// A store the operator has opened before, as the settings keep it. It never
// carries a password: only where the password comes from.
struct StoreEntry {
    enum class PasswordSource {
        None, // the store needs none (SQLite, a trusted loopback server)
        Keychain, // the system keychain, under the URL without password
        Environment, // an environment variable (passwordVariable, or the scheme's default)
    };

    QString name; // what the operator calls it; empty: the URL is shown
    QString url; // without password (AppSettings strips it again before saving)
    bool readOnly = false;
    PasswordSource passwordSource = PasswordSource::None;
    QString passwordVariable; // Environment: the variable; empty means the scheme's default

    bool operator==(const StoreEntry &other) const = default;

    QString displayName() const;
    // passwordVariable, or IDEM_PG_PASSWORD / IDEM_MYSQL_PASSWORD / IDEM_REDIS_PASSWORD by scheme.
    QString effectivePasswordVariable() const;

    // The URL with any password removed, from the userinfo and from query
    // items such as ?password=. Works on text that is not a valid URL too,
    // so nothing a user typed can smuggle a password into a settings file.
    static QString withoutPassword(const QString &url);
    // The URL with this password in it, for the worker thread that opens the
    // store. Keep the result in memory only.
    static QString withPassword(const QString &url, const QString &password);
    // The environment variable openStore() reads for this scheme; empty for SQLite.
    static QString defaultPasswordVariable(const QString &url);
    // A shell-style variable name: letters, digits, underscores, not starting with a digit.
    static bool isValidVariableName(const QString &name);

    static QString passwordSourceName(PasswordSource source);
    static PasswordSource passwordSourceFromName(const QString &name); // unknown: None
};
