// Reconcile: order tables in SQLite, PostgreSQL and MySQL against
// the store IDEM_TEST_BACKEND names; plans, apply with compare-and-set and
// audit, batching, and hostile mappings that must run nothing.
#include "app/ops/mappingprofiles.h"
#include "app/ops/reconcileplan.h"
#include "app/store/sqlstore.h"
#include "tests/teststore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

namespace {

constexpr qint64 Minute = 60 * 1000;

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QString fingerprint(const QString &key)
{
    return QString::fromLatin1(QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex());
}

// An order table of this test's own in one database, dropped at the end.
class OrderFixture {
public:
    OrderFixture(const QString &url, const QString &table)
        : m_url(url)
        , m_table(table)
        , m_name(QStringLiteral("fixture-") + table)
    {
        const Result<StoreUrl> parsed = StoreUrl::parse(url);
        m_ok = bool(parsed);
        if (!m_ok)
            return;
        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), m_name);
        configureSqlDatabase(db, parsed.value());
        m_ok = db.open();
        if (!m_ok)
            qWarning("cannot open %s: %s", qPrintable(url), qPrintable(db.lastError().text()));
        QSqlQuery q(db);
        q.exec(QStringLiteral("DROP TABLE IF EXISTS ") + m_table);
        m_ok = m_ok
               && exec(QStringLiteral("CREATE TABLE %1 (order_no VARCHAR(64) PRIMARY KEY, status VARCHAR(16), amount_cents BIGINT, "
                                      "note VARCHAR(200))")
                           .arg(m_table));
    }
    ~OrderFixture()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            if (db.isOpen()) {
                QSqlQuery q(db);
                q.exec(QStringLiteral("DROP TABLE IF EXISTS ") + m_table);
            }
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    bool ok() const { return m_ok; }
    QString table() const { return m_table; }
    bool exec(const QString &sql, const QVariantList &values = {})
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        bool ok = false;
        if (values.isEmpty()) { // PostgreSQL cannot prepare DDL
            ok = q.exec(sql);
        } else {
            q.prepare(sql);
            for (const QVariant &v : values)
                q.addBindValue(v);
            ok = q.exec();
        }
        if (!ok) {
            qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
            return false;
        }
        return true;
    }
    bool put(const QString &orderNo, const QVariant &status, qint64 cents, const QString &note = QString())
    {
        return exec(QStringLiteral("INSERT INTO %1 (order_no, status, amount_cents, note) VALUES (?, ?, ?, ?)").arg(m_table),
                    {orderNo, status, cents, note});
    }
    qint64 count()
    {
        QSqlQuery q(QSqlDatabase::database(m_name, false));
        if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM ") + m_table) || !q.next())
            return -1;
        return q.value(0).toLongLong();
    }

private:
    QString m_url;
    QString m_table;
    QString m_name;
    bool m_ok = false;
};

} // namespace

class ReconcileTest : public QObject {
    Q_OBJECT

private:
    TestStore m_testStore;
    std::unique_ptr<Store> m_store;
    QTemporaryDir m_ordersDir;
    int m_tables = 0;

    Store &store() { return *m_store; }

    // The order databases to run against: a SQLite file (ordersUrl), and a
    // PostgreSQL and a MySQL server, named by their URL's variable
    // (ordersVariable): a row whose server is missing fails under
    // tools/test.sh and is skipped by hand (tests/serverrequirement.h).
    void addOrderBackends()
    {
        QTest::addColumn<QString>("ordersUrl");
        QTest::addColumn<QByteArray>("ordersVariable");
        QTest::newRow("orders-sqlite") << QStringLiteral("sqlite://") + m_ordersDir.filePath(QStringLiteral("orders.db")) << QByteArray();
        QTest::newRow("orders-postgresql") << QString() << QByteArrayLiteral("IDEM_TEST_POSTGRESQL_URL");
        QTest::newRow("orders-mysql") << QString() << QByteArrayLiteral("IDEM_TEST_MYSQL_URL");
    }

    static QString victimTable() { return QStringLiteral("x_%1").arg(QCoreApplication::applicationPid()); }
    QString newTable() { return QStringLiteral("orders_t%1_%2").arg(QCoreApplication::applicationPid()).arg(++m_tables); }

