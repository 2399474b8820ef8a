#pragma once

#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

// A database server of one test's own, for fault injection: redis-server,
// postgres or mariadbd with its data, socket and log in a QTemporaryDir,
// listening on 127.0.0.1 on a port found free at the first start.
//
// kill() is SIGKILL (for PostgreSQL the postmaster and every backend), as an
// OOM kill or a crash would do; start() again brings the server back on the
// same port and data directory, through the server's own crash recovery.
// What a server acknowledged survives the kill: Redis runs with
// appendonly yes + appendfsync always; PostgreSQL and InnoDB write their
// logs before a commit returns.
//
// PostgreSQL refuses to run as root: as root the directory is chowned to the
// postgres user and every PostgreSQL program runs through runuser. Never
// touches a system service, a default port or a data directory elsewhere.
// Should the test process die without its destructors (a crash, a SIGKILL on
// timeout), a watchdog kills the server and removes the directory. Each call
// blocks; use it from the test's main thread.
class TestServer final {
    Q_DISABLE_COPY_MOVE(TestServer)
public:
    enum class Kind { Redis, Postgres, Mysql };

    explicit TestServer(Kind kind);
    ~TestServer(); // a clean shutdown (SIGKILL if that takes over 30 s)

    static QString kindName(Kind kind);
    // Empty when every program this kind needs is installed; else what is
    // missing and which Debian package has it.
    static QString missingPrograms(Kind kind);

    // The first call creates the data directory (initdb, mariadb-install-db),
    // picks the port, starts the server and creates the database and user
    // `idem`; later calls start the same server again. Returns when the
    // server answers its ping (redis-cli, pg_isready, mariadb-admin); false
    // with the reason and the server log's tail after 60 s or if it exits.
    bool start(QString *error);
    // SIGKILL; returns when the server's processes are gone.
    bool kill(QString *error);
    bool isRunning() const { return m_server.state() != QProcess::NotRunning; }

    int port() const { return m_port; }
    // redis://127.0.0.1:PORT/0, postgresql://idem@127.0.0.1:PORT/idem or
    // mysql://idem@127.0.0.1:PORT/idem.
    QString url() const;
    QString logTail(int lines = 30) const;

private:
    bool initialise(QString *error);
    void startWatchdog();
    bool createDatabase(QString *error);
    bool ping();
    QStringList serverCommand() const;
    // Runs a program to completion (as the postgres user for PostgreSQL when
    // we are root); false with its output in *error.
    bool run(const QString &program, const QStringList &arguments, QString *error, int timeoutMs = 120000);
    QStringList asServerUser(const QString &program, const QStringList &arguments) const;
    QString path(const QString &name) const { return m_dir.filePath(name); }
    qint64 postmasterPid() const;

    const Kind m_kind;
    QTemporaryDir m_dir;
    QProcess m_server;
    QProcess m_watchdog;
    int m_port = 0;
    bool m_initialised = false;
};
