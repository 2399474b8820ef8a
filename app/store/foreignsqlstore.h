#pragma once

#include "app/store/foreignsqlmapping.h"
#include "app/store/foreignstore.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/redisconnection.h"
#include "app/store/sqlconnections.h"

#include <QMutex>

#include <memory>

class QSqlQuery;

// Foreign layouts in a SQL table (DESIGN.md "Existing deployments"):
// go-middleware's idempotency_records on PostgreSQL and java-handler's
// record table on MySQL (with its Redis cache when the URL has
// cache=redis://host:port[/db]). Table and column names come from the layout;
// open() checks them against information_schema and names what is missing.
// ForeignSqlMapping holds the SQL text and reads rows.
//
// Reads are one statement each; listing filters, orders by (updatedAt,
// scope, key) and pages (keyset) in SQL. The layouts have no index for that
// order, so a page costs a scan of the table on the server, not a transfer.
//
// Actions (after ForeignStore audited them) are one compare-and-set
// statement on the key and the lease (a digest of the row):
// - go-middleware: timeout and release DELETE the row (the Go middleware
//   then lets the client resubmit); reconcile-complete is Finalize's UPDATE
//   (status_code, headers as a JSON object, body, in_flight = FALSE,
//   expires_at = now + the layout's retention).
// - java-handler: timeout sets the timeout status, release DELETEs the row
//   (the handler's business-failure path), reconcile-complete sets the
//   success status and response_body. Then the Redis cache: DEL, or SET
//   <success> PX <success TTL>; a cache write that fails twice leaves MySQL
//   (the truth) changed and appends a "cache-not-updated" audit entry.
class ForeignSqlStore final : public ForeignStore {
public:
    ForeignSqlStore(const StoreUrl &url, const Layout &layout);
    ~ForeignSqlStore() override;

    // IN_FLIGHT, COMPLETED (go: in_flight false and not expired; java: the
    // success status) and TIMED_OUT (java: the timeout and failed statuses;
    // go-middleware keeps none: its timeout deletes the row, so an empty
    // list). One SELECT … ORDER BY (updated, scope, key) LIMIT, served by
    // whatever index the service's table has; every state: one per state,
    // merged (listEveryState).
    Result<QList<Record>> inFlight(const RecordQuery &query) override;
    Result<qint64> countInFlight(const RecordQuery &query) override;
    Result<QList<ScopeCount>> countByState(const QString &scope) override;
    Result<QList<ActivityRow>> activity(const QString &scope, qint64 fromMinute, qint64 toMinute) override;
    QString timeZoneNote() const override;
    // java-handler without cache= (nor cache=none): every action is refused.
    std::optional<Error> actionRefusal() const override;

protected:
    Result<void> openBackend() override;
    Result<std::optional<Record>> readRecord(const QString &scope, const QString &key) override;
    Result<TransitionOutcome> writeAction(const OperatorAction &action, const Record &current) override;

private:
    Result<void> checkTable(QSqlDatabase &db);
    Result<void> openCache();
    template <typename Read>
    auto readOnce(Read read) -> decltype(read(std::declval<QSqlDatabase &>(), std::declval<const ForeignSqlMapping &>()));
    // The listing's WHERE (after "FROM table"), or nullopt when nothing can match.
    std::optional<SqlStatement> listingWhere(const ForeignSqlMapping &m, const RecordQuery &query, bool withKeyset) const;
    SqlStatement actionStatement(const ForeignSqlMapping &m, const OperatorAction &action) const;
    // java-handler: brings the Redis cache in line with the applied action.
    Result<void> followUp(const OperatorAction &action) override; // the java-handler's Redis cache
    Result<void> writeCache(const RedisCommand &command);
    Error failure(const QSqlQuery &query, const QString &what);

    const SqlDialect m_dialect;
    SqlConnections m_connections;
    QMutex m_openMutex;
    std::unique_ptr<const ForeignSqlMapping> m_mapping; // set once by openBackend()
    QString m_sessionZone; // the zone the session reads zone-less times in; set once by openBackend()
    QMutex m_cacheMutex;
    std::unique_ptr<RedisConnectionPool> m_cache; // java-handler with cache=…; set under m_cacheMutex
};
