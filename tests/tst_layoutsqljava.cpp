// java-handler's record table on a real MySQL with its Redis cache (DESIGN.md
// "Existing deployments", seeds/004…): rows written with the handler's
// statements, listed, shown and acted on by the console, the cache kept
// along, and what the handler would then see. Without IDEM_TEST_MYSQL_URL
// (and IDEM_TEST_REDIS_URL where the cache is used) each test fails under
// tools/test.sh and is skipped when run by hand (tests/serverrequirement.h).
#include "tests/layoutsqlfixture.h"

#include <QtTest>

class TestLayoutSqlJava : public QObject, public LayoutSqlFixture {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

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
};

void TestLayoutSqlJava::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestLayoutSqlJava::cleanupTestCase()
{
    dropTables();
}

void TestLayoutSqlJava::javaRaceAfterAudit()
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

void TestLayoutSqlJava::javaListingAndDetail()
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
    RecordQuery q;
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
    q.after = RecordQuery::Position{page.last().updatedAt, page.last().scope, page.last().key};
    QCOMPARE(keys(s.inFlight(q).value()), QStringList({QStringLiteral("j-b"), QStringLiteral("j-d")}));
    RecordQuery aged;
    aged.startedBeforeMs = (base + 60) * 1000;
    QCOMPARE(keys(s.inFlight(aged).value()), QStringList{QStringLiteral("j-a")});
    // A cutoff before the epoch matches nothing, never everything.
    for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000}) {
        aged.startedBeforeMs = cutoff;
        QCOMPARE(s.inFlight(aged).value().size(), 0);
        QCOMPARE(s.countInFlight(aged).value(), 0);
    }
    QCOMPARE(keys(s.inFlight(RecordQuery::ofScope(order)).value()), QStringList({QStringLiteral("j-a"), QStringLiteral("j-d")}));
    QCOMPARE(keys(s.inFlight(RecordQuery::ofScope(QStringLiteral("default"))).value()), QStringList{QStringLiteral("j-c")});
    RecordQuery biz;
    biz.bizNoPrefix = QStringLiteral("NO-4");
    QCOMPARE(keys(s.inFlight(biz).value()), QStringList{QStringLiteral("j-d")});
    QCOMPARE(s.countInFlight(RecordQuery()).value(), qint64(4));
    RecordQuery timedOut;
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

void TestLayoutSqlJava::javaActionsAndCache()
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

void TestLayoutSqlJava::javaCacheDown()
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
void TestLayoutSqlJava::javaWithoutCacheIsRefusedUnlessSaid()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_MYSQL_URL");
    const QString t = javaTable(QStringLiteral("idem_java_saycache"));
    QVERIFY(!t.isEmpty());
    QVERIFY(javaRow(t, QStringLiteral("c-1"), QStringLiteral("order"), QStringLiteral("NO"), QDateTime::currentSecsSinceEpoch() - 1200));
    for (const OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
        auto unsaid = open("IDEM_TEST_MYSQL_URL", javaLayout(t), QString(), mode);
        QVERIFY2(unsaid, qPrintable(unsaid.error().message));
        Store &s = *unsaid.value();
        QCOMPARE(s.inFlight(RecordQuery())->size(), 1);
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

void TestLayoutSqlJava::javaMalformedRows()
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
    const QList<Record> rows = s.inFlight(RecordQuery()).value();
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

void TestLayoutSqlJava::javaConfiguredLayout()
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
    const QList<Record> inFlight = s.inFlight(RecordQuery()).value();
    QCOMPARE(keys(inFlight), QStringList{QStringLiteral("c-1")});
    QCOMPARE(inFlight.first().scope, QStringLiteral("shop"));
    RecordQuery timedOut;
    timedOut.state = RecordState::TimedOut;
    QCOMPARE(keys(s.inFlight(timedOut).value()), QStringList({QStringLiteral("c-3"), QStringLiteral("c-4")}));
    QCOMPARE(s.get(QStringLiteral("shop"), QStringLiteral("c-2")).value()->state, RecordState::Completed);
    QCOMPARE(act(s, OperatorActionKind::MarkTimedOut, inFlight.first())->outcome, TransitionOutcome::Applied);
    QCOMPARE(scalar("IDEM_TEST_MYSQL_URL", QStringLiteral("SELECT state FROM %1 WHERE req_id = 'c-1'").arg(t)).toString(),
             QStringLiteral("EXPIRED"));
    checkAudit(s, 1);
}

void TestLayoutSqlJava::javaOpenErrors()
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

// Seed 004's handler never runs a row again once it holds the
// timeout status: its step-2 INSERT hits the unique key. The sweep says so
// (TimeoutSweep::meaningFor) and offers release, after which the same
// INSERT goes through: the client's resubmission runs.
void TestLayoutSqlJava::javaTimeoutIsNotRunAgainReleaseIs()
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

// A JVM in Asia/Shanghai writes DATETIME wall times into a UTC
// MySQL. Read in the session's zone, a record stuck for 15 minutes starts
// 7 h 45 min in the future: no age threshold matches it, and the sweep and
// the listing say so, naming the setting. With the layout's time zone set
// (here as time_zone=, idemctl --time-zone) its age is 15 minutes and the
// sweep finds it.
void TestLayoutSqlJava::javaTimeZoneOfTheWriter()
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
void TestLayoutSqlJava::javaCacheStepRetried()
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

QTEST_GUILESS_MAIN(TestLayoutSqlJava)
#include "tst_layoutsqljava.moc"
