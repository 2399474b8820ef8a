#include "javaredisstore.h"

namespace {
Error notYet() { return makeError(ErrorKind::NotBuilt, QStringLiteral("JavaRedisStore is not built yet.")); }
} // namespace

JavaRedisStore::JavaRedisStore(const StoreUrl &url, const Layout &layout) : ForeignStore(url, layout) {}
JavaRedisStore::~JavaRedisStore() = default;
Result<QList<Record>> JavaRedisStore::inFlight(const InFlightQuery &) { return notYet(); }
Result<qint64> JavaRedisStore::countInFlight(const InFlightQuery &) { return notYet(); }
Result<QList<ScopeCount>> JavaRedisStore::countByState() { return notYet(); }
Result<QList<ActivityRow>> JavaRedisStore::activity(const QString &, qint64, qint64) { return notYet(); }
Result<void> JavaRedisStore::openBackend() { return notYet(); }
Result<std::optional<Record>> JavaRedisStore::readRecord(const QString &, const QString &) { return notYet(); }
Result<TransitionOutcome> JavaRedisStore::writeAction(const OperatorAction &, const Record &) { return notYet(); }
