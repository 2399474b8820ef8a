// Foreign SQL layouts on real servers (DESIGN.md "Existing deployments"):
// go-middleware's idempotency_records on PostgreSQL (seeds/000…) and
// java-handler's record table on MySQL with its Redis cache (seeds/004…).
// Rows are written the way those services write them (their statements), the
// console lists, shows and acts on them, and the test checks what the
// services would then see. Each run uses tables of its own; the audit log is
// a SQLite file in a temporary directory. A test whose server's
// IDEM_TEST_*_URL is not set fails under tools/test.sh and is skipped when
// run by hand (tests/serverrequirement.h).
#include "app/ops/auditverifier.h"
#include "app/ops/operatorbatch.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/foreignstore.h"
#include "app/store/openstore.h"
#include "app/store/redisconnection.h"
#include "app/store/sqlstore.h"
#include "tests/serverrequirement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// The Go service's statements (seeds/000…), with this run's table name.
const char *const kGoTable = "CREATE TABLE %1 (\n"
                             "    key TEXT PRIMARY KEY,\n"
                             "    request_hash TEXT NOT NULL,\n"
                             "    status_code INTEGER,\n"
                             "    headers JSONB,\n"
                             "    body BYTEA,\n"
                             "    in_flight BOOLEAN NOT NULL DEFAULT TRUE,\n"
                             "    created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(),\n"
                             "    expires_at TIMESTAMPTZ NOT NULL\n"
                             ")";
const char *const kGoIndex = "CREATE INDEX idx_%1_expires ON %1(expires_at)";
const char *const kGoSetInFlight =
    "INSERT INTO %1 (key, request_hash, in_flight, expires_at) VALUES (?, ?, TRUE, ?) ON CONFLICT (key) DO NOTHING";
const char *const kGoFinalize = "UPDATE %1 SET status_code = ?, headers = ?, body = ?, in_flight = FALSE, expires_at = ? WHERE key = ?";
const char *const kGoGet = "SELECT key, request_hash, status_code, headers, body, in_flight, created_at, expires_at FROM %1 "
                           "WHERE key = ? AND expires_at > NOW()";

// The Java handler's table (seeds/004… 4.1) and its MyBatis statements.
const char *const kJavaTable = "CREATE TABLE %1 (\n"
                               "    idempotent_id VARCHAR(64) PRIMARY KEY,\n"
                               "    biz_type VARCHAR(32),\n"
                               "    biz_no VARCHAR(64),\n"
                               "    status VARCHAR(16) NOT NULL,\n"
                               "    request_body TEXT,\n"
                               "    response_body TEXT,\n"
                               "    create_time DATETIME DEFAULT CURRENT_TIMESTAMP,\n"
                               "    update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP\n"
                               ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4";
const char *const kJavaInsert = "INSERT INTO %1 (idempotent_id, biz_type, biz_no, status, request_body) VALUES (?, ?, ?, 'PROCESSING', ?)";
const char *const kJavaUpdateById = "UPDATE %1 SET status = ?, response_body = ? WHERE idempotent_id = ?";
const QString kJavaResponse = QStringLiteral("{\"code\":0,\"msg\":\"success\"}");

QString sql(const char *text, const QString &table)
{
    return QString::fromLatin1(text).arg(table);
}

} // namespace

class TestLayoutSql : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void goListingAndDetail();
    void goActions();
    void goRaceAfterAudit();
    void goMalformedRows();
    void goOpenErrors();
    void goAuditLogFollowsTheStore();
    void auditInTheServiceDatabaseAddsOnlyAuditTables();

    void javaListingAndDetail();
    void javaActionsAndCache();
    void javaTimeoutIsNotRunAgainReleaseIs();
    void javaTimeZoneOfTheWriter();
    void javaCacheStepRetried();
    void javaCacheDown();
    void javaWithoutCacheIsRefusedUnlessSaid();
    void javaRaceAfterAudit();
    void javaMalformedRows();
    void javaConfiguredLayout();
    void javaOpenErrors();

private:
    // A raw connection to the server: the service's side of the table.
    QSqlDatabase writer(const char *variable);
    bool exec(QSqlDatabase &db, const QString &statement, const QVariantList &values = {});
    QString uniqueTable(const QString &base);
    QString layoutFile(const QJsonObject &layout);
    // cache "none": the service runs without one (what --no-cache says); "" leaves the option out.
    Result<std::unique_ptr<Store>> open(const char *variable, const QString &layoutPath, const QString &cache = QStringLiteral("none"),
                                        OpenMode mode = OpenMode::Create);
    Result<ActionResult> act(Store &store, OperatorActionKind kind, const Record &seen, const Response &response = {});
    static QStringList keys(const QList<Record> &records);
    void checkAudit(Store &store, qint64 entries);
    QString goTable(const QString &base, QString *layoutPath);
    QString javaTable(const QString &base);
    QString javaLayout(const QString &table);
    bool javaRow(const QString &table, const QString &id, const QVariant &bizType, const QString &bizNo, qint64 atSecs,
                 const QString &status = QString());
    QByteArray redis(const RedisCommand &command);
    void raceAfterAudit(const char *variable, const QString &layout, const QString &scope, const QString &key, const QStringList &install,
                        const QStringList &remove);
    QVariant scalar(const char *variable, const QString &statement, const QVariantList &values = {});

    QTemporaryDir m_dir;
    QString m_run;
    QStringList m_pgTables;
    QStringList m_mysqlTables;
    int m_files = 0;
    std::unique_ptr<RedisConnection> m_redis;
};

void TestLayoutSql::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_run = QString::number(QRandomGenerator::global()->bounded(1u << 30), 36);
}

void TestLayoutSql::cleanupTestCase()
{
    if (!m_pgTables.isEmpty()) {
        QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
        for (const QString &t : std::as_const(m_pgTables))
            exec(db, QStringLiteral("DROP TABLE IF EXISTS ") + t);
    }
    if (!m_mysqlTables.isEmpty()) {
        QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
        for (const QString &t : std::as_const(m_mysqlTables))
            exec(db, QStringLiteral("DROP TABLE IF EXISTS ") + t);
    }
}

QSqlDatabase TestLayoutSql::writer(const char *variable)
{
    const QString name = QString::fromLatin1(variable);
    if (QSqlDatabase::contains(name))
        return QSqlDatabase::database(name);
    const Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable(variable));
    QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(url->kind), name);
    configureSqlDatabase(db, url.value());
    if (!db.open())
        qWarning() << "cannot open" << name << db.lastError().text();
    return db;
}

bool TestLayoutSql::exec(QSqlDatabase &db, const QString &statement, const QVariantList &values)
{
    QSqlQuery q(db);
    // Unprepared without values: PostgreSQL cannot PREPARE DDL.
    const bool prepared = values.isEmpty() || q.prepare(statement);
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!prepared || !(values.isEmpty() ? q.exec(statement) : q.exec())) {
        qWarning() << statement << q.lastError().text();
        return false;
    }
    return true;
}

QString TestLayoutSql::uniqueTable(const QString &base)
{
    return base + QLatin1Char('_') + m_run;
}

QString TestLayoutSql::layoutFile(const QJsonObject &layout)
{
    const QString path = m_dir.filePath(QStringLiteral("layout%1.json").arg(++m_files));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(layout).toJson()) < 0)
        return QString();
    return path;
}

Result<std::unique_ptr<Store>> TestLayoutSql::open(const char *variable, const QString &layoutPath, const QString &cache, OpenMode mode)
{
    Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable(variable));
    if (!url)
        return url.error();
    url->options.insert(QStringLiteral("layout"), layoutPath);
    url->options.insert(QStringLiteral("audit"), QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("audit%1.db").arg(++m_files)));
    if (!cache.isEmpty())
        url->options.insert(QStringLiteral("cache"), cache);
    return openStore(url.value(), mode);
}

Result<ActionResult> TestLayoutSql::act(Store &store, OperatorActionKind kind, const Record &seen, const Response &response)
{
    OperatorAction action;
    action.kind = kind;
    action.scope = seen.scope;
    action.key = seen.key;
    action.lease = seen.lease;
    action.expectedState = seen.state;
    action.startedBeforeMs = seen.updatedAt + 1; // the age the preview chose: just old enough
    action.response = response;
    action.nowMs = QDateTime::currentMSecsSinceEpoch();
    action.retentionMs = 3600 * 1000;
    action.audit.operatorName = QStringLiteral("alice");
    action.audit.host = QStringLiteral("console-1");
    action.audit.batchId = QStringLiteral("batch-") + m_run;
    action.audit.reason = QStringLiteral("tst_layoutsql");
    return store.applyAction(action);
}

QStringList TestLayoutSql::keys(const QList<Record> &records)
{
    QStringList out;
    for (const Record &r : records)
        out << r.key;
    return out;
}

