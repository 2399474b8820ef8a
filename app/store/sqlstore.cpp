#include "sqlstore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace {

const QString kRecordColumns = QStringLiteral(
    "scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, headers, body, "
    "created_at, updated_at, expires_at, reconciled");

QString tr(const char *text)
{
    return QCoreApplication::translate("SqlStore", text);
}

QString newLease()
{
    quint64 words[2];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

// A null QString binds as SQL NULL; text columns are NOT NULL.
QString text(const QString &value)
{
    return value.isNull() ? QStringLiteral("") : value;
}

QByteArray bytes(const QVariant &value)
{
    return value.isNull() ? QByteArray() : value.toByteArray();
}

Result<Record> recordFromRow(const QSqlQuery &q)
{
    Record r;
    r.scope = q.value(0).toString();
    r.key = q.value(1).toString();
    const QString state = q.value(2).toString();
    const std::optional<RecordState> parsed = recordStateFromName(state);
    if (!parsed)
        return makeError(ErrorKind::Corrupt, tr("Record %1/%2 has an unknown state '%3'.").arg(r.scope, r.key, state));
    r.state = *parsed;
    r.fingerprint = q.value(3).toString();
    r.lease = q.value(4).toString();
    r.owner = q.value(5).toString();
    r.attempts = q.value(6).toInt();
    r.bizNo = q.value(7).toString();
    r.statusCode = q.value(8).toInt();
    r.headers = bytes(q.value(9));
    r.body = bytes(q.value(10));
    r.createdAt = q.value(11).toLongLong();
    r.updatedAt = q.value(12).toLongLong();
    r.expiresAt = q.value(13).toLongLong();
    r.reconciled = q.value(14).toInt() != 0;
    return r;
}

// LIKE pattern for a literal prefix; '!' escapes the wildcards.
QString likePrefix(const QString &prefix)
{
    QString escaped = prefix;
    escaped.replace(QLatin1Char('!'), QStringLiteral("!!"));
    escaped.replace(QLatin1Char('%'), QStringLiteral("!%"));
    escaped.replace(QLatin1Char('_'), QStringLiteral("!_"));
    return escaped + QLatin1Char('%');
}

// WHERE clause of the in-flight listing; values bound in order.
struct InFlightFilter {
    QString where;
    QVariantList values;

    explicit InFlightFilter(const InFlightQuery &q, bool withKeyset)
    {
        where = QStringLiteral(" WHERE state = 'IN_FLIGHT'");
        if (!q.scope.isEmpty())
            add(QStringLiteral("scope = ?"), {q.scope});
        if (q.startedBeforeMs > 0)
            add(QStringLiteral("updated_at < ?"), {q.startedBeforeMs});
        if (!q.keyPrefix.isEmpty())
            add(QStringLiteral("idem_key LIKE ? ESCAPE '!'"), {likePrefix(q.keyPrefix)});
        if (!q.bizNoPrefix.isEmpty())
            add(QStringLiteral("biz_no LIKE ? ESCAPE '!'"), {likePrefix(q.bizNoPrefix)});
        if (!q.owner.isEmpty())
            add(QStringLiteral("owner = ?"), {q.owner});
        if (withKeyset && q.after) {
            // (updated_at, scope, idem_key) beyond the last row, spelled out so
            // every dialect can use the index.
            const QString op = q.newestFirst ? QStringLiteral("<") : QStringLiteral(">");
            add(QStringLiteral("(updated_at %1 ? OR (updated_at = ? AND (scope %1 ? OR (scope = ? AND idem_key %1 ?))))").arg(op),
                {q.after->updatedAt, q.after->updatedAt, q.after->scope, q.after->scope, q.after->key});
        }
    }

    void add(const QString &condition, const QVariantList &bound)
    {
        where += QStringLiteral(" AND ") + condition;
        values += bound;
    }

    void bind(QSqlQuery &query) const
    {
        for (const QVariant &v : values)
            query.addBindValue(v);
    }
};

} // namespace

