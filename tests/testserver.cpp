#include "tests/testserver.h"
#include "tests/testserverhost.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>

#include <pwd.h>
#include <signal.h>
#include <unistd.h>

namespace {

bool isRoot()
{
    return ::geteuid() == 0;
}

QString currentUser()
{
    const passwd *pw = ::getpwuid(::geteuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : QStringLiteral("root");
}

// The newest /usr/lib/postgresql/<version>/bin (Debian keeps the server
// programs there, off PATH).
QString postgresBinDir()
{
    QDir lib(QStringLiteral("/usr/lib/postgresql"));
    QStringList versions = lib.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(), [](const QString &a, const QString &b) { return a.toInt() < b.toInt(); });
    for (auto it = versions.crbegin(); it != versions.crend(); ++it) {
        const QString bin = lib.filePath(*it + QStringLiteral("/bin"));
        if (QFile::exists(bin + QStringLiteral("/postgres")))
            return bin;
    }
    return QString();
}

QString postgresProgram(const QString &name)
{
    const QString bin = postgresBinDir();
    return bin.isEmpty() ? QString() : bin + QLatin1Char('/') + name;
}

// A process that exists and is not a zombie (a killed postmaster's backends
// are orphans, and not every PID 1 reaps them).
bool processAlive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close >= 0 && close + 2 < text.size() && text.at(close + 2) != 'Z';
}

// Every live process whose working directory is `dir`: a postmaster and all
// its backends run in their data directory, whoever their parent is now.
QList<qint64> processesWorkingIn(const QString &dir)
{
    QList<qint64> pids;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (numeric && QFile::symLinkTarget(QStringLiteral("/proc/%1/cwd").arg(pid)) == dir && processAlive(pid))
            pids << pid;
    }
    return pids;
}

} // namespace

TestServer::TestServer(Kind kind)
    : m_kind(kind)
    , m_dir(QDir::tempPath() + QStringLiteral("/idem-testserver-XXXXXX"))
{
}

TestServer::~TestServer()
{
    if (!isRunning())
        return;
    // PostgreSQL: SIGINT is the fast shutdown; SIGTERM would wait for clients.
    const qint64 pid = m_kind == Kind::Postgres ? postmasterPid() : m_server.processId();
    if (pid > 0)
        ::kill(pid_t(pid), m_kind == Kind::Postgres ? SIGINT : SIGTERM);
    if (!m_server.waitForFinished(30000)) {
        QString ignored;
        kill(&ignored);
    }
    m_watchdog.kill();
    m_watchdog.waitForFinished();
}

void TestServer::startWatchdog()
{
    startDirectoryWatchdog(m_watchdog, m_dir.path());
}

QString TestServer::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Redis:
        return QStringLiteral("redis");
    case Kind::Postgres:
        return QStringLiteral("postgresql");
    case Kind::Mysql:
        return QStringLiteral("mysql");
    }
    return QString();
}

QString TestServer::missingPrograms(Kind kind)
{
    QStringList missing;
    auto need = [&](const QString &program, const char *package) {
        const bool found =
            program.startsWith(QLatin1Char('/')) ? QFile::exists(program) : !QStandardPaths::findExecutable(program).isEmpty();
        if (!found)
            missing << QStringLiteral("%1 (Debian: %2)").arg(program, QLatin1String(package));
    };
    switch (kind) {
    case Kind::Redis:
        need(QStringLiteral("redis-server"), "redis-server");
        need(QStringLiteral("redis-cli"), "redis-tools");
        break;
    case Kind::Postgres:
        if (postgresBinDir().isEmpty())
            missing << QStringLiteral("/usr/lib/postgresql/*/bin/postgres (Debian: postgresql)");
        else
            need(postgresProgram(QStringLiteral("psql")), "postgresql-client");
        if (isRoot()) {
            need(QStringLiteral("runuser"), "util-linux");
            if (!::getpwnam("postgres"))
                missing << QStringLiteral("the user postgres (Debian: postgresql creates it)");
        }
        break;
    case Kind::Mysql:
        need(QStringLiteral("mariadbd"), "mariadb-server");
        need(QStringLiteral("mariadb-install-db"), "mariadb-server");
        need(QStringLiteral("mariadb-admin"), "mariadb-client");
        need(QStringLiteral("mariadb"), "mariadb-client");
        break;
    }
    return missing.join(QStringLiteral(", "));
}

