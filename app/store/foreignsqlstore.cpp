#include "foreignsqlstore.h"

namespace {
Error notYet() { return makeError(ErrorKind::NotBuilt, QStringLiteral("ForeignSqlStore is not built yet.")); }
} // namespace

ForeignSqlStore::ForeignSqlStore(const StoreUrl &url, const Layout &layout) : ForeignStore(url, layout) {}
ForeignSqlStore::~ForeignSqlStore() = default;
Result<QList<Record>> ForeignSqlStore::inFlight(const InFlightQuery &) { return notYet(); }
Result<qint64> ForeignSqlStore::countInFlight(const InFlightQuery &) { return notYet(); }
Result<QList<ScopeCount>> ForeignSqlStore::countByState() { return notYet(); }
Result<QList<ActivityRow>> ForeignSqlStore::activity(const QString &, qint64, qint64) { return notYet(); }
Result<void> ForeignSqlStore::openBackend() { return notYet(); }
Result<std::optional<Record>> ForeignSqlStore::readRecord(const QString &, const QString &) { return notYet(); }
Result<TransitionOutcome> ForeignSqlStore::writeAction(const OperatorAction &, const Record &) { return notYet(); }