QString sqlDriverName(StoreUrl::Kind kind)
{
    switch (kind) {
    case StoreUrl::Kind::Postgres: return QStringLiteral("QPSQL");
    case StoreUrl::Kind::Mysql: return QStringLiteral("QMYSQL");
    case StoreUrl::Kind::Sqlite:
    case StoreUrl::Kind::Redis: break;
    }
    return QStringLiteral("QSQLITE");
}

void configureSqlDatabase(QSqlDatabase &db, const StoreUrl &url)
{
    if (url.kind == StoreUrl::Kind::Sqlite) {
        db.setDatabaseName(url.path);
        // How long a writer waits for another process's write lock before
        // the store reports itself unavailable (?busy_timeout_ms=…).
        const int busyMs = url.options.value(QStringLiteral("busy_timeout_ms"), QStringLiteral("10000")).toInt();
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(qMax(0, busyMs)));
        return;
    }
    db.setHostName(url.host);
    db.setPort(url.port);
    db.setDatabaseName(url.database);
    db.setUserName(url.user);
    db.setPassword(url.password);
}

SqlStore::SqlStore(const StoreUrl &url)
    : m_url(url)
    , m_dialect(url.kind == StoreUrl::Kind::Postgres ? Dialect::Postgres
                : url.kind == StoreUrl::Kind::Mysql  ? Dialect::Mysql
                                                     : Dialect::Sqlite)
    , m_connections(sqlDriverName(url.kind), [url](QSqlDatabase &db) { configureSqlDatabase(db, url); },
          [this](QSqlDatabase &db) { return prepareConnection(db); })
{
}

SqlStore::~SqlStore()
{
    // Counted but not yet written: try once more; the store may be gone.
    (void)flushCounters();
}

Result<void> SqlStore::prepareConnection(QSqlDatabase &db)
{
    if (m_dialect == Dialect::Sqlite) {
        QSqlQuery q(db);
        for (const char *pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"}) {
            if (!q.exec(QString::fromLatin1(pragma)))
                return failure(q, tr("configuring SQLite"));
        }
    }
    return {};
}

Result<void> SqlStore::open()
{
    if (m_dialect == Dialect::Sqlite) {
        const QFileInfo file(m_url.path);
        if (!file.dir().exists() && !QDir().mkpath(file.absolutePath()))
            return makeError(ErrorKind::Refused, tr("Cannot create the directory %1 for the SQLite store.").arg(file.absolutePath()));
    }
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();

    QMutexLocker schemaLock(&m_schemaMutex);
    if (m_schemaReady)
        return {};
    const QString resource = m_dialect == Dialect::Postgres ? QStringLiteral(":/sql/postgresql.sql")
                             : m_dialect == Dialect::Mysql  ? QStringLiteral(":/sql/mysql.sql")
                                                            : QStringLiteral(":/sql/sqlite.sql");
    QFile schema(resource);
    if (!schema.open(QIODevice::ReadOnly))
        return makeError(ErrorKind::Internal, tr("The schema %1 is missing from this build.").arg(resource));
    const QString text = QString::fromUtf8(schema.readAll());
    QMutexLocker writeGuard(writeLock());
    QSqlQuery q(db.value());
    for (const QString &statement : text.split(QStringLiteral(";\n"), Qt::SkipEmptyParts)) {
        QString sql;
        for (const QString &line : statement.split(QLatin1Char('\n'))) {
            if (!line.trimmed().startsWith(QStringLiteral("--")))
                sql += line + QLatin1Char('\n');
        }
        if (sql.trimmed().isEmpty())
            continue;
        if (!q.exec(sql))
            return failure(q, tr("creating the schema (does this user have the right to create tables?)"));
    }
    m_schemaReady = true;
    return {};
}

