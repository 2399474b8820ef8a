// A layout file (README "Layouts"): Layout::fromJson on any bytes. A layout
// it accepts is what a store then runs with, so it must keep the promises
// layout.h makes and the stores rely on: table and column names that need
// no quoting, a time zone that can be sent as a literal, state values that
// differ and mean what they say, and readers that can be built over it and
// read its own state values back.
#include "tests/fuzz/fuzzinput.h"

#include "app/store/foreignsqlmapping.h"
#include "app/store/javaredisstore.h"
#include "app/store/layout.h"

namespace {

// An offset, UTC or a zone name: what checkTimeZone() lets through, as characters.
bool literalSafe(const QString &zone)
{
    if (zone.size() > 64)
        return false;
    for (const QChar c : zone) {
        if (!(c == u'_' || c == u'+' || c == u'-' || c == u'/' || c == u':' || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')
              || (c >= u'0' && c <= u'9')))
            return false;
    }
    return true;
}

void checkNames(const Layout &l)
{
    Fuzz::require(Fuzz::plainName(l.table), "a layout's table name needs no quoting");
    for (const QString &role : Layout::roles(l.family))
        Fuzz::require(Fuzz::plainName(l.column(role)), "every column of a layout is mapped to a name that needs no quoting");
    Fuzz::require(l.timeZone.isEmpty() || literalSafe(l.timeZone), "a layout's time zone can be sent as a literal");
    Fuzz::require(!l.scope.isEmpty() && !l.scope.contains(u'{') && !l.scope.contains(u'}'), "a layout's scope can be a hash tag");
    Fuzz::require(!l.keyPrefix.isEmpty() && l.scanCount > 0 && l.processingTtlMs > 0 && l.successTtlMs > 0 && l.retentionMs > 0,
                  "a layout's Redis settings are usable");
}

// Each state value reads as its state, in SQL and in the Redis cache.
void checkStates(const Layout &l)
{
    const ForeignSqlMapping mapping(l, SqlDialect::Kind::Mysql, Fuzz::memoryDatabase());
    const ForeignSqlMapping postgres(l, SqlDialect::Kind::Postgres, Fuzz::memoryDatabase());
    Fuzz::require(!mapping.selectList().isEmpty() && !postgres.selectList().isEmpty(), "SQL can be built over a layout");
    if (l.family != LayoutFamily::JavaHandler)
        return;
    Fuzz::require(mapping.stateOfStatus(l.processingValue) == RecordState::InFlight, "the processing value means in flight");
    Fuzz::require(mapping.stateOfStatus(l.successValue) == RecordState::Completed, "the success value means completed");
    Fuzz::require(mapping.stateOfStatus(l.timeoutValue) == RecordState::TimedOut, "the timeout value means timed out");
    for (const QString &failed : l.failedValues)
        Fuzz::require(mapping.stateOfStatus(failed) == RecordState::TimedOut, "a failed value means timed out");

    for (const QString &value : {l.processingValue, l.successValue}) {
        const QByteArray bytes = value.toUtf8();
        if (QString::fromUtf8(bytes) != value)
            continue; // a lone surrogate: no service can write it into the cache
        redisReply reply{};
        reply.type = REDIS_REPLY_STRING;
        reply.str = const_cast<char *>(bytes.constData());
        reply.len = size_t(bytes.size());
        const KeyReplies key{l.keyPrefix + "order-1001", {Fuzz::Replies::shared(&reply)}, {}};
        const std::optional<Record> r = JavaRedisStore::toRecord(l, key, 1796019600000);
        Fuzz::require(r && r->readError.isEmpty() && r->key == QStringLiteral("order-1001"),
                      "a cache key holding a state value is readable");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Result<Layout> layout = Layout::fromJson(Fuzz::bytes(data, size), QStringLiteral("/etc/idem/fuzz.json"));
    if (!layout)
        return 0;
    checkNames(layout.value());
    checkStates(layout.value());
    return 0;
}
