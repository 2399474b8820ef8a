#include "tests/testserver.h"
#include "tests/testserverhost.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QThread>

#include <signal.h>

TestCluster::TestCluster(int nodeTimeoutMs)
    : m_nodeTimeoutMs(nodeTimeoutMs)
    , m_dir(QDir::tempPath() + QStringLiteral("/idem-testcluster-XXXXXX"))
{
}

TestCluster::~TestCluster()
{
    for (int node = 0; node < NodeCount; ++node) {
        QString ignored;
        kill(node, &ignored);
    }
    m_watchdog.kill();
    m_watchdog.waitForFinished();
}

QString TestCluster::address(int node) const
{
    return QStringLiteral("127.0.0.1:%1").arg(m_ports[size_t(node)]);
}

int TestCluster::nodeOf(const QString &address) const
{
    for (int node = 0; node < NodeCount; ++node) {
        if (this->address(node) == address)
            return node;
    }
    return -1;
}

QString TestCluster::url(const QString &options) const
{
    QStringList seeds;
    for (int node = 0; node < NodeCount; ++node) {
        if (isRunning(node) && masterOf(node) == node)
            seeds << address(node);
    }
    const QString query = options.isEmpty() ? QString() : QLatin1Char('?') + options;
    return QStringLiteral("redis://%1/0").arg(seeds.join(QLatin1Char(','))) + query;
}

bool TestCluster::startNode(int node, QString *error)
{
    const QString dir = nodeDir(node);
    QProcess &process = m_nodes[size_t(node)];
    process.setWorkingDirectory(dir);
    process.setStandardOutputFile(dir + QStringLiteral("/server.log"), QIODevice::Append);
    process.setStandardErrorFile(dir + QStringLiteral("/server.log"), QIODevice::Append);
    // No persistence: a killed master's data is gone, as with a tmpfs or a
    // crashed host; its replica is what survives.
    process.start(QStringLiteral("redis-server"), {QStringLiteral("--bind"),
                                                   QStringLiteral("127.0.0.1"),
                                                   QStringLiteral("--port"),
                                                   QString::number(m_ports[size_t(node)]),
                                                   QStringLiteral("--dir"),
                                                   dir,
                                                   QStringLiteral("--save"),
                                                   QString(),
                                                   QStringLiteral("--appendonly"),
                                                   QStringLiteral("no"),
                                                   QStringLiteral("--cluster-enabled"),
                                                   QStringLiteral("yes"),
                                                   QStringLiteral("--cluster-config-file"),
                                                   QStringLiteral("nodes.conf"),
                                                   QStringLiteral("--cluster-node-timeout"),
                                                   QString::number(m_nodeTimeoutMs),
                                                   QStringLiteral("--enable-debug-command"),
                                                   QStringLiteral("local"),
                                                   QStringLiteral("--daemonize"),
                                                   QStringLiteral("no"),
                                                   QStringLiteral("--logfile"),
                                                   QString()});
    if (!process.waitForStarted()) {
        *error = QStringLiteral("redis-server did not start: %1").arg(process.errorString());
        return false;
    }
    const QDeadlineTimer deadline(kStartTimeoutMs);
    QString ignored;
    while (cli(node, {QStringLiteral("ping")}, &ignored, 5000).value_or(QByteArray()).trimmed() != "PONG") {
        if (process.waitForFinished(100) || deadline.hasExpired()) {
            *error = QStringLiteral("cluster node %1 on %2 did not answer; log:\n%3").arg(node).arg(address(node), logTail(node));
            return false;
        }
    }
    return true;
}

bool TestCluster::start(QString *error)
{
    if (!m_dir.isValid()) {
        *error = QStringLiteral("cannot create a temporary directory: %1").arg(m_dir.errorString());
        return false;
    }
    if (const QString missing = TestServer::missingPrograms(TestServer::Kind::Redis); !missing.isEmpty()) {
        *error = QStringLiteral("not installed: %1").arg(missing);
        return false;
    }
    startDirectoryWatchdog(m_watchdog, m_dir.path());
    QStringList addresses;
    for (int node = 0; node < NodeCount; ++node) {
        m_ports[size_t(node)] = freeClusterPort();
        if (m_ports[size_t(node)] == 0 || !QDir(m_dir.path()).mkpath(QStringLiteral("node%1").arg(node))) {
            *error = QStringLiteral("no free port pair (port, port + 10000) below 22000");
            return false;
        }
        if (!startNode(node, error))
            return false;
        addresses << address(node);
    }
    QProcess create;
    create.setProcessChannelMode(QProcess::MergedChannels);
    create.start(QStringLiteral("redis-cli"),
                 QStringList{QStringLiteral("--cluster"), QStringLiteral("create")} + addresses
                     + QStringList{QStringLiteral("--cluster-replicas"), QStringLiteral("1"), QStringLiteral("--cluster-yes")});
    if (!create.waitForFinished(120000) || create.exitCode() != 0) {
        *error = QStringLiteral("redis-cli --cluster create failed: %1").arg(QString::fromLocal8Bit(create.readAll()));
        return false;
    }
    return waitHealthy(error);
}

