// The request kept with a record, on every native backend (CTest passes
// IDEM_TEST_BACKEND; the Redis Cluster too): stored by the claim that
// creates a record or starts a new attempt, byte for byte, masked before
// it got there (checked in the raw stored values, behind the engine's
// back), nothing when the policy keeps none, records without one still
// read, and carried into the reconcile evidence. SQL stores made before
// the request column: a read-only open reads them and adds nothing; a
// writable one adds the column.
#include "app/guard/guard.h"
#include "app/guard/requestkeeping.h"
#include "app/ops/operatorbatch.h"
#include "app/ops/reconcileplan.h"
#include "app/store/keptrequest.h"
#include "app/store/openstore.h"
#include "app/store/sqlstore.h"
#include "tests/teststore.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;
const QByteArray kCard = "6222021234567890";

GuardRequest paymentRequest(const QString &scope, const QString &key, const QByteArray &requestId = "req-1")
{
    GuardRequest r;
    r.scope = scope;
    r.key = key;
    r.path = "/api/payments?channel=app";
    r.bizNo = QStringLiteral("SO-") + key;
    r.headers = {{"Content-Type", "application/json; charset=utf-8"},
                 {"User-Agent", "MallApp/8.3.1"},
                 {"X-Request-Id", requestId},
                 {"Authorization", "Bearer eyJ-secret-token"},
                 {"Cookie", "sid=secret-session"}};
    r.body = "{\"order_no\":\"SO-" + key.toUtf8()
             + "\",\"amount\":{\"value\":\"88.00\",\"currency\":\"CNY\"},"
               "\"card\":{\"card_number\":\""
             + kCard + "\",\"cvv\":\"321\",\"holder\":\"李雷\"}}";
    return r;
}

ClaimRequest claimOf(const QString &scope, const QString &key, const QByteArray &request, qint64 now = T0)
{
    ClaimRequest c;
    c.scope = scope;
    c.key = key;
    c.fingerprint = QStringLiteral("fp-") + key;
    c.owner = QStringLiteral("test-host:1");
    c.bizNo = QStringLiteral("SO-") + key;
    c.nowMs = now;
    c.request = request;
    return c;
}

} // namespace

class RequestStoreTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_scope;
    int m_case = 0;
    qint64 m_now = T0;

    Store &store() { return *m_store; }

    // The stored request behind the engine's back, or nullopt when none (NULL, no field).
    std::optional<QByteArray> rawRequest(const QString &key)
    {
        QMap<QString, QByteArray> fields;
        if (!m_env.rawRecord(m_scope, key, &fields))
            qWarning("the raw read of %s failed", qPrintable(key));
        return fields.contains(QStringLiteral("request")) ? std::optional<QByteArray>(fields.value(QStringLiteral("request")))
                                                          : std::nullopt;
    }

    Record got(const QString &key)
    {
        const Result<std::optional<Record>> r = store().get(m_scope, key);
        if (!r || !r.value()) {
            qWarning("no record %s: %s", qPrintable(key), r ? "absent" : qPrintable(r.error().message));
            return Record();
        }
        return *r.value();
    }

