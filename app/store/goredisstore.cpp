#include "goredisstore.h"

namespace {
Error notYet() { return makeError(ErrorKind::NotBuilt, QStringLiteral("GoRedisStore is not built yet.")); }
} // namespace

GoRedisStore::GoRedisStore(const StoreUrl &url, const Layout &layout) : ForeignStore(url, layout) {}
GoRedisStore::~GoRedisStore() = default;
Result<QList<Record>> GoRedisStore::inFlight(const InFlightQuery &) { return notYet(); }
Result<qint64> GoRedisStore::countInFlight(const InFlightQuery &) { return notYet(); }
Result<QList<ScopeCount>> GoRedisStore::countByState() { return notYet(); }
Result<QList<ActivityRow>> GoRedisStore::activity(const QString &, qint64, qint64) { return notYet(); }
Result<void> GoRedisStore::openBackend() { return notYet(); }
Result<std::optional<Record>> GoRedisStore::readRecord(const QString &, const QString &) { return notYet(); }
Result<TransitionOutcome> GoRedisStore::writeAction(const OperatorAction &, const Record &) { return notYet(); }
