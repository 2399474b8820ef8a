// idemctl reading and fixing records: go-middleware records listed and
// reconciled, control characters shown escaped, get showing the kept
// request, records finding every state by key or business number.
#include "app/guard/guard.h"
#include "app/store/openstore.h"
#include "tests/idemctlfixture.h"
#include "tests/reconcileoptions.h"
#include "tests/serverrequirement.h"

#include <QtSql>
#include <QtTest>

#include <hiredis/hiredis.h>

class IdemctlRecordsTest : public QObject, private IdemctlFixture {
    Q_OBJECT

private slots:
    void goMiddlewareInflightAndReconcile()
    {
        IDEM_FETCH_SERVER_URL(redisUrl, "IDEM_TEST_REDIS_URL");
        RedisConnection redis(redisSettings(redisUrl));
        // A prefix of this run only, so other tests' keys are not listed.
        const QByteArray prefix = "idemp:ctl" + QByteArray::number(QCoreApplication::applicationPid()) + ':';
        const QString layoutFile = m_dir.filePath(QStringLiteral("go.json"));
        {
            QFile f(layoutFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"base\": \"go-middleware\", \"scope\": \"pay\", \"redis\": {\"key_prefix\": \"" + prefix
                    + "\", \"scan_count\": 50}}");
        }
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (const QByteArray &key : {QByteArrayLiteral("PAY-1001"), QByteArrayLiteral("PAY-1002"), QByteArrayLiteral("PAY-1003")}) {
            Result<RedisReply> set = redis.command({"SET", prefix + key, goInFlight(key, now - 3600000), "EX", "86400"});
            QVERIFY(set.ok());
        }
        const QByteArray fresh = goInFlight("PAY-1004", now - 1000); // in flight but not stuck: left alone
        QVERIFY(redis.command({"SET", prefix + "PAY-1004", fresh, "EX", "86400"}).ok());

        const QString ordersFile = m_dir.filePath(QStringLiteral("go-orders.db"));
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("go-orders"));
            db.setDatabaseName(ordersFile);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE orders (order_no TEXT PRIMARY KEY, status TEXT, amount INTEGER)")));
            QVERIFY(q.exec(QStringLiteral("INSERT INTO orders VALUES ('PAY-1001', 'PAID', 4200), ('PAY-1003', 'PENDING', 990)")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("go-orders"));

        const QString audit = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("go-audit.db"));
        const QStringList storeArgs{QStringLiteral("--store"), redisUrl, QStringLiteral("--layout"), layoutFile,
                                    QStringLiteral("--audit"), audit};
        const Run listed = idemctl(QStringList{QStringLiteral("inflight"), QStringLiteral("--json")} + storeArgs);
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        const QJsonArray rows = QJsonDocument::fromJson(listed.out).object().value(QStringLiteral("records")).toArray();
        QStringList keys;
        for (const QJsonValue &v : rows)
            keys << v.toObject().value(QStringLiteral("key")).toString();
        QCOMPARE(keys, (QStringList{QStringLiteral("PAY-1001"), QStringLiteral("PAY-1002"), QStringLiteral("PAY-1003"),
                                    QStringLiteral("PAY-1004")}));

        const QStringList reconcile = QStringList{QStringLiteral("reconcile")} + ordersMapping(QStringLiteral("sqlite://") + ordersFile)
                                      + QStringList{QStringLiteral("--pending-values"),
                                                    QStringLiteral("PENDING"),
                                                    QStringLiteral("--match"),
                                                    QStringLiteral("key"),
                                                    QStringLiteral("--operator"),
                                                    QStringLiteral("night-ops"),
                                                    QStringLiteral("--reason"),
                                                    QStringLiteral("INC-7 gateway timeouts"),
                                                    QStringLiteral("--json")}
                                      + storeArgs;
        const Run applied = idemctl(reconcile);
        QVERIFY2(applied.exitCode == 0, QByteArray(applied.err + applied.out).constData());
        const QJsonObject done = applied.json();
        QCOMPARE(done.value(QStringLiteral("matched")).toInteger(), 3);
        QCOMPARE(done.value(QStringLiteral("complete")).toInteger(), 1);
        QCOMPARE(done.value(QStringLiteral("release")).toInteger(), 1);
        QCOMPARE(done.value(QStringLiteral("review")).toInteger(), 1);
        QCOMPARE(done.value(QStringLiteral("applied")).toInteger(), 2);