    OrderMapping mappingFor(const QString &url, const QString &table) const
    {
        OrderMapping m;
        m.ordersUrl = url;
        m.table = table;
        m.keyColumn = QStringLiteral("order_no");
        m.statusColumn = QStringLiteral("status");
        m.doneValues = {QStringLiteral("PAID"), QStringLiteral("SHIPPED")};
        m.pendingValues = {QStringLiteral("PENDING")};
        m.failedValues = {QStringLiteral("FAILED"), QStringLiteral("CANCELLED")};
        m.bodyTemplate =
            QStringLiteral(R"({"order_no":"{{biz_no}}","status":"{{status}}","cents":{{order.amount_cents}},"note":"{{order.note}}"})");
        return m;
    }

    // An in-flight record whose attempt started `ageMs` ago.
    Record stuck(const QString &scope, const QString &key, const QString &bizNo, qint64 ageMs = 20 * Minute)
    {
        ClaimRequest req;
        req.scope = scope;
        req.key = key;
        req.fingerprint = fingerprint(key);
        req.owner = QStringLiteral("svc-1:42");
        req.bizNo = bizNo;
        req.nowMs = now() - ageMs;
        const Result<ClaimResult> claimed = store().claim(req);
        if (!claimed || claimed->outcome != ClaimOutcome::Claimed)
            qFatal("claim of %s failed: %s", qPrintable(key),
                   qPrintable(claimed ? claimOutcomeName(claimed->outcome) : claimed.error().message));
        return claimed->record;
    }