Error SqlStore::failure(const QSqlQuery &query, const QString &what)
{
    const QSqlError error = query.lastError();
    const QString text = error.text().trimmed();
    // A lost connection, a locked database or a timeout is the store being
    // unavailable: the caller fails closed and may retry. Anything else is a
    // statement the store refused.
    const bool unavailable = error.type() == QSqlError::ConnectionError
        || text.contains(QLatin1String("locked"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("busy"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("server closed"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("gone away"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("Lost connection"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("no connection"), Qt::CaseInsensitive)
        || text.contains(QLatin1String("terminating connection"), Qt::CaseInsensitive);
    if (unavailable)
        m_connections.drop();
    return makeError(unavailable ? ErrorKind::Unavailable : ErrorKind::Refused,
                     tr("%1 failed on %2: %3").arg(what, displayUrl(), text));
}

Result<qint64> SqlStore::exec(QSqlQuery &query)
{
    if (!query.exec())
        return failure(query, tr("A statement"));
    return qint64(query.numRowsAffected());
}

Result<std::optional<Record>> SqlStore::fetch(QSqlDatabase &db, const QString &scope, const QString &key)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT ") + kRecordColumns + QStringLiteral(" FROM idem_records WHERE scope = ? AND idem_key = ?"));
    q.addBindValue(scope);
    q.addBindValue(key);
    if (!q.exec())
        return failure(q, tr("Reading a record"));
    if (!q.next())
        return std::optional<Record>();
    Result<Record> record = recordFromRow(q);
    if (!record)
        return record.error();
    return std::optional<Record>(std::move(record).value());
}

Result<ClaimResult> SqlStore::claim(const ClaimRequest &req)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();

    // Bounded: each turn means another claimer changed the record between our
    // read and our write, which a handful of turns outlasts.
    for (int turn = 0; turn < 16; ++turn) {
        Result<std::optional<Record>> existing = fetch(db.value(), req.scope, req.key);
        if (!existing)
            return existing.error();

        const QString lease = newLease();
        if (!existing.value()) {
            QMutexLocker writeGuard(writeLock());
            QSqlQuery q(db.value());
            const QString insert = m_dialect == Dialect::Mysql ? QStringLiteral("INSERT IGNORE INTO idem_records (")
                                                               : QStringLiteral("INSERT INTO idem_records (");
            q.prepare(insert + kRecordColumns + QStringLiteral(") VALUES (?, ?, 'IN_FLIGHT', ?, ?, ?, 1, ?, 0, NULL, NULL, ?, ?, 0, 0)")
                      + (m_dialect == Dialect::Mysql ? QString() : QStringLiteral(" ON CONFLICT DO NOTHING")));
            for (const QVariant &v : QVariantList{req.scope, req.key, text(req.fingerprint), lease, text(req.owner), text(req.bizNo), req.nowMs, req.nowMs})
                q.addBindValue(v);
            Result<qint64> inserted = exec(q);
            if (!inserted)
                return inserted.error();
            if (inserted.value() == 1) {
                Record mine{req.scope, req.key, RecordState::InFlight, req.fingerprint, lease, req.owner, 1, req.bizNo,
                            0, {}, {}, req.nowMs, req.nowMs, 0, false};
                writeGuard.unlock();
                m_counters.add(req.scope, req.nowMs, Counter::Executed);
                maybeFlush(db.value(), req.nowMs);
                return ClaimResult{ClaimOutcome::Claimed, std::move(mine), false};
            }
            continue; // another claimer inserted it first: read theirs
        }

        const Record &seen = *existing.value();
        const bool expired = seen.isExpired(req.nowMs);
        const bool stuck = seen.state == RecordState::InFlight && seen.ageMs(req.nowMs) >= req.inFlightTimeoutMs;
        if (!expired) {
            std::optional<ClaimOutcome> readOnly;
            Counter counter = Counter::InProgress;
            if (seen.fingerprint != req.fingerprint) {
                readOnly = ClaimOutcome::Mismatch;
                counter = Counter::Mismatch;
            } else if (seen.state == RecordState::Completed) {
                readOnly = ClaimOutcome::Replay;
                counter = Counter::Replayed;
            } else if (seen.state == RecordState::InFlight && !(stuck && req.reclaimStuck)) {
                readOnly = ClaimOutcome::InProgress;
            }
            if (readOnly) {
                m_counters.add(req.scope, req.nowMs, counter);
                maybeFlush(db.value(), req.nowMs);
                return ClaimResult{*readOnly, seen, stuck && *readOnly == ClaimOutcome::InProgress};
            }
        }

        // Take over: an expired record starts afresh; a timed-out or stuck
        // one is a new attempt of the same request.
        Record mine = seen;
        mine.state = RecordState::InFlight;
        mine.lease = lease;
        mine.owner = req.owner;
        mine.updatedAt = req.nowMs;
        mine.expiresAt = 0;
        mine.statusCode = 0;
        mine.headers.clear();
        mine.body.clear();
        mine.reconciled = false;
        if (!req.bizNo.isEmpty())
            mine.bizNo = req.bizNo;
        if (expired) {
            mine.fingerprint = req.fingerprint;
            mine.attempts = 1;
            mine.createdAt = req.nowMs;
        } else {
            mine.attempts = seen.attempts + 1;
        }
        QMutexLocker writeGuard(writeLock());
        QSqlQuery q(db.value());
        q.prepare(QStringLiteral("UPDATE idem_records SET state = 'IN_FLIGHT', fingerprint = ?, lease = ?, owner = ?, attempts = ?, "
                                 "biz_no = ?, status_code = 0, headers = NULL, body = NULL, created_at = ?, updated_at = ?, "
                                 "expires_at = 0, reconciled = 0 "
                                 "WHERE scope = ? AND idem_key = ? AND lease = ? AND state = ? AND updated_at = ?"));
        for (const QVariant &v : QVariantList{text(mine.fingerprint), mine.lease, text(mine.owner), mine.attempts, text(mine.bizNo), mine.createdAt,
                                              mine.updatedAt, req.scope, req.key, seen.lease, recordStateName(seen.state), seen.updatedAt})
            q.addBindValue(v);
        Result<qint64> updated = exec(q);
        if (!updated)
            return updated.error();
        writeGuard.unlock();
        if (updated.value() == 1) {
            m_counters.add(req.scope, req.nowMs, Counter::Executed);
            maybeFlush(db.value(), req.nowMs);
            return ClaimResult{ClaimOutcome::Claimed, std::move(mine), false};
        }
        // Changed between our read and our write: read again.
    }
    return makeError(ErrorKind::Unavailable,
                     tr("The record %1/%2 kept changing under concurrent claims; try again.").arg(req.scope, req.key));
}

Result<Transition> SqlStore::finishTransition(QSqlDatabase &db, qint64 affected, const QString &scope, const QString &key,
                                              qint64 nowMs, std::optional<Counter> appliedCounter, std::optional<Counter> staleCounter)
{
    if (affected == 1) {
        if (appliedCounter)
            m_counters.add(scope, nowMs, *appliedCounter);
        maybeFlush(db, nowMs);
        return Transition{TransitionOutcome::Applied, std::nullopt};
    }
    // Nothing changed: the lease is stale. Tell the caller what won.
    Result<std::optional<Record>> current = fetch(db, scope, key);
    if (!current)
        return current.error();
    if (staleCounter)
        m_counters.add(scope, nowMs, *staleCounter);
    maybeFlush(db, nowMs);
    return Transition{current.value() ? TransitionOutcome::StaleLease : TransitionOutcome::NotFound, current.value()};
}

Result<Transition> SqlStore::complete(const QString &scope, const QString &key, const QString &lease,
                                      const Response &response, qint64 nowMs, qint64 retentionMs)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    qint64 affected = 0;
    {
        QMutexLocker writeGuard(writeLock());
        QSqlQuery q(db.value());
        q.prepare(QStringLiteral("UPDATE idem_records SET state = 'COMPLETED', status_code = ?, headers = ?, body = ?, "
                                 "updated_at = ?, expires_at = ? "
                                 "WHERE scope = ? AND idem_key = ? AND lease = ? AND state = 'IN_FLIGHT'"));
        q.addBindValue(response.status);
        q.addBindValue(encodeHeaders(response.headers));
        // A non-null empty body stays distinguishable from "no body".
        q.addBindValue(response.body.isNull() ? QByteArray("") : response.body);
        for (const QVariant &v : QVariantList{nowMs, nowMs + retentionMs, scope, key, lease})
            q.addBindValue(v);
        Result<qint64> n = exec(q);
        if (!n)
            return n.error();
        affected = n.value();
    }
    return finishTransition(db.value(), affected, scope, key, nowMs, std::nullopt, Counter::LateFinish);
}

Result<Transition> SqlStore::release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    qint64 affected = 0;
    {
        QMutexLocker writeGuard(writeLock());
        QSqlQuery q(db.value());
        q.prepare(QStringLiteral("DELETE FROM idem_records WHERE scope = ? AND idem_key = ? AND lease = ? AND state = 'IN_FLIGHT'"));
        for (const QVariant &v : QVariantList{scope, key, lease})
            q.addBindValue(v);
        Result<qint64> n = exec(q);
        if (!n)
            return n.error();
        affected = n.value();
    }
    return finishTransition(db.value(), affected, scope, key, nowMs, Counter::Released, Counter::LateFinish);
}

Result<Transition> SqlStore::markTimedOut(const QString &scope, const QString &key, const QString &lease,
                                          qint64 nowMs, qint64 retentionMs)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    qint64 affected = 0;
    {
        QMutexLocker writeGuard(writeLock());
        QSqlQuery q(db.value());
        q.prepare(QStringLiteral("UPDATE idem_records SET state = 'TIMED_OUT', updated_at = ?, expires_at = ? "
                                 "WHERE scope = ? AND idem_key = ? AND lease = ? AND state = 'IN_FLIGHT'"));
        for (const QVariant &v : QVariantList{nowMs, nowMs + retentionMs, scope, key, lease})
            q.addBindValue(v);
        Result<qint64> n = exec(q);
        if (!n)
            return n.error();
        affected = n.value();
    }
    // An operator who loses the race to a completion changed nothing; that is
    // reported to the operator, not counted as a late finish.
    return finishTransition(db.value(), affected, scope, key, nowMs, Counter::TimedOut, std::nullopt);
}