private slots:
    void initTestCase()
    {
        QString why;
        m_store = m_env.open(&why);
        if (!m_store)
            QFAIL(qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
    }

    void init()
    {
        m_scope = m_env.scope(QStringLiteral("req%1").arg(++m_case));
        m_now = T0;
    }

    // What the guard keeps is what the store holds, byte for byte, in the
    // in-flight record, its listing and the completed record; the card
    // number and the credentials reach no stored value.
    void theGuardKeepsTheMaskedRequestByteForByte()
    {
        Guard guard(store(), {}, [this] { return m_now; });
        const GuardRequest request = paymentRequest(m_scope, QStringLiteral("k1"));
        const QByteArray expected = keptRequestOf(request, ScopePolicy());
        QVERIFY(!expected.isEmpty() && !expected.contains(kCard) && expected.contains("[REDACTED]"));
        Record inFlight;
        QList<Record> listed;
        const GuardResult result = guard.handle(request, [&] {
            inFlight = got(QStringLiteral("k1"));
            const Result<QList<Record>> rows = store().inFlight(RecordQuery::ofScope(m_scope));
            if (rows)
                listed = rows.value();
            return Response{201, {{"Content-Type", "application/json"}}, "{\"ok\":true}"};
        });
        QCOMPARE(result.outcome, GuardOutcome::Executed);
        QCOMPARE(inFlight.request, expected);
        QCOMPARE(listed.size(), qsizetype(1));
        QCOMPARE(listed.constFirst().request, expected);
        QCOMPARE(got(QStringLiteral("k1")).request, expected); // completed: kept, to see what is replayed
        QCOMPARE(rawRequest(QStringLiteral("k1")), std::optional<QByteArray>(expected));

        QMap<QString, QByteArray> raw;
        QVERIFY(m_env.rawRecord(m_scope, QStringLiteral("k1"), &raw));
        QVERIFY(!raw.isEmpty());
        for (auto it = raw.cbegin(); it != raw.cend(); ++it) {
            QVERIFY2(!it.value().contains(kCard) && !it.value().contains("\"cvv\":\"321\"") && !it.value().contains("secret"),
                     qPrintable(it.key() + QStringLiteral(" holds ") + QString::fromUtf8(it.value())));
        }
        const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(raw.value(QStringLiteral("request")));
        QVERIFY(kept && kept.value());
        QCOMPARE(kept.value()->redacted, (QStringList{QStringLiteral("card.card_number"), QStringLiteral("card.cvv")}));
        QVERIFY(kept.value()->body.contains("李雷"));

        // A replay answers as before; the record keeps its request.
        QCOMPARE(guard.handle(request, [] { return Response{500, {}, {}}; }).outcome, GuardOutcome::Replayed);
        QCOMPARE(got(QStringLiteral("k1")).request, expected);
    }

    void anyDocumentRoundTripsByteForByte_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QByteArray>("contentType");
        QTest::newRow("json") << QByteArray(R"({"order_no":"SO1","items":[{"sku":"A","qty":2}]})") << QByteArray("application/json");
        QTest::newRow("1 MB, cut to 4 KiB") << QByteArray(1024 * 1024, 'a') << QByteArray("text/plain");
        QTest::newRow("NUL bytes and controls") << QByteArray("a\0b\x01\x1b[2J\r\n\"\\", 12) << QByteArray("text/plain");
        QTest::newRow("invalid UTF-8: base64") << QByteArray("\xc3\x28\xff\xfe\x00\x80", 6) << QByteArray("application/octet-stream");
        QTest::newRow("1 MB binary") << QByteArray(1024 * 1024, '\xfe') << QByteArray("application/octet-stream");
        QTest::newRow("Chinese and emoji") << QStringLiteral("订单 \U0001F4B3 支付").repeated(500).toUtf8() << QByteArray("text/plain");
        QTest::newRow("bidi override") << QByteArray("abc\xe2\x80\xae"
                                                     "def")
                                       << QByteArray("text/plain");
    }

    void anyDocumentRoundTripsByteForByte()
    {
        QFETCH(QByteArray, body);
        QFETCH(QByteArray, contentType);
        GuardRequest request = paymentRequest(m_scope, QStringLiteral("rt"));
        request.headers = {{"Content-Type", contentType}};
        request.body = body;
        const QByteArray document = keptRequestOf(request, ScopePolicy());
        QVERIFY(document.size() <= kMaxKeptRequestBytes);
        const Result<ClaimResult> claimed = store().claim(claimOf(m_scope, QStringLiteral("rt"), document));
        QVERIFY2(claimed.ok(), qPrintable(claimed.error().message));
        QCOMPARE(claimed->outcome, ClaimOutcome::Claimed);
        QCOMPARE(claimed->record.request, document);
        QCOMPARE(got(QStringLiteral("rt")).request, document);
        QCOMPARE(rawRequest(QStringLiteral("rt")), std::optional<QByteArray>(document));
        const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(got(QStringLiteral("rt")).request);
        QVERIFY(kept && kept.value());
        QVERIFY(body.startsWith(kept.value()->body));
        QCOMPARE(kept.value()->truncated, body.size() > 3000);
    }

    void aPolicyThatKeepsNoRequestStoresNothing()
    {
        ScopePolicies policies;
        ScopePolicy off = ScopePolicies::defaultFor(m_scope);
        off.keepRequest = false;
        policies.set(m_scope, off);
        Guard guard(store(), policies, [this] { return m_now; });
        Record inFlight;
        guard.handle(paymentRequest(m_scope, QStringLiteral("off")), [&] {
            inFlight = got(QStringLiteral("off"));
            return Response{200, {}, "ok"};
        });
        QVERIFY(inFlight.request.isEmpty());
        QVERIFY(got(QStringLiteral("off")).request.isEmpty());
        QCOMPARE(rawRequest(QStringLiteral("off")), std::optional<QByteArray>()); // NULL, no hash field: not even an empty value
        QMap<QString, QByteArray> raw;
        QVERIFY(m_env.rawRecord(m_scope, QStringLiteral("off"), &raw));
        for (const QByteArray &value : std::as_const(raw))
            QVERIFY(!value.contains(kCard) && !value.contains("MallApp"));
    }

    // A record as a version before kept requests wrote it: read, listed,
    // completed and replayed like any other.
    void aRecordWithoutARequestStillReads()
    {
        const QString key = QStringLiteral("old");
        const Result<ClaimResult> claimed =
            store().claim(claimOf(m_scope, key, keptRequestOf(paymentRequest(m_scope, key), ScopePolicy())));
        QVERIFY2(claimed.ok(), qPrintable(claimed.error().message));
        if (m_env.isRedis())
            QVERIFY(m_env.rawRedis({"HDEL", m_env.redisRecordKey(m_scope, key), "request"}));
        else
            QVERIFY(
                m_env.execSql(QStringLiteral("UPDATE idem_records SET request = NULL WHERE scope = ? AND idem_key = ?"), {m_scope, key}));
        QCOMPARE(rawRequest(key), std::optional<QByteArray>());
        const Record old = got(key);
        QCOMPARE(old.lease, claimed->record.lease);
        QVERIFY(old.request.isEmpty());
        const Result<QList<Record>> listed = store().inFlight(RecordQuery::ofScope(m_scope));
        QVERIFY(listed && listed->size() == 1 && listed->constFirst().readError.isEmpty() && listed->constFirst().request.isEmpty());
        const Result<Transition> done = store().complete(m_scope, key, old.lease, Response{200, {}, "paid"}, T0 + 1000, 3600000);
        QVERIFY(done && done->outcome == TransitionOutcome::Applied);
        ClaimRequest again = claimOf(m_scope, key, "{\"method\":\"POST\"}", T0 + 2000);
        const Result<ClaimResult> replay = store().claim(again);
        QVERIFY2(replay.ok(), qPrintable(replay.error().message));
        QCOMPARE(replay->outcome, ClaimOutcome::Replay);
        QCOMPARE(replay->record.body, QByteArray("paid"));
        QCOMPARE(rawRequest(key), std::optional<QByteArray>()); // a replay writes nothing
    }

    // A new attempt (after a timeout, or of an expired record) keeps its own
    // request, or none: never the last attempt's.
    void aNewAttemptKeepsItsOwnRequest()
    {
        const QString key = QStringLiteral("again");
        const QByteArray first = keptRequestOf(paymentRequest(m_scope, key, "attempt-1"), ScopePolicy());
        const QByteArray second = keptRequestOf(paymentRequest(m_scope, key, "attempt-2"), ScopePolicy());
        QVERIFY(first != second);
        Result<ClaimResult> c = store().claim(claimOf(m_scope, key, first));
        QVERIFY2(c.ok(), qPrintable(c.error().message));
        QVERIFY(store().applyAction(operatorTimeout(c->record, T0 + 20 * Minute, 3600000)).ok());
        c = store().claim(claimOf(m_scope, key, second, T0 + 21 * Minute));
        QVERIFY2(c.ok(), qPrintable(c.error().message));
        QCOMPARE(c->outcome, ClaimOutcome::Claimed);
        QCOMPARE(c->record.attempts, 2);
        QCOMPARE(c->record.request, second);
        QCOMPARE(got(key).request, second);
        QCOMPARE(rawRequest(key), std::optional<QByteArray>(second));

        QVERIFY(store().applyAction(operatorTimeout(c->record, T0 + 40 * Minute, 3600000)).ok());
        c = store().claim(claimOf(m_scope, key, QByteArray(), T0 + 41 * Minute));
        QVERIFY2(c.ok() && c->record.attempts == 3, c ? "" : qPrintable(c.error().message));
        QVERIFY(got(key).request.isEmpty());
        QCOMPARE(rawRequest(key), std::optional<QByteArray>());

        // Completed, expired, claimed afresh: the new request.
        QVERIFY(store().complete(m_scope, key, c->record.lease, Response{200, {}, "x"}, T0 + 42 * Minute, 1).ok());
        c = store().claim(claimOf(m_scope, key, first, T0 + 50 * Minute));
        QVERIFY2(c.ok() && c->outcome == ClaimOutcome::Claimed && c->record.attempts == 1, c ? "" : qPrintable(c.error().message));
        QCOMPARE(got(key).request, first);
    }

    // The reconcile plan's rows carry the listed record's request into the
    // audit entry's evidence, as stored.
    void theReconcileEvidenceHoldsTheRequest()
    {
        const QString key = QStringLiteral("rec");
        const QByteArray document = keptRequestOf(paymentRequest(m_scope, key), ScopePolicy());
        QVERIFY(store().claim(claimOf(m_scope, key, document, T0)).ok());
        RecordQuery stuck = RecordQuery::ofScope(m_scope);
        stuck.startedBeforeMs = T0 + 1;
        const Result<QList<Record>> rows = store().inFlight(stuck);
        QVERIFY(rows && rows->size() == 1);
        OrderMapping mapping;
        mapping.table = QStringLiteral("orders");
        mapping.keyColumn = QStringLiteral("order_no");
        mapping.statusColumn = QStringLiteral("status");
        mapping.doneValues = {QStringLiteral("PAID")};
        const ReconcileRow row = ReconcilePlan::propose(ActionTarget::of(rows->constFirst(), stuck.startedBeforeMs), mapping, std::nullopt);
        QCOMPARE(row.proposal, ReconcileProposal::Release);
        QCOMPARE(row.target.request, document);
        OperatorAction action = ReconcilePlan::actionFor(mapping, row, ScopePolicies(), T0 + Minute);
        action.audit.operatorName = QStringLiteral("ops-test");
        action.audit.host = QStringLiteral("test-host");
        action.audit.batchId = QStringLiteral("b-req");
        action.audit.reason = QStringLiteral("reconcile (test)");
        const Result<ActionResult> applied = store().applyAction(action);
        QVERIFY2(applied && applied->outcome == TransitionOutcome::Applied, applied ? "" : qPrintable(applied.error().message));
        const QList<AuditEntry> entries = scopeAudit(store(), m_scope);
        QCOMPARE(entries.size(), qsizetype(1));
        const QJsonObject evidence = QJsonDocument::fromJson(entries.constFirst().evidence).object();
        QCOMPARE(QJsonDocument(evidence.value(QStringLiteral("request")).toObject()).toJson(QJsonDocument::Compact),
                 QJsonDocument::fromJson(document).toJson(QJsonDocument::Compact));
        QVERIFY(!entries.constFirst().evidence.contains(kCard));
    }

    // A SQL store made before the request column (the column dropped behind
    // its back, as an older version created it): read-only, it lists and
    // reads every record without a request and creates nothing; opened to
    // write, it gets the column and new claims keep their request.
    void aStoreMadeBeforeTheColumn()
    {
        if (m_env.isRedis())
            QSKIP("SQL stores only: a Redis record without the request field is aRecordWithoutARequestStillReads");
        const QString url = freshDatabase();
        QVERIFY(!url.isEmpty());
        const QByteArray document = keptRequestOf(paymentRequest(m_scope, QStringLiteral("a")), ScopePolicy());
        {
            Result<std::unique_ptr<Store>> made = openStore(url, OpenMode::Create);
            QVERIFY2(made.ok(), qPrintable(made.error().message));
            QVERIFY(made.value()->claim(claimOf(m_scope, QStringLiteral("a"), document)).ok());
            const Result<ClaimResult> b = made.value()->claim(claimOf(m_scope, QStringLiteral("b"), document));
            QVERIFY(b.ok());
            QVERIFY(made.value()->complete(m_scope, QStringLiteral("b"), b->record.lease, Response{200, {}, "ok"}, T0, 3600000).ok());
        }
        QVERIFY(sqlExec(url, QStringLiteral("ALTER TABLE idem_records DROP COLUMN request")));
        const QStringList before = schemaOf(url);
        QVERIFY2(!before.join(QLatin1Char(' ')).contains(QLatin1String("request")), qPrintable(before.join(QLatin1Char(' '))));
        {
            Result<std::unique_ptr<Store>> reader = openStore(url, OpenMode::ReadOnly);
            QVERIFY2(reader.ok(), qPrintable(reader.error().message));
            Store &old = *reader.value();
            const Result<std::optional<Record>> a = old.get(m_scope, QStringLiteral("a"));
            QVERIFY2(a.ok() && a.value() && a.value()->readError.isEmpty(), a ? "absent" : qPrintable(a.error().message));
            QVERIFY(a.value()->request.isEmpty());
            QCOMPARE(a.value()->bizNo, QStringLiteral("SO-a"));
            RecordQuery every = RecordQuery::ofScope(m_scope);
            every.state.reset();
            const Result<QList<Record>> listed = old.records(every);
            QVERIFY2(listed.ok(), qPrintable(listed.error().message));
            QCOMPARE(listed->size(), qsizetype(2));
            for (const Record &r : listed.value())
                QVERIFY(r.readError.isEmpty() && r.request.isEmpty());
            QVERIFY(!old.claim(claimOf(m_scope, QStringLiteral("c"), document)).ok()); // read-only: refused
        }
        QCOMPARE(schemaOf(url), before); // nothing was created or changed
        {
            Result<std::unique_ptr<Store>> writer = openStore(url, OpenMode::ReadWrite);
            QVERIFY2(writer.ok(), qPrintable(writer.error().message));
            QVERIFY(schemaOf(url).join(QLatin1Char(' ')).contains(QLatin1String("request")));
            QVERIFY(writer.value()->get(m_scope, QStringLiteral("a")).value()->request.isEmpty());
            QVERIFY(writer.value()->claim(claimOf(m_scope, QStringLiteral("c"), document)).ok());
            QCOMPARE(writer.value()->get(m_scope, QStringLiteral("c")).value()->request, document);
        }
        dropDatabase();
    }