QString TestServer::url() const
{
    switch (m_kind) {
    case Kind::Redis:
        return QStringLiteral("redis://127.0.0.1:%1/0").arg(m_port);
    case Kind::Postgres:
        return QStringLiteral("postgresql://idem@127.0.0.1:%1/idem").arg(m_port);
    case Kind::Mysql:
        return QStringLiteral("mysql://idem@127.0.0.1:%1/idem").arg(m_port);
    }
    return QString();
}

QString TestServer::logTail(int lines) const
{
    QFile file(path(QStringLiteral("server.log")));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("(no server log)");
    const QStringList all = QString::fromLocal8Bit(file.readAll()).split(QLatin1Char('\n'));
    return all.mid(qMax(0, all.size() - lines)).join(QLatin1Char('\n'));
}

QStringList TestServer::asServerUser(const QString &program, const QStringList &arguments) const
{
    if (m_kind == Kind::Postgres && isRoot())
        return QStringList{QStringLiteral("runuser"), QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"), program}
               + arguments;
    return QStringList{program} + arguments;
}

bool TestServer::run(const QString &program, const QStringList &arguments, QString *error, int timeoutMs)
{
    QStringList command = asServerUser(program, arguments);
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(command.takeFirst(), command);
    const bool finished = process.waitForStarted() && process.waitForFinished(timeoutMs);
    if (finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        return true;
    if (!finished)
        process.kill();
    *error = QStringLiteral("%1 failed (%2): %3")
                 .arg(program, finished ? QStringLiteral("exit code %1").arg(process.exitCode()) : process.errorString(),
                      QString::fromLocal8Bit(process.readAll()).trimmed());
    return false;
}

bool TestServer::initialise(QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("cannot create a temporary directory: %1").arg(m_dir.errorString());
        return false;
    }
    if (const QString missing = missingPrograms(m_kind); !missing.isEmpty()) {
        *error = QStringLiteral("not installed: %1").arg(missing);
        return false;
    }
    startWatchdog();
    m_port = freeLoopbackPort();
    if (m_port == 0) {
        *error = QStringLiteral("no free loopback port in 20000-31999");
        return false;
    }
    switch (m_kind) {
    case Kind::Redis:
        return true;
    case Kind::Postgres:
        if (isRoot()) {
            const passwd *pw = ::getpwnam("postgres");
            if (!pw || ::chown(QFile::encodeName(m_dir.path()).constData(), pw->pw_uid, pw->pw_gid) != 0) {
                *error = QStringLiteral("cannot hand %1 to the postgres user").arg(m_dir.path());
                return false;
            }
        }
        return run(postgresProgram(QStringLiteral("initdb")),
                   {QStringLiteral("-D"), path(QStringLiteral("data")), QStringLiteral("-U"), QStringLiteral("postgres"),
                    QStringLiteral("--auth=trust"), QStringLiteral("--encoding=UTF8"), QStringLiteral("--locale=C"),
                    QStringLiteral("--no-sync")},
                   error);
    case Kind::Mysql:
        return run(QStringLiteral("mariadb-install-db"),
                   {QStringLiteral("--no-defaults"), QStringLiteral("--datadir=") + path(QStringLiteral("data")),
                    QStringLiteral("--user=") + currentUser(), QStringLiteral("--auth-root-authentication-method=normal"),
                    QStringLiteral("--skip-test-db")},
                   error);
    }
    return false;
}

QStringList TestServer::serverCommand() const
{
    const QString port = QString::number(m_port);
    switch (m_kind) {
    case Kind::Redis:
        // Every acknowledged write is in the AOF before the reply.
        return {QStringLiteral("redis-server"),
                QStringLiteral("--bind"),
                QStringLiteral("127.0.0.1"),
                QStringLiteral("--port"),
                port,
                QStringLiteral("--dir"),
                m_dir.path(),
                QStringLiteral("--appendonly"),
                QStringLiteral("yes"),
                QStringLiteral("--appendfsync"),
                QStringLiteral("always"),
                QStringLiteral("--save"),
                QString(),
                QStringLiteral("--daemonize"),
                QStringLiteral("no"),
                QStringLiteral("--logfile"),
                QString()};
    case Kind::Postgres:
        return asServerUser(postgresProgram(QStringLiteral("postgres")),
                            {QStringLiteral("-D"), path(QStringLiteral("data")), QStringLiteral("-h"), QStringLiteral("127.0.0.1"),
                             QStringLiteral("-p"), port, QStringLiteral("-k"), m_dir.path()});
    case Kind::Mysql:
        // Debian's packaged character set defaults, without /etc/mysql.
        return {QStringLiteral("mariadbd"),
                QStringLiteral("--no-defaults"),
                QStringLiteral("--user=") + currentUser(),
                QStringLiteral("--datadir=") + path(QStringLiteral("data")),
                QStringLiteral("--socket=") + path(QStringLiteral("mysqld.sock")),
                QStringLiteral("--pid-file=") + path(QStringLiteral("mariadbd.pid")),
                QStringLiteral("--bind-address=127.0.0.1"),
                QStringLiteral("--port=") + port,
                QStringLiteral("--skip-name-resolve"),
                QStringLiteral("--skip-log-bin"),
                QStringLiteral("--character-set-server=utf8mb4"),
                QStringLiteral("--collation-server=utf8mb4_general_ci"),
                QStringLiteral("--innodb-buffer-pool-size=32M")};
    }
    return {};
}

bool TestServer::ping()
{
    QStringList command;
    switch (m_kind) {
    case Kind::Redis:
        command = {QStringLiteral("redis-cli"), QStringLiteral("-h"),    QStringLiteral("127.0.0.1"),
                   QStringLiteral("-p"),        QString::number(m_port), QStringLiteral("ping")};
        break;
    case Kind::Postgres:
        command = {postgresProgram(QStringLiteral("pg_isready")),
                   QStringLiteral("-q"),
                   QStringLiteral("-h"),
                   QStringLiteral("127.0.0.1"),
                   QStringLiteral("-p"),
                   QString::number(m_port),
                   QStringLiteral("-U"),
                   QStringLiteral("postgres"),
                   QStringLiteral("-d"),
                   QStringLiteral("postgres"),
                   QStringLiteral("-t"),
                   QStringLiteral("1")};
        break;
    case Kind::Mysql:
        command = {QStringLiteral("mariadb-admin"),
                   QStringLiteral("--no-defaults"),
                   QStringLiteral("--protocol=socket"),
                   QStringLiteral("--socket=") + path(QStringLiteral("mysqld.sock")),
                   QStringLiteral("-u"),
                   QStringLiteral("root"),
                   QStringLiteral("--connect-timeout=2"),
                   QStringLiteral("ping")};
        break;
    }
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(command.takeFirst(), command);
    if (!process.waitForStarted() || !process.waitForFinished(10000)) {
        process.kill();
        process.waitForFinished();
        return false;
    }
    const bool ok = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    return m_kind == Kind::Redis ? ok && process.readAll().trimmed() == "PONG" : ok;
}

bool TestServer::createDatabase(QString *error)
{
    switch (m_kind) {
    case Kind::Redis:
        return true;
    case Kind::Postgres:
        return run(postgresProgram(QStringLiteral("psql")),
                   {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-h"), m_dir.path(), QStringLiteral("-p"),
                    QString::number(m_port), QStringLiteral("-U"), QStringLiteral("postgres"), QStringLiteral("-d"),
                    QStringLiteral("postgres"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-c"),
                    QStringLiteral("CREATE ROLE idem LOGIN"), QStringLiteral("-c"), QStringLiteral("CREATE DATABASE idem OWNER idem")},
                   error);
    case Kind::Mysql:
        return run(QStringLiteral("mariadb"),
                   {QStringLiteral("--no-defaults"), QStringLiteral("--protocol=socket"),
                    QStringLiteral("--socket=") + path(QStringLiteral("mysqld.sock")), QStringLiteral("-u"), QStringLiteral("root"),
                    QStringLiteral("-e"),
                    QStringLiteral("CREATE DATABASE idem; CREATE USER 'idem'@'127.0.0.1'; "
                                   "GRANT ALL PRIVILEGES ON idem.* TO 'idem'@'127.0.0.1';")},
                   error);
    }
    return false;
}

bool TestServer::start(QString *error)
{
    if (isRunning())
        return true;
    const bool first = !m_initialised;
    if (first) {
        if (!initialise(error))
            return false;
        m_initialised = true;
    }
    QStringList command = serverCommand();
    m_server.setStandardOutputFile(path(QStringLiteral("server.log")), QIODevice::Append);
    m_server.setStandardErrorFile(path(QStringLiteral("server.log")), QIODevice::Append);
    m_server.start(command.takeFirst(), command);
    if (!m_server.waitForStarted()) {
        *error = QStringLiteral("%1 did not start: %2").arg(kindName(m_kind), m_server.errorString());
        return false;
    }
    const QDeadlineTimer deadline(kStartTimeoutMs);
    while (!ping()) {
        // Doubles as the pause between pings; true means the server exited.
        if (m_server.waitForFinished(100) || deadline.hasExpired()) {
            *error = QStringLiteral("%1 on port %2 %3; log:\n%4")
                         .arg(kindName(m_kind))
                         .arg(m_port)
                         .arg(isRunning() ? QStringLiteral("did not answer within %1 s").arg(kStartTimeoutMs / 1000)
                                          : QStringLiteral("exited while starting"),
                              logTail());
            if (isRunning()) {
                QString ignored;
                kill(&ignored);
            }
            return false;
        }
    }
    if (first && !createDatabase(error)) {
        *error += QStringLiteral("\nlog:\n") + logTail();
        return false;
    }
    return true;
}

qint64 TestServer::postmasterPid() const
{
    QFile file(path(QStringLiteral("data/postmaster.pid")));
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return file.readLine().trimmed().toLongLong();
}

bool TestServer::kill(QString *error)
{
    if (!isRunning())
        return true;
    bool gone = true;
    if (m_kind == Kind::Postgres) {
        // The postmaster and its backends (which call setsid(), so no process
        // group holds them all): everything running in the data directory,
        // scanned again until nothing is left, so a backend forked during a
        // scan dies too. runuser (our child when we are root) exits by itself
        // once the postmaster is dead; killing it as well would leave the
        // postmaster an orphan zombie whose PID in postmaster.pid blocks the
        // restart where PID 1 does not reap.
        const QString data = QFileInfo(path(QStringLiteral("data"))).canonicalFilePath();
        const QDeadlineTimer deadline(30000);
        QList<qint64> found = processesWorkingIn(data);
        while (!found.isEmpty() && !deadline.hasExpired()) {
            for (qint64 pid : std::as_const(found))
                ::kill(pid_t(pid), SIGKILL);
            QThread::msleep(10);
            found = processesWorkingIn(data);
        }
        gone = found.isEmpty();
    } else {
        ::kill(pid_t(m_server.processId()), SIGKILL);
    }
    if (!m_server.waitForFinished(30000)) {
        ::kill(pid_t(m_server.processId()), SIGKILL);
        m_server.waitForFinished(5000);
    }
    if (!gone || isRunning()) {
        *error = QStringLiteral("%1 survived SIGKILL for 30 s").arg(kindName(m_kind));
        return false;
    }
    return true;
}