void TestLayoutSql::checkAudit(Store &store, qint64 entries)
{
    const Result<AuditVerdict> verdict = AuditVerifier::verify(store);
    QVERIFY2(verdict, qPrintable(verdict.error().message));
    QVERIFY2(verdict->ok, verdict->firstBad ? qPrintable(verdict->firstBad->reason) : "not ok");
    QCOMPARE(verdict->entries, entries);
}

QString TestLayoutSql::goTable(const QString &base, QString *layoutPath)
{
    QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
    const QString t = uniqueTable(base);
    m_pgTables << t;
    if (!exec(db, sql(kGoTable, t)) || !exec(db, sql(kGoIndex, t)))
        return QString();
    *layoutPath = layoutFile(
        {{QStringLiteral("base"), QStringLiteral("go-middleware")}, {QStringLiteral("sql"), QJsonObject{{QStringLiteral("table"), t}}}});
    return t;
}

QString TestLayoutSql::javaTable(const QString &base)
{
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    const QString t = uniqueTable(base);
    m_mysqlTables << t;
    return exec(db, sql(kJavaTable, t)) ? t : QString();
}

QString TestLayoutSql::javaLayout(const QString &table)
{
    return layoutFile({{QStringLiteral("base"), QStringLiteral("java-handler")},
                       {QStringLiteral("sql"), QJsonObject{{QStringLiteral("table"), table}}},
                       {QStringLiteral("redis"), QJsonObject{{QStringLiteral("key_prefix"), QStringLiteral("idem:%1:").arg(m_run)}}}});
}

// The handler's insert (and, with a status, what it or an operator did next), at `atSecs` on the session's clock.
bool TestLayoutSql::javaRow(const QString &t, const QString &id, const QVariant &bizType, const QString &bizNo, qint64 atSecs,
                            const QString &status)
{
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    bool ok = exec(db, QStringLiteral("SET timestamp = ?"), {atSecs})
              && exec(db, sql(kJavaInsert, t), {id, bizType, bizNo, QStringLiteral("{\"amount\":100}")});
    if (ok && status == QLatin1String("SUCCESS"))
        ok = exec(db, sql(kJavaUpdateById, t), {status, kJavaResponse, id});
    else if (ok && !status.isEmpty())
        ok = exec(db, QStringLiteral("UPDATE %1 SET status = ? WHERE idempotent_id = ?").arg(t), {status, id});
    return exec(db, QStringLiteral("SET timestamp = DEFAULT")) && ok;
}

QByteArray TestLayoutSql::redis(const RedisCommand &command)
{
    if (!m_redis) {
        const Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL"));
        RedisSettings settings;
        settings.host = url->host.toUtf8();
        settings.port = url->port;
        settings.password = (url->password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : url->password).toUtf8();
        settings.database = url->database.toInt();
        m_redis = std::make_unique<RedisConnection>(settings);
    }
    const Result<RedisReply> reply = m_redis->command(command);
    return reply ? RedisConnection::bytes(reply->get()) : QByteArray("<error>");
}

QVariant TestLayoutSql::scalar(const char *variable, const QString &statement, const QVariantList &values)
{
    QSqlDatabase db = writer(variable);
    QSqlQuery q(db);
    q.prepare(statement);
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec() || !q.next())
        return QStringLiteral("<no row>");
    return q.value(0);
}

void TestLayoutSql::goListingAndDetail()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
    QString layout;
    const QString t = goTable(QStringLiteral("idem_go_list"), &layout);
    QVERIFY(!t.isEmpty());
    QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < 5; ++i) {
        QVERIFY(exec(db, sql(kGoSetInFlight, t), {QStringLiteral("pay-%1").arg(i), QStringLiteral("hash%1").arg(i), now.addDays(1)}));
        QTest::qWait(20); // created_at = NOW() of each statement: distinct milliseconds
    }
    QVERIFY(exec(db, sql(kGoSetInFlight, t), {QStringLiteral("done-1"), QStringLiteral("hashd"), now.addDays(1)}));
    QVERIFY(exec(db, sql(kGoFinalize, t),
                 {201, QStringLiteral("{\"Content-Type\":\"application/json\"}"), QByteArray("{\"id\":7}\0\xff", 10), now.addDays(1),
                  QStringLiteral("done-1")}));
    QVERIFY(exec(db, sql(kGoSetInFlight, t), {QStringLiteral("old-1"), QStringLiteral("hasho"), now.addSecs(-1)})); // expired: absent

    auto store = open("IDEM_TEST_POSTGRESQL_URL", layout);
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    InFlightQuery q;
    Result<QList<Record>> all = s.inFlight(q);
    QVERIFY2(all, qPrintable(all.error().message));
    QCOMPARE(keys(all.value()), QStringList({QStringLiteral("pay-0"), QStringLiteral("pay-1"), QStringLiteral("pay-2"),
                                             QStringLiteral("pay-3"), QStringLiteral("pay-4")}));
    const Record &first = all->first();
    QCOMPARE(first.scope, QStringLiteral("default"));
    QCOMPARE(first.state, RecordState::InFlight);
    QCOMPARE(first.fingerprint, QStringLiteral("hash0"));
    QCOMPARE(first.bizNo, QStringLiteral("pay-0"));
    QCOMPARE(first.attempts, 1);
    QVERIFY(first.owner.isEmpty() && first.readError.isEmpty());
    QCOMPARE(first.lease.size(), 32);
    QVERIFY(qAbs(first.createdAt - now.toMSecsSinceEpoch()) < 10000);
    QCOMPARE(first.updatedAt, first.createdAt);
    QVERIFY(qAbs(first.expiresAt - now.addDays(1).toMSecsSinceEpoch()) < 1000);

    q.newestFirst = true;
    QCOMPARE(keys(s.inFlight(q).value()).first(), QStringLiteral("pay-4"));
    q.newestFirst = false;
    q.limit = 2;
    QList<Record> page = s.inFlight(q).value();
    QCOMPARE(keys(page), QStringList({QStringLiteral("pay-0"), QStringLiteral("pay-1")}));
    q.after = InFlightQuery::Position{page.last().updatedAt, page.last().scope, page.last().key};
    page = s.inFlight(q).value();
    QCOMPARE(keys(page), QStringList({QStringLiteral("pay-2"), QStringLiteral("pay-3")}));
    q.after = InFlightQuery::Position{page.last().updatedAt, page.last().scope, page.last().key};
    QCOMPARE(keys(s.inFlight(q).value()), QStringList{QStringLiteral("pay-4")});

    InFlightQuery aged;
    aged.startedBeforeMs = all->at(2).updatedAt;
    QCOMPARE(keys(s.inFlight(aged).value()), QStringList({QStringLiteral("pay-0"), QStringLiteral("pay-1")}));
    QCOMPARE(s.countInFlight(aged).value(), qint64(2));
    QCOMPARE(s.countInFlight(InFlightQuery()).value(), qint64(5));
    for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000}) { // before the epoch: never "no filter"
        aged.startedBeforeMs = cutoff;
        QCOMPARE(s.inFlight(aged).value().size(), 0);
        QCOMPARE(s.countInFlight(aged).value(), 0);
    }
    InFlightQuery filtered;
    filtered.bizNoPrefix = QStringLiteral("pay-3");
    QCOMPARE(keys(s.inFlight(filtered).value()), QStringList{QStringLiteral("pay-3")});
    QCOMPARE(s.countInFlight(InFlightQuery::ofScope(QStringLiteral("default"))).value(), qint64(5));
    QCOMPARE(s.countInFlight(InFlightQuery::ofScope(QStringLiteral("other"))).value(), qint64(0));
    InFlightQuery owned;
    owned.owner = QStringLiteral("host:1");
    QVERIFY(s.inFlight(owned)->isEmpty());
    InFlightQuery timedOut;
    timedOut.state = RecordState::TimedOut;
    QVERIFY(s.inFlight(timedOut)->isEmpty()); // the Go table has no such state
    // The record browser: completed rows (in_flight false, not expired) page
    // like the in-flight ones; every state is the two merged.
    RecordQuery finishedQuery = RecordQuery().inState(RecordState::Completed);
    const Result<QList<Record>> finished = s.records(finishedQuery);
    QVERIFY2(finished, qPrintable(finished.error().message));
    QCOMPARE(keys(finished.value()), QStringList{QStringLiteral("done-1")});
    QCOMPARE(finished->first().state, RecordState::Completed);
    QCOMPARE(finished->first().statusCode, 201);
    QCOMPARE(s.countRecords(finishedQuery).value_or(-1), qint64(1));
    finishedQuery.bizNoPrefix = QStringLiteral("pay-");
    QCOMPARE(s.countRecords(finishedQuery).value_or(-1), qint64(0));
    RecordQuery any;
    any.state.reset();
    any.newestFirst = true;
    any.limit = 4;
    const QList<Record> newest = s.records(any).value();
    QCOMPARE(keys(newest),
             QStringList({QStringLiteral("done-1"), QStringLiteral("pay-4"), QStringLiteral("pay-3"), QStringLiteral("pay-2")}));
    any.after = RecordQuery::Position{newest.last().updatedAt, newest.last().scope, newest.last().key};
    QCOMPARE(keys(s.records(any).value()), QStringList({QStringLiteral("pay-1"), QStringLiteral("pay-0")}));
    any.after.reset();
    QCOMPARE(s.countRecords(any).value_or(-1), qint64(6));

    const Result<std::optional<Record>> done = s.get(QStringLiteral("default"), QStringLiteral("done-1"));
    QVERIFY(done && done.value());
    QCOMPARE(done.value()->state, RecordState::Completed);
    QCOMPARE(done.value()->statusCode, 201);
    QCOMPARE(decodeHeaders(done.value()->headers).value(), HeaderList({{"Content-Type", "application/json"}}));
    QCOMPARE(done.value()->body, QByteArray("{\"id\":7}\0\xff", 10));
    QVERIFY(!s.get(QStringLiteral("default"), QStringLiteral("old-1")).value());
    QVERIFY(!s.get(QStringLiteral("other"), QStringLiteral("done-1")).value());

    const QList<ScopeCount> counts = s.countByState(QString()).value();
    QCOMPARE(counts.size(), 2);
    for (const ScopeCount &c : counts)
        QCOMPARE(c.count, c.state == RecordState::InFlight ? qint64(5) : qint64(1));
    const qint64 minute = now.toMSecsSinceEpoch() / 60000;
    qint64 inFlight = 0, completed = 0;
    const QList<ActivityRow> activity = s.activity(QString(), minute - 2, minute + 2).value();
    for (const ActivityRow &row : activity) {
        inFlight += row.inFlight;
        completed += row.completed;
    }
    QCOMPARE(inFlight, qint64(5));
    QCOMPARE(completed, qint64(1));
}