        // PAY-1001: finished as Go's Finalize writes it, so a retry replays.
        Result<RedisReply> finished = redis.command({"GET", prefix + "PAY-1001"});
        QVERIFY(finished.ok());
        const QByteArray value = RedisConnection::bytes(finished->get());
        const QJsonObject go = QJsonDocument::fromJson(value).object();
        QCOMPARE(go.keys(), (QStringList{QStringLiteral("body"), QStringLiteral("created_at"), QStringLiteral("expires_at"),
                                         QStringLiteral("headers"), QStringLiteral("in_flight"), QStringLiteral("key"),
                                         QStringLiteral("request_hash"), QStringLiteral("status_code")}));
        QVERIFY2(value.startsWith("{\"key\":\"PAY-1001\",\"status_code\":200,\"headers\":{"), value.constData());
        QVERIFY2(value.endsWith(",\"request_hash\":\"9f86d081884c7d65\",\"in_flight\":false}"), value.constData());
        QVERIFY(value.contains(QByteArray("\"created_at\":\"" + goTime(now - 3600000, 417) + '"'))); // kept as the service wrote it
        QVERIFY(!QByteArray::fromBase64(go.value(QStringLiteral("body")).toString().toLatin1()).isEmpty());
        Result<RedisReply> ttl = redis.command({"PTTL", prefix + "PAY-1001"});
        QVERIFY(ttl.ok() && ttl.value()->integer > 0);
        // PAY-1002 (no order): deleted, so the client may resubmit. PAY-1003 and the fresh one: untouched.
        QCOMPARE(redis.command({"EXISTS", prefix + "PAY-1002"}).value()->integer, 0LL);
        QCOMPARE(RedisConnection::bytes(redis.command({"GET", prefix + "PAY-1004"}).value().get()), fresh);