Result<std::optional<Record>> SqlStore::get(const QString &scope, const QString &key)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    return fetch(db.value(), scope, key);
}

Result<QList<Record>> SqlStore::inFlight(const InFlightQuery &query)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    const InFlightFilter filter(query, true);
    const QString direction = query.newestFirst ? QStringLiteral(" DESC") : QStringLiteral(" ASC");
    QSqlQuery q(db.value());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT ") + kRecordColumns + QStringLiteral(" FROM idem_records") + filter.where
              + QStringLiteral(" ORDER BY updated_at") + direction + QStringLiteral(", scope") + direction
              + QStringLiteral(", idem_key") + direction + QStringLiteral(" LIMIT ?"));
    filter.bind(q);
    q.addBindValue(qMax(1, query.limit));
    if (!q.exec())
        return failure(q, tr("Listing in-flight records"));
    QList<Record> rows;
    while (q.next()) {
        Result<Record> record = recordFromRow(q);
        if (!record)
            return record.error();
        rows.append(std::move(record).value());
    }
    return rows;
}

Result<qint64> SqlStore::countInFlight(const InFlightQuery &query)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    const InFlightFilter filter(query, false);
    QSqlQuery q(db.value());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM idem_records") + filter.where);
    filter.bind(q);
    if (!q.exec() || !q.next())
        return failure(q, tr("Counting in-flight records"));
    return q.value(0).toLongLong();
}