void TestLayoutSql::goActions()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
    QString layout;
    const QString t = goTable(QStringLiteral("idem_go_act"), &layout);
    QVERIFY(!t.isEmpty());
    QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
    const QDateTime expires = QDateTime::currentDateTimeUtc().addDays(1);
    for (const char *key : {"t1", "r1", "c1", "s1"})
        QVERIFY(exec(db, sql(kGoSetInFlight, t), {QString::fromLatin1(key), QStringLiteral("h"), expires}));
    auto store = open("IDEM_TEST_POSTGRESQL_URL", layout);
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    auto seen = [&](const char *key) { return s.get(QStringLiteral("default"), QString::fromLatin1(key)).value().value(); };
    auto rows = [&](const char *key) {
        return scalar("IDEM_TEST_POSTGRESQL_URL", QStringLiteral("SELECT COUNT(*) FROM %1 WHERE key = ?").arg(t),
                      {QString::fromLatin1(key)})
            .toInt();
    };

    // timeout and release: the row is deleted, so the client may resubmit.
    Result<ActionResult> r = act(s, OperatorActionKind::MarkTimedOut, seen("t1"));
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QVERIFY(!r->current);
    QCOMPARE(rows("t1"), 0);
    r = act(s, OperatorActionKind::ReconcileRelease, seen("r1"));
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QCOMPARE(rows("r1"), 0);

    // reconcile-complete: as Finalize writes it; a Go Get replays it.
    const Response response{200, {{"Content-Type", "application/json"}, {"X-Trace", "a"}, {"X-Trace", "b"}}, QByteArray("{\"paid\":true}")};
    r = act(s, OperatorActionKind::ReconcileComplete, seen("c1"), response);
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QVERIFY(r->current);
    QCOMPARE(r->current->state, RecordState::Completed);
    QSqlQuery get(db);
    QVERIFY(get.prepare(sql(kGoGet, t)));
    get.addBindValue(QStringLiteral("c1"));
    QVERIFY(get.exec() && get.next());
    QCOMPARE(get.value(5).toBool(), false);
    QCOMPARE(get.value(2).toInt(), 200);
    QCOMPARE(QJsonDocument::fromJson(get.value(3).toByteArray()).object(),
             QJsonObject(
                 {{QStringLiteral("Content-Type"), QStringLiteral("application/json")}, {QStringLiteral("X-Trace"), QStringLiteral("b")}}));
    QCOMPARE(get.value(4).toByteArray(), QByteArray("{\"paid\":true}"));
    QVERIFY(get.value(7).toDateTime() > QDateTime::currentDateTimeUtc().addSecs(23 * 3600));

    // Stale: the service finalizes after the preview; the action changes nothing.
    const Record preview = seen("s1");
    QVERIFY(exec(db, sql(kGoFinalize, t), {201, QStringLiteral("{}"), QByteArray("svc"), expires, QStringLiteral("s1")}));
    r = act(s, OperatorActionKind::MarkTimedOut, preview);
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::StaleLease);
    QCOMPARE(rows("s1"), 1);
    QCOMPARE(scalar("IDEM_TEST_POSTGRESQL_URL", QStringLiteral("SELECT body FROM %1 WHERE key = 's1'").arg(t)).toByteArray(),
             QByteArray("svc"));
    // The lease also guards a row that changed in the same state.
    QVERIFY(exec(db, QStringLiteral("UPDATE %1 SET body = 'x' WHERE key = 's1'").arg(t)));
    QCOMPARE(act(s, OperatorActionKind::ReconcileRelease, seen("s1"))->outcome, TransitionOutcome::Applied);

    // A change seen before the audit entry refuses without one (ForeignStore).
    checkAudit(s, 4);
}

// The service finishes the request between the audit entry and the change:
// the compare-and-set on the digest must fail and a "-not-applied" entry
// follow. The audit log is kept in the same server (audit=<that URL>), where
// a trigger on the audit insert plays the service.
void TestLayoutSql::raceAfterAudit(const char *variable, const QString &layout, const QString &scope, const QString &key,
                                   const QStringList &install, const QStringList &remove)
{
    Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable(variable));
    url->options.insert(QStringLiteral("layout"), layout);
    url->options.insert(QStringLiteral("audit"), qEnvironmentVariable(variable));
    url->options.insert(QStringLiteral("cache"), QStringLiteral("none")); // java-handler: no cache in this test
    auto store = openStore(url.value());
    QVERIFY2(store, qPrintable(store.error().message));
    QSqlDatabase db = writer(variable);
    const auto uninstall = qScopeGuard([&] {
        for (const QString &statement : remove)
            exec(db, statement);
    });
    for (const QString &statement : install)
        QVERIFY(exec(db, statement));
    const Record preview = store.value()->get(scope, key).value().value();
    const Result<ActionResult> r = act(*store.value(), OperatorActionKind::MarkTimedOut, preview);
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::StaleLease);
    QCOMPARE(r->current->state, RecordState::Completed);
    AuditQuery query;
    query.batchId = QStringLiteral("batch-") + m_run;
    query.keyPrefix = key;
    const QList<AuditEntry> entries = store.value()->auditEntries(query).value();
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries.first().action, QStringLiteral("timeout-not-applied"));
    const Result<AuditVerdict> verdict = AuditVerifier::verify(*store.value(), {}, {scope});
    QVERIFY2(verdict && verdict->ok, verdict ? "chain broken" : qPrintable(verdict.error().message));
}

void TestLayoutSql::goRaceAfterAudit()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
    QString layout;
    const QString t = goTable(QStringLiteral("idem_go_race"), &layout);
    QVERIFY(!t.isEmpty());
    QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
    QVERIFY(exec(db, sql(kGoSetInFlight, t), {QStringLiteral("race"), QStringLiteral("h"), QDateTime::currentDateTimeUtc().addDays(1)}));
    const QString f = t + QStringLiteral("_finish");
    raceAfterAudit(
        "IDEM_TEST_POSTGRESQL_URL", layout, QStringLiteral("default"), QStringLiteral("race"),
        {QStringLiteral("CREATE FUNCTION %1() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE %2 SET status_code = 200, "
                        "body = 'svc', in_flight = FALSE WHERE key = NEW.idem_key; RETURN NEW; END $$")
             .arg(f, t),
         QStringLiteral("CREATE TRIGGER %1 AFTER INSERT ON idem_audit FOR EACH ROW WHEN (NEW.action = 'timeout' AND NEW.batch_id = '%2') "
                        "EXECUTE FUNCTION %1()")
             .arg(f, QStringLiteral("batch-") + m_run)},
        {QStringLiteral("DROP TRIGGER IF EXISTS %1 ON idem_audit").arg(f), QStringLiteral("DROP FUNCTION IF EXISTS %1()").arg(f)});
    QCOMPARE(scalar("IDEM_TEST_POSTGRESQL_URL", QStringLiteral("SELECT body FROM %1 WHERE key = 'race'").arg(t)).toByteArray(),
             QByteArray("svc"));
}

