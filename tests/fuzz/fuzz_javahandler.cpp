// The foreign layouts' values that are not Go JSON (seeds/004…): the
// java-handler Redis cache's idem:<id> string and its PTTL
// (JavaRedisStore::toRecord), and a row of a foreign SQL table as a driver
// hands it over (ForeignSqlMapping::recordFromRow) for both built-in
// foreign layouts: java-handler's record table and go-middleware's
// idempotency_records.
//
// Input, one field a line (fuzzinput.h): the GET reply and the PTTL reply
// (a Redis reply each; a first line "!TYPE" instead: the key holds a TYPE),
// then the row's columns as SQL values in the mapping's SELECT order. The
// row is read back through SQLite (in memory), so its values have the types
// a real driver gives.
#include "tests/fuzz/fuzzinput.h"

#include "app/store/foreignsqlmapping.h"
#include "app/store/javaredisstore.h"
#include "app/store/layout.h"

#include <QSqlQuery>

namespace {

constexpr qint64 kNowMs = 1796019600000; // 2026-11-30T06:20:00Z
constexpr int kColumns = 10; // go-middleware's SELECT list; java-handler reads the first 8

void checkCache(const QList<QByteArray> &fields)
{
    static const Layout layout = Layout::builtin(QStringLiteral("java-handler")).value();
    KeyReplies key{layout.keyPrefix + "order-1001", {}, {}};
    Fuzz::Replies replies(fields.mid(0, 2));
    if (fields.value(0).startsWith('!')) {
        key.type = fields.value(0).mid(1);
    } else {
        key.replies << Fuzz::Replies::shared(replies.next());
        key.replies << Fuzz::Replies::shared(replies.next());
    }
    const std::optional<Record> r = JavaRedisStore::toRecord(layout, key, kNowMs);
    if (!r) {
        const redisReply *value = key.replies.value(0).get();
        Fuzz::require(key.type.isEmpty() && (!value || value->type == REDIS_REPLY_NIL), "only a key that is gone has no record");
        return;
    }
    Fuzz::require(r->key == QStringLiteral("order-1001") && r->scope == layout.scope, "a record is named by its key");
    const QByteArray value = RedisConnection::bytes(key.replies.value(0).get());
    const bool known = key.type.isEmpty() && (value == layout.processingValue.toUtf8() || value == layout.successValue.toUtf8());
    Fuzz::require(r->readError.isEmpty() == known, "a cache value is readable exactly when it is PROCESSING or SUCCESS");
    Fuzz::require(r->state == (known && value == layout.successValue.toUtf8() ? RecordState::Completed : RecordState::InFlight),
                  "SUCCESS is completed; PROCESSING and anything unreadable are listed in flight");
}

// SELECT ?, ?, …: the row's values come back typed as SQLite stores them.
QSqlQuery &selectRow()
{
    static QSqlQuery *query = [] {
        auto *q = new QSqlQuery(Fuzz::memoryDatabase());
        QStringList columns;
        for (int i = 0; i < kColumns; ++i)
            columns << QStringLiteral("?");
        Fuzz::require(q->prepare(QStringLiteral("SELECT ") + columns.join(QStringLiteral(", "))), "the row query prepares");
        return q;
    }();
    return *query;
}

void checkRow(const ForeignSqlMapping &mapping, const QSqlQuery &q)
{
    const Record r = mapping.recordFromRow(q);
    Fuzz::require(r.attempts == 1 && decodeHeaders(r.headers).has_value(), "a row's record has one attempt and readable headers");
    if (mapping.isGo()) {
        if (q.value(7).isNull())
            Fuzz::require(!r.readError.isEmpty(), "a NULL in_flight is unreadable");
        Fuzz::require(r.state == (q.value(7).toBool() ? RecordState::InFlight : RecordState::Completed),
                      "go-middleware: in flight while in_flight, else completed");
        return;
    }
    const QVariant status = q.value(4);
    const std::optional<RecordState> state = status.isNull() ? std::nullopt : mapping.stateOfStatus(status.toString());
    if (!state)
        Fuzz::require(!r.readError.isEmpty(), "a status none of the layout's values is unreadable");
    Fuzz::require(r.state == state.value_or(RecordState::InFlight), "java-handler: the state its status value stands for");
    if (r.state == RecordState::InFlight)
        Fuzz::require(r.updatedAt == r.createdAt, "an attempt in progress started when the row was inserted");
}

void checkRows(const QList<QByteArray> &columns)
{
    static const Layout go = Layout::builtin(QStringLiteral("go-middleware")).value();
    static const Layout java = Layout::builtin(QStringLiteral("java-handler")).value();
    QSqlQuery &q = selectRow();
    static const ForeignSqlMapping goMapping(go, SqlDialect::Kind::Postgres, Fuzz::memoryDatabase());
    static const ForeignSqlMapping javaMapping(java, SqlDialect::Kind::Mysql, Fuzz::memoryDatabase());
    for (int i = 0; i < kColumns; ++i)
        q.bindValue(i, Fuzz::sqlValue(columns.value(i, QByteArrayLiteral("_"))));
    Fuzz::require(q.exec() && q.next(), "the row query runs");
    checkRow(goMapping, q);
    checkRow(javaMapping, q);
    q.finish();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> fields = Fuzz::lines(data, size);
    checkCache(fields);
    checkRows(fields.mid(2));
    return 0;
}