std::optional<QByteArray> TestCluster::cli(int node, const QStringList &arguments, QString *error, int timeoutMs) const
{
    QProcess process;
    process.start(QStringLiteral("redis-cli"), QStringList{QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
                                                           QString::number(m_ports[size_t(node)])}
                                                   + arguments);
    if (!process.waitForStarted() || !process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        *error = QStringLiteral("redis-cli %1 on %2 did not finish").arg(arguments.join(QLatin1Char(' ')), address(node));
        return std::nullopt;
    }
    const QByteArray out = process.readAllStandardOutput();
    if (process.exitCode() != 0 || out.startsWith("Could not connect") || out.startsWith("ERR") || out.startsWith("(error)")) {
        *error = QStringLiteral("redis-cli %1 on %2: %3 %4")
                     .arg(arguments.join(QLatin1Char(' ')), address(node), QString::fromLocal8Bit(out),
                          QString::fromLocal8Bit(process.readAllStandardError()));
        return std::nullopt;
    }
    return out;
}

QByteArray TestCluster::info(int node, const QByteArray &field) const
{
    QString ignored;
    const QByteArray text = cli(node, {QStringLiteral("info"), QStringLiteral("all")}, &ignored, 5000).value_or(QByteArray());
    for (const QByteArray &line : text.split('\n')) {
        if (line.startsWith(QByteArray(field + ':')))
            return line.mid(field.size() + 1).trimmed();
    }
    return QByteArray();
}

int TestCluster::masterOf(int node) const
{
    if (!isRunning(node))
        return -1;
    QString ignored;
    // ROLE: "master" …, or "slave", host, port, state, offset, one per line.
    const QList<QByteArray> role = cli(node, {QStringLiteral("role")}, &ignored, 5000).value_or(QByteArray()).split('\n');
    if (role.value(0).trimmed() == "master")
        return node;
    if (role.value(0).trimmed() == "slave" && role.size() > 2)
        return nodeOf(QString::fromLatin1(role.at(1).trimmed() + ':' + role.at(2).trimmed()));
    return -1;
}

int TestCluster::replicaOf(int master) const
{
    for (int node = 0; node < NodeCount; ++node) {
        if (node != master && masterOf(node) == master)
            return node;
    }
    return -1;
}

bool TestCluster::kill(int node, QString *error)
{
    QProcess &process = m_nodes[size_t(node)];
    if (process.state() == QProcess::NotRunning)
        return true;
    ::kill(pid_t(process.processId()), SIGKILL);
    if (!process.waitForFinished(30000)) {
        *error = QStringLiteral("cluster node %1 survived SIGKILL for 30 s").arg(node);
        return false;
    }
    return true;
}

bool TestCluster::pause(int node)
{
    return isRunning(node) && ::kill(pid_t(m_nodes[size_t(node)].processId()), SIGSTOP) == 0;
}

bool TestCluster::resume(int node)
{
    return isRunning(node) && ::kill(pid_t(m_nodes[size_t(node)].processId()), SIGCONT) == 0;
}

bool TestCluster::restart(int node, QString *error)
{
    return isRunning(node) || startNode(node, error);
}

bool TestCluster::waitForMaster(int node, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    while (masterOf(node) != node) {
        if (deadline.hasExpired())
            return false;
        QThread::msleep(100);
    }
    return true;
}

bool TestCluster::waitHealthy(QString *error, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        QString why;
        for (int node = 0; node < NodeCount && why.isEmpty(); ++node) {
            if (!isRunning(node))
                continue;
            QString ignored;
            const QByteArray state = cli(node, {QStringLiteral("cluster"), QStringLiteral("info")}, &ignored, 5000).value_or(QByteArray());
            if (!state.contains("cluster_state:ok"))
                why = QStringLiteral("node %1 (%2) is not cluster_state:ok").arg(node).arg(address(node));
            if (why.isEmpty() && info(node, "role") == "slave" && info(node, "master_link_status") != "up")
                why = QStringLiteral("replica %1 (%2) has no link to its master").arg(node).arg(address(node));
        }
        if (why.isEmpty())
            return true;
        if (deadline.hasExpired()) {
            *error = why;
            return false;
        }
        QThread::msleep(100);
    }
}

QString TestCluster::logTail(int node, int lines) const
{
    QFile file(nodeDir(node) + QStringLiteral("/server.log"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("(no server log)");
    const QStringList all = QString::fromLocal8Bit(file.readAll()).split(QLatin1Char('\n'));
    return all.mid(qMax(0, all.size() - lines)).join(QLatin1Char('\n'));
}