Result<QList<ScopeCount>> SqlStore::countByState()
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QSqlQuery q(db.value());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT scope, state, COUNT(*) FROM idem_records GROUP BY scope, state ORDER BY scope, state")))
        return failure(q, tr("Counting records"));
    QList<ScopeCount> counts;
    while (q.next()) {
        const std::optional<RecordState> state = recordStateFromName(q.value(1).toString());
        if (!state)
            return makeError(ErrorKind::Corrupt, tr("Records of scope %1 have an unknown state '%2'.")
                                                     .arg(q.value(0).toString(), q.value(1).toString()));
        counts.append(ScopeCount{q.value(0).toString(), *state, q.value(2).toLongLong()});
    }
    return counts;
}

Result<QList<CounterRow>> SqlStore::counters(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QSqlQuery q(db.value());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT scope, minute, ") + counterNames().join(QStringLiteral(", "))
              + QStringLiteral(" FROM idem_counters WHERE minute >= ? AND minute <= ?")
              + (scope.isEmpty() ? QString() : QStringLiteral(" AND scope = ?")) + QStringLiteral(" ORDER BY minute, scope"));
    q.addBindValue(fromMinute);
    q.addBindValue(toMinute);
    if (!scope.isEmpty())
        q.addBindValue(scope);
    if (!q.exec())
        return failure(q, tr("Reading counters"));
    QList<CounterRow> rows;
    while (q.next()) {
        CounterRow row{q.value(0).toString(), q.value(1).toLongLong(), {}};
        for (int i = 0; i < CounterCount; ++i)
            row.counts.values[i] = q.value(2 + i).toLongLong();
        rows.append(row);
    }
    return rows;
}

