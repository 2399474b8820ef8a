// PasswordVault without a system keychain (as on a headless CI runner): every
// keychain call answers quickly with an error that names the environment
// variable to use, and the environment fallback works. The test points the
// D-Bus session address at a socket that does not exist, so a developer's
// real keychain is never touched and the result does not depend on the host.
#include "models/passwordvault.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

template <typename T>
std::optional<Result<T>> waitFor(QFuture<Result<T>> future, int timeoutMs = 10000)
{
    QFutureWatcher<Result<T>> watcher;
    QSignalSpy finished(&watcher, &QFutureWatcherBase::finished);
    watcher.setFuture(future);
    if (!future.isFinished() && !finished.wait(timeoutMs))
        return std::nullopt;
    if (future.isCanceled() || future.resultCount() == 0)
        return std::nullopt;
    return future.result();
}

StoreEntry entry(const QString &url, StoreEntry::PasswordSource source, const QString &variable = QString())
{
    StoreEntry e;
    e.url = url;
    e.passwordSource = source;
    e.passwordVariable = variable;
    return e;
}

const QString pgUrl = QStringLiteral("postgresql://ops@db.internal:5432/idem");

} // namespace

class TestPasswordVault final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + m_dir.filePath(QStringLiteral("no-bus")).toLocal8Bit());
        for (const char *name : {"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION", "KDE_SESSION_VERSION"})
            qunsetenv(name);
    }

    void init()
    {
        for (const char *name : {"IDEM_PG_PASSWORD", "IDEM_MYSQL_PASSWORD", "IDEM_REDIS_PASSWORD", "PAYMENTS_PW"})
            qunsetenv(name);
    }

    void noPasswordNeeded()
    {
        PasswordVault vault;
        const auto lookup = waitFor(vault.read(entry(QStringLiteral("sqlite:///tmp/x.db"), StoreEntry::PasswordSource::None)));
        QVERIFY(lookup && *lookup);
        QVERIFY((*lookup)->password.isEmpty());
        QCOMPARE((*lookup)->source, StoreEntry::PasswordSource::None);
    }

    void environment_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("variable"); // as named in the entry
        QTest::addColumn<QByteArray>("setVariable");
        QTest::newRow("postgresql default") << pgUrl << QString() << QByteArray("IDEM_PG_PASSWORD");
        QTest::newRow("mysql default") << QStringLiteral("mysql://app@h:3306/idem") << QString() << QByteArray("IDEM_MYSQL_PASSWORD");
        QTest::newRow("redis default") << QStringLiteral("redis://cache:6379/0") << QString() << QByteArray("IDEM_REDIS_PASSWORD");
        QTest::newRow("named") << pgUrl << QStringLiteral("PAYMENTS_PW") << QByteArray("PAYMENTS_PW");
    }

    void environment()
    {
        QFETCH(QString, url);
        QFETCH(QString, variable);
        QFETCH(QByteArray, setVariable);
        PasswordVault vault;
        const StoreEntry e = entry(url, StoreEntry::PasswordSource::Environment, variable);

        auto missing = waitFor(vault.read(e));
        QVERIFY(missing);
        QVERIFY(!*missing);
        QVERIFY2(missing->error().message.contains(QString::fromLatin1(setVariable)), qPrintable(missing->error().message));

        qputenv(setVariable.constData(), "pa:ss@word");
        auto found = waitFor(vault.read(e));
        QVERIFY(found && *found);
        QCOMPARE((*found)->password, QStringLiteral("pa:ss@word"));
        QCOMPARE((*found)->source, StoreEntry::PasswordSource::Environment);
        qunsetenv(setVariable.constData());
    }

    void keychainUnavailableFallsBackToEnvironment()
    {
        PasswordVault vault;
        qputenv("IDEM_PG_PASSWORD", "from-env");
        QElapsedTimer timer;
        timer.start();
        const auto lookup = waitFor(vault.read(entry(pgUrl, StoreEntry::PasswordSource::Keychain)));
        QVERIFY2(lookup, "the keychain lookup did not finish");
        QVERIFY2(*lookup, qPrintable(lookup->error().message));
        QCOMPARE((*lookup)->password, QStringLiteral("from-env"));
        QCOMPARE((*lookup)->source, StoreEntry::PasswordSource::Environment);
        QVERIFY2((*lookup)->note.contains(QStringLiteral("keychain")), qPrintable((*lookup)->note));
        QVERIFY2(timer.elapsed() < PasswordVault::DefaultTimeoutMs, "answered by the timeout, not by the keychain");
    }

    void keychainUnavailableWithoutEnvironment()
    {
        PasswordVault vault;
        const auto lookup = waitFor(vault.read(entry(pgUrl, StoreEntry::PasswordSource::Keychain)));
        QVERIFY(lookup);
        QVERIFY(!*lookup);
        const QString message = lookup->error().message;
        QVERIFY2(message.startsWith(QStringLiteral("no system keychain available: ")), qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral("set IDEM_PG_PASSWORD instead")), qPrintable(message));
        QCOMPARE(lookup->error().kind, ErrorKind::Unavailable);
    }

    void saveFailsWithAClearMessage_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("variable");
        QTest::newRow("mysql") << QStringLiteral("mysql://app:typed@h:3306/idem") << QStringLiteral("IDEM_MYSQL_PASSWORD");
        QTest::newRow("redis") << QStringLiteral("redis://cache:6379/0") << QStringLiteral("IDEM_REDIS_PASSWORD");
    }

    void saveFailsWithAClearMessage()
    {
        QFETCH(QString, url);
        QFETCH(QString, variable);
        PasswordVault vault;
        const auto saved = waitFor(vault.save(url, QStringLiteral("secret")));
        QVERIFY(saved);
        QVERIFY(!*saved);
        QVERIFY2(saved->error().message.contains(QStringLiteral("no system keychain available")), qPrintable(saved->error().message));
        QVERIFY2(saved->error().message.contains(variable), qPrintable(saved->error().message));
        QVERIFY(!saved->error().message.contains(QStringLiteral("secret")));
    }

    void forgetWithoutKeychainReports()
    {
        PasswordVault vault;
        const auto forgotten = waitFor(vault.forget(pgUrl));
        QVERIFY(forgotten);
        QVERIFY(!*forgotten);
    }

    // A keychain that does not answer in time (a prompt nobody sees) counts
    // as unavailable; its late answer must not crash or answer twice.
    void timeoutAnswersOnce()
    {
        PasswordVault vault;
        vault.setTimeoutMs(1);
        const auto lookup = waitFor(vault.read(entry(pgUrl, StoreEntry::PasswordSource::Keychain)), 5000);
        QVERIFY(lookup);
        QVERIFY(!*lookup);
        QVERIFY2(lookup->error().message.contains(QStringLiteral("IDEM_PG_PASSWORD")), qPrintable(lookup->error().message));
        QTest::qWait(300); // let a late keychain answer arrive
    }

    // The vault may go away with a job pending (the dialog closed).
    void destroyedWhilePending()
    {
        QFuture<Result<PasswordVault::Lookup>> future;
        {
            PasswordVault vault;
            future = vault.read(entry(pgUrl, StoreEntry::PasswordSource::Keychain));
        }
        QTest::qWait(300);
        QVERIFY(future.isFinished());
        QVERIFY(future.isCanceled() || future.resultCount() == 1);
    }

    void keyHasNoPassword()
    {
        QCOMPARE(PasswordVault::keychainKey(QStringLiteral("postgresql://ops:pw@db:5432/idem")),
                 QStringLiteral("postgresql://ops@db:5432/idem"));
        QCOMPARE(PasswordVault::serviceName(), QStringLiteral("idem-console"));
    }
};

QTEST_GUILESS_MAIN(TestPasswordVault)
#include "tst_passwordvault.moc"