void TestLayoutSql::javaRaceAfterAudit()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_race"));
    QVERIFY(!t.isEmpty());
    QVERIFY(javaRow(t, QStringLiteral("race"), QStringLiteral("order"), QStringLiteral("NO"), QDateTime::currentSecsSinceEpoch() - 1200));
    const QString trigger = t + QStringLiteral("_finish");
    raceAfterAudit(
        "IDEM_TEST_MYSQL_URL", javaLayout(t), QStringLiteral("order"), QStringLiteral("race"),
        {QStringLiteral("CREATE TRIGGER %1 AFTER INSERT ON idem_audit FOR EACH ROW UPDATE %2 SET status = 'SUCCESS', "
                        "response_body = 'svc' WHERE idempotent_id = NEW.idem_key AND NEW.action = 'timeout' AND NEW.batch_id = '%3'")
             .arg(trigger, t, QStringLiteral("batch-") + m_run)},
        {QStringLiteral("DROP TRIGGER IF EXISTS %1").arg(trigger)});
    QCOMPARE(scalar("IDEM_TEST_MYSQL_URL", QStringLiteral("SELECT response_body FROM %1 WHERE idempotent_id = 'race'").arg(t)).toString(),
             QStringLiteral("svc"));
}

void TestLayoutSql::goMalformedRows()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
    QString layout;
    const QString t = goTable(QStringLiteral("idem_go_bad"), &layout);
    QVERIFY(!t.isEmpty());
    QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
    const QDateTime expires = QDateTime::currentDateTimeUtc().addDays(1);
    for (const char *key : {"bad-1", "ok-1"})
        QVERIFY(exec(db, sql(kGoSetInFlight, t), {QString::fromLatin1(key), QStringLiteral("h"), expires}));
    QVERIFY(exec(db, QStringLiteral("UPDATE %1 SET headers = '[1, 2]' WHERE key = 'bad-1'").arg(t)));
    auto store = open("IDEM_TEST_POSTGRESQL_URL", layout);
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    const QList<Record> listed = s.inFlight(InFlightQuery()).value();
    QCOMPARE(keys(listed), QStringList({QStringLiteral("bad-1"), QStringLiteral("ok-1")}));
    QVERIFY2(listed.first().readError.contains(QLatin1String("headers")), qPrintable(listed.first().readError));
    QVERIFY(listed.last().readError.isEmpty());
    const Result<ActionResult> r = act(s, OperatorActionKind::MarkTimedOut, listed.first());
    QVERIFY(!r);
    QCOMPARE(r.error().kind, ErrorKind::Corrupt);
    QCOMPARE(scalar("IDEM_TEST_POSTGRESQL_URL", QStringLiteral("SELECT COUNT(*) FROM %1").arg(t)).toInt(), 2);
    checkAudit(s, 0);
}

void TestLayoutSql::goOpenErrors()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
    QString layout;
    const QString t = goTable(QStringLiteral("idem_go_open"), &layout);
    QVERIFY(!t.isEmpty());
    auto store = open(
        "IDEM_TEST_POSTGRESQL_URL",
        layoutFile({{QStringLiteral("base"), QStringLiteral("go-middleware")},
                    {QStringLiteral("sql"), QJsonObject{{QStringLiteral("table"), t},
                                                        {QStringLiteral("columns"),
                                                         QJsonObject{{QStringLiteral("request_hash"), QStringLiteral("req_hash")}}}}}}));
    QVERIFY(!store);
    QCOMPARE(store.error().kind, ErrorKind::InvalidArgument);
    QVERIFY2(store.error().message.contains(QLatin1String("req_hash")), qPrintable(store.error().message));
    store = open("IDEM_TEST_POSTGRESQL_URL",
                 layoutFile({{QStringLiteral("base"), QStringLiteral("go-middleware")},
                             {QStringLiteral("sql"), QJsonObject{{QStringLiteral("table"), QString(t + QStringLiteral("_none"))}}}}));
    QVERIFY(!store);
    QVERIFY2(store.error().message.contains(t + QStringLiteral("_none")), qPrintable(store.error().message));
}

void TestLayoutSql::javaListingAndDetail()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_list"));
    QVERIFY(!t.isEmpty());
    const qint64 base = (QDateTime::currentSecsSinceEpoch() / 60 - 60) * 60; // a minute an hour ago
    const QString order = QStringLiteral("order"), pay = QStringLiteral("pay");
    QVERIFY(javaRow(t, QStringLiteral("j-a"), order, QStringLiteral("NO-1"), base));
    QVERIFY(javaRow(t, QStringLiteral("j-b"), pay, QStringLiteral("NO-2"), base + 60));
    QVERIFY(javaRow(t, QStringLiteral("j-c"), QVariant(), QStringLiteral("NO-3"), base + 60)); // no biz_type: the layout's scope
    QVERIFY(javaRow(t, QStringLiteral("j-d"), order, QStringLiteral("NO-4"), base + 120));
    QVERIFY(javaRow(t, QStringLiteral("j-s"), order, QStringLiteral("NO-5"), base));
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    QVERIFY(exec(db, QStringLiteral("SET timestamp = ?"), {base + 180}));
    QVERIFY(exec(db, sql(kJavaUpdateById, t), {QStringLiteral("SUCCESS"), kJavaResponse, QStringLiteral("j-s")}));
    QVERIFY(exec(db, QStringLiteral("SET timestamp = DEFAULT")));
    QVERIFY(javaRow(t, QStringLiteral("j-t"), pay, QStringLiteral("NO-6"), base + 240, QStringLiteral("TIMEOUT")));
    QVERIFY(javaRow(t, QStringLiteral("j-f"), pay, QStringLiteral("NO-7"), base + 240, QStringLiteral("FAILED")));

    auto store = open("IDEM_TEST_MYSQL_URL", javaLayout(t));
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    InFlightQuery q;
    const QList<Record> all = s.inFlight(q).value();
    // (updatedAt, scope, key): j-c ("default") and j-b ("pay") started in the same second.
    QCOMPARE(keys(all), QStringList({QStringLiteral("j-a"), QStringLiteral("j-c"), QStringLiteral("j-b"), QStringLiteral("j-d")}));
    QCOMPARE(all.at(1).scope, QStringLiteral("default"));
    QCOMPARE(all.at(2).scope, pay);
    QCOMPARE(all.at(2).createdAt, (base + 60) * 1000);
    QCOMPARE(all.at(2).updatedAt, (base + 60) * 1000);
    QCOMPARE(all.at(2).bizNo, QStringLiteral("NO-2"));
    QVERIFY(all.at(2).readError.isEmpty());
    q.newestFirst = true;
    QCOMPARE(keys(s.inFlight(q).value()),
             QStringList({QStringLiteral("j-d"), QStringLiteral("j-b"), QStringLiteral("j-c"), QStringLiteral("j-a")}));
    q.newestFirst = false;
    q.limit = 2;
    const QList<Record> page = s.inFlight(q).value();
    q.after = InFlightQuery::Position{page.last().updatedAt, page.last().scope, page.last().key};
    QCOMPARE(keys(s.inFlight(q).value()), QStringList({QStringLiteral("j-b"), QStringLiteral("j-d")}));
    InFlightQuery aged;
    aged.startedBeforeMs = (base + 60) * 1000;
    QCOMPARE(keys(s.inFlight(aged).value()), QStringList{QStringLiteral("j-a")});
    // A cutoff before the epoch matches nothing, never everything.
    for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000}) {
        aged.startedBeforeMs = cutoff;
        QCOMPARE(s.inFlight(aged).value().size(), 0);
        QCOMPARE(s.countInFlight(aged).value(), 0);
    }
    QCOMPARE(keys(s.inFlight(InFlightQuery::ofScope(order)).value()), QStringList({QStringLiteral("j-a"), QStringLiteral("j-d")}));
    QCOMPARE(keys(s.inFlight(InFlightQuery::ofScope(QStringLiteral("default"))).value()), QStringList{QStringLiteral("j-c")});
    InFlightQuery biz;
    biz.bizNoPrefix = QStringLiteral("NO-4");
    QCOMPARE(keys(s.inFlight(biz).value()), QStringList{QStringLiteral("j-d")});
    QCOMPARE(s.countInFlight(InFlightQuery()).value(), qint64(4));
    InFlightQuery timedOut;
    timedOut.state = RecordState::TimedOut;
    QCOMPARE(keys(s.inFlight(timedOut).value()), QStringList({QStringLiteral("j-f"), QStringLiteral("j-t")}));
    QCOMPARE(s.inFlight(timedOut)->first().updatedAt, (base + 240) * 1000);
    // The record browser: SUCCESS rows are COMPLETED; every state pages them all.
    RecordQuery completed = RecordQuery().inState(RecordState::Completed);
    QCOMPARE(keys(s.records(completed).value()), QStringList{QStringLiteral("j-s")});
    QCOMPARE(s.records(completed)->first().updatedAt, (base + 180) * 1000);
    completed.bizNoPrefix = QStringLiteral("NO-5");
    QCOMPARE(s.countRecords(completed).value_or(-1), qint64(1));
    RecordQuery any;
    any.state.reset();
    any.limit = 3;
    QStringList every;
    for (int guard = 0; guard < 10; ++guard) {
        const QList<Record> rows = s.records(any).value();
        every += keys(rows);
        if (rows.size() < any.limit)
            break;
        any.after = RecordQuery::Position{rows.last().updatedAt, rows.last().scope, rows.last().key};
    }
    QCOMPARE(every, QStringList({QStringLiteral("j-a"), QStringLiteral("j-c"), QStringLiteral("j-b"), QStringLiteral("j-d"),
                                 QStringLiteral("j-s"), QStringLiteral("j-f"), QStringLiteral("j-t")}));
    any.after.reset();
    QCOMPARE(s.countRecords(any).value_or(-1), qint64(7));

    const std::optional<Record> done = s.get(order, QStringLiteral("j-s")).value();
    QVERIFY(done);
    QCOMPARE(done->state, RecordState::Completed);
    QCOMPARE(done->statusCode, 200);
    QCOMPARE(done->body, kJavaResponse.toUtf8());
    QCOMPARE(done->createdAt, base * 1000);
    QCOMPARE(done->updatedAt, (base + 180) * 1000);
    QVERIFY(!s.get(QStringLiteral("default"), QStringLiteral("j-s")).value());

    QMap<QString, qint64> counts;
    const QList<ScopeCount> byState = s.countByState(QString()).value();
    for (const ScopeCount &c : byState)
        counts[c.scope + QLatin1Char('/') + recordStateName(c.state)] = c.count;
    QCOMPARE(counts, (QMap<QString, qint64>{{QStringLiteral("default/IN_FLIGHT"), 1},
                                            {QStringLiteral("order/COMPLETED"), 1},
                                            {QStringLiteral("order/IN_FLIGHT"), 2},
                                            {QStringLiteral("pay/IN_FLIGHT"), 1},
                                            {QStringLiteral("pay/TIMED_OUT"), 2}}));
    const QList<ActivityRow> activity = s.activity(QString(), base / 60, base / 60 + 10).value();
    QCOMPARE(activity.first().minute, base / 60);
    QCOMPARE(activity.first().scope, order);
    QCOMPARE(activity.first().inFlight, qint64(1));
    QCOMPARE(activity.first().completed, qint64(1));
    qint64 created = 0;
    for (const ActivityRow &row : activity)
        created += row.created();
    QCOMPARE(created, qint64(7));
    QCOMPARE(s.activity(pay, base / 60, base / 60 + 10)->size(), 2);
}

