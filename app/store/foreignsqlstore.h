#pragma once

#include "foreignstore.h"

// Foreign layouts in a SQL table (DESIGN.md "Existing deployments"):
// go-middleware's idempotency_records on PostgreSQL and java-handler's
// record table on MySQL (with its Redis cache when the URL has
// cache=redis://…). Table and column names come from the layout, checked
// against the catalogue and quoted.
// TO BE IMPLEMENTED (issue 7).
class ForeignSqlStore final : public ForeignStore {
public:
    ForeignSqlStore(const StoreUrl &url, const Layout &layout);
    ~ForeignSqlStore() override;

    Result<QList<Record>> inFlight(const InFlightQuery &query) override;
    Result<qint64> countInFlight(const InFlightQuery &query) override;
    Result<QList<ScopeCount>> countByState() override;
    Result<QList<ActivityRow>> activity(const QString &scope, qint64 fromMinute, qint64 toMinute) override;

protected:
    Result<void> openBackend() override;
    Result<std::optional<Record>> readRecord(const QString &scope, const QString &key) override;
    Result<TransitionOutcome> writeAction(const OperatorAction &action, const Record &current) override;
};
