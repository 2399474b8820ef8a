#include "models/passwordvault.h"

#include <QPromise>
#include <QTimer>

#include <qt6keychain/keychain.h>

#include <memory>

namespace {

QString variableHint(const QString &variable)
{
    return variable.isEmpty() ? PasswordVault::tr("type the password each time instead")
                              : PasswordVault::tr("set %1 instead").arg(variable);
}

template <typename T>
QFuture<Result<T>> finished(Result<T> result)
{
    QPromise<Result<T>> promise;
    QFuture<Result<T>> future = promise.future();
    promise.start();
    promise.addResult(std::move(result));
    promise.finish();
    return future;
}

} // namespace

PasswordVault::PasswordVault(QObject *parent)
    : QObject(parent)
{
}

QString PasswordVault::serviceName()
{
    return QStringLiteral("idem-console");
}

QString PasswordVault::keychainKey(const QString &url)
{
    return StoreEntry::withoutPassword(url);
}

void PasswordVault::setTimeoutMs(int ms)
{
    m_timeoutMs = qMax(1, ms);
}

QFuture<Result<PasswordVault::Lookup>> PasswordVault::read(const StoreEntry &entry)
{
    switch (entry.passwordSource) {
    case StoreEntry::PasswordSource::None:
        return finished(Result<Lookup>(Lookup{}));
    case StoreEntry::PasswordSource::Environment:
        return finished(fromEnvironment(entry, QString()));
    case StoreEntry::PasswordSource::Keychain:
        break;
    }

    auto promise = std::make_shared<QPromise<Result<Lookup>>>();
    QFuture<Result<Lookup>> future = promise->future();
    promise->start();
    auto *job = new QKeychain::ReadPasswordJob(serviceName());
    job->setKey(keychainKey(entry.url));
    runJob(job, [this, promise, entry](const Answer &answer) {
        if (answer.error == QKeychain::NoError) {
            promise->addResult(Lookup{answer.text, StoreEntry::PasswordSource::Keychain, QString()});
        } else if (answer.error == QKeychain::EntryNotFound) {
            Result<Lookup> env = fromEnvironment(entry, tr("The system keychain has no password for this store."));
            promise->addResult(
                env ? env
                    : Result<Lookup>(makeError(ErrorKind::InvalidArgument,
                                               tr("The system keychain has no password for %1: type it and tick \"remember\", or %2.")
                                                   .arg(keychainKey(entry.url), variableHint(entry.effectivePasswordVariable())))));
        } else {
            const Error error = keychainError(answer, entry.effectivePasswordVariable());
            Result<Lookup> env = fromEnvironment(entry, error.message);
            promise->addResult(env ? env : Result<Lookup>(error));
        }
        promise->finish();
    });
    return future;
}

QFuture<Result<void>> PasswordVault::save(const QString &url, const QString &password)
{
    auto promise = std::make_shared<QPromise<Result<void>>>();
    QFuture<Result<void>> future = promise->future();
    promise->start();
    auto *job = new QKeychain::WritePasswordJob(serviceName());
    job->setKey(keychainKey(url));
    job->setTextData(password);
    const QString variable = StoreEntry::defaultPasswordVariable(url);
    runJob(job, [promise, variable](const Answer &answer) {
        promise->addResult(answer.error == QKeychain::NoError ? Result<void>() : Result<void>(keychainError(answer, variable)));
        promise->finish();
    });
    return future;
}

QFuture<Result<void>> PasswordVault::forget(const QString &url)
{
    auto promise = std::make_shared<QPromise<Result<void>>>();
    QFuture<Result<void>> future = promise->future();
    promise->start();
    auto *job = new QKeychain::DeletePasswordJob(serviceName());
    job->setKey(keychainKey(url));
    const QString variable = StoreEntry::defaultPasswordVariable(url);
    runJob(job, [promise, variable](const Answer &answer) {
        const bool gone = answer.error == QKeychain::NoError || answer.error == QKeychain::EntryNotFound;
        promise->addResult(gone ? Result<void>() : Result<void>(keychainError(answer, variable)));
        promise->finish();
    });
    return future;
}

void PasswordVault::runJob(QKeychain::Job *job, std::function<void(const Answer &)> done)
{
    // The job has no parent and deletes itself once finished: a backend
    // callback may still point at it after we stopped waiting.
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text file in disguise
    auto answered = std::make_shared<bool>(false);
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    connect(job, &QKeychain::Job::finished, this, [answered, timer, done](QKeychain::Job *finishedJob) {
        if (*answered)
            return;
        *answered = true;
        timer->deleteLater();
        Answer answer{finishedJob->error(), finishedJob->errorString(), QString()};
        if (auto *readJob = qobject_cast<QKeychain::ReadPasswordJob *>(finishedJob); readJob && answer.error == QKeychain::NoError)
            answer.text = readJob->textData();
        done(answer);
    });
    connect(timer, &QTimer::timeout, this, [this, answered, timer, done] {
        if (*answered)
            return;
        *answered = true;
        timer->deleteLater();
        done(Answer{QKeychain::NoBackendAvailable, tr("the keychain did not answer within %1 s").arg(m_timeoutMs / 1000.0), QString()});
    });
    timer->start(m_timeoutMs);
    job->start();
}

Result<PasswordVault::Lookup> PasswordVault::fromEnvironment(const StoreEntry &entry, const QString &note) const
{
    const QString variable = entry.effectivePasswordVariable();
    if (variable.isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         note.isEmpty() ? tr("No environment variable is named for this store's password.") : note);
    if (!StoreEntry::isValidVariableName(variable))
        return makeError(ErrorKind::InvalidArgument, tr("'%1' is not a valid environment variable name.").arg(variable));
    if (!qEnvironmentVariableIsSet(variable.toLatin1().constData()))
        return makeError(
            ErrorKind::InvalidArgument,
            note.isEmpty()
                ? tr("The environment variable %1 is not set; set it to the store's password before starting idem-console.").arg(variable)
                : note);
    return Lookup{qEnvironmentVariable(variable.toLatin1().constData()), StoreEntry::PasswordSource::Environment, note};
}

Error PasswordVault::keychainError(const Answer &answer, const QString &variable)
{
    const QString why = answer.errorString.trimmed().isEmpty() ? tr("error %1").arg(answer.error) : answer.errorString.trimmed();
    if (answer.error == QKeychain::AccessDenied || answer.error == QKeychain::AccessDeniedByUser)
        return makeError(ErrorKind::Refused, tr("access to the system keychain was denied: %1; %2").arg(why, variableHint(variable)));
    return makeError(ErrorKind::Unavailable, tr("no system keychain available: %1; %2").arg(why, variableHint(variable)));
}