void TestLayoutSql::javaActionsAndCache()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
    const QString t = javaTable(QStringLiteral("idem_java_act"));
    QVERIFY(!t.isEmpty());
    const QByteArray prefix = QStringLiteral("idem:%1:").arg(m_run).toUtf8();
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (const char *id : {"k-t", "k-r", "k-c", "k-s"}) {
        QVERIFY(javaRow(t, QString::fromLatin1(id), QStringLiteral("order"), QStringLiteral("NO"), now - 1200));
        QCOMPARE(redis({"SET", prefix + id, "PROCESSING", "EX", "600"}), QByteArray("OK"));
    }
    auto store = open("IDEM_TEST_MYSQL_URL", javaLayout(t), qEnvironmentVariable("IDEM_TEST_REDIS_URL"));
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    auto seen = [&](const char *id) { return s.get(QStringLiteral("order"), QString::fromLatin1(id)).value().value(); };
    auto status = [&](const char *id) {
        return scalar("IDEM_TEST_MYSQL_URL", QStringLiteral("SELECT status FROM %1 WHERE idempotent_id = ?").arg(t),
                      {QString::fromLatin1(id)})
            .toString();
    };

    Result<ActionResult> r = act(s, OperatorActionKind::MarkTimedOut, seen("k-t"));
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QCOMPARE(r->current->state, RecordState::TimedOut);
    QVERIFY(r->current->updatedAt > (now - 60) * 1000);
    QCOMPARE(status("k-t"), QStringLiteral("TIMEOUT"));
    QCOMPARE(redis({"EXISTS", prefix + "k-t"}), QByteArray("0"));

    r = act(s, OperatorActionKind::ReconcileRelease, seen("k-r"));
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QCOMPARE(status("k-r"), QStringLiteral("<no row>"));
    QCOMPARE(redis({"EXISTS", prefix + "k-r"}), QByteArray("0"));

    r = act(s, OperatorActionKind::ReconcileComplete, seen("k-c"), Response{200, {}, kJavaResponse.toUtf8()});
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QCOMPARE(status("k-c"), QStringLiteral("SUCCESS"));
    QCOMPARE(scalar("IDEM_TEST_MYSQL_URL", QStringLiteral("SELECT response_body FROM %1 WHERE idempotent_id = 'k-c'").arg(t)).toString(),
             kJavaResponse);
    QCOMPARE(redis({"GET", prefix + "k-c"}), QByteArray("SUCCESS"));
    const qint64 pttl = redis({"PTTL", prefix + "k-c"}).toLongLong();
    QVERIFY2(pttl > 23 * 3600 * 1000 && pttl <= 24 * 3600 * 1000, QByteArray::number(pttl).constData());

    // Stale: the handler finished after the preview.
    const Record preview = seen("k-s");
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    QVERIFY(exec(db, sql(kJavaUpdateById, t), {QStringLiteral("SUCCESS"), kJavaResponse, QStringLiteral("k-s")}));
    QCOMPARE(redis({"SET", prefix + "k-s", "SUCCESS", "EX", "86400"}), QByteArray("OK"));
    r = act(s, OperatorActionKind::MarkTimedOut, preview);
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::StaleLease);
    QCOMPARE(status("k-s"), QStringLiteral("SUCCESS"));
    QCOMPARE(redis({"GET", prefix + "k-s"}), QByteArray("SUCCESS"));

    checkAudit(s, 3); // the stale one was refused before an entry (ForeignStore)
}

void TestLayoutSql::javaCacheDown()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_nocache"));
    QVERIFY(!t.isEmpty());
    QVERIFY(javaRow(t, QStringLiteral("n-1"), QStringLiteral("order"), QStringLiteral("NO"), QDateTime::currentSecsSinceEpoch() - 1200));
    // Nothing listens on port 1: the cache write fails, MySQL is changed anyway.
    auto store = open("IDEM_TEST_MYSQL_URL", javaLayout(t), QStringLiteral("redis://127.0.0.1:1/0"));
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    const Result<ActionResult> r =
        act(s, OperatorActionKind::MarkTimedOut, s.get(QStringLiteral("order"), QStringLiteral("n-1")).value().value());
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QCOMPARE(r->current->state, RecordState::TimedOut);
    const QList<AuditEntry> entries = s.auditEntries(AuditQuery()).value();
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries.first().action, QStringLiteral("cache-not-updated")); // newest first
    QVERIFY2(entries.first().reason.contains(QLatin1String("n-1")), qPrintable(entries.first().reason));
    checkAudit(s, 2);
    // The record changed but the cache did not, so the action is not
    // done: the result says so, and a batch counts it as failed (cache_failed).
    QVERIFY2(r->followUpError.contains(QLatin1String("n-1")), qPrintable(r->followUpError));
    QVERIFY(javaRow(t, QStringLiteral("n-2"), QStringLiteral("order"), QStringLiteral("NO"), QDateTime::currentSecsSinceEpoch() - 1200));
    OperatorAction second;
    const Record seen = s.get(QStringLiteral("order"), QStringLiteral("n-2")).value().value();
    second.kind = OperatorActionKind::MarkTimedOut;
    second.scope = seen.scope;
    second.key = seen.key;
    second.lease = seen.lease;
    second.expectedState = seen.state;
    second.startedBeforeMs = seen.updatedAt + 1;
    second.nowMs = QDateTime::currentMSecsSinceEpoch();
    second.retentionMs = 86400000;
    second.audit.operatorName = QStringLiteral("ops");
    second.audit.host = QStringLiteral("desk");
    second.audit.batchId = QStringLiteral("b-cache");
    second.audit.reason = QStringLiteral("stuck");
    const ActionReport report = applyActions(s, {second}, ActionControl());
    QCOMPARE(report.applied, 0);
    QCOMPARE(report.failed, 1);
    QCOMPARE(report.cacheFailed, 1);
    QCOMPARE(report.failures.size(), 1);
    QVERIFY(report.failures.first().cacheOnly);
    QCOMPARE(report.untouched(), 0);
}

