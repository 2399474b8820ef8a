#include "app/store/sqlconnections.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QMutex>
#include <QSemaphoreReleaser>
#include <QSqlError>
#include <QThread>

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace {

// A thread's exit cleanup must not touch Qt Sql's connection registry once
// the process is exiting: QThread::wait() returns before the thread has run
// its thread_local destructors, so a pool thread can still be cleaning up
// while exit() destroys Qt's globals (seen as "free(): invalid pointer" or a
// crash in QReadWriteLock at the end of `idemctl demo`). An exit handler,
// registered after the registry exists and so run before it is destroyed,
// closes the door under the same mutex the cleanup holds.
QMutex g_exitMutex;
bool g_exiting = false;

void registerExitGuard()
{
    static const bool registered = [] {
        std::atexit([] {
            QMutexLocker lock(&g_exitMutex);
            g_exiting = true;
        });
        return true;
    }();
    (void)registered;
}

// Connection names made in this thread, and the queries kept prepared on
// them (SqlConnections::prepared), by connection name and SQL; removed when
// the thread ends, the queries first. A query whose connection the store
// already removed is harmless: QPSQL skips its DEALLOCATE without a driver.
struct PreparedQuery {
    std::unique_ptr<QSqlQuery> query;
    bool ready = false;
};

struct ThreadOwnedConnections {
    QStringList names;
    // The name threadConnectionName() made last, and the store it made it
    // for (store ids are never reused).
    quint64 namedStore = 0;
    QString name;
    std::unordered_map<QString, std::unordered_map<QString, PreparedQuery>> statements;
    std::unordered_map<QString, PgStatementNames> libpq; // names only: the session holds them
    ~ThreadOwnedConnections()
    {
        QMutexLocker lock(&g_exitMutex);
        if (g_exiting) {
            // Qt's globals may already be gone: a query is not destroyed then.
            for (auto &[name, queries] : statements) {
                for (auto &[sql, entry] : queries)
                    (void)entry.query.release();
            }
            return; // the process is going away; SqlConnections' owner already removed them
        }
        statements.clear();
        for (const QString &name : std::as_const(names)) {
            if (QSqlDatabase::contains(name))
                QSqlDatabase::removeDatabase(name);
        }
    }
};

thread_local ThreadOwnedConnections t_owned;
QAtomicInteger<quint64> g_nextStoreId{1};

} // namespace

SqlConnections::SqlConnections(QString driver, std::function<void(QSqlDatabase &)> configure,
                               std::function<Result<void>(QSqlDatabase &)> prepare)
    : m_driver(std::move(driver))
    , m_id(g_nextStoreId.fetchAndAddRelaxed(1))
    , m_prefix(QStringLiteral("idem-%1-").arg(m_id))
    , m_configure(std::move(configure))
    , m_prepare(std::move(prepare))
{
}

SqlConnections::~SqlConnections()
{
    QMutexLocker lock(&m_mutex);
    for (const QString &name : std::as_const(m_names)) {
        if (QSqlDatabase::contains(name))
            QSqlDatabase::removeDatabase(name);
    }
}

QString SqlConnections::threadConnectionName() const
{
    // Kept per thread: every guarded statement asks, and formatting it each
    // time was a twentieth of a PostgreSQL replay's client instructions.
    if (t_owned.namedStore != m_id) {
        t_owned.name = m_prefix + QString::number(reinterpret_cast<quintptr>(QThread::currentThreadId()));
        t_owned.namedStore = m_id;
    }
    return t_owned.name;
}

Result<QSqlDatabase> SqlConnections::acquire()
{
    const QString name = threadConnectionName();
    // One look into Qt's connection registry when the session is open (each
    // look takes its global lock; every guarded statement comes here).
    if (QSqlDatabase known = QSqlDatabase::database(name, false); known.isOpen()) {
        return known;
    } else if (!QSqlDatabase::contains(name)) {
        QSqlDatabase db = QSqlDatabase::addDatabase(m_driver, name);
        if (!db.isValid()) {
            QSqlDatabase::removeDatabase(name);
            return makeError(ErrorKind::NotBuilt,
                             QCoreApplication::translate("SqlStore", "The Qt Sql driver %1 is not installed (Debian: libqt6sql6-%2).")
                                 .arg(m_driver, m_driver.mid(1).toLower()));
        }
        registerExitGuard(); // after the registry's first use: runs before it is destroyed
        m_configure(db);
        t_owned.names.append(name);
        QMutexLocker lock(&m_mutex);
        m_names.append(name);
    }
    QSqlDatabase db = QSqlDatabase::database(name, false);
    t_owned.statements.erase(name); // a new session: the old one's prepared statements are gone
    t_owned.libpq.erase(name);
    const quint64 failedBefore = m_failedOpens.loadAcquire();
    QSemaphoreReleaser opening(m_opening);
    m_opening.acquire();
    if (m_failedOpens.loadAcquire() != failedBefore) {
        QMutexLocker lock(&m_mutex);
        return m_lastOpenError;
    }
    Result<void> opened;
    if (!db.open()) {
        opened =
            makeError(ErrorKind::Unavailable,
                      QCoreApplication::translate("SqlStore", "Cannot connect to %1: %2").arg(db.databaseName(), db.lastError().text()));
    } else if (opened = m_prepare(db); !opened) {
        db.close();
    }
    if (!opened) {
        QMutexLocker lock(&m_mutex);
        m_lastOpenError = opened.error();
        m_failedOpens.fetchAndAddRelease(1);
        return opened.error();
    }
    return db;
}

void SqlConnections::drop()
{
    const QString name = threadConnectionName();
    t_owned.statements.erase(name);
    t_owned.libpq.erase(name);
    if (QSqlDatabase::contains(name))
        QSqlDatabase::database(name, false).close();
}

QSqlQuery &SqlConnections::prepared(const QSqlDatabase &db, const QString &sql, bool *ok)
{
    PreparedQuery &entry = t_owned.statements[db.connectionName()][sql];
    if (!entry.ready) {
        // New, or its last prepare failed (kept for the error until now).
        entry.query = std::make_unique<QSqlQuery>(db);
        entry.ready = entry.query->prepare(sql);
    }
    *ok = entry.ready;
    return *entry.query;
}

PgStatementNames &SqlConnections::libpqStatements(const QSqlDatabase &db)
{
    return t_owned.libpq[db.connectionName()];
}
