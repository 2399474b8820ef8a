#pragma once

#include "models/storeentry.h"
#include "app/store/result.h"

#include <QFuture>
#include <QObject>

#include <functional>

namespace QKeychain {
class Job;
}

// Where store passwords live: the system keychain (Secret Service, KWallet,
// macOS Keychain, Windows Credential Store through qtkeychain) under service
// "idem-console" and the store URL without password, or an environment
// variable (IDEM_PG_PASSWORD, IDEM_MYSQL_PASSWORD, IDEM_REDIS_PASSWORD by
// scheme). Never a settings file.
//
// Every call is asynchronous and answers on the calling (GUI) thread. A
// keychain that does not answer within timeoutMs (no D-Bus session, a locked
// keyring waiting on a prompt nobody sees) counts as unavailable; the error
// then says which environment variable to set instead. A keychain job still
// pending when the vault is destroyed is left to finish and delete itself:
// deleting it early would leave the backend calling back into freed memory.
class PasswordVault final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PasswordVault)
public:
    struct Lookup {
        QString password;
        StoreEntry::PasswordSource source = StoreEntry::PasswordSource::None; // where it came from
        QString note; // why the keychain was passed over, when it was; empty otherwise
    };

    // Long enough for an operator to answer a keyring unlock prompt.
    static constexpr int DefaultTimeoutMs = 60 * 1000;

    explicit PasswordVault(QObject *parent = nullptr);

    static QString serviceName();
    static QString keychainKey(const QString &url); // the URL without password

    void setTimeoutMs(int ms);

    // The password entry names: from the keychain (falling back to the
    // environment variable when the keychain has none or is unavailable),
    // from the environment variable, or none.
    QFuture<Result<Lookup>> read(const StoreEntry &entry);
    // Saves password in the keychain under url. Fails with a message the
    // connection dialog shows as it is.
    QFuture<Result<void>> save(const QString &url, const QString &password);
    // Removes the keychain entry for url; an entry that is not there is no error.
    QFuture<Result<void>> forget(const QString &url);

private:
    struct Answer {
        int error = 0; // QKeychain::Error
        QString errorString;
        QString text;
    };
    void runJob(QKeychain::Job *job, std::function<void(const Answer &)> done);
    Result<Lookup> fromEnvironment(const StoreEntry &entry, const QString &note) const;
    static Error keychainError(const Answer &answer, const QString &variable);

    int m_timeoutMs = DefaultTimeoutMs;
};