// Without a cache given, java-handler actions once printed "N applied"
// while idem:<id> stayed PROCESSING. An action must name the cache or say
// there is none, and so must its preview, read-only or not; reading needs
// neither, and a writable open without it reads too (the console).
void TestLayoutSql::javaWithoutCacheIsRefusedUnlessSaid()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_saycache"));
    QVERIFY(!t.isEmpty());
    QVERIFY(javaRow(t, QStringLiteral("c-1"), QStringLiteral("order"), QStringLiteral("NO"), QDateTime::currentSecsSinceEpoch() - 1200));
    for (const OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
        auto unsaid = open("IDEM_TEST_MYSQL_URL", javaLayout(t), QString(), mode);
        QVERIFY2(unsaid, qPrintable(unsaid.error().message));
        Store &s = *unsaid.value();
        QCOMPARE(s.inFlight(InFlightQuery())->size(), 1);
        const std::optional<Error> refusal = s.actionRefusal();
        QVERIFY(refusal);
        QCOMPARE(refusal->kind, ErrorKind::InvalidArgument);
        QVERIFY2(refusal->message.contains(QLatin1String("--no-cache")), qPrintable(refusal->message));
        const Result<SweepPreview> preview =
            TimeoutSweep::preview(s, SweepCriteria{QString(), 10 * 60 * 1000}, QDateTime::currentMSecsSinceEpoch());
        QVERIFY(!preview);
        QCOMPARE(preview.error().message, refusal->message);
        if (mode == OpenMode::ReadWrite) {
            const Result<ActionResult> r =
                act(s, OperatorActionKind::MarkTimedOut, s.get(QStringLiteral("order"), QStringLiteral("c-1")).value().value());
            QVERIFY(!r);
            QCOMPARE(r.error().message, refusal->message);
            QCOMPARE(s.get(QStringLiteral("order"), QStringLiteral("c-1")).value()->state, RecordState::InFlight);
        }
    }
    auto said = open("IDEM_TEST_MYSQL_URL", javaLayout(t), QStringLiteral("none"), OpenMode::ReadWrite);
    QVERIFY2(said, qPrintable(said.error().message));
    Store &s = *said.value();
    const Result<ActionResult> r =
        act(s, OperatorActionKind::MarkTimedOut, s.get(QStringLiteral("order"), QStringLiteral("c-1")).value().value());
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::Applied);
    QVERIFY(r->followUpError.isEmpty());
}

void TestLayoutSql::javaMalformedRows()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_bad"));
    QVERIFY(!t.isEmpty());
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QVERIFY(javaRow(t, QStringLiteral("m-ok"), QStringLiteral("order"), QStringLiteral("NO"), now - 300));
    QVERIFY(javaRow(t, QStringLiteral("m-weird"), QStringLiteral("order"), QStringLiteral("NO"), now - 200, QStringLiteral("WEIRD")));
    QVERIFY(javaRow(t, QStringLiteral("m-null"), QStringLiteral("order"), QStringLiteral("NO"), now - 100));
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    QVERIFY(exec(db, QStringLiteral("UPDATE %1 SET create_time = NULL WHERE idempotent_id = 'm-null'").arg(t)));
    auto store = open("IDEM_TEST_MYSQL_URL", javaLayout(t));
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    QMap<QString, Record> listed;
    const QList<Record> rows = s.inFlight(InFlightQuery()).value();
    for (const Record &r : rows)
        listed.insert(r.key, r);
    QCOMPARE(listed.keys(), QStringList({QStringLiteral("m-null"), QStringLiteral("m-ok"), QStringLiteral("m-weird")}));
    QVERIFY(listed.value(QStringLiteral("m-ok")).readError.isEmpty());
    QVERIFY2(listed.value(QStringLiteral("m-weird")).readError.contains(QLatin1String("WEIRD")),
             qPrintable(listed.value(QStringLiteral("m-weird")).readError));
    QVERIFY2(listed.value(QStringLiteral("m-null")).readError.contains(QLatin1String("create_time")),
             qPrintable(listed.value(QStringLiteral("m-null")).readError));
    for (const char *id : {"m-weird", "m-null"}) {
        const Result<ActionResult> r = act(s, OperatorActionKind::MarkTimedOut, listed.value(QString::fromLatin1(id)));
        QVERIFY(!r);
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
    }
    QCOMPARE(act(s, OperatorActionKind::MarkTimedOut, listed.value(QStringLiteral("m-ok")))->outcome, TransitionOutcome::Applied);
    qint64 unreadable = 0;
    const QList<ActivityRow> activity = s.activity(QString(), now / 60 - 10, now / 60 + 1).value();
    for (const ActivityRow &row : activity)
        unreadable += row.unreadable;
    QCOMPARE(unreadable, qint64(1)); // m-weird; m-null has no creation minute
    checkAudit(s, 1);
}

void TestLayoutSql::javaConfiguredLayout()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    const QString t = uniqueTable(QStringLiteral("biz_idem"));
    m_mysqlTables << t;
    QVERIFY(exec(db, QStringLiteral("CREATE TABLE %1 (req_id VARCHAR(64) PRIMARY KEY, biz_type VARCHAR(32), biz_no VARCHAR(64), "
                                    "state VARCHAR(16) NOT NULL, request_body TEXT, response_body TEXT, "
                                    "create_time DATETIME DEFAULT CURRENT_TIMESTAMP, "
                                    "update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP)")
                         .arg(t)));
    QVERIFY(exec(db, QStringLiteral("INSERT INTO %1 (req_id, biz_no, state) VALUES ('c-1', 'B1', 'DOING'), ('c-2', 'B2', 'DONE'), "
                                    "('c-3', 'B3', 'ERROR'), ('c-4', 'B4', 'EXPIRED')")
                         .arg(t)));
    const QString layout =
        layoutFile({{QStringLiteral("name"), QStringLiteral("shop-records")},
                    {QStringLiteral("base"), QStringLiteral("java-handler")},
                    {QStringLiteral("scope"), QStringLiteral("shop")},
                    {QStringLiteral("sql"),
                     QJsonObject{{QStringLiteral("table"), t},
                                 {QStringLiteral("columns"), QJsonObject{{QStringLiteral("idempotent_id"), QStringLiteral("req_id")},
                                                                         {QStringLiteral("status"), QStringLiteral("state")}}}}},
                    {QStringLiteral("states"), QJsonObject{{QStringLiteral("processing"), QStringLiteral("DOING")},
                                                           {QStringLiteral("success"), QStringLiteral("DONE")},
                                                           {QStringLiteral("timeout"), QStringLiteral("EXPIRED")},
                                                           {QStringLiteral("failed"), QJsonArray{QStringLiteral("ERROR")}}}}});
    auto store = open("IDEM_TEST_MYSQL_URL", layout);
    QVERIFY2(store, qPrintable(store.error().message));
    Store &s = *store.value();
    QCOMPARE(s.layoutName(), QStringLiteral("shop-records"));
    const QList<Record> inFlight = s.inFlight(InFlightQuery()).value();
    QCOMPARE(keys(inFlight), QStringList{QStringLiteral("c-1")});
    QCOMPARE(inFlight.first().scope, QStringLiteral("shop"));
    InFlightQuery timedOut;
    timedOut.state = RecordState::TimedOut;
    QCOMPARE(keys(s.inFlight(timedOut).value()), QStringList({QStringLiteral("c-3"), QStringLiteral("c-4")}));
    QCOMPARE(s.get(QStringLiteral("shop"), QStringLiteral("c-2")).value()->state, RecordState::Completed);
    QCOMPARE(act(s, OperatorActionKind::MarkTimedOut, inFlight.first())->outcome, TransitionOutcome::Applied);
    QCOMPARE(scalar("IDEM_TEST_MYSQL_URL", QStringLiteral("SELECT state FROM %1 WHERE req_id = 'c-1'").arg(t)).toString(),
             QStringLiteral("EXPIRED"));
    checkAudit(s, 1);
}

void TestLayoutSql::javaOpenErrors()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_open"));
    QVERIFY(!t.isEmpty());
    auto store =
        open("IDEM_TEST_MYSQL_URL",
             layoutFile({{QStringLiteral("base"), QStringLiteral("java-handler")},
                         {QStringLiteral("sql"),
                          QJsonObject{{QStringLiteral("table"), t},
                                      {QStringLiteral("columns"), QJsonObject{{QStringLiteral("biz_no"), QStringLiteral("order_no")}}}}}}));
    QVERIFY(!store);
    QCOMPARE(store.error().kind, ErrorKind::InvalidArgument);
    QVERIFY2(store.error().message.contains(QLatin1String("order_no")), qPrintable(store.error().message));
    store = open("IDEM_TEST_MYSQL_URL", javaLayout(t), QStringLiteral("postgresql://x@127.0.0.1:1/db"));
    QVERIFY(!store);
    QVERIFY2(store.error().message.contains(QLatin1String("cache")), qPrintable(store.error().message));
}

QTEST_GUILESS_MAIN(TestLayoutSql)
#include "tst_layoutsql.moc"