Result<void> SqlStore::writeCounters(QSqlDatabase &db, const QList<CounterRow> &rows)
{
    // One statement for the whole batch (DESIGN.md "Counters and alerts").
    const QStringList names = counterNames();
    QString sql = QStringLiteral("INSERT INTO idem_counters (scope, minute, ") + names.join(QStringLiteral(", ")) + QStringLiteral(") VALUES ");
    const QString placeholders = QStringLiteral("(?, ?") + QStringLiteral(", ?").repeated(CounterCount) + QLatin1Char(')');
    for (qsizetype i = 0; i < rows.size(); ++i)
        sql += (i ? QStringLiteral(", ") : QString()) + placeholders;
    QStringList updates;
    for (const QString &name : names) {
        updates << (m_dialect == Dialect::Mysql ? QStringLiteral("%1 = %1 + VALUES(%1)").arg(name)
                                                : QStringLiteral("%1 = idem_counters.%1 + excluded.%1").arg(name));
    }
    sql += m_dialect == Dialect::Mysql ? QStringLiteral(" ON DUPLICATE KEY UPDATE ")
                                       : QStringLiteral(" ON CONFLICT (scope, minute) DO UPDATE SET ");
    sql += updates.join(QStringLiteral(", "));

    QMutexLocker writeGuard(writeLock());
    QSqlQuery q(db);
    q.prepare(sql);
    for (const CounterRow &row : rows) {
        q.addBindValue(row.scope);
        q.addBindValue(row.minute);
        for (qint64 v : row.counts.values)
            q.addBindValue(v);
    }
    if (!q.exec())
        return failure(q, tr("Writing counters"));
    return {};
}

void SqlStore::maybeFlush(QSqlDatabase &db, qint64 nowMs)
{
    const QList<CounterRow> rows = m_counters.takeDue(nowMs);
    if (rows.isEmpty())
        return;
    if (!writeCounters(db, rows))
        m_counters.putBack(rows); // written with a later batch; nothing counted is lost
}

Result<void> SqlStore::flushCounters()
{
    const QList<CounterRow> rows = m_counters.takeDue(QDateTime::currentMSecsSinceEpoch(), true);
    if (rows.isEmpty())
        return {};
    Result<QSqlDatabase> db = m_connections.acquire();
    Result<void> written = db ? writeCounters(db.value(), rows) : Result<void>(db.error());
    if (!written)
        m_counters.putBack(rows);
    return written;
}

Result<qint64> SqlStore::purgeExpired(qint64 nowMs)
{
    Result<QSqlDatabase> db = m_connections.acquire();
    if (!db)
        return db.error();
    QMutexLocker writeGuard(writeLock());
    QSqlQuery q(db.value());
    q.prepare(QStringLiteral("DELETE FROM idem_records WHERE state <> 'IN_FLIGHT' AND expires_at > 0 AND expires_at <= ?"));
    q.addBindValue(nowMs);
    return exec(q);
}
