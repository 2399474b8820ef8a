// PostgreSQL specifics the conformance suite cannot state:
// - the in-flight listing and its count are served by the partial indexes,
//   never by a sequential scan over every cached response: EXPLAIN of the very
//   statements SqlStore runs (SqlDialect builds them for both), prepared and
//   executed the way Qt's QPSQL driver does, custom and generic plan;
// - open() checks the schema instead of running DDL, so a user without the
//   CREATE right works with tables someone else created, and gets a message
//   naming the missing right when there are none.
// Needs IDEM_TEST_POSTGRESQL_URL (tools/test.sh sets it).
#include "app/store/sqldialect.h"
#include "app/store/sqlstore.h"
#include "tests/serverrequirement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QtTest>

namespace {

constexpr qint64 T0 = 1'800'000'000'000;
constexpr int kCompleted = 40'000; // cached responses the listing must not scan
constexpr int kInFlight = 2'000; // attempts still running
constexpr int kScopes = 4;
// Scope 0 is the big one (nine rows in ten), 1 to 3 share the rest: the
// listing of a small scope is where the per-scope index must win.
const char *const kScopeOf = "CASE WHEN mod(g, 10) = 0 THEN '%1-' || (1 + mod(g / 10, 3)) ELSE '%1-0' END";

struct PlanNode {
    QString type;
    QString relation;
    QString index;
};

void collectNodes(const QJsonObject &plan, QList<PlanNode> *nodes)
{
    nodes->append({plan.value(QLatin1String("Node Type")).toString(), plan.value(QLatin1String("Relation Name")).toString(),
                   plan.value(QLatin1String("Index Name")).toString()});
    for (const QJsonValue &child : plan.value(QLatin1String("Plans")).toArray())
        collectNodes(child.toObject(), nodes);
}

QString describe(const QList<PlanNode> &nodes)
{
    QStringList parts;
    for (const PlanNode &n : nodes)
        parts << n.type + (n.relation.isEmpty() ? QString() : QStringLiteral(" on ") + n.relation)
                     + (n.index.isEmpty() ? QString() : QStringLiteral(" using ") + n.index);
    return parts.join(QStringLiteral(" / "));
}

} // namespace

Q_DECLARE_METATYPE(RecordQuery)

class SqlPlanTest : public QObject {
    Q_OBJECT

private:
    StoreUrl m_url;
    QString m_prefix; // this run's scopes are m_prefix + "-0" … "-3"
    int m_statement = 0;

    QSqlDatabase raw() { return QSqlDatabase::database(QStringLiteral("plan")); }
    QString m_schema;
    QString scope(int i) const { return m_prefix + QLatin1Char('-') + QString::number(i); }

    bool exec(const QString &sql, QString *error = nullptr)
    {
        QSqlQuery q(raw());
        if (q.exec(sql))
            return true;
        if (error)
            *error = q.lastError().text();
        else
            qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
        return false;
    }

    // The plan PostgreSQL chooses for a statement as QPSQL sends it: PREPARE
    // with $n placeholders, then EXECUTE with the values formatted by the
    // driver. genericPlan: the plan a prepared statement falls back to after
    // a few executions, chosen without looking at the values.
    QList<PlanNode> planOf(const SqlStatement &statement, bool genericPlan)
    {
        QString sql;
        int n = 0;
        for (QChar c : statement.sql)
            sql += c == QLatin1Char('?') ? QStringLiteral("$%1").arg(++n) : QString(c);
        if (n != statement.values.size()) {
            qWarning("%d placeholders for %lld values", n, qint64(statement.values.size()));
            return {};
        }
        QStringList values;
        for (const QVariant &v : statement.values) {
            QSqlField field(QString(), v.metaType());
            field.setValue(v);
            values << raw().driver()->formatValue(field);
        }
        const QString name = QStringLiteral("idem_plan_%1").arg(++m_statement);
        if (!exec(QStringLiteral("PREPARE %1 AS %2").arg(name, sql)))
            return {};
        exec(genericPlan ? QStringLiteral("SET plan_cache_mode = force_generic_plan") : QStringLiteral("RESET plan_cache_mode"));
        QSqlQuery q(raw());
        QList<PlanNode> nodes;
        const QString execute =
            values.isEmpty() ? name : name + QStringLiteral(" (") + values.join(QStringLiteral(", ")) + QLatin1Char(')');
        if (q.exec(QStringLiteral("EXPLAIN (FORMAT JSON) EXECUTE ") + execute) && q.next()) {
            const QJsonDocument doc = QJsonDocument::fromJson(q.value(0).toString().toUtf8());
            collectNodes(doc.array().at(0).toObject().value(QLatin1String("Plan")).toObject(), &nodes);
        } else {
            qWarning("EXPLAIN failed: %s", qPrintable(q.lastError().text()));
        }
        exec(QStringLiteral("RESET plan_cache_mode"));
        exec(QStringLiteral("DEALLOCATE ") + name);
        return nodes;
    }