// The default audit log belongs to the store (server, database,
// table), not to the layout's name: the same PostgreSQL table opened through
// two layout files of different names keeps one log, and the second open
// reads what the first wrote; another table gets another log.
void TestLayoutSql::goAuditLogFollowsTheStore()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
    const QByteArray xdg = qgetenv("XDG_DATA_HOME");
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("xdg")).toUtf8());
    const auto restore = qScopeGuard([&] { xdg.isNull() ? qunsetenv("XDG_DATA_HOME") : qputenv("XDG_DATA_HOME", xdg); });
    QString unused;
    const QString t = goTable(QStringLiteral("idem_go_log"), &unused);
    QVERIFY(!t.isEmpty());
    QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
    QVERIFY(exec(db, sql(kGoSetInFlight, t), {QStringLiteral("k1"), QStringLiteral("h"), QDateTime::currentDateTimeUtc().addDays(1)}));
    const auto layoutNamed = [&](const QString &name, const QString &table) {
        return layoutFile({{QStringLiteral("name"), name},
                           {QStringLiteral("base"), QStringLiteral("go-middleware")},
                           {QStringLiteral("sql"), QJsonObject{{QStringLiteral("table"), table}}}});
    };
    const auto openWith = [&](const QString &layoutPath, OpenMode mode) {
        Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_POSTGRESQL_URL"));
        url->options.insert(QStringLiteral("layout"), layoutPath);
        return openStore(url.value(), mode);
    };
    const QString first = layoutNamed(QStringLiteral("shop-gateway"), t), second = layoutNamed(QStringLiteral("gateway-v2"), t);
    {
        auto store = openWith(first, OpenMode::ReadWrite);
        QVERIFY2(store, qPrintable(store.error().message));
        const Record seen = store.value()->get(QStringLiteral("default"), QStringLiteral("k1")).value().value();
        const Result<ActionResult> r = act(*store.value(), OperatorActionKind::MarkTimedOut, seen);
        QVERIFY2(r && r->outcome == TransitionOutcome::Applied, r ? "not applied" : qPrintable(r.error().message));
    }
    auto again = openWith(second, OpenMode::ReadOnly);
    QVERIFY2(again, qPrintable(again.error().message));
    const Result<QList<AuditEntry>> entries = again.value()->auditEntries(AuditQuery{});
    QVERIFY2(entries, qPrintable(entries.error().message));
    QCOMPARE(entries->size(), 1);
    QCOMPARE(entries->at(0).key, QStringLiteral("k1"));
    checkAudit(*again.value(), 1);

    const StoreUrl url = StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_POSTGRESQL_URL")).value();
    const Layout a = Layout::fromFile(first).value(), b = Layout::fromFile(second).value();
    const Layout elsewhere = Layout::fromFile(layoutNamed(QStringLiteral("shop-gateway"), t + QStringLiteral("_other"))).value();
    QCOMPARE(ForeignStore::auditUrl(url, a), ForeignStore::auditUrl(url, b));
    QVERIFY(ForeignStore::auditUrl(url, a) != ForeignStore::auditUrl(url, elsewhere));
    QVERIFY2(!ForeignStore::auditUrl(url, a).contains(QLatin1String("shop-gateway")), qPrintable(ForeignStore::auditUrl(url, a)));
}

// Seed 004's handler never runs a row again once it holds the
// timeout status: its step-2 INSERT hits the unique key. The sweep says so
// (TimeoutSweep::meaningFor) and offers release, after which the same
// INSERT goes through: the client's resubmission runs.
void TestLayoutSql::javaTimeoutIsNotRunAgainReleaseIs()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
    const QString t = javaTable(QStringLiteral("idem_java_next"));
    QVERIFY(!t.isEmpty());
    const QByteArray prefix = QStringLiteral("idem:%1:").arg(m_run).toUtf8();
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (const char *id : {"n-t", "n-r"}) {
        QVERIFY(javaRow(t, QString::fromLatin1(id), QStringLiteral("order"), QStringLiteral("NO"), now - 1200));
        QCOMPARE(redis({"SET", prefix + id, "PROCESSING", "EX", "600"}), QByteArray("OK"));
    }
    const QString layoutPath = javaLayout(t);
    const TimeoutMeaning meaning = TimeoutSweep::meaningFor(Layout::fromFile(layoutPath).value());
    QVERIFY(!meaning.clientMayResubmit);
    QVERIFY2(meaning.serviceNext.contains(QLatin1String("TIMEOUT")) && meaning.serviceNext.contains(QLatin1String("Release")),
             qPrintable(meaning.serviceNext));
    QVERIFY(TimeoutSweep::meaningFor(Layout()).clientMayResubmit);

    auto store = open("IDEM_TEST_MYSQL_URL", layoutPath, qEnvironmentVariable("IDEM_TEST_REDIS_URL"));
    QVERIFY2(store, qPrintable(store.error().message));
    const OperatorIdentity who{QStringLiteral("ops"), QStringLiteral("desk"), QStringLiteral("gateway timeout")};
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    SweepCriteria criteria{QStringLiteral("order"), 10 * 60 * 1000};
    const Result<SweepPreview> preview = TimeoutSweep::preview(*store.value(), criteria, nowMs);
    QVERIFY2(preview, qPrintable(preview.error().message));
    QList<ActionTarget> timeout, release;
    for (const ActionTarget &target : preview->targets)
        (target.key == QLatin1String("n-t") ? timeout : release) << target;
    QCOMPARE(timeout.size(), 1);
    QCOMPARE(release.size(), 1);
    QCOMPARE(TimeoutSweep::apply(*store.value(), timeout, who, {}, nowMs).value().applied, 1);
    QCOMPARE(TimeoutSweep::apply(*store.value(), release, who, {}, nowMs, {}, SweepAction::Release).value().applied, 1);

    // The handler's step 2 for each id as a resubmission would run it.
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    QSqlQuery insert(db);
    QVERIFY(insert.prepare(sql(kJavaInsert, t)));
    for (const QVariant &v : {QVariant(QStringLiteral("n-t")), QVariant(QStringLiteral("order")), QVariant(QStringLiteral("NO")),
                              QVariant(QStringLiteral("{}"))})
        insert.addBindValue(v);
    QVERIFY2(!insert.exec(), "a timed-out row let the handler's INSERT through");
    QVERIFY(insert.prepare(sql(kJavaInsert, t)));
    for (const QVariant &v : {QVariant(QStringLiteral("n-r")), QVariant(QStringLiteral("order")), QVariant(QStringLiteral("NO")),
                              QVariant(QStringLiteral("{}"))})
        insert.addBindValue(v);
    QVERIFY2(insert.exec(), qPrintable(insert.lastError().text()));
    QCOMPARE(redis({"EXISTS", prefix + "n-r"}), QByteArray("0"));
    checkAudit(*store.value(), 2);
}

// `audit=` pointed at the service's own database adds the two
// audit tables (and the audit's index) and nothing else: no idem_records,
// no idem_counters. A fresh PostgreSQL database holds only the service's
// table; after an audited action it holds that and the audit log.
void TestLayoutSql::auditInTheServiceDatabaseAddsOnlyAuditTables()
{
    IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_POSTGRESQL_URL");
    const QString name = QStringLiteral("svc_") + m_run.toLower();
    QString adminUrl = url;
    adminUrl.replace(QStringLiteral("://idem@"), QStringLiteral("://postgres@"));
    adminUrl = adminUrl.left(adminUrl.lastIndexOf(QLatin1Char('/'))) + QStringLiteral("/postgres");
    const QString serviceUrl = url.left(url.lastIndexOf(QLatin1Char('/')) + 1) + name;
    {
        QSqlDatabase admin = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("svc-admin"));
        configureSqlDatabase(admin, StoreUrl::parse(adminUrl).value());
        QVERIFY2(admin.open(), qPrintable(admin.lastError().text()));
        QVERIFY(exec(admin, QStringLiteral("CREATE DATABASE %1 OWNER idem").arg(name)));
    }
    const auto drop = qScopeGuard([&] {
        QSqlDatabase::removeDatabase(QStringLiteral("svc"));
        QSqlDatabase admin = QSqlDatabase::database(QStringLiteral("svc-admin"));
        exec(admin, QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name));
    });
    {
        QSqlDatabase service = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("svc"));
        configureSqlDatabase(service, StoreUrl::parse(serviceUrl).value());
        QVERIFY2(service.open(), qPrintable(service.lastError().text()));
        QVERIFY(exec(service, sql(kGoTable, QStringLiteral("idempotency_records"))));
        QVERIFY(exec(service, sql(kGoSetInFlight, QStringLiteral("idempotency_records")),
                     {QStringLiteral("k1"), QStringLiteral("h"), QDateTime::currentDateTimeUtc().addDays(1)}));
    }
    Result<StoreUrl> parsed = StoreUrl::parse(serviceUrl);
    parsed->options.insert(QStringLiteral("layout"), QStringLiteral("go-middleware"));
    parsed->options.insert(QStringLiteral("audit"), serviceUrl);
    {
        auto store = openStore(parsed.value(), OpenMode::ReadWrite);
        QVERIFY2(store, qPrintable(store.error().message));
        const Record seen = store.value()->get(QStringLiteral("default"), QStringLiteral("k1")).value().value();
        const Result<ActionResult> r = act(*store.value(), OperatorActionKind::MarkTimedOut, seen);
        QVERIFY2(r && r->outcome == TransitionOutcome::Applied, r ? "not applied" : qPrintable(r.error().message));
    }
    QSqlDatabase service = QSqlDatabase::database(QStringLiteral("svc"));
    QSqlQuery tables(service);
    QVERIFY(tables.exec(QStringLiteral("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")));
    QStringList names;
    while (tables.next())
        names << tables.value(0).toString();
    QCOMPARE(names, QStringList({QStringLiteral("idem_audit"), QStringLiteral("idem_audit_head"), QStringLiteral("idempotency_records")}));
}