        const Run verify = idemctl(QStringList{QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--json")} + storeArgs);
        QVERIFY2(verify.exitCode == 0, verify.err.constData());
        QVERIFY(verify.json().value(QStringLiteral("ok")).toBool());
        QCOMPARE(verify.json().value(QStringLiteral("entries")).toInteger(), 2);

        // A claim is the service's: idemctl press on this store is refused with the layout named.
        const Run press = idemctl(QStringList{QStringLiteral("press"), QStringLiteral("--concurrency"), QStringLiteral("2"),
                                              QStringLiteral("--requests"), QStringLiteral("2")}
                                  + storeArgs);
        QVERIFY(press.exitCode != 0);
        QVERIFY2(press.err.contains("layout"), press.err.constData());

        for (const QByteArray &key : {QByteArrayLiteral("PAY-1001"), QByteArrayLiteral("PAY-1003"), QByteArrayLiteral("PAY-1004")})
            QVERIFY(redis.command({"DEL", prefix + key}).ok());
    }

    // An escape sequence someone stored in a key, owner or
    // biz_no (native SQLite and Redis, a SQLite BLOB key, a go-middleware
    // key) reaches the terminal escaped by inflight, get, the sweep's
    // preview and audit list; --json escapes it as JSON does.
    void controlCharactersAreShownEscaped()
    {
        const QString hostile = QStringLiteral("K\x1b]0;pwned\x07\x1b[2J");
        const QByteArray shown = "K\\x1b]0;pwned\\x07\\x1b[2J";
        const auto clean = [](const QByteArray &out) { return !out.contains('\x1b') && !out.contains('\x07'); };
        IDEM_FETCH_SERVER_URL(redisUrl, "IDEM_TEST_REDIS_URL");
        const QStringList stores{QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("hostile.db")), redisUrl};
        const qint64 hourAgo = QDateTime::currentMSecsSinceEpoch() - 3600000;
        const QString scope = QStringLiteral("esc%1").arg(QCoreApplication::applicationPid());
        for (const QString &url : stores) {
            {
                Result<std::unique_ptr<Store>> store = openStore(url);
                QVERIFY2(store.ok(), qPrintable(store.error().message));
                ClaimRequest claim;
                claim.scope = scope;
                claim.key = hostile;
                claim.fingerprint = QStringLiteral("f");
                claim.owner = QStringLiteral("pod\x1b[31m-1");
                claim.bizNo = QStringLiteral("SO\u202e1");
                claim.nowMs = hourAgo;
                QVERIFY(store.value()->claim(claim).ok());
            }
            const QStringList at{QStringLiteral("--store"), url, QStringLiteral("--scope"), scope};
            const Run listed = idemctl(QStringList{QStringLiteral("inflight")} + at);
            QVERIFY2(listed.exitCode == 0, listed.err.constData());
            QVERIFY2(clean(listed.out) && listed.out.contains(shown), listed.out.constData());
            QVERIFY2(listed.out.contains("owner=pod\\x1b[31m-1") && listed.out.contains("biz_no=SO\\u{202e}1"), listed.out.constData());
            const Run got = idemctl(QStringList{QStringLiteral("get"), QStringLiteral("--key"), hostile} + at);
            QVERIFY2(got.exitCode == 0 && clean(got.out) && got.out.contains(shown), got.out.constData());
            const Run json = idemctl(QStringList{QStringLiteral("get"), QStringLiteral("--key"), hostile, QStringLiteral("--json")} + at);
            QVERIFY2(json.out.contains("K\\u001b]0;pwned\\u0007"), json.out.constData());
            QCOMPARE(json.json().value(QStringLiteral("key")).toString(), hostile);
            const QStringList sweep = QStringList{QStringLiteral("sweep"),      QStringLiteral("--older-than"), QStringLiteral("10m"),
                                                  QStringLiteral("--operator"), QStringLiteral("night-ops"),    QStringLiteral("--reason"),
                                                  QStringLiteral("INC-9")}
                                      + at;
            const Run preview = idemctl(sweep + QStringList{QStringLiteral("--dry-run")});
            QVERIFY2(preview.exitCode == 0 && clean(preview.out), preview.out.constData());
            QVERIFY2(preview.out.contains("Owners: pod\\x1b[31m-1 (1)") && preview.out.contains(shown), preview.out.constData());
            const Run applied = idemctl(sweep);
            QVERIFY2(applied.exitCode == 0 && clean(applied.out), QByteArray(applied.out + applied.err).constData());
            const Run audit = idemctl(
                {QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--store"), url, QStringLiteral("--scope"), scope});
            QVERIFY2(audit.exitCode == 0 && clean(audit.out) && audit.out.contains(shown), audit.out.constData());
        }

        // A key SQLite holds as a BLOB: read as text, shown escaped.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("hostile"));
            db.setDatabaseName(m_dir.filePath(QStringLiteral("hostile.db")));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY2(q.exec(QStringLiteral(
                                "INSERT INTO idem_records (scope, idem_key, state, fingerprint, lease, owner, created_at, updated_at) "
                                "VALUES ('blob', X'4231621b5d303b78071b5b324a', 'IN_FLIGHT', 'f', 'l', 'o', %1, %1)")
                                .arg(hourAgo)),
                     qPrintable(q.lastError().text()));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("hostile"));
        const Run blob = idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), stores.constFirst(), QStringLiteral("--scope"),
                                  QStringLiteral("blob")});
        QVERIFY2(blob.exitCode == 0 && clean(blob.out) && blob.out.contains("B1b\\x1b]0;x\\x07\\x1b[2J"), blob.out.constData());

        // A go-middleware key (the Redis key's suffix and the JSON's "key").
        RedisConnection redis(redisSettings(redisUrl));
        const QByteArray prefix = "idemp:esc" + QByteArray::number(QCoreApplication::applicationPid()) + ':';
        const QString layoutFile = m_dir.filePath(QStringLiteral("go-esc.json"));
        {
            QFile f(layoutFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"base\": \"go-middleware\", \"scope\": \"pay\", \"redis\": {\"key_prefix\": \"" + prefix + "\"}}");
        }
        const QByteArray goKey = "PAY\x1b]0;x\x07";
        QByteArray value = goInFlight("PAY\\u001b]0;x\\u0007", hourAgo);
        QVERIFY(redis.command({"SET", prefix + goKey, value, "EX", "600"}).ok());
        const Run go =
            idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), redisUrl, QStringLiteral("--layout"), layoutFile,
                     QStringLiteral("--audit"), QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("go-esc-audit.db"))});
        QVERIFY(redis.command({"DEL", prefix + goKey}).ok());
        QVERIFY2(go.exitCode == 0 && clean(go.out) && go.out.contains("PAY\\x1b]0;x\\x07"), QByteArray(go.out + go.err).constData());
    }

    // `idemctl get` shows the request the record kept: --json as a "request"
    // object (masked fields listed, the cut marked with the original size,
    // a binary body as base64), text as an escaped block; null and a reason
    // when none was kept.
    void getShowsTheKeptRequest()
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("request.db"));
        const qint64 hourAgo = QDateTime::currentMSecsSinceEpoch() - 3600000;
        {
            Result<std::unique_ptr<Store>> store = openStore(url);
            QVERIFY2(store.ok(), qPrintable(store.error().message));
            ScopePolicies policies;
            ScopePolicy off = ScopePolicies::defaultFor(QStringLiteral("order"));
            off.keepRequest = false;
            policies.set(QStringLiteral("order"), off);
            Guard guard(*store.value(), policies, [hourAgo] { return hourAgo; });
            GuardRequest r;
            r.scope = QStringLiteral("payment");
            r.key = QStringLiteral("pay-1");
            r.path = "/api/payments";
            r.headers = {{"Content-Type", "application/json"}, {"X-Request-Id", "req\x1b[2J-1"}, {"Authorization", "Bearer secret"}};
            r.body = R"({"order_no":"SO1","card_number":"6222021234567890","amount":"88.00"})";
            QVERIFY(store.value()->claim(guard.claimFor(r)).ok());
            r.key = QStringLiteral("pay-big");
            r.body = QByteArray(1024 * 1024, '\xfe');
            QVERIFY(store.value()->claim(guard.claimFor(r)).ok());
            r.scope = QStringLiteral("order");
            r.key = QStringLiteral("ord-1");
            QVERIFY(store.value()->claim(guard.claimFor(r)).ok());
        }
        const auto get = [&url](const QString &scope, const QString &key, bool json) {
            QStringList args{
                QStringLiteral("get"), QStringLiteral("--store"), url, QStringLiteral("--scope"), scope, QStringLiteral("--key"), key};
            if (json)
                args << QStringLiteral("--json");
            return idemctl(args);
        };
        const Run json = get(QStringLiteral("payment"), QStringLiteral("pay-1"), true);
        QVERIFY2(json.exitCode == 0, json.err.constData());
        QVERIFY2(!json.out.contains("6222021234567890") && !json.out.contains("secret"), json.out.constData());
        const QJsonObject request = json.json().value(QStringLiteral("request")).toObject();
        QCOMPARE(request.value(QStringLiteral("method")).toString(), QStringLiteral("POST"));
        QCOMPARE(request.value(QStringLiteral("path")).toString(), QStringLiteral("/api/payments"));
        QCOMPARE(request.value(QStringLiteral("headers")).toObject(),
                 (QJsonObject{{QStringLiteral("Content-Type"), QStringLiteral("application/json")},
                              {QStringLiteral("X-Request-Id"), QString(QStringLiteral("req") + QChar(0x1b) + QStringLiteral("[2J-1"))}}));
        QCOMPARE(request.value(QStringLiteral("body")).toString(),
                 QStringLiteral(R"({"order_no":"SO1","card_number":"[REDACTED]","amount":"88.00"})"));
        QCOMPARE(request.value(QStringLiteral("truncated")).toBool(), false);
        QCOMPARE(request.value(QStringLiteral("original_bytes")).toInt(), 68);
        QCOMPARE(request.value(QStringLiteral("redacted")).toArray(), QJsonArray{QStringLiteral("card_number")});
        QVERIFY(!request.contains(QStringLiteral("body_base64")));

        const Run big = get(QStringLiteral("payment"), QStringLiteral("pay-big"), true);
        const QJsonObject cut = big.json().value(QStringLiteral("request")).toObject();
        QVERIFY2(cut.value(QStringLiteral("truncated")).toBool(), big.out.constData());
        QCOMPARE(cut.value(QStringLiteral("original_bytes")).toInt(), 1024 * 1024);
        const QByteArray kept = QByteArray::fromBase64(cut.value(QStringLiteral("body_base64")).toString().toLatin1());
        QVERIFY(kept.size() > 2000 && kept == QByteArray(kept.size(), '\xfe'));
        QVERIFY(!cut.contains(QStringLiteral("body")));

        const Run none = get(QStringLiteral("order"), QStringLiteral("ord-1"), true);
        QVERIFY2(none.exitCode == 0 && none.json().contains(QStringLiteral("request"))
                     && none.json().value(QStringLiteral("request")).isNull(),
                 none.out.constData());

        // Text: the block after the fields, escaped, with the markers.
        const Run text = get(QStringLiteral("payment"), QStringLiteral("pay-1"), false);
        QVERIFY2(text.exitCode == 0 && !text.out.contains('\x1b') && !text.out.contains("6222021234567890"), text.out.constData());
        QVERIFY2(
            text.out.contains("request:\n    POST /api/payments\n    Content-Type: application/json\n    X-Request-Id: req\\x1b[2J-1\n"),
            text.out.constData());
        QVERIFY2(text.out.contains("-- Masked before it was stored: card_number."), text.out.constData());
        const Run cutText = get(QStringLiteral("payment"), QStringLiteral("pay-big"), false);
        QVERIFY2(cutText.out.contains("-- Cut to the 4 KiB kept per record") && cutText.out.contains("of the body's 1048576 bytes"),
                 cutText.out.constData());
        const Run noneText = get(QStringLiteral("order"), QStringLiteral("ord-1"), false);
        QVERIFY2(noneText.out.contains("request:\n    No request was kept with this record"), noneText.out.constData());
    }

    // The operator's night: preview, apply, verify the audit log, notice tampering.
    // `idemctl records`: the timed-out records left for manual review are
    // found by key and by business number, completed ones too; a bad
    // --state exits 2; reading creates and changes nothing.
    void recordsFindsEveryStateByKeyOrBusinessNumber()
    {
        const QString path = m_dir.filePath(QStringLiteral("records.db"));
        const QString url = QStringLiteral("sqlite://") + path;
        {
            Result<std::unique_ptr<Store>> opened = openStore(url);
            QVERIFY2(opened.ok(), qPrintable(opened.error().message));
            Store &s = *opened.value();
            const qint64 t = QDateTime::currentMSecsSinceEpoch() - 3600'000;
            for (int i = 0; i < 5; ++i) {
                ClaimRequest c;
                c.scope = QStringLiteral("payment");
                c.key = QStringLiteral("pay-%1").arg(i);
                c.fingerprint = QStringLiteral("fp");
                c.owner = QStringLiteral("api-1:7");
                c.bizNo = QStringLiteral("PO-%1").arg(700 + i);
                c.nowMs = t + i * 1000;
                const Result<ClaimResult> claimed = s.claim(c);
                QVERIFY(claimed.ok());
                if (i < 2) {
                    QVERIFY(s.complete(c.scope, c.key, claimed->record.lease, Response{200, {}, "ok"}, c.nowMs + 10, 86400'000).ok());
                } else if (i < 4) {
                    OperatorAction a;
                    a.kind = OperatorActionKind::MarkTimedOut;
                    a.scope = c.scope;
                    a.key = c.key;
                    a.lease = claimed->record.lease;
                    a.startedBeforeMs = c.nowMs + 1;
                    a.nowMs = t + 20 * 60'000;
                    a.retentionMs = 86400'000;
                    a.audit.operatorName = QStringLiteral("ops");
                    a.audit.host = QStringLiteral("h");
                    a.audit.batchId = QStringLiteral("b-1");
                    a.audit.reason = QStringLiteral("stuck");
                    QVERIFY(s.applyAction(a).ok());
                }
            }
        }
        const QByteArray before = [&] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
        }();
        const QStringList base{QStringLiteral("records"), QStringLiteral("--store"), url, QStringLiteral("--json")};

        Run r = idemctl(base);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 5);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().size(), 5);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("pay-3")); // newest first: timed out last

        r = idemctl(
            base
            + QStringList{QStringLiteral("--state"), QStringLiteral("timed_out"), QStringLiteral("--key-prefix"), QStringLiteral("pay-3")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 1);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("TIMED_OUT"));
        // Not in flight: `inflight` does not find it, `records` does.
        const Run inflight = idemctl({QStringLiteral("inflight"), QStringLiteral("--store"), url, QStringLiteral("--json")});
        QCOMPARE(inflight.json().value(QStringLiteral("matched")).toInteger(), 1);

        r = idemctl(
            base
            + QStringList{QStringLiteral("--state"), QStringLiteral("completed"), QStringLiteral("--biz-no"), QStringLiteral("PO-701")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 1);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("pay-1"));

        r = idemctl(base
                    + QStringList{QStringLiteral("--state"), QStringLiteral("completed"), QStringLiteral("--limit"), QStringLiteral("1"),
                                  QStringLiteral("--oldest-first")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 2);
        QCOMPARE(r.json().value(QStringLiteral("records")).toArray().at(0).toObject().value(QStringLiteral("key")).toString(),
                 QStringLiteral("pay-0"));
        QCOMPARE(r.json().value(QStringLiteral("next_after")).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("pay-0"));

        r = idemctl({QStringLiteral("records"), QStringLiteral("--store"), url, QStringLiteral("--scope"), QStringLiteral("payment"),
                     QStringLiteral("--state"), QStringLiteral("timed_out")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("2 record(s) match") && r.out.contains("pay-2") && r.out.contains("TIMED_OUT"), r.out.constData());

        const Run bad = idemctl(base + QStringList{QStringLiteral("--state"), QStringLiteral("done")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--state"), bad.err.constData());
        const Run missing = idemctl({QStringLiteral("records"), QStringLiteral("--store"),
                                     QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("none.db"))});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("No store at"), missing.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.db"))));

        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256), before);
        f.close();

        // A store written before the completed listing had its index: read
        // as it is (nothing added), completed by the first ReadWrite open.
        const auto hasIndex = [&] {
            bool found = false;
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("records-index"));
                db.setDatabaseName(path);
                if (db.open()) {
                    QSqlQuery q(db);
                    found = q.exec(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name = 'idem_records_completed'")) && q.next()
                            && q.value(0).toInt() == 1;
                }
            }
            QSqlDatabase::removeDatabase(QStringLiteral("records-index"));
            return found;
        };
        QVERIFY(hasIndex());
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("records-drop"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("DROP INDEX idem_records_completed")));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("records-drop"));
        r = idemctl(base + QStringList{QStringLiteral("--state"), QStringLiteral("completed")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("matched")).toInteger(), 2);
        QVERIFY(!hasIndex());
        QVERIFY(openStore(url, OpenMode::ReadWrite).ok());
        QVERIFY(hasIndex());
    }
};

QTEST_GUILESS_MAIN(IdemctlRecordsTest)
#include "tst_idemctlrecords.moc"