    // Empty when the plan reads idem_records only through one of the
    // `wanted` indexes; else what is wrong with it.
    static QString indexProblem(const QList<PlanNode> &nodes, const QStringList &wanted)
    {
        if (nodes.isEmpty())
            return QStringLiteral("no plan");
        bool indexed = false;
        for (const PlanNode &n : nodes) {
            if (n.type == QLatin1String("Seq Scan"))
                return QStringLiteral("sequential scan: ") + describe(nodes);
            if (n.relation == QLatin1String("idem_records") && n.index.isEmpty() && !n.type.startsWith(QLatin1String("Bitmap Heap")))
                return QStringLiteral("idem_records read without an index: ") + describe(nodes);
            if (!n.index.isEmpty()) {
                if (!wanted.contains(n.index))
                    return QStringLiteral("not %1: ").arg(wanted.join(QStringLiteral(" or "))) + describe(nodes);
                indexed = true;
            }
        }
        return indexed ? QString() : QStringLiteral("no index used: ") + describe(nodes);
    }

private slots:
    void initTestCase()
    {
        IDEM_FETCH_SERVER_URL(text, "IDEM_TEST_POSTGRESQL_URL");
        const Result<StoreUrl> url = StoreUrl::parse(text);
        QVERIFY2(url.ok(), qPrintable(url.error().message));
        QVERIFY2(url->kind == StoreUrl::Kind::Postgres, "IDEM_TEST_POSTGRESQL_URL is not a postgresql:// URL");
        m_url = url.value();
        // A schema of its own: the planner's choice depends on how many rows
        // the table holds, and the shared test database keeps whatever the
        // other store tests leave behind.
        m_schema = QStringLiteral("plan_%1_%2").arg(QCoreApplication::applicationPid()).arg(QRandomGenerator::global()->bounded(1000000));
        {
            QSqlDatabase setup = QSqlDatabase::addDatabase(sqlDriverName(m_url.kind), QStringLiteral("plan-setup"));
            configureSqlDatabase(setup, m_url);
            QVERIFY2(setup.open(), qPrintable(setup.lastError().text()));
            QSqlQuery q(setup);
            QVERIFY2(q.exec(QStringLiteral("CREATE SCHEMA ") + m_schema), qPrintable(q.lastError().text()));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("plan-setup"));
        m_url.options.insert(QStringLiteral("options"), QStringLiteral("-c search_path=") + m_schema);
        SqlStore store(m_url); // creates the tables in that schema
        const Result<void> opened = store.open();
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));

        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(m_url.kind), QStringLiteral("plan"));
        configureSqlDatabase(db, m_url);
        QVERIFY2(db.open(), qPrintable(db.lastError().text()));
        exec(QStringLiteral("SET client_min_messages = warning"));

        m_prefix = QStringLiteral("plan-%1-%2").arg(QCoreApplication::applicationPid()).arg(QRandomGenerator::global()->bounded(1000000));
        // Set-based fill: one statement each, seconds instead of minutes.
        QVERIFY(exec(
            QStringLiteral("INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, "
                           "headers, body, created_at, updated_at, expires_at, reconciled) "
                           "SELECT %1, 'done-' || g, 'COMPLETED', md5(g::text), md5('l' || g), 'plan:1', 1, 'SO' || g, 200, "
                           "'[]'::bytea, '{\"ok\":true}'::bytea, %2 + g, %2 + g, %2 + g + 86400000, 0 FROM generate_series(1, %3) AS g")
                .arg(QLatin1String(kScopeOf).arg(m_prefix))
                .arg(T0)
                .arg(kCompleted)));
        QVERIFY(exec(
            QStringLiteral("INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, "
                           "headers, body, created_at, updated_at, expires_at, reconciled) "
                           "SELECT %1, 'busy-' || g, 'IN_FLIGHT', md5(g::text), md5('l' || g), 'plan:' || mod(g, 7), 1, 'SO' || g, 0, "
                           "NULL, NULL, %2 + g * 1000, %2 + g * 1000, 0, 0 FROM generate_series(1, %3) AS g")
                .arg(QLatin1String(kScopeOf).arg(m_prefix))
                .arg(T0)
                .arg(kInFlight)));
        // Timed-out records waiting for reconciliation: a few among many.
        QVERIFY(exec(
            QStringLiteral("INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, "
                           "headers, body, created_at, updated_at, expires_at, reconciled) "
                           "SELECT %1, 'late-' || g, 'TIMED_OUT', md5(g::text), md5('l' || g), 'plan:1', 1, 'SO' || g, 0, "
                           "NULL, NULL, %2 + g * 1000, %2 + g * 1000, %2 + g * 1000 + 86400000, 0 FROM generate_series(1, %3) AS g")
                .arg(QLatin1String(kScopeOf).arg(m_prefix))
                .arg(T0)
                .arg(kInFlight)));
        QVERIFY(exec(QStringLiteral("ANALYZE idem_records")));
    }

    void cleanupTestCase()
    {
        if (QSqlDatabase::contains(QStringLiteral("plan"))) {
            QStringList scopes;
            for (int i = 0; i < kScopes; ++i)
                scopes << QLatin1Char('\'') + scope(i) + QLatin1Char('\'');
            exec(QStringLiteral("DELETE FROM idem_records WHERE scope IN (%1)").arg(scopes.join(QStringLiteral(", "))));
            exec(QStringLiteral("DROP SCHEMA %1 CASCADE").arg(m_schema));
            QSqlDatabase::removeDatabase(QStringLiteral("plan"));
        }
    }

    // The checker must be able to fail: a filter on a column no index
    // covers is a sequential scan, and it says so.
    void planCheckerSeesASequentialScan()
    {
        const QList<PlanNode> nodes =
            planOf({QStringLiteral("SELECT COUNT(*) FROM idem_records WHERE biz_no = ?"), {QStringLiteral("SO7")}}, false);
        QVERIFY(!nodes.isEmpty());
        QVERIFY2(indexProblem(nodes, {QStringLiteral("idem_records_inflight")}).contains(QLatin1String("sequential scan")),
                 qPrintable(describe(nodes)));
    }

    void inFlightListingUsesThePartialIndex_data()
    {
        QTest::addColumn<RecordQuery>("query");
        QTest::addColumn<QStringList>("indexes"); // the listing must be served by one of these

        const QStringList all{QStringLiteral("idem_records_inflight")};
        const QStringList byScope{QStringLiteral("idem_records_inflight_scope")};
        const QString one = scope(1);
        const RecordQuery::Position middle{T0 + 200 * 1000, scope(0), QStringLiteral("busy-200")};
        const RecordQuery::Position ofOne{T0 + 300 * 1000, one, QStringLiteral("busy-300")};
        RecordQuery q;
        QTest::newRow("all scopes") << q << all;
        q.after = middle;
        QTest::newRow("all scopes, next page") << q << all;
        q.newestFirst = true;
        QTest::newRow("all scopes, newest first, next page") << q << all;
        q = {};
        q.startedBeforeMs = T0 + 100 * 1000;
        QTest::newRow("all scopes, stuck only") << q << all;
        q = RecordQuery::ofScope(one);
        QTest::newRow("one scope") << q << byScope;
        q.after = ofOne;
        QTest::newRow("one scope, next page") << q << byScope;
        q.newestFirst = true;
        QTest::newRow("one scope, newest first, next page") << q << byScope;
        q = RecordQuery::ofScope(one);
        q.startedBeforeMs = T0 + 100 * 1000;
        q.owner = QStringLiteral("plan:3");
        QTest::newRow("one scope, stuck, owner") << q << byScope;
        // A key prefix is a range of the primary key (scope and key compare
        // in the "C" collation); the planner may well prefer that.
        q.keyPrefix = QStringLiteral("busy-1");
        QTest::newRow("one scope, key prefix") << q << (byScope + QStringList{QStringLiteral("idem_records_pkey")});
    }

    void inFlightListingUsesThePartialIndex()
    {
        QFETCH(RecordQuery, query);
        QFETCH(QStringList, indexes);
        const SqlDialect dialect(SqlDialect::Kind::Postgres);
        // Counting over every scope may read either partial index.
        const struct {
            const char *what;
            SqlStatement statement;
            QStringList indexes;
        } statements[] = {{"listing", dialect.inFlightListing(query), indexes},
                          {"count", dialect.inFlightCount(query),
                           query.scope.isEmpty()
                               ? QStringList{QStringLiteral("idem_records_inflight"), QStringLiteral("idem_records_inflight_scope")}
                               : indexes}};
        // QPSQL prepares each statement afresh, so it always runs the custom
        // plan, made for its values: that one must pick the index meant for
        // the query. The generic plan guesses every scope to be as large as
        // the average one and may pick either in-flight index, never a scan.
        const QStringList eitherInFlight{QStringLiteral("idem_records_inflight"), QStringLiteral("idem_records_inflight_scope")};
        for (const auto &[what, statement, wanted] : statements) {
            for (bool generic : {false, true}) {
                QStringList acceptable = wanted;
                if (generic)
                    acceptable << eitherInFlight;
                const QString problem = indexProblem(planOf(statement, generic), acceptable);
                QVERIFY2(problem.isEmpty(),
                         qPrintable(QStringLiteral("%1 (%2 plan) of %3: %4")
                                        .arg(QLatin1String(what), generic ? QStringLiteral("generic") : QStringLiteral("custom"),
                                             statement.sql, problem)));
            }
        }
    }

    // The reconcile wizard's second source: timed-out records, by their own partial indexes.
    void timedOutListingUsesItsPartialIndex()
    {
        const SqlDialect dialect(SqlDialect::Kind::Postgres);
        const QStringList either{QStringLiteral("idem_records_timedout"), QStringLiteral("idem_records_timedout_scope")};
        RecordQuery all;
        all.state = RecordState::TimedOut;
        RecordQuery one = RecordQuery::ofScope(scope(1));
        one.state = RecordState::TimedOut;
        one.after = RecordQuery::Position{T0 + 300 * 1000, scope(1), QStringLiteral("late-300")};
        for (const RecordQuery &query : {all, one}) {
            for (const SqlStatement &statement : {dialect.inFlightListing(query), dialect.inFlightCount(query)}) {
                for (bool generic : {false, true}) {
                    const QString problem = indexProblem(planOf(statement, generic), either);
                    QVERIFY2(problem.isEmpty(), qPrintable(statement.sql + QStringLiteral(": ") + problem));
                }
            }
        }
        SqlStore store(m_url);
        QVERIFY(store.open().ok());
        one.after.reset();
        one.limit = 5;
        const Result<QList<Record>> page = store.inFlight(one);
        QVERIFY2(page.ok(), qPrintable(page.error().message));
        QCOMPARE(page->size(), 5);
        QCOMPARE(page->constFirst().key, QStringLiteral("late-30"));
        QCOMPARE(page->constFirst().state, RecordState::TimedOut);
        QCOMPARE(store.countInFlight(one).value_or(-1), kInFlight / 30);
    }

    // The record browser's COMPLETED pages (the bulk of the table): a range
    // of idem_records_completed from the keyset position, never a scan. A
    // small scope's page may take the primary key (scope, idem_key) range
    // instead, and sort the few rows it holds.
    void completedListingUsesItsPartialIndex()
    {
        const SqlDialect dialect(SqlDialect::Kind::Postgres);
        const QStringList completed{QStringLiteral("idem_records_completed")};
        QList<QPair<RecordQuery, QStringList>> cases;
        RecordQuery q = RecordQuery().inState(RecordState::Completed);
        cases.append({q, completed});
        q.after = RecordQuery::Position{T0 + 20'000, scope(0), QStringLiteral("done-20000")};
        cases.append({q, completed});
        q.newestFirst = true;
        cases.append({q, completed});
        q.keyPrefix = QStringLiteral("done-39");
        cases.append({q, completed + QStringList{QStringLiteral("idem_records_pkey")}});
        q = RecordQuery::ofScope(scope(1)).inState(RecordState::Completed);
        q.after = RecordQuery::Position{T0 + 300, scope(1), QStringLiteral("done-300")};
        cases.append({q, completed + QStringList{QStringLiteral("idem_records_pkey")}});
        q.newestFirst = true;
        cases.append({q, completed + QStringList{QStringLiteral("idem_records_pkey")}});
        for (const auto &[query, wanted] : std::as_const(cases)) {
            const SqlStatement statement = dialect.inFlightListing(query);
            for (bool generic : {false, true}) {
                const QString problem = indexProblem(planOf(statement, generic), wanted);
                QVERIFY2(problem.isEmpty(), qPrintable(statement.sql + QStringLiteral(": ") + problem));
            }
        }
        SqlStore store(m_url);
        QVERIFY(store.open().ok());
        RecordQuery page = RecordQuery::ofScope(scope(1)).inState(RecordState::Completed);
        page.limit = 3;
        const Result<QList<Record>> rows = store.records(page);
        QVERIFY2(rows.ok(), qPrintable(rows.error().message));
        QCOMPARE(rows->size(), 3);
        QCOMPARE(rows->constFirst().key, QStringLiteral("done-30")); // scope 1 holds done-30, done-60, …
        QCOMPARE(rows->constFirst().state, RecordState::Completed);
    }

    // The statements checked above are the ones the store runs: same rows.
    void storeListsWhatThePlansWereCheckedFor()
    {
        SqlStore store(m_url);
        QVERIFY(store.open().ok());
        RecordQuery q = RecordQuery::ofScope(scope(1));
        q.limit = 30;
        const Result<QList<Record>> page = store.inFlight(q);
        QVERIFY2(page.ok(), qPrintable(page.error().message));
        QCOMPARE(page->size(), 30);
        // Scope 1 holds busy-30, busy-60, … (every thirtieth attempt).
        QCOMPARE(page->constFirst().key, QStringLiteral("busy-30"));
        QCOMPARE(page->constLast().key, QStringLiteral("busy-900"));
        QCOMPARE(store.countInFlight(q).value_or(-1), kInFlight / 30);
        q.after = RecordQuery::Position{page->constLast().updatedAt, page->constLast().scope, page->constLast().key};
        const Result<QList<Record>> next = store.inFlight(q);
        QVERIFY(next.ok());
        QCOMPARE(next->constFirst().key, QStringLiteral("busy-930"));
    }

    void openingWithoutTheCreateRight()
    {
        // The actor lacks CREATE on a fresh schema: a throwaway role when we
        // may create roles, else ourselves after revoking our own right (an
        // owner may). The owner connection ("plan") does the granting.
        QSqlQuery who(raw());
        QVERIFY(who.exec(QStringLiteral("SELECT rolsuper OR rolcreaterole, current_user FROM pg_roles WHERE rolname = current_user"))
                && who.next());
        const bool ownRole = who.value(0).toBool();
        const QString self = who.value(1).toString();
        const QString schema =
            QStringLiteral("idem_ddl_%1_%2").arg(QCoreApplication::applicationPid()).arg(QRandomGenerator::global()->bounded(1000000));
        const QString role = ownRole ? schema + QStringLiteral("_user") : self;
        QVERIFY(exec(QStringLiteral("CREATE SCHEMA %1").arg(schema)));
        auto cleanup = qScopeGuard([&] {
            exec(QStringLiteral("DROP SCHEMA %1 CASCADE").arg(schema));
            if (ownRole)
                exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(role));
        });
        StoreUrl actor = m_url;
        actor.options.insert(QStringLiteral("options"), QStringLiteral("-c search_path=") + schema);
        if (ownRole) {
            const QString password = QString::number(QRandomGenerator::global()->generate64(), 36);
            QVERIFY(exec(QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD '%2'").arg(role, password)));
            QVERIFY(exec(QStringLiteral("GRANT USAGE ON SCHEMA %1 TO %2").arg(schema, role)));
            actor.user = role;
            actor.password = password;
        } else {
            QVERIFY(exec(QStringLiteral("REVOKE CREATE ON SCHEMA %1 FROM CURRENT_USER").arg(schema)));
        }

        // An empty schema and no right to fill it: refused, the right named.
        {
            SqlStore store(actor);
            const Result<void> opened = store.open();
            QVERIFY(!opened.ok());
            QCOMPARE(opened.error().kind, ErrorKind::Refused);
            QVERIFY2(opened.error().message.contains(QStringLiteral("CREATE privilege on schema ") + schema),
                     qPrintable(opened.error().message));
            QVERIFY2(opened.error().message.contains(QStringLiteral("GRANT CREATE ON SCHEMA %1 TO %2").arg(schema, role)),
                     qPrintable(opened.error().message));
        }
        QSqlQuery check(raw());
        QVERIFY(check.exec(QStringLiteral("SELECT to_regclass('%1.idem_records') IS NULL").arg(schema)) && check.next());
        QVERIFY2(check.value(0).toBool(), "a refused schema creation left a table behind");

        // Someone with the right creates the tables.
        if (!ownRole)
            QVERIFY(exec(QStringLiteral("GRANT CREATE ON SCHEMA %1 TO CURRENT_USER").arg(schema)));
        StoreUrl owner = m_url;
        owner.options.insert(QStringLiteral("options"), QStringLiteral("-c search_path=") + schema);
        {
            SqlStore store(owner);
            const Result<void> created = store.open();
            QVERIFY2(created.ok(), qPrintable(created.error().message));
        }
        if (!ownRole) {
            QVERIFY(exec(QStringLiteral("REVOKE CREATE ON SCHEMA %1 FROM CURRENT_USER").arg(schema)));
            QVERIFY(exec(QStringLiteral("REVOKE INSERT ON %1.idem_records FROM CURRENT_USER").arg(schema)));
        }

        // Tables there but no right to write them: refused, the rights named.
        {
            SqlStore store(actor);
            const Result<void> opened = store.open();
            QVERIFY(!opened.ok());
            QCOMPARE(opened.error().kind, ErrorKind::Refused);
            QVERIFY2(opened.error().message.contains(QLatin1String("idem_records INSERT")), qPrintable(opened.error().message));
        }

        // Granted the rows, not the schema: open() runs no DDL, claims work.
        // The audit log needs no UPDATE or DELETE: it is append-only.
        if (ownRole)
            QVERIFY(exec(QStringLiteral("GRANT SELECT, INSERT ON %1.idem_audit TO %2").arg(schema, role)));
        QVERIFY(exec(ownRole ? QStringLiteral("GRANT SELECT, INSERT, UPDATE, DELETE ON %1.idem_records, %1.idem_counters, "
                                              "%1.idem_audit_head TO %2")
                                   .arg(schema, role)
                             : QStringLiteral("GRANT INSERT ON %1.idem_records TO CURRENT_USER").arg(schema)));
        SqlStore store(actor);
        const Result<void> opened = store.open();
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        ClaimRequest claim;
        claim.scope = QStringLiteral("ddl");
        claim.key = QStringLiteral("k");
        claim.fingerprint = QStringLiteral("fp");
        claim.owner = QStringLiteral("test:1");
        claim.nowMs = T0;
        const Result<ClaimResult> claimed = store.claim(claim);
        QVERIFY2(claimed.ok(), qPrintable(claimed.error().message));
        QCOMPARE(claimed->outcome, ClaimOutcome::Claimed);
        const Result<Transition> done =
            store.complete(claim.scope, claim.key, claimed->record.lease, Response{200, {}, "ok"}, T0 + 1, 60'000);
        QVERIFY2(done.ok(), qPrintable(done.error().message));
        const Result<void> flushed = store.flushCounters();
        QVERIFY2(flushed.ok(), qPrintable(flushed.error().message));
    }
};

QTEST_GUILESS_MAIN(SqlPlanTest)
#include "tst_sqlplan.moc"