// A JVM in Asia/Shanghai writes DATETIME wall times into a UTC
// MySQL. Read in the session's zone, a record stuck for 15 minutes starts
// 7 h 45 min in the future: no age threshold matches it, and the sweep and
// the listing say so, naming the setting. With the layout's time zone set
// (here as time_zone=, idemctl --time-zone) its age is 15 minutes and the
// sweep finds it.
void TestLayoutSql::javaTimeZoneOfTheWriter()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_tz"));
    QVERIFY(!t.isEmpty());
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    const qint64 startedSecs = QDateTime::currentSecsSinceEpoch() - 15 * 60;
    QVERIFY(exec(db, QStringLiteral("SET time_zone = '+08:00'")));
    QVERIFY(exec(db, QStringLiteral("SET timestamp = ?"), {startedSecs}));
    QVERIFY(exec(db, sql(kJavaInsert, t), {QStringLiteral("tz-1"), QStringLiteral("order"), QStringLiteral("NO"), QStringLiteral("{}")}));
    QVERIFY(exec(db, QStringLiteral("SET timestamp = DEFAULT")));
    QVERIFY(exec(db, QStringLiteral("SET time_zone = DEFAULT")));
    const QString layout = javaLayout(t);
    const auto openIn = [&](const QString &zone) {
        Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_MYSQL_URL"));
        url->options.insert(QStringLiteral("layout"), layout);
        url->options.insert(QStringLiteral("audit"),
                            QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("audit%1.db").arg(++m_files)));
        url->options.insert(QStringLiteral("cache"), QStringLiteral("none"));
        if (!zone.isEmpty())
            url->options.insert(QStringLiteral("time_zone"), zone);
        return openStore(url.value(), OpenMode::ReadOnly);
    };
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    {
        auto store = openIn(QString());
        QVERIFY2(store, qPrintable(store.error().message));
        QVERIFY2(store.value()->timeZoneNote().contains(QLatin1String("sql.time_zone")), qPrintable(store.value()->timeZoneNote()));
        const Result<SweepPreview> preview = TimeoutSweep::preview(*store.value(), SweepCriteria{QString(), 10 * 60 * 1000}, now);
        QVERIFY2(preview, qPrintable(preview.error().message));
        QCOMPARE(preview->matched, 0);
        QVERIFY2(preview->futureLeadMs > 7 * 3600 * 1000 && preview->futureLeadMs < 8 * 3600 * 1000,
                 QByteArray::number(preview->futureLeadMs).constData());
        QVERIFY2(preview->futureWarning.contains(QLatin1String("time_zone")) && preview->futureWarning.contains(QLatin1String("7 h")),
                 qPrintable(preview->futureWarning));
    }
    for (const QString &zone : {QStringLiteral("+08:00")}) {
        auto store = openIn(zone);
        QVERIFY2(store, qPrintable(store.error().message));
        QVERIFY2(store.value()->timeZoneNote().contains(zone), qPrintable(store.value()->timeZoneNote()));
        const Record r = store.value()->get(QStringLiteral("order"), QStringLiteral("tz-1")).value().value();
        QVERIFY2(qAbs(r.updatedAt - startedSecs * 1000) < 2000, qPrintable(QString::number(r.updatedAt - startedSecs * 1000)));
        const Result<SweepPreview> preview = TimeoutSweep::preview(*store.value(), SweepCriteria{QString(), 10 * 60 * 1000}, now);
        QVERIFY2(preview, qPrintable(preview.error().message));
        QCOMPARE(preview->matched, 1);
        QCOMPARE(preview->futureLeadMs, 0);
        QVERIFY(preview->futureWarning.isEmpty());
    }
    // A zone that could smuggle SQL, or that the server does not know, is refused with the setting named.
    const auto bad = openIn(QStringLiteral("+08:00'; DROP TABLE x; --"));
    QVERIFY(!bad);
    QVERIFY2(bad.error().message.contains(QLatin1String("time_zone")), qPrintable(bad.error().message));
    const auto unknown = openIn(QStringLiteral("Mars/Olympus_Mons"));
    QVERIFY(!unknown);
    QVERIFY2(unknown.error().message.contains(QLatin1String("Mars/Olympus_Mons")), qPrintable(unknown.error().message));
}

// A record changed in MySQL whose cache write failed (here the
// Redis primary refuses writes, NOREPLICAS) counts as failed; once Redis
// takes writes again, retrying the cache step brings the key along and is
// audited. A record that changed since is not touched.
void TestLayoutSql::javaCacheStepRetried()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
    const QString t = javaTable(QStringLiteral("idem_java_retry"));
    QVERIFY(!t.isEmpty());
    const QByteArray prefix = QStringLiteral("idem:%1:").arg(m_run).toUtf8();
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (const char *id : {"c-1", "c-2"}) {
        QVERIFY(javaRow(t, QString::fromLatin1(id), QStringLiteral("order"), QStringLiteral("NO"), now - 1200));
        QCOMPARE(redis({"SET", prefix + id, "PROCESSING", "EX", "600"}), QByteArray("OK"));
    }
    auto store = open("IDEM_TEST_MYSQL_URL", javaLayout(t), qEnvironmentVariable("IDEM_TEST_REDIS_URL"));
    QVERIFY2(store, qPrintable(store.error().message));
    const OperatorIdentity who{QStringLiteral("ops"), QStringLiteral("desk"), QStringLiteral("gateway timeout")};
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const Result<SweepPreview> preview =
        TimeoutSweep::preview(*store.value(), SweepCriteria{QStringLiteral("order"), 10 * 60 * 1000}, nowMs);
    QVERIFY2(preview, qPrintable(preview.error().message));
    QCOMPARE(preview->matched, 2);

    QCOMPARE(redis({"CONFIG", "SET", "min-replicas-to-write", "1"}), QByteArray("OK"));
    auto writable = qScopeGuard([&] { redis({"CONFIG", "SET", "min-replicas-to-write", "0"}); });
    const ActionReport applied = TimeoutSweep::apply(*store.value(), preview->targets, who, {}, nowMs).value();
    QCOMPARE(applied.applied, 0);
    QCOMPARE(applied.cacheFailed, 2);
    QCOMPARE(applied.failures.size(), 2);
    QVERIFY(applied.failures.at(0).cacheOnly);
    QCOMPARE(applied.failures.at(0).kind, OperatorActionKind::MarkTimedOut);
    QCOMPARE(redis({"GET", prefix + "c-1"}), QByteArray("PROCESSING"));
    QCOMPARE(redis({"CONFIG", "SET", "min-replicas-to-write", "0"}), QByteArray("OK"));

    // c-2 changed since (the handler's row is gone): its cache is left alone.
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    QVERIFY(exec(db, QStringLiteral("DELETE FROM %1 WHERE idempotent_id = 'c-2'").arg(t)));
    const ActionReport retried = retryCacheSteps(*store.value(), applied.failures, who, applied.batchId, nowMs + 1000);
    QCOMPARE(retried.matched, 2);
    QCOMPARE(retried.applied, 1);
    QCOMPARE(retried.failed, 1);
    QCOMPARE(retried.failures.at(0).key, QStringLiteral("c-2"));
    QVERIFY2(retried.failures.at(0).message.contains(QLatin1String("changed")), qPrintable(retried.failures.at(0).message));
    QCOMPARE(redis({"EXISTS", prefix + "c-1"}), QByteArray("0"));
    QCOMPARE(redis({"GET", prefix + "c-2"}), QByteArray("PROCESSING"));
    AuditQuery query;
    query.action = QStringLiteral("timeout-cache-updated");
    const QList<AuditEntry> entries = store.value()->auditEntries(query).value();
    QCOMPARE(entries.size(), 1);
    QCOMPARE(entries.at(0).key, QStringLiteral("c-1"));
    QCOMPARE(entries.at(0).batchId, applied.batchId);
    const Result<AuditVerdict> verdict = AuditVerifier::verify(*store.value());
    QVERIFY2(verdict && verdict->ok, verdict ? "chain broken" : qPrintable(verdict.error().message));
}
