#pragma once

#include "app/store/rediscluster.h"
#include "tests/serverrequirement.h"

#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <array>
#include <optional>

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

// From a test function (initTestCase() for the suite): goes on when the
// programs a TestServer of `kind` needs are installed; IDEM_SERVER_MISSING
// (tests/serverrequirement.h) with what is missing otherwise.
#define IDEM_REQUIRE_SERVER_PROGRAMS(kind)                                                                                                 \
    do {                                                                                                                                   \
        if (const QString idemMissingPrograms_ = TestServer::missingPrograms(kind); !idemMissingPrograms_.isEmpty())                       \
            IDEM_SERVER_MISSING(                                                                                                           \
                QStringLiteral("not installed: %1 (tools/test.sh installs the server packages)").arg(idemMissingPrograms_));               \
    } while (false)

// A Redis Cluster of one test's own, for failover tests: six redis-servers
// (cluster-enabled, no persistence) in a QTemporaryDir, joined by
// `redis-cli --cluster create --cluster-replicas 1`, so three masters with
// one replica each. Ports are found free at start (each with port+10000 for
// the cluster bus) and never a shared cluster's. Nodes are numbered 0 to 5
// in start order; which are masters is whatever the cluster says now
// (masterOf(), replicaOf()), since a failover swaps them. kill() is SIGKILL,
// pause()/resume() SIGSTOP/SIGCONT (a replica that stops reading its
// master's stream). The same watchdog as TestServer's removes everything
// should the test process die. Each call blocks; use it from one thread.
class TestCluster final {
    Q_DISABLE_COPY_MOVE(TestCluster)
public:
    static constexpr int NodeCount = 6;

    explicit TestCluster(int nodeTimeoutMs = 1500);
    ~TestCluster(); // SIGKILL: nothing of a throwaway cluster is worth a clean shutdown

    // Starts the nodes, creates the cluster and returns when every node
    // sees cluster_state:ok and every replica's link to its master is up;
    // false with the reason (and a log tail) after 60 s.
    bool start(QString *error);
    // redis://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3/0 with the current
    // masters as seeds, plus `options` (e.g. "buckets=12") when given.
    QString url(const QString &options = QString()) const;
    QString address(int node) const;
    int nodeOf(const QString &address) const; // -1 when none

    // redis-cli against one node; its output, or nullopt with *error.
    std::optional<QByteArray> cli(int node, const QStringList &arguments, QString *error, int timeoutMs = 30000) const;
    // The same, its output or empty with a warning that names the node.
    QByteArray cliOrWarn(int node, const QStringList &arguments) const;
    // One field of INFO (e.g. "master_repl_offset"); empty when absent.
    QByteArray info(int node, const QByteArray &field) const;
    // The current master of `node` as its ROLE says (itself for a master);
    // -1 when it cannot tell.
    int masterOf(int node) const;
    // The node that replicates `master` now; -1 when there is none.
    int replicaOf(int master) const;
    bool isRunning(int node) const { return m_nodes[size_t(node)].state() != QProcess::NotRunning; }

    bool kill(int node, QString *error);
    bool pause(int node);
    bool resume(int node);
    // Starts a killed node again on its port and nodes.conf: it rejoins
    // (as a replica, once a failover has given its slots to another).
    bool restart(int node, QString *error);
    // Until `node` answers ROLE as master; false after timeoutMs.
    bool waitForMaster(int node, int timeoutMs) const;
    // Until every running node says cluster_state:ok and every running
    // replica's link is up; false with the reason after timeoutMs.
    bool waitHealthy(QString *error, int timeoutMs = 60000) const;

    // Slots (tests/testclusterslots.cpp). The running masters now.
    QList<int> masters() const;
    // Which master serves each slot now: one CLUSTER SLOTS from the first
    // running master that answers; nullopt when none does.
    std::optional<RedisSlotMap> slotMap() const;
    // The master that serves `key`'s slot now; -1 when none.
    int masterOfKey(QByteArrayView key) const;
    // A hash tag (`stem` and a number) whose slot `master` serves; empty
    // when none of the first 100,000 is.
    QByteArray tagOn(int master, const QByteArray &stem) const;
    // Moves `tag`'s slot from master `from` to master `to` as redis-cli
    // --cluster reshard does: a few keys at a time with pauses of pauseMs,
    // so traffic meets ASK meanwhile and MOVED after (pauseMs 0: many keys
    // at a time, no pauses). Returns once the map names `to`; false with
    // the step that failed.
    bool moveSlot(QByteArrayView tag, int from, int to, int pauseMs, QString *error);
    QString logTail(int node, int lines = 20) const;

private:
    bool startNode(int node, QString *error);
    QString nodeDir(int node) const { return m_dir.filePath(QStringLiteral("node%1").arg(node)); }

    const int m_nodeTimeoutMs;
    QTemporaryDir m_dir;
    std::array<QProcess, NodeCount> m_nodes;
    std::array<int, NodeCount> m_ports{};
    QProcess m_watchdog;
};
