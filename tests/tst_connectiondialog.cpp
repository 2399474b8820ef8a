// ConnectionDialog: fields → URL preview, inline errors for bad and hostile
// input, "Test" on a worker thread (success on a real SQLite file; errors from
// an unreachable server and a locked file while the GUI thread keeps running
// its timers), cancel while a test is pending, and what "Open" returns.
// No keychain here: the D-Bus session address points nowhere (see
// tst_passwordvault), so keychain calls fail fast and say so.
#include "models/appsettings.h"
#include "ui/connectiondialog.h"
#include "models/passwordvault.h"
#include "models/storeurlfields.h"
#include "ui/storeentryform.h"

#include "app/store/openstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

namespace {

// Counts the ticks of a 50 ms timer: if the GUI thread blocks, they stop.
class Heartbeat final {
public:
    Heartbeat()
    {
        QObject::connect(&m_timer, &QTimer::timeout, [this] { ++m_ticks; });
        m_timer.start(50);
        m_clock.start();
    }
    int ticks() const { return m_ticks; }
    qint64 elapsedMs() const { return m_clock.elapsed(); }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    int m_ticks = 0;
};

} // namespace

class TestConnectionDialog final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_ini;
    std::unique_ptr<AppSettings> m_settings;
    std::unique_ptr<PasswordVault> m_vault;

    template <typename T>
    static T *child(const QObject &parent, const char *name)
    {
        T *found = parent.findChild<T *>(QString::fromLatin1(name));
        if (!found)
            qFatal("no child %s", name);
        return found;
    }
    static void setKind(const ConnectionDialog &dialog, StoreUrl::Kind kind)
    {
        auto *combo = child<QComboBox>(dialog, "kind");
        combo->setCurrentIndex(combo->findData(int(kind)));
    }
    static void type(const ConnectionDialog &dialog, const char *field, const QString &text)
    {
        child<QLineEdit>(dialog, field)->setText(text);
    }
    static QString problem(const ConnectionDialog &dialog)
    {
        auto *label = child<QLabel>(dialog, "problem");
        return label->isVisibleTo(label->parentWidget()) ? label->text() : QString();
    }
    static QString preview(const ConnectionDialog &dialog) { return child<QLabel>(dialog, "urlPreview")->text(); }
    QString iniText() const
    {
        QFile file(m_ini->fileName());
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

    // A store file with `count` records in flight, made through the engine.
    QString storeWithInFlight(const QString &file, int count)
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(file);
        Result<std::unique_ptr<Store>> store = openStore(url);
        if (!store)
            qFatal("cannot create the test store: %s", qPrintable(store.error().message));
        for (int i = 0; i < count; ++i) {
            ClaimRequest claim;
            claim.scope = QStringLiteral("payment");
            claim.key = QStringLiteral("key-%1").arg(i);
            claim.fingerprint = QStringLiteral("fp");
            claim.owner = QStringLiteral("test:1");
            claim.nowMs = QDateTime::currentMSecsSinceEpoch();
            if (!store.value()->claim(claim))
                qFatal("claim failed");
        }
        return m_dir.filePath(file);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=" + m_dir.filePath(QStringLiteral("no-bus")).toLocal8Bit());
        for (const char *name : {"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION", "IDEM_PG_PASSWORD"})
            qunsetenv(name);
    }

    void init()
    {
        m_ini.reset();
        QFile::remove(m_dir.filePath(QStringLiteral("settings.ini")));
        m_ini = std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        m_settings = std::make_unique<AppSettings>(m_ini.get());
        m_vault = std::make_unique<PasswordVault>();
    }

    void urlPreview_data()
    {
        QTest::addColumn<StoreUrl::Kind>("kind");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port"); // 0: leave the kind's default
        QTest::addColumn<QString>("database");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("sslMode");
        QTest::addColumn<QString>("url");
        QTest::newRow("postgresql") << StoreUrl::Kind::Postgres << QStringLiteral("db.internal") << 0 << QStringLiteral("idem")
                                    << QStringLiteral("ops") << QStringLiteral("require")
                                    << QStringLiteral("postgresql://ops@db.internal:5432/idem?sslmode=require");
        QTest::newRow("mysql") << StoreUrl::Kind::Mysql << QStringLiteral("10.0.0.5") << 0 << QStringLiteral("orders")
                               << QStringLiteral("app") << QString() << QStringLiteral("mysql://app@10.0.0.5:3306/orders");
        QTest::newRow("redis") << StoreUrl::Kind::Redis << QStringLiteral("cache") << 6380 << QString() << QString() << QString()
                               << QStringLiteral("redis://cache:6380/0");
        QTest::newRow("ipv6") << StoreUrl::Kind::Postgres << QStringLiteral("::1") << 0 << QStringLiteral("idem") << QString() << QString()
                              << QStringLiteral("postgresql://[::1]:5432/idem");
    }

    void urlPreview()
    {
        QFETCH(StoreUrl::Kind, kind);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, database);
        QFETCH(QString, user);
        QFETCH(QString, sslMode);
        QFETCH(QString, url);
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        setKind(dialog, kind);
        type(dialog, "host", host);
        if (port)
            child<QSpinBox>(dialog, "port")->setValue(port);
        type(dialog, "database", database);
        type(dialog, "user", user);
        auto *ssl = child<QComboBox>(dialog, "sslMode");
        ssl->setCurrentIndex(qMax(0, ssl->findData(sslMode)));
        type(dialog, "password", QStringLiteral("never-shown"));
        QCOMPARE(preview(dialog), url);
        QCOMPARE(problem(dialog), QString());
        QVERIFY(child<QPushButton>(dialog, "open")->isEnabled());
        QVERIFY(!preview(dialog).contains(QStringLiteral("never-shown")));
    }

    // A Redis Cluster: seed nodes after the host, the field shown for Redis
    // only, a bad one refused naming the field, and a saved URL loads back.
    void clusterSeedNodes()
    {
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        setKind(dialog, StoreUrl::Kind::Postgres);
        QVERIFY(!child<QLineEdit>(dialog, "seedNodes")->isVisibleTo(&dialog));
        setKind(dialog, StoreUrl::Kind::Redis);
        QVERIFY(child<QLineEdit>(dialog, "seedNodes")->isVisibleTo(&dialog));
        type(dialog, "host", QStringLiteral("10.0.0.1"));
        child<QSpinBox>(dialog, "port")->setValue(7000);
        type(dialog, "seedNodes", QStringLiteral("10.0.0.2:7001, node-3.corp:7002"));
        QCOMPARE(preview(dialog), QStringLiteral("redis://10.0.0.1:7000,10.0.0.2:7001,node-3.corp:7002/0"));
        QCOMPARE(problem(dialog), QString());
        type(dialog, "seedNodes", QStringLiteral("10.0.0.2"));
        QVERIFY2(problem(dialog).contains(QStringLiteral("10.0.0.2")) && problem(dialog).contains(QStringLiteral("host:port")),
                 qPrintable(problem(dialog)));
        QVERIFY(!child<QPushButton>(dialog, "open")->isEnabled());
        type(dialog, "seedNodes", QStringLiteral("10.0.0.2:7001; rm -rf /"));
        QVERIFY(!problem(dialog).isEmpty());
        type(dialog, "seedNodes", QStringLiteral("10.0.0.2:7001"));
        type(dialog, "database", QStringLiteral("3"));
        QVERIFY2(problem(dialog).contains(QStringLiteral("database 0")), qPrintable(problem(dialog)));

        const Result<StoreUrlFields> loaded = StoreUrlFields::fromUrl(QStringLiteral("redis://10.0.0.1:7000,10.0.0.2:7001/0"));
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->seedNodes, QStringList{QStringLiteral("10.0.0.2:7001")});
        QCOMPARE(loaded->toUrl().value_or(QString()), QStringLiteral("redis://10.0.0.1:7000,10.0.0.2:7001/0"));
    }

    void sqlitePreviewAndDefaultPorts()
    {
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        setKind(dialog, StoreUrl::Kind::Sqlite);
        type(dialog, "path", QStringLiteral("/var/lib/idem/records with space.db"));
        QCOMPARE(preview(dialog), QStringLiteral("sqlite:///var/lib/idem/records%20with%20space.db"));
        QCOMPARE(StoreUrl::parse(preview(dialog))->path, QStringLiteral("/var/lib/idem/records with space.db"));
        const QString odd = QStringLiteral("/srv/幂等/it's #1?.db");
        type(dialog, "path", odd);
        QCOMPARE(problem(dialog), QString());
        QCOMPARE(StoreUrl::parse(preview(dialog))->path, odd);

        auto *port = child<QSpinBox>(dialog, "port");
        setKind(dialog, StoreUrl::Kind::Postgres);
        QCOMPARE(port->value(), 5432);
        setKind(dialog, StoreUrl::Kind::Mysql);
        QCOMPARE(port->value(), 3306);
        port->setValue(13306); // the operator's own port survives a change of kind
        setKind(dialog, StoreUrl::Kind::Redis);
        QCOMPARE(port->value(), 13306);
    }

    void hostileInput_data()
    {
        QTest::addColumn<StoreUrl::Kind>("kind");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected"); // part of the inline message
        const QString onlyContain = QStringLiteral("may only contain");
        QTest::newRow("sql in database") << StoreUrl::Kind::Postgres << QStringLiteral("database")
                                         << QStringLiteral("x; DROP TABLE idempotency_records") << onlyContain;
        QTest::newRow("quote in database") << StoreUrl::Kind::Mysql << QStringLiteral("database") << QStringLiteral("it's") << onlyContain;
        QTest::newRow("double quotes") << StoreUrl::Kind::Postgres << QStringLiteral("database") << QStringLiteral("\"idem\"")
                                       << onlyContain;
        QTest::newRow("long database") << StoreUrl::Kind::Postgres << QStringLiteral("database") << QString(200, QLatin1Char('d'))
                                       << QStringLiteral("200 characters");
        QTest::newRow("5000-char host") << StoreUrl::Kind::Postgres << QStringLiteral("host") << QString(5000, QLatin1Char('h'))
                                        << QStringLiteral("5000 characters");
        QTest::newRow("control char in host") << StoreUrl::Kind::Redis << QStringLiteral("host") << QStringLiteral("cache\x01\x1b[2J")
                                              << QStringLiteral("control or invisible character at position 6");
        QTest::newRow("newline in host") << StoreUrl::Kind::Mysql << QStringLiteral("host") << QStringLiteral("db\nevil")
                                         << QStringLiteral("control or invisible");
        QTest::newRow("host with slash") << StoreUrl::Kind::Postgres << QStringLiteral("host") << QStringLiteral("db/../../etc")
                                         << QStringLiteral("not a host name");
        QTest::newRow("host with at") << StoreUrl::Kind::Postgres << QStringLiteral("host") << QStringLiteral("user:pw@db")
                                      << QStringLiteral("not a host name");
        QTest::newRow("bidi override in user") << StoreUrl::Kind::Postgres << QStringLiteral("user")
                                               << (QStringLiteral("ops") + QChar(0x202E) + QStringLiteral("nimda"))
                                               << QStringLiteral("control or invisible");
        QTest::newRow("space in user") << StoreUrl::Kind::Postgres << QStringLiteral("user") << QStringLiteral("ops admin") << onlyContain;
        QTest::newRow("redis db name") << StoreUrl::Kind::Redis << QStringLiteral("database") << QStringLiteral("zero")
                                       << QStringLiteral("number");
        QTest::newRow("relative path") << StoreUrl::Kind::Sqlite << QStringLiteral("path") << QStringLiteral("records.db")
                                       << QStringLiteral("absolute");
        QTest::newRow("nul in path") << StoreUrl::Kind::Sqlite << QStringLiteral("path")
                                     << (QStringLiteral("/tmp/a") + QChar(0) + QStringLiteral("b.db"))
                                     << QStringLiteral("control or invisible");
        QTest::newRow("empty host") << StoreUrl::Kind::Mysql << QStringLiteral("host") << QString() << QStringLiteral("host name or IP");
    }

    void hostileInput()
    {
        QFETCH(StoreUrl::Kind, kind);
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        setKind(dialog, kind);
        // Valid values everywhere first, so the message is about `field`.
        type(dialog, "path", QStringLiteral("/tmp/idem.db"));
        type(dialog, "host", QStringLiteral("db.internal"));
        type(dialog, "database", kind == StoreUrl::Kind::Redis ? QStringLiteral("0") : QStringLiteral("idem"));
        type(dialog, "user", QStringLiteral("ops"));
        QCOMPARE(problem(dialog), QString());

        type(dialog, field.toLatin1().constData(), value);
        QVERIFY2(problem(dialog).contains(expected), qPrintable(problem(dialog)));
        QVERIFY(problem(dialog).size() < 400); // quoted short, whatever was typed
        QCOMPARE(preview(dialog), StoreEntryForm::tr("(incomplete)"));
        QVERIFY(!child<QPushButton>(dialog, "open")->isEnabled());
        QVERIFY(!child<QPushButton>(dialog, "test")->isEnabled());
        QVERIFY(child<QLineEdit>(dialog, field.toLatin1().constData())->property("invalid").toBool());

        // Even if something pressed them anyway: nothing is saved or opened.
        dialog.accept();
        dialog.startTest();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(m_settings->recentStores().isEmpty());
    }

    void badVariableName()
    {
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        setKind(dialog, StoreUrl::Kind::Postgres);
        type(dialog, "host", QStringLiteral("db"));
        type(dialog, "database", QStringLiteral("idem"));
        child<QCheckBox>(dialog, "passwordFromEnvironment")->setChecked(true);
        QVERIFY(!child<QLineEdit>(dialog, "password")->isEnabled());
        type(dialog, "passwordVariable", QStringLiteral("$(curl evil)"));
        QVERIFY2(problem(dialog).contains(QStringLiteral("environment variable")), qPrintable(problem(dialog)));
        QVERIFY(!child<QPushButton>(dialog, "open")->isEnabled());
    }

    void testSqliteSucceedsOnTheWorkerThread()
    {
        const QString file = storeWithInFlight(QStringLiteral("ok.db"), 3);
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        dialog.show();
        setKind(dialog, StoreUrl::Kind::Sqlite);
        type(dialog, "path", file);
        QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
        QTest::mouseClick(child<QPushButton>(dialog, "test"), Qt::LeftButton);
        // The click returned before the answer: the store was not opened here.
        QCOMPARE(finished.count(), 0);
        QVERIFY(dialog.isBusy());
        QVERIFY(child<QProgressBar>(dialog, "busy")->isVisible());

        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        const QString message = finished.at(0).at(1).toString();
        QVERIFY2(message.startsWith(QStringLiteral("Connected, 3 in flight, round trip ")), qPrintable(message));
        QVERIFY(message.endsWith(QStringLiteral(" ms")));
        QCOMPARE(child<QLabel>(dialog, "testStatus")->text(), message);
        QVERIFY(!child<QProgressBar>(dialog, "busy")->isVisible());
        QVERIFY(!dialog.isBusy());
    }

    void testUnreachableServerKeepsTheWindowAlive()
    {
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        dialog.show();
        setKind(dialog, StoreUrl::Kind::Postgres);
        type(dialog, "host", QStringLiteral("127.0.0.1"));
        child<QSpinBox>(dialog, "port")->setValue(1); // nothing listens on port 1
        type(dialog, "database", QStringLiteral("idem"));
        type(dialog, "user", QStringLiteral("ops"));
        type(dialog, "password", QStringLiteral("pw"));
        QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
        Heartbeat heartbeat;
        QTest::mouseClick(child<QPushButton>(dialog, "test"), Qt::LeftButton);
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        const QString message = finished.at(0).at(1).toString();
        QVERIFY(!message.isEmpty());
        QVERIFY2(!message.contains(QStringLiteral(":pw@")), qPrintable(message));
        QCOMPARE(child<QLabel>(dialog, "testStatus")->text(), message);
        // However long the attempt took, the 50 ms timer kept firing.
        QVERIFY2(heartbeat.ticks() >= heartbeat.elapsedMs() / 100,
                 qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(heartbeat.ticks()).arg(heartbeat.elapsedMs())));
    }

    // A store that takes seconds to answer: another connection holds the
    // SQLite file's write lock, so opening waits out busy_timeout_ms.
    void testSlowStoreKeepsTheWindowAlive()
    {
        const QString file = m_dir.filePath(QStringLiteral("locked.db"));
        {
            QSqlDatabase locker = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker"));
            locker.setDatabaseName(file);
            QVERIFY(locker.open());
            QSqlQuery q(locker);
            QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode=DELETE")));
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS hold (x)")));
            QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO hold VALUES (1)")));
        }
        auto release = qScopeGuard([] {
            {
                QSqlDatabase locker = QSqlDatabase::database(QStringLiteral("locker"));
                QSqlQuery(locker).exec(QStringLiteral("ROLLBACK"));
                locker.close();
            }
            QSqlDatabase::removeDatabase(QStringLiteral("locker"));
        });

        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        dialog.show();
        StoreEntry slow;
        slow.url = QStringLiteral("sqlite://") + file + QStringLiteral("?busy_timeout_ms=1500");
        child<StoreEntryForm>(dialog, "")->setEntry(slow);
        QSignalSpy finished(&dialog, &ConnectionDialog::testFinished);
        Heartbeat heartbeat;
        dialog.startTest();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY2(finished.at(0).at(1).toString().contains(QStringLiteral("locked")), qPrintable(finished.at(0).at(1).toString()));
        QVERIFY2(heartbeat.elapsedMs() >= 1000, "the store answered too fast to prove anything");
        QVERIFY2(heartbeat.ticks() >= heartbeat.elapsedMs() / 100,
                 qPrintable(QStringLiteral("%1 ticks in %2 ms").arg(heartbeat.ticks()).arg(heartbeat.elapsedMs())));
    }

    // Cancel while a test is pending closes at once, and the abandoned
    // answer never arrives.
    void cancelWhileTesting()
    {
        const QString file = m_dir.filePath(QStringLiteral("locked2.db"));
        {
            QSqlDatabase locker = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("locker2"));
            locker.setDatabaseName(file);
            QVERIFY(locker.open());
            QSqlQuery q(locker);
            QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode=DELETE")));
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS hold (x)")));
            QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO hold VALUES (1)")));
        }
        auto release = qScopeGuard([] {
            {
                QSqlDatabase locker = QSqlDatabase::database(QStringLiteral("locker2"));
                QSqlQuery(locker).exec(QStringLiteral("ROLLBACK"));
                locker.close();
            }
            QSqlDatabase::removeDatabase(QStringLiteral("locker2"));
        });

        auto dialog = std::make_unique<ConnectionDialog>(m_settings.get(), m_vault.get());
        dialog->show();
        StoreEntry slow;
        slow.url = QStringLiteral("sqlite://") + file + QStringLiteral("?busy_timeout_ms=1000");
        child<StoreEntryForm>(*dialog, "")->setEntry(slow);
        QSignalSpy finished(dialog.get(), &ConnectionDialog::testFinished);
        dialog->startTest();
        QTest::qWait(100);
        QVERIFY(dialog->isBusy());

        QElapsedTimer clock;
        clock.start();
        QTest::keyClick(dialog.get(), Qt::Key_Escape);
        QVERIFY2(clock.elapsed() < 300, "Cancel waited for the store");
        QVERIFY(!dialog->isVisible());
        QCOMPARE(dialog->result(), int(QDialog::Rejected));
        QVERIFY(!dialog->isBusy());
        dialog.reset(); // destroying it with the session still busy must not wait either
        QVERIFY2(clock.elapsed() < 300, "destroying the dialog waited for the store");
        QTest::qWait(1500); // the abandoned attempt ends meanwhile, silently
        QCOMPARE(finished.count(), 0);
    }

    void openReturnsEntryAndPassword()
    {
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        child<QLineEdit>(dialog, "name")->setText(QStringLiteral("Payments"));
        setKind(dialog, StoreUrl::Kind::Postgres);
        type(dialog, "host", QStringLiteral("db.internal"));
        type(dialog, "database", QStringLiteral("idem"));
        type(dialog, "user", QStringLiteral("ops"));
        type(dialog, "password", QStringLiteral("Pa:ss@w/rd?#1"));
        child<QCheckBox>(dialog, "readOnly")->setChecked(true);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        const StoreEntry chosen = dialog.chosenEntry();
        QCOMPARE(chosen.url, QStringLiteral("postgresql://ops@db.internal:5432/idem"));
        QCOMPARE(chosen.name, QStringLiteral("Payments"));
        QVERIFY(chosen.readOnly);
        QCOMPARE(chosen.passwordSource, StoreEntry::PasswordSource::None);
        QCOMPARE(dialog.chosenPassword(), QStringLiteral("Pa:ss@w/rd?#1"));
        const Result<StoreUrl> withPassword = StoreUrl::parse(dialog.chosenUrl());
        QVERIFY(withPassword);
        QCOMPARE(withPassword->password, QStringLiteral("Pa:ss@w/rd?#1"));
        QCOMPARE(withPassword->host, QStringLiteral("db.internal"));

        QCOMPARE(m_settings->recentStores().size(), 1);
        QCOMPARE(m_settings->recentStores().constFirst(), chosen);
        QCOMPARE(m_settings->lastStoreUrl(), chosen.url);
        QVERIFY(!iniText().contains(QStringLiteral("Pa:ss")));
        QVERIFY(!iniText().contains(QStringLiteral("w/rd")));
    }

    void rememberWithoutKeychainStaysOpen()
    {
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        dialog.show();
        setKind(dialog, StoreUrl::Kind::Postgres);
        type(dialog, "host", QStringLiteral("db"));
        type(dialog, "database", QStringLiteral("idem"));
        type(dialog, "password", QStringLiteral("typed"));
        child<QCheckBox>(dialog, "rememberInKeychain")->setChecked(true);
        dialog.accept();
        QTRY_VERIFY_WITH_TIMEOUT(!problem(dialog).isEmpty(), 20000);
        QVERIFY2(problem(dialog).startsWith(QStringLiteral("no system keychain available: ")), qPrintable(problem(dialog)));
        QVERIFY2(problem(dialog).endsWith(QStringLiteral("set IDEM_PG_PASSWORD instead")), qPrintable(problem(dialog)));
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(m_settings->recentStores().isEmpty());

        // Unticking "remember" opens with the typed password for this run only.
        child<QCheckBox>(dialog, "rememberInKeychain")->setChecked(false);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.chosenPassword(), QStringLiteral("typed"));
    }

    void passwordFromEnvironment()
    {
        qputenv("IDEM_TEST_DIALOG_PW", "from-the-environment");
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        setKind(dialog, StoreUrl::Kind::Redis);
        type(dialog, "host", QStringLiteral("cache"));
        child<QCheckBox>(dialog, "passwordFromEnvironment")->setChecked(true);
        type(dialog, "passwordVariable", QStringLiteral("IDEM_TEST_DIALOG_PW"));
        dialog.accept();
        QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), 10000);
        QCOMPARE(dialog.chosenPassword(), QStringLiteral("from-the-environment"));
        QCOMPARE(dialog.chosenEntry().passwordSource, StoreEntry::PasswordSource::Environment);
        QCOMPARE(dialog.chosenEntry().passwordVariable, QStringLiteral("IDEM_TEST_DIALOG_PW"));
        QVERIFY(!iniText().contains(QStringLiteral("from-the-environment")));
        qunsetenv("IDEM_TEST_DIALOG_PW");
    }

    void keychainEntryFallsBackToEnvironment()
    {
        StoreEntry saved;
        saved.url = QStringLiteral("postgresql://ops@db:5432/idem");
        saved.passwordSource = StoreEntry::PasswordSource::Keychain;
        m_settings->rememberStore(saved);
        qputenv("IDEM_PG_PASSWORD", "env-pw");
        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        QCOMPARE(preview(dialog), saved.url);
        QVERIFY(child<QCheckBox>(dialog, "rememberInKeychain")->isChecked());
        dialog.accept(); // no typed password: read the keychain, which is not there
        QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), 20000);
        QCOMPARE(dialog.chosenPassword(), QStringLiteral("env-pw"));
        qunsetenv("IDEM_PG_PASSWORD");
    }

    void recentListEditAndRemove()
    {
        StoreEntry a;
        a.name = QStringLiteral("Orders");
        a.url = QStringLiteral("mysql://app@orders-db:3306/orders");
        StoreEntry b;
        b.name = QStringLiteral("Cache");
        b.url = QStringLiteral("redis://cache:6379/3");
        m_settings->rememberStore(a);
        m_settings->rememberStore(b);
        m_settings->setLastStoreUrl(a.url);

        ConnectionDialog dialog(m_settings.get(), m_vault.get());
        auto *list = child<QListWidget>(dialog, "recentStores");
        QCOMPARE(list->count(), 2);
        QCOMPARE(list->currentItem()->text(), QStringLiteral("Orders")); // the last one opened
        QCOMPARE(child<QLineEdit>(dialog, "host")->text(), QStringLiteral("orders-db"));

        list->setCurrentRow(0);
        QCOMPARE(child<QLineEdit>(dialog, "host")->text(), QStringLiteral("cache"));
        QCOMPARE(child<QLineEdit>(dialog, "database")->text(), QStringLiteral("3"));

        // Edit: the entry is replaced, not duplicated.
        type(dialog, "database", QStringLiteral("4"));
        QTest::mouseClick(child<QPushButton>(dialog, "save"), Qt::LeftButton);
        QCOMPARE(m_settings->recentStores().size(), 2);
        QCOMPARE(m_settings->recentStores().constFirst().url, QStringLiteral("redis://cache:6379/4"));

        list->setCurrentRow(0);
        QTest::mouseClick(child<QPushButton>(dialog, "remove"), Qt::LeftButton);
        QCOMPARE(m_settings->recentStores().size(), 1);
        QCOMPARE(list->count(), 1);
        QCOMPARE(m_settings->recentStores().constFirst().url, a.url);
    }
};

QTEST_MAIN(TestConnectionDialog)
#include "tst_connectiondialog.moc"