private:
    QString m_database; // the fresh database of aStoreMadeBeforeTheColumn (servers)

    // A database of the test's own: a SQLite file, or idem_req_<pid> on the server.
    QString freshDatabase()
    {
        if (m_env.backend() == QLatin1String("sqlite")) {
            const QString path = QDir::temp().filePath(QStringLiteral("idem-req-%1.db").arg(QCoreApplication::applicationPid()));
            QFile::remove(path);
            return QStringLiteral("sqlite://") + path;
        }
        m_database = QStringLiteral("idem_req_%1").arg(QCoreApplication::applicationPid());
        sqlExec(m_env.url(), QStringLiteral("DROP DATABASE IF EXISTS ") + m_database);
        if (!sqlExec(m_env.url(), QStringLiteral("CREATE DATABASE ") + m_database))
            return QString();
        return m_env.url().left(m_env.url().lastIndexOf(QLatin1Char('/')) + 1) + m_database;
    }

    void dropDatabase()
    {
        if (m_env.backend() == QLatin1String("sqlite")) {
            QFile::remove(QDir::temp().filePath(QStringLiteral("idem-req-%1.db").arg(QCoreApplication::applicationPid())));
            return;
        }
        const bool postgres = m_env.backend() == QLatin1String("postgresql");
        sqlExec(m_env.url(),
                QStringLiteral("DROP DATABASE IF EXISTS ") + m_database + (postgres ? QStringLiteral(" WITH (FORCE)") : QString()));
    }

    static bool sqlExec(const QString &url, const QString &sql)
    {
        const StoreUrl parsed = StoreUrl::parse(url).value();
        const QString name = QStringLiteral("req-raw");
        bool ok = false;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed.kind), name);
            configureSqlDatabase(db, parsed);
            QSqlQuery q(db);
            ok = db.open() && q.exec(sql);
            if (!ok)
                qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text() + db.lastError().text()));
        }
        QSqlDatabase::removeDatabase(name);
        return ok;
    }

    // The tables, indexes and idem_records' columns, sorted.
    static QStringList schemaOf(const QString &url)
    {
        const StoreUrl parsed = StoreUrl::parse(url).value();
        const QString name = QStringLiteral("req-schema");
        QStringList out;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed.kind), name);
            configureSqlDatabase(db, parsed);
            if (db.open()) {
                QSqlQuery q(db);
                const QString sql =
                    parsed.kind == StoreUrl::Kind::Sqlite
                        ? QStringLiteral("SELECT type || ' ' || name FROM sqlite_master UNION ALL "
                                         "SELECT 'column ' || name FROM pragma_table_info('idem_records')")
                    : parsed.kind == StoreUrl::Kind::Postgres
                        ? QStringLiteral(
                            "SELECT 'relation ' || relname FROM pg_class WHERE relnamespace = to_regnamespace(current_schema()) "
                            "UNION ALL SELECT 'column ' || attname FROM pg_attribute WHERE attrelid = to_regclass('idem_records') "
                            "AND attnum > 0 AND NOT attisdropped")
                        : QStringLiteral(
                            "SELECT CONCAT('table ', table_name) FROM information_schema.tables WHERE table_schema = DATABASE() "
                            "UNION ALL SELECT CONCAT('index ', index_name) FROM information_schema.statistics WHERE table_schema = "
                            "DATABASE() "
                            "UNION ALL SELECT CONCAT('column ', column_name) FROM information_schema.columns WHERE table_schema = "
                            "DATABASE() "
                            "AND table_name = 'idem_records'");
                if (q.exec(sql)) {
                    while (q.next())
                        out << q.value(0).toString();
                } else {
                    qWarning("%s", qPrintable(q.lastError().text()));
                }
            }
        }
        QSqlDatabase::removeDatabase(name);
        out.sort();
        return out;
    }
};

QTEST_GUILESS_MAIN(RequestStoreTest)
#include "tst_requeststore.moc"