    static const ReconcileRow *rowFor(const QList<ReconcileRow> &rows, const QString &key)
    {
        for (const ReconcileRow &r : rows) {
            if (r.target.key == key)
                return &r;
        }
        return nullptr;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_ordersDir.isValid());
        IDEM_REQUIRE_STORE_SERVER(m_testStore);
        QString whyNot;
        m_store = m_testStore.open(&whyNot);
        QVERIFY2(m_store, qPrintable(whyNot));
        QVERIFY(store().open().ok());
        // The SQLite order database exists before any lookup opens it read-only.
        OrderFixture touch(QStringLiteral("sqlite://") + m_ordersDir.filePath(QStringLiteral("orders.db")), QStringLiteral("t0"));
        QVERIFY(touch.ok());
    }

    void planAndApply_data() { addOrderBackends(); }
    void planAndApply()
    {
        QFETCH(QString, ordersUrl);
        QFETCH(QByteArray, ordersVariable);
        if (!ordersVariable.isEmpty()) {
            IDEM_REQUIRE_SERVER_URL(ordersVariable.constData());
            ordersUrl = qEnvironmentVariable(ordersVariable.constData());
        }
        OrderFixture orders(ordersUrl, newTable());
        QVERIFY(orders.ok());
        const QString scope = m_testStore.scope(QStringLiteral("rec%1").arg(++m_tables));
        QVERIFY(orders.put(QStringLiteral("SO-DONE"), QStringLiteral("PAID"), 1999, QStringLiteral("say \"hi\"\n")));
        QVERIFY(orders.put(QStringLiteral("SO-PEND"), QStringLiteral("PENDING"), 500));
        QVERIFY(orders.put(QStringLiteral("SO-FAIL"), QStringLiteral("FAILED"), 700));
        QVERIFY(orders.put(QStringLiteral("SO-ODD"), QStringLiteral("ON_HOLD"), 800));
        QVERIFY(orders.put(QStringLiteral("SO-NULL"), QVariant(QMetaType(QMetaType::QString)), 900));
        QVERIFY(orders.put(QStringLiteral("SO-RACE"), QStringLiteral("PAID"), 100));
        QVERIFY(orders.put(QStringLiteral("SO-EXCL"), QStringLiteral("SHIPPED"), 200));
        QVERIFY(orders.put(QStringLiteral("SO-TMO"), QStringLiteral("PAID"), 300));

        stuck(scope, QStringLiteral("k-done"), QStringLiteral("SO-DONE"));
        stuck(scope, QStringLiteral("k-pend"), QStringLiteral("SO-PEND"));
        stuck(scope, QStringLiteral("k-fail"), QStringLiteral("SO-FAIL"));
        stuck(scope, QStringLiteral("k-odd"), QStringLiteral("SO-ODD"));
        stuck(scope, QStringLiteral("k-null"), QStringLiteral("SO-NULL"));
        stuck(scope, QStringLiteral("k-missing"), QStringLiteral("SO-NONE"));
        stuck(scope, QStringLiteral("k-nobiz"), QString());
        const Record race = stuck(scope, QStringLiteral("k-race"), QStringLiteral("SO-RACE"));
        stuck(scope, QStringLiteral("k-excl"), QStringLiteral("SO-EXCL"));
        stuck(scope, QStringLiteral("k-fresh"), QStringLiteral("SO-DONE-2"), 1 * Minute); // not stuck yet
        const Record tmo = stuck(scope, QStringLiteral("k-tmo"), QStringLiteral("SO-TMO"), 2 * Minute);
        const Result<ActionResult> timedOut = store().applyAction(operatorTimeout(tmo, now(), 3600 * 1000));
        QVERIFY2(timedOut && timedOut->outcome == TransitionOutcome::Applied, qPrintable(timedOut ? QString() : timedOut.error().message));

        const OrderMapping mapping = mappingFor(ordersUrl, orders.table());
        OrderLookup lookup(mapping);
        const Result<void> opened = lookup.open();
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        ReconcileCriteria criteria;
        criteria.scope = scope;
        criteria.olderThanMs = 10 * Minute;
        QList<qint64> progress;
        ActionControl control;
        control.progress = [&progress](qint64 done, qint64) { progress << done; };
        Result<QList<ReconcileRow>> plan = ReconcilePlan::build(store(), lookup, criteria, now(), control);
        QVERIFY2(plan.ok(), qPrintable(plan.error().message));
        QList<ReconcileRow> &rows = plan.value();
        QCOMPARE(rows.size(), 10); // every stuck one and the timed-out one, not the fresh one
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.constLast(), 10);
        QVERIFY(!rowFor(rows, QStringLiteral("k-fresh")));

        const struct {
            const char *key;
            ReconcileProposal proposal;
            bool hasOrder;
        } expected[] = {
            {"k-done", ReconcileProposal::Complete, true}, {"k-pend", ReconcileProposal::Review, true},
            {"k-fail", ReconcileProposal::Release, true},  {"k-odd", ReconcileProposal::Review, true},
            {"k-null", ReconcileProposal::Review, true},   {"k-missing", ReconcileProposal::Release, false},
            {"k-nobiz", ReconcileProposal::Review, false}, {"k-race", ReconcileProposal::Complete, true},
            {"k-excl", ReconcileProposal::Complete, true}, {"k-tmo", ReconcileProposal::Complete, true},
        };
        for (const auto &e : expected) {
            const ReconcileRow *row = rowFor(rows, QLatin1String(e.key));
            QVERIFY2(row, e.key);
            QVERIFY2(row->proposal == e.proposal, qPrintable(QLatin1String(e.key) + QStringLiteral(": ") + row->why));
            QCOMPARE(row->order.has_value(), e.hasOrder);
            QVERIFY(!row->why.isEmpty());
        }
        const ReconcileRow *done = rowFor(rows, QStringLiteral("k-done"));
        QCOMPARE(done->order->value(QStringLiteral("amount_cents")).toLongLong(), 1999);
        QCOMPARE(done->order->status, QStringLiteral("PAID"));
        QCOMPARE(rowFor(rows, QStringLiteral("k-tmo"))->target.state, RecordState::TimedOut);
        const ReconcileSummary summary = ReconcilePlan::summarise(rows);
        QCOMPARE(summary.complete, 4);
        QCOMPARE(summary.release, 2);
        QCOMPARE(summary.review, 4);

        // Between the plan and apply: the service finishes k-race itself;
        // the operator excludes k-excl.
        const Response served{201, {{"Content-Type", "application/json"}}, "{\"served\":true}"};
        QVERIFY(store().complete(scope, race.key, race.lease, served, now(), 3600 * 1000)->outcome == TransitionOutcome::Applied);
        for (ReconcileRow &r : rows)
            r.excluded = r.target.key == QLatin1String("k-excl");

        OperatorIdentity who{QStringLiteral("alice"), QStringLiteral("ops-host"), QStringLiteral("INC-42 stuck payments")};
        const Result<ActionReport> report = ReconcilePlan::apply(store(), mapping, rows, who, ScopePolicies(), now());
        QVERIFY2(report.ok(), qPrintable(report.error().message));
        QCOMPARE(report->matched, 5); // 3 complete (k-excl left out) + 2 release; review rows are never applied
        QCOMPARE(report->applied, 4); // k-done, k-tmo completed; k-fail, k-missing released; k-race skipped
        QCOMPARE(report->skipped, 1);
        QCOMPARE(report->failed, 0);
        QCOMPARE(report->skippedTargets.constFirst().key, QStringLiteral("k-race"));

        // Completed: replays the synthesised response, flagged.
        for (const char *key : {"k-done", "k-tmo"}) {
            const Result<std::optional<Record>> r = store().get(scope, QLatin1String(key));
            QVERIFY(r.ok() && r.value());
            QCOMPARE(r.value()->state, RecordState::Completed);
            QVERIFY(r.value()->reconciled);
            QCOMPARE(r.value()->statusCode, 200);
            const Response replay = r.value()->response();
            QVERIFY(replay.headers.contains(qMakePair(QByteArray("Idempotency-Reconciled"), QByteArray("true"))));
        }
        const Record doneNow = *store().get(scope, QStringLiteral("k-done")).value();
        const QJsonObject body = QJsonDocument::fromJson(doneNow.body).object();
        QCOMPARE(body.value(QStringLiteral("order_no")).toString(), QStringLiteral("SO-DONE"));
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("PAID"));
        QCOMPARE(body.value(QStringLiteral("cents")).toInt(), 1999);
        QCOMPARE(body.value(QStringLiteral("note")).toString(), QStringLiteral("say \"hi\"\n")); // escaped, so still JSON
        // Released: gone.
        for (const char *key : {"k-fail", "k-missing"})
            QVERIFY(!store().get(scope, QLatin1String(key)).value().has_value());
        // Review, excluded and the fresh one: untouched.
        for (const char *key : {"k-pend", "k-odd", "k-null", "k-nobiz", "k-excl", "k-fresh"}) {
            const std::optional<Record> r = store().get(scope, QLatin1String(key)).value();
            QVERIFY2(r && r->state == RecordState::InFlight, key);
        }
        // The service's own completion survived.
        const Record raced = *store().get(scope, QStringLiteral("k-race")).value();
        QCOMPARE(raced.body, QByteArray("{\"served\":true}"));
        QVERIFY(!raced.reconciled);

        // One audit entry per change, with the order row as evidence.
        AuditQuery audit;
        audit.scope = scope;
        audit.batchId = report->batchId;
        const Result<QList<AuditEntry>> entries = store().auditEntries(audit);
        QVERIFY2(entries.ok(), qPrintable(entries.error().message));
        QCOMPARE(entries->size(), 4);
        for (const AuditEntry &e : entries.value()) {
            QCOMPARE(e.operatorName, QStringLiteral("alice"));
            QCOMPARE(e.reason, QStringLiteral("INC-42 stuck payments"));
            const QJsonObject evidence = QJsonDocument::fromJson(e.evidence).object();
            QVERIFY2(evidence.contains(QStringLiteral("order")), e.evidence.constData());
            if (e.key == QLatin1String("k-missing")) {
                QCOMPARE(e.action, QStringLiteral("reconcile-release"));
                QVERIFY(evidence.value(QStringLiteral("order")).isNull());
            } else if (e.key == QLatin1String("k-done")) {
                QCOMPARE(e.action, QStringLiteral("reconcile-complete"));
                QCOMPARE(e.stateBefore, QStringLiteral("IN_FLIGHT"));
                QCOMPARE(evidence.value(QStringLiteral("order")).toObject().value(QStringLiteral("order_no")).toString(),
                         QStringLiteral("SO-DONE"));
            } else if (e.key == QLatin1String("k-tmo")) {
                QCOMPARE(e.stateBefore, QStringLiteral("TIMED_OUT"));
            }
        }
    }

    void identityIsRequiredAndNothingChanges()
    {
        const QString url = QStringLiteral("sqlite://") + m_ordersDir.filePath(QStringLiteral("orders.db"));
        OrderFixture orders(url, newTable());
        QVERIFY(orders.ok());
        const QString scope = m_testStore.scope(QStringLiteral("recid%1").arg(++m_tables));
        QVERIFY(orders.put(QStringLiteral("SO-1"), QStringLiteral("PAID"), 1));
        stuck(scope, QStringLiteral("k1"), QStringLiteral("SO-1"));
        OrderLookup lookup(mappingFor(url, orders.table()));
        QVERIFY(lookup.open().ok());
        ReconcileCriteria criteria;
        criteria.scope = scope;
        const Result<QList<ReconcileRow>> plan = ReconcilePlan::build(store(), lookup, criteria, now());
        QVERIFY(plan.ok());
        QCOMPARE(plan->size(), 1);
        for (const OperatorIdentity &who : {OperatorIdentity{QString(), QString(), QStringLiteral("why")},
                                            OperatorIdentity{QStringLiteral("bob"), QString(), QStringLiteral("  ")}}) {
            const Result<ActionReport> r = ReconcilePlan::apply(store(), lookup.mapping(), plan.value(), who, ScopePolicies(), now());
            QVERIFY(!r.ok());
            QCOMPARE(r.error().kind, ErrorKind::InvalidArgument);
        }
        QCOMPARE(store().get(scope, QStringLiteral("k1")).value()->state, RecordState::InFlight);
    }

    // `reconcile --match key --older-than 500000h` once released a record
    // whose business was still running. The plan refuses such an age, and a
    // zero one; the running record stays in flight.
    void planRefusesAnAgeThatReachesBeforeTheEpoch()
    {
        const QString url = QStringLiteral("sqlite://") + m_ordersDir.filePath(QStringLiteral("orders.db"));
        OrderFixture orders(url, newTable());
        QVERIFY(orders.ok());
        const QString scope = m_testStore.scope(QStringLiteral("recage%1").arg(++m_tables));
        stuck(scope, QStringLiteral("running"), QStringLiteral("SO-RUN"), 2000); // started 2 s ago
        OrderLookup lookup(mappingFor(url, orders.table()));
        QVERIFY(lookup.open().ok());
        // One clock reading for the age and the plan: "an age of now" must
        // reach the epoch exactly, not 1 ms after it.
        const qint64 t = now();
        for (const qint64 age : {500'000LL * 3'600'000, 24'855LL * 86'400'000, t, qint64(0), qint64(-1)}) {
            ReconcileCriteria criteria;
            criteria.scope = scope;
            criteria.olderThanMs = age;
            const Result<QList<ReconcileRow>> plan = ReconcilePlan::build(store(), lookup, criteria, t);
            QVERIFY2(!plan.ok(), qPrintable(QStringLiteral("age %1 was accepted").arg(age)));
            QCOMPARE(plan.error().kind, ErrorKind::InvalidArgument);
        }
        QCOMPARE(store().get(scope, QStringLiteral("running")).value()->state, RecordState::InFlight);
    }

    // 1,200 stuck records: three pages of the store, three order queries.
    void batchesOfFiveHundred()
    {
        const QString url = QStringLiteral("sqlite://") + m_ordersDir.filePath(QStringLiteral("orders.db"));
        OrderFixture orders(url, newTable());
        QVERIFY(orders.ok());
        const QString scope = m_testStore.scope(QStringLiteral("recbatch%1").arg(++m_tables));
        QVERIFY(orders.exec(QStringLiteral("BEGIN")));
        for (int i = 0; i < 1200; i += 2)
            QVERIFY(orders.put(QStringLiteral("SO%1").arg(i, 6, 10, QLatin1Char('0')), QStringLiteral("PAID"), i));
        QVERIFY(orders.exec(QStringLiteral("COMMIT")));
        for (int i = 0; i < 1200; ++i)
            stuck(scope, QStringLiteral("b%1").arg(i, 6, 10, QLatin1Char('0')), QStringLiteral("SO%1").arg(i, 6, 10, QLatin1Char('0')),
                  20 * Minute + i);
        OrderLookup lookup(mappingFor(url, orders.table()));
        QVERIFY(lookup.open().ok());
        ReconcileCriteria criteria;
        criteria.scope = scope;
        const Result<QList<ReconcileRow>> plan = ReconcilePlan::build(store(), lookup, criteria, now());
        QVERIFY2(plan.ok(), qPrintable(plan.error().message));
        QCOMPARE(plan->size(), 1200);
        QCOMPARE(lookup.queryCount(), 3);
        const ReconcileSummary s = ReconcilePlan::summarise(plan.value());
        QCOMPARE(s.complete, 600);
        QCOMPARE(s.release, 600);
        for (const ReconcileRow &row : plan.value()) {
            const bool even = row.target.bizNo.mid(2).toInt() % 2 == 0;
            QCOMPARE(row.proposal, even ? ReconcileProposal::Complete : ReconcileProposal::Release);
        }
        // The per-record baseline agrees and costs one query each.
        OrderLookup one(mappingFor(url, orders.table()));
        QVERIFY(one.open().ok());
        for (int i = 0; i < 10; ++i)
            QCOMPARE(one.lookupOne(QStringLiteral("SO%1").arg(i, 6, 10, QLatin1Char('0'))).value().has_value(), i % 2 == 0);
        QCOMPARE(one.queryCount(), 10);
    }

    void hostileMappingsRunNothing_data()
    {
        // The databases as addOrderBackends() names them.
        QTest::addColumn<QString>("ordersUrl");
        QTest::addColumn<QByteArray>("ordersVariable");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("hint");
        const struct {
            QByteArray name;
            QString url;
            QByteArray variable;
        } databases[] = {{"sqlite", QStringLiteral("sqlite://") + m_ordersDir.filePath(QStringLiteral("orders.db")), {}},
                         {"postgresql", {}, "IDEM_TEST_POSTGRESQL_URL"},
                         {"mysql", {}, "IDEM_TEST_MYSQL_URL"}};
        for (const auto &[name, url, variable] : databases) {
            const auto row = [&](const char *what, const char *field, const QString &value, const char *hint) {
                QTest::newRow(QByteArray(name + ": " + what).constData())
                    << url << variable << QString::fromLatin1(field) << value << QString::fromLatin1(hint);
            };
            row("unknown table", "table", QStringLiteral("no_such_orders"), "no_such_orders");
            row("unknown schema", "table", QStringLiteral("nowhere.orders_x"), "nowhere.orders_x");
            row("statement in table", "table", QStringLiteral("orders; DROP TABLE ") + victimTable(), "table name");
            row("quoted table", "table", QStringLiteral("\"orders\""), "table name");
            row("single quote", "table", QStringLiteral("o'rders"), "table name");
            row("backtick", "table", QStringLiteral("`orders`"), "table name");
            row("comment", "table", QStringLiteral("orders--"), "table name");
            row("empty table", "table", QString(), "table name");
            row("three parts", "table", QStringLiteral("a.b.c"), "table name");
            row("unknown key column", "key", QStringLiteral("order_number"), "order_number");
            row("statement in key column", "key", QStringLiteral("order_no) OR 1=1 --"), "key column");
            row("quoted status column", "status", QStringLiteral("\"status\""), "status column");
            row("unknown status column", "status", QStringLiteral("state"), "state");
            row("empty key column", "key", QString(), "key column");
        }
    }

    void hostileMappingsRunNothing()
    {
        QFETCH(QString, ordersUrl);
        QFETCH(QByteArray, ordersVariable);
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, hint);
        if (!ordersVariable.isEmpty()) {
            IDEM_REQUIRE_SERVER_URL(ordersVariable.constData());
            ordersUrl = qEnvironmentVariable(ordersVariable.constData());
        }
        OrderFixture orders(ordersUrl, newTable());
        QVERIFY(orders.ok());
        QVERIFY(orders.put(QStringLiteral("SO-1"), QStringLiteral("PAID"), 1));
        // A table named x, which the hostile name would drop.
        OrderFixture victim(ordersUrl, victimTable());
        QVERIFY(victim.ok());
        QVERIFY(victim.put(QStringLiteral("SO-V"), QStringLiteral("PAID"), 1));

        OrderMapping mapping = mappingFor(ordersUrl, orders.table());
        if (field == QLatin1String("table"))
            mapping.table = value;
        else if (field == QLatin1String("key"))
            mapping.keyColumn = value;
        else
            mapping.statusColumn = value;
        OrderLookup lookup(mapping);
        const Result<void> opened = lookup.open();
        QVERIFY(!opened.ok());
        QCOMPARE(opened.error().kind, ErrorKind::InvalidArgument);
        QVERIFY2(opened.error().message.contains(hint), qPrintable(opened.error().message));
        QCOMPARE(lookup.queryCount(), 0);
        QVERIFY(!lookup.lookup({QStringLiteral("SO-1")}).ok()); // not opened: refuses
        QCOMPARE(orders.count(), 1);
        QCOMPARE(victim.count(), 1);
    }

    void mappingValidation_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("hint");
        QTest::newRow("no done values") << "done"
                                        << "done";
        QTest::newRow("value in two lists") << "twice"
                                            << "PAID";
        QTest::newRow("5xx response") << "status"
                                      << "499";
        QTest::newRow("header injection") << "contentType"
                                          << "content type";
        QTest::newRow("unknown placeholder") << "placeholder"
                                             << "{{secret}}";
        QTest::newRow("redis orders") << "redis"
                                      << "Redis";
    }

    void mappingValidation()
    {
        QFETCH(QString, what);
        QFETCH(QString, hint);
        OrderMapping m = mappingFor(QStringLiteral("sqlite:///tmp/orders.db"), QStringLiteral("orders"));
        QVERIFY(m.validate().ok());
        if (what == QLatin1String("done"))
            m.doneValues.clear();
        else if (what == QLatin1String("twice"))
            m.pendingValues << QStringLiteral("PAID");
        else if (what == QLatin1String("status"))
            m.responseStatus = 500;
        else if (what == QLatin1String("contentType"))
            m.contentType = QStringLiteral("application/json\r\nSet-Cookie: x=1");
        else if (what == QLatin1String("placeholder"))
            m.bodyTemplate = QStringLiteral("{{secret}}");
        else
            m.ordersUrl = QStringLiteral("redis://127.0.0.1:6379/0");
        const Result<void> r = m.validate();
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, ErrorKind::InvalidArgument);
        QVERIFY2(r.error().message.contains(hint), qPrintable(r.error().message));
        // A mapping survives its JSON form.
        const OrderMapping good = mappingFor(QStringLiteral("sqlite:///tmp/orders.db"), QStringLiteral("sales.orders"));
        const Result<OrderMapping> back = OrderMapping::fromJson(good.toJson());
        QVERIFY(back.ok());
        QCOMPARE(back->toJson(), good.toJson());
    }

    void profilesAreSharedWithoutPasswords()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("p.ini")), QSettings::IniFormat);
        OrderMapping m = mappingFor(QStringLiteral("postgresql://shop:s3cret@db.example:5432/shop"), QStringLiteral("orders"));
        m.name = QStringLiteral("shop orders");
        QVERIFY(MappingProfiles::save(m, &settings).ok());
        settings.sync();
        QFile file(settings.fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("s3cret"));
        const std::optional<OrderMapping> found = MappingProfiles::find(QStringLiteral("shop orders"), &settings);
        QVERIFY(found);
        QCOMPARE(found->table, QStringLiteral("orders"));
        QVERIFY(!found->ordersUrl.contains(QStringLiteral("s3cret")));
        m.table = QStringLiteral("orders; DROP TABLE x");
        QVERIFY(!MappingProfiles::save(m, &settings).ok()); // validated before it is stored
        MappingProfiles::remove(QStringLiteral("shop orders"), &settings);
        QVERIFY(MappingProfiles::load(&settings).isEmpty());
    }

    void synthesiseEscapesForJsonOnly()
    {
        OrderMapping m = mappingFor(QStringLiteral("sqlite:///tmp/o.db"), QStringLiteral("orders"));
        m.bodyTemplate = QStringLiteral(R"({"k":"{{key}}","s":"{{scope}}","n":"{{order.note}}","x":"{{order.missing}}"})");
        OrderRow order;
        order.columns = {{QStringLiteral("order_no"), QStringLiteral("SO-1")}, {QStringLiteral("note"), QStringLiteral("a\"b\\c")}};
        order.status = QStringLiteral("PAID");
        ActionTarget t;
        t.scope = QStringLiteral("payment");
        t.key = QStringLiteral("k\"1");
        t.bizNo = QStringLiteral("SO-1");
        const Response r = ReconcilePlan::synthesise(m, t, order);
        QCOMPARE(r.status, 200);
        const QJsonObject o = QJsonDocument::fromJson(r.body).object();
        QCOMPARE(o.value(QStringLiteral("k")).toString(), QStringLiteral("k\"1"));
        QCOMPARE(o.value(QStringLiteral("n")).toString(), QStringLiteral("a\"b\\c"));
        QCOMPARE(o.value(QStringLiteral("x")).toString(), QString());
        m.contentType = QStringLiteral("text/plain");
        m.bodyTemplate = QStringLiteral("{{key}} {{status}}");
        QCOMPARE(ReconcilePlan::synthesise(m, t, order).body, QByteArray("k\"1 PAID"));
    }
};

QTEST_GUILESS_MAIN(ReconcileTest)
#include "tst_reconcile.moc"
