// go-middleware's idempotency_records on a real PostgreSQL (DESIGN.md
// "Existing deployments", seeds/000…): rows written with the Go service's
// statements, listed, shown and acted on by the console, and what the service
// would then see; the audit log beside the store or in the service's own
// database. Without IDEM_TEST_POSTGRESQL_URL each test fails under
// tools/test.sh and is skipped when run by hand (tests/serverrequirement.h).
#include "tests/layoutsqlfixture.h"

#include <QtTest>

class TestLayoutSqlGo : public QObject, public LayoutSqlFixture {
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
};

void TestLayoutSqlGo::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestLayoutSqlGo::cleanupTestCase()
{
    dropTables();
}

void TestLayoutSqlGo::goListingAndDetail()
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
    RecordQuery q;
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
    q.after = RecordQuery::Position{page.last().updatedAt, page.last().scope, page.last().key};
    page = s.inFlight(q).value();
    QCOMPARE(keys(page), QStringList({QStringLiteral("pay-2"), QStringLiteral("pay-3")}));
    q.after = RecordQuery::Position{page.last().updatedAt, page.last().scope, page.last().key};
    QCOMPARE(keys(s.inFlight(q).value()), QStringList{QStringLiteral("pay-4")});

    RecordQuery aged;
    aged.startedBeforeMs = all->at(2).updatedAt;
    QCOMPARE(keys(s.inFlight(aged).value()), QStringList({QStringLiteral("pay-0"), QStringLiteral("pay-1")}));
    QCOMPARE(s.countInFlight(aged).value(), qint64(2));
    QCOMPARE(s.countInFlight(RecordQuery()).value(), qint64(5));
    for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000}) { // before the epoch: never "no filter"
        aged.startedBeforeMs = cutoff;
        QCOMPARE(s.inFlight(aged).value().size(), 0);
        QCOMPARE(s.countInFlight(aged).value(), 0);
    }
    RecordQuery filtered;
    filtered.bizNoPrefix = QStringLiteral("pay-3");
    QCOMPARE(keys(s.inFlight(filtered).value()), QStringList{QStringLiteral("pay-3")});
    QCOMPARE(s.countInFlight(RecordQuery::ofScope(QStringLiteral("default"))).value(), qint64(5));
    QCOMPARE(s.countInFlight(RecordQuery::ofScope(QStringLiteral("other"))).value(), qint64(0));
    RecordQuery owned;
    owned.owner = QStringLiteral("host:1");
    QVERIFY(s.inFlight(owned)->isEmpty());
    RecordQuery timedOut;
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

void TestLayoutSqlGo::goActions()
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

void TestLayoutSqlGo::goRaceAfterAudit()
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

void TestLayoutSqlGo::goMalformedRows()
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
    const QList<Record> listed = s.inFlight(RecordQuery()).value();
    QCOMPARE(keys(listed), QStringList({QStringLiteral("bad-1"), QStringLiteral("ok-1")}));
    QVERIFY2(listed.first().readError.contains(QLatin1String("headers")), qPrintable(listed.first().readError));
    QVERIFY(listed.last().readError.isEmpty());
    const Result<ActionResult> r = act(s, OperatorActionKind::MarkTimedOut, listed.first());
    QVERIFY(!r);
    QCOMPARE(r.error().kind, ErrorKind::Corrupt);
    QCOMPARE(scalar("IDEM_TEST_POSTGRESQL_URL", QStringLiteral("SELECT COUNT(*) FROM %1").arg(t)).toInt(), 2);
    checkAudit(s, 0);
}

void TestLayoutSqlGo::goOpenErrors()
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

// The default audit log belongs to the store (server, database,
// table), not to the layout's name: the same PostgreSQL table opened through
// two layout files of different names keeps one log, and the second open
// reads what the first wrote; another table gets another log.
void TestLayoutSqlGo::goAuditLogFollowsTheStore()
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

// `audit=` pointed at the service's own database adds the two
// audit tables (and the audit's index) and nothing else: no idem_records,
// no idem_counters. A fresh PostgreSQL database holds only the service's
// table; after an audited action it holds that and the audit log.
void TestLayoutSqlGo::auditInTheServiceDatabaseAddsOnlyAuditTables()
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

QTEST_GUILESS_MAIN(TestLayoutSqlGo)
#include "tst_layoutsqlgo.moc"
