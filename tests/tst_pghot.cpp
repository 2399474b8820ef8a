// PostgreSQL's hot statements through libpq (app/store/pghot.h), on a
// database of this test's own on the shared server (IDEM_TEST_POSTGRESQL_URL):
// - parameters and binary results as the server reads and writes them
//   (every byte value, the extreme integers, NULL, text the server refuses);
// - two statements alike in length and in their first and last 64
//   characters (all SqlTextHash reads) keep their own prepared names, and
//   more parameters than pgHotExec keeps on the stack still bind;
// - what QPSQL leaves unread on its session is drained first, as QPSQL's
//   own next query would;
// - replays of bodies of every byte value and of 1 MB come back exactly, and
//   read the same as QtSql's get();
// - a column whose type is changed under a running store: a type the engine
//   reads is prepared again and served; another makes the record Corrupt,
//   untouched, and only it;
// - the store's session killed between requests (pg_terminate_backend): a
//   claim reconnects and prepares again; a complete fails with Unavailable
//   and is not repeated; the next one applies.
#include "app/store/openstore.h"
#include "app/store/pghot.h"
#include "app/store/sqlstore.h"
#include "tests/serverrequirement.h"

#include <QtTest>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <limits>

namespace {

QByteArray allBytes(qsizetype size)
{
    QByteArray out(size, Qt::Uninitialized);
    for (qsizetype i = 0; i < size; ++i)
        out[i] = char(i * 7 % 256);
    return out;
}

bool exec(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
    return false;
}

} // namespace

class PgHotTest : public QObject {
    Q_OBJECT

private:
    QString m_name; // this test's database
    QString m_storeUrl; // postgresql://idem@…/m_name
    QSqlDatabase m_admin;
    std::unique_ptr<Store> m_store;
    qint64 m_now = 1'800'000'000'000;

    ClaimRequest request(const QString &key)
    {
        ClaimRequest r;
        r.scope = QStringLiteral("pay");
        r.key = key;
        r.fingerprint = QStringLiteral("fp-") + key;
        r.owner = QStringLiteral("tst_pghot");
        r.nowMs = ++m_now;
        return r;
    }

    // Claims and completes `key` with `response`; the claim's lease.
    bool completeOne(const QString &key, const Response &response)
    {
        const Result<ClaimResult> claimed = m_store->claim(request(key));
        if (!claimed || claimed->outcome != ClaimOutcome::Claimed)
            return false;
        const Result<Transition> done = m_store->complete(QStringLiteral("pay"), key, claimed->record.lease, response, ++m_now, 3'600'000);
        return done && done->outcome == TransitionOutcome::Applied;
    }

    // Ends every session of the store's role on this test's database.
    bool killStoreSessions()
    {
        QSqlQuery q(m_admin);
        if (!q.exec(QStringLiteral("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                   "WHERE datname = '%1' AND usename = 'idem'")
                        .arg(m_name))
            || !q.next())
            return false;
        return q.value(0).toInt() >= 1;
    }

    // The test's own QPSQL session on its database, as the store's user.
    QSqlDatabase session(const QString &name)
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        configureSqlDatabase(db, StoreUrl::parse(m_storeUrl).value());
        db.open();
        return db;
    }

private slots:
    void initTestCase()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_POSTGRESQL_URL");
        m_name = QStringLiteral("pghot_%1").arg(QCoreApplication::applicationPid());
        QString adminUrl = url;
        adminUrl.replace(QStringLiteral("://idem@"), QStringLiteral("://postgres@"));
        adminUrl = adminUrl.left(adminUrl.lastIndexOf(QLatin1Char('/'))) + QStringLiteral("/postgres");
        m_storeUrl = url.left(url.lastIndexOf(QLatin1Char('/')) + 1) + m_name;
        m_admin = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), QStringLiteral("pghot-admin"));
        configureSqlDatabase(m_admin, StoreUrl::parse(adminUrl).value());
        QVERIFY2(m_admin.open(), qPrintable(m_admin.lastError().text()));
        QVERIFY(exec(m_admin, QStringLiteral("CREATE DATABASE %1 OWNER idem").arg(m_name)));
        Result<std::unique_ptr<Store>> store = openStore(m_storeUrl);
        QVERIFY2(store, qPrintable(store.error().message));
        m_store = std::move(store.value());
    }

    void cleanupTestCase()
    {
        m_store.reset();
        for (const QString &name : QSqlDatabase::connectionNames()) {
            if (name != QLatin1String("pghot-admin"))
                QSqlDatabase::removeDatabase(name);
        }
        if (m_admin.isOpen())
            exec(m_admin, QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
    }

    void parametersAndResults()
    {
        QSqlDatabase db = session(QStringLiteral("params"));
        QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
        PgStatementNames statements;
        const QString sql = QStringLiteral("SELECT ?::text, ?::bytea, ?::bigint, ?::bigint, ?::integer, ?::smallint, ?::boolean, "
                                           "?::text IS NULL, ?::text");
        const QByteArray bytes = allBytes(256 * 3);
        const QVariantList values{QStringLiteral("键 ✓ 'quote' \\ ?"),
                                  bytes,
                                  std::numeric_limits<qint64>::min(),
                                  std::numeric_limits<qint64>::max(),
                                  -2147483647 - 1,
                                  qint64(-32768),
                                  true,
                                  QVariant(),
                                  QString()};
        const PgAnswer answer = pgHotExec(db, statements, sql, values);
        QVERIFY2(answer.ok(), qPrintable(answer.error().text()));
        QCOMPARE(answer.rows(), 1);
        QCOMPARE(answer.typeProblem(), QString());
        QCOMPARE(answer.value(0, 0).toString(), values.at(0).toString());
        QCOMPARE(answer.value(0, 1).toByteArray(), bytes);
        QCOMPARE(answer.value(0, 2).toLongLong(), std::numeric_limits<qint64>::min());
        QCOMPARE(answer.value(0, 3).toLongLong(), std::numeric_limits<qint64>::max());
        QCOMPARE(answer.value(0, 4).toLongLong(), qint64(-2147483647 - 1));
        QCOMPARE(answer.value(0, 5).toLongLong(), qint64(-32768));
        QCOMPARE(answer.value(0, 6).toBool(), true);
        QCOMPARE(answer.value(0, 7).toBool(), true); // an invalid QVariant is NULL
        QVERIFY(answer.isNull(0, 8)); // so is a null QString, as QtSql binds it
        QCOMPARE(statements.size(), size_t(1));

        // The same statement again: no new prepare, the same answer.
        const PgAnswer again = pgHotExec(db, statements, sql, values);
        QVERIFY2(again.ok(), qPrintable(again.error().text()));
        QCOMPARE(again.value(0, 1).toByteArray(), bytes);

        // Text the server refuses (a NUL byte): its SQLSTATE, nothing crashes,
        // and the session goes on.
        const PgAnswer refused = pgHotExec(db, statements, QStringLiteral("SELECT convert_from(?, 'UTF8')"), {QByteArray("a\0b", 3)});
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().type(), QSqlError::StatementError);
        QVERIFY2(!refused.error().nativeErrorCode().isEmpty(), qPrintable(refused.error().text()));
        QVERIFY(pgHotExec(db, statements, sql, values).ok());

        // A type the reader does not take is named, never guessed at.
        const PgAnswer numeric = pgHotExec(db, statements, QStringLiteral("SELECT 1.5::numeric AS fraction"), {});
        QVERIFY(numeric.ok());
        QVERIFY2(numeric.typeProblem().contains(QLatin1String("fraction")), qPrintable(numeric.typeProblem()));
        QVERIFY(!numeric.value(0, 0).isValid());
    }

    // SqlTextHash reads only a statement's length and its first and last 64
    // characters: statements alike there share a bucket but never a name.
    // And more parameters than pgHotExec keeps on the stack still bind.
    void statementsAlikeAtBothEnds()
    {
        QSqlDatabase db = session(QStringLiteral("alike"));
        QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
        PgStatementNames statements;
        const QString head = QStringLiteral("SELECT ?::bigint AS v /* %1 */, ").arg(QString(70, QLatin1Char('h')));
        const QString tail = QStringLiteral(" /* %1 */").arg(QString(70, QLatin1Char('t')));
        const QString first = head + QStringLiteral("'a1'") + tail;
        const QString second = head + QStringLiteral("'b2'") + tail;
        QCOMPARE(first.size(), second.size());
        QCOMPARE(SqlTextHash()(first), SqlTextHash()(second));
        for (int round = 0; round < 2; ++round) {
            const PgAnswer a = pgHotExec(db, statements, first, {qint64(7)});
            const PgAnswer b = pgHotExec(db, statements, second, {qint64(8)});
            QVERIFY2(a.ok() && b.ok(), qPrintable(a.error().text() + b.error().text()));
            QCOMPARE(a.value(0, 1).toString(), QStringLiteral("a1"));
            QCOMPARE(b.value(0, 1).toString(), QStringLiteral("b2"));
            QCOMPARE(a.value(0, 0).toLongLong(), 7);
            QCOMPARE(b.value(0, 0).toLongLong(), 8);
        }
        QCOMPARE(statements.size(), size_t(2));

        QStringList sum;
        QVariantList values;
        for (int i = 1; i <= 40; ++i) {
            sum.append(QStringLiteral("?::bigint"));
            values.append(qint64(i));
        }
        const PgAnswer many = pgHotExec(db, statements, QStringLiteral("SELECT ") + sum.join(QStringLiteral(" + ")), values);
        QVERIFY2(many.ok(), qPrintable(many.error().text()));
        QCOMPARE(many.value(0, 0).toLongLong(), 40 * 41 / 2);
    }

    void sessionLeftByQtSql()
    {
        QSqlDatabase db = session(QStringLiteral("busy"));
        QVERIFY(db.isOpen());
        PgStatementNames statements;
        // QPSQL reads a forward-only query row by row and leaves libpq's
        // terminating result unread even after the last row and finish().
        {
            QSqlQuery read(db);
            read.setForwardOnly(true);
            QVERIFY(read.exec(QStringLiteral("SELECT generate_series(1, 1000)")));
            int rows = 0;
            while (read.next())
                ++rows;
            QCOMPARE(rows, 1000);
            read.finish();
            const PgAnswer after = pgHotExec(db, statements, QStringLiteral("SELECT ?::integer + 1"), {41});
            QVERIFY2(after.ok(), qPrintable(after.error().text()));
            QCOMPARE(after.value(0, 0).toLongLong(), 42);
        }
        // One still being read loses its rest, as it would to a QtSql query
        // run meanwhile: it stops with an error, never with wrong rows.
        QSqlQuery reading(db);
        reading.setForwardOnly(true);
        QVERIFY(reading.exec(QStringLiteral("SELECT generate_series(1, 1000)")));
        QVERIFY(reading.next());
        const PgAnswer meanwhile = pgHotExec(db, statements, QStringLiteral("SELECT ?::integer + 1"), {1});
        QVERIFY2(meanwhile.ok(), qPrintable(meanwhile.error().text()));
        QCOMPARE(meanwhile.value(0, 0).toLongLong(), 2);
        int rows = 1;
        while (reading.next()) {
            QCOMPARE(reading.value(0).toInt(), rows + 1);
            ++rows;
        }
        QVERIFY2(rows < 1000, qPrintable(QString::number(rows)));
        QVERIFY(reading.lastError().isValid());
        // QtSql's next query on the session works.
        QSqlQuery next(db);
        QVERIFY(next.exec(QStringLiteral("SELECT 7")) && next.next());
        QCOMPARE(next.value(0).toInt(), 7);
    }

    void replaysComeBackExactly()
    {
        const HeaderList headers{{"Content-Type", "application/octet-stream"}, {"X-Raw", allBytes(40).toHex()}};
        const QList<QByteArray> bodies{QByteArray(""), allBytes(1), allBytes(256), allBytes(70'000), allBytes(1 << 20)};
        for (qsizetype i = 0; i < bodies.size(); ++i) {
            const QString key = QStringLiteral("body-%1-键").arg(i);
            const Response response{201, headers, bodies.at(i)};
            QVERIFY(completeOne(key, response));
            const Result<ClaimResult> replay = m_store->claim(request(key));
            QVERIFY2(replay, qPrintable(replay.error().message));
            QCOMPARE(replay->outcome, ClaimOutcome::Replay);
            QCOMPARE(replay->record.statusCode, 201);
            QCOMPARE(replay->record.body, bodies.at(i));
            QCOMPARE(replay->record.headers, encodeHeaders(headers));
            const Result<std::optional<Record>> read = m_store->get(QStringLiteral("pay"), key); // through QtSql
            QVERIFY(read && read.value());
            QCOMPARE(replay->record.body, read.value()->body);
            QCOMPARE(replay->record.fingerprint, read.value()->fingerprint);
            QCOMPARE(replay->record.lease, read.value()->lease);
            QCOMPARE(replay->record.createdAt, read.value()->createdAt);
            QCOMPARE(replay->record.updatedAt, read.value()->updatedAt);
            QCOMPARE(replay->record.expiresAt, read.value()->expiresAt);
        }
    }

    void columnTypeChangedUnderTheStore()
    {
        QVERIFY(completeOne(QStringLiteral("altered"), Response{200, {}, "paid"}));
        QCOMPARE(m_store->claim(request(QStringLiteral("altered")))->outcome, ClaimOutcome::Replay); // prepared now

        // A type the engine reads: the cached plan is refused once by the
        // server, the statement is prepared again, the replay is served.
        QSqlDatabase owner = session(QStringLiteral("owner"));
        QVERIFY(owner.isOpen());
        QVERIFY(exec(owner, QStringLiteral("ALTER TABLE idem_records ALTER COLUMN status_code TYPE bigint")));
        Result<ClaimResult> replay = m_store->claim(request(QStringLiteral("altered")));
        QVERIFY2(replay, qPrintable(replay.error().message));
        QCOMPARE(replay->outcome, ClaimOutcome::Replay);
        QCOMPARE(replay->record.body, QByteArray("paid"));

        // A type it does not: that record is Corrupt and left as it was;
        // a new key is still claimed (its row is never read).
        QVERIFY(exec(owner, QStringLiteral("ALTER TABLE idem_records ALTER COLUMN reconciled TYPE numeric")));
        replay = m_store->claim(request(QStringLiteral("altered")));
        QVERIFY(!replay);
        QCOMPARE(replay.error().kind, ErrorKind::Corrupt);
        QVERIFY2(replay.error().message.contains(QLatin1String("reconciled")), qPrintable(replay.error().message));
        const Result<ClaimResult> fresh = m_store->claim(request(QStringLiteral("after-alter")));
        QVERIFY2(fresh, qPrintable(fresh.error().message));
        QCOMPARE(fresh->outcome, ClaimOutcome::Claimed);

        QVERIFY(exec(owner, QStringLiteral("ALTER TABLE idem_records ALTER COLUMN reconciled TYPE smallint, "
                                           "ALTER COLUMN status_code TYPE integer")));
        replay = m_store->claim(request(QStringLiteral("altered")));
        QVERIFY2(replay, qPrintable(replay.error().message));
        QCOMPARE(replay->outcome, ClaimOutcome::Replay);
        QCOMPARE(replay->record.statusCode, 200);
        owner.close();
    }

    void sessionKilledBetweenRequests()
    {
        QVERIFY(completeOne(QStringLiteral("killed-1"), Response{200, {}, "one"}));
        QVERIFY(killStoreSessions());
        // A claim's first statement reads or inserts: repeated once on a new
        // session, whose statements are prepared again.
        const Result<ClaimResult> replay = m_store->claim(request(QStringLiteral("killed-1")));
        QVERIFY2(replay, qPrintable(replay.error().message));
        QCOMPARE(replay->outcome, ClaimOutcome::Replay);

        const Result<ClaimResult> claimed = m_store->claim(request(QStringLiteral("killed-2")));
        QVERIFY2(claimed && claimed->outcome == ClaimOutcome::Claimed, claimed ? "not claimed" : qPrintable(claimed.error().message));
        QVERIFY(killStoreSessions());
        // A complete is a write: it fails closed and is not repeated.
        const Response response{200, {}, "two"};
        Result<Transition> done =
            m_store->complete(QStringLiteral("pay"), QStringLiteral("killed-2"), claimed->record.lease, response, ++m_now, 3'600'000);
        QVERIFY(!done);
        QCOMPARE(done.error().kind, ErrorKind::Unavailable);
        Result<std::optional<Record>> read = m_store->get(QStringLiteral("pay"), QStringLiteral("killed-2"));
        QVERIFY(read && read.value());
        QCOMPARE(read.value()->state, RecordState::InFlight);
        // The caller's retry applies on the new session.
        done = m_store->complete(QStringLiteral("pay"), QStringLiteral("killed-2"), claimed->record.lease, response, ++m_now, 3'600'000);
        QVERIFY2(done, qPrintable(done.error().message));
        QCOMPARE(done->outcome, TransitionOutcome::Applied);
        read = m_store->get(QStringLiteral("pay"), QStringLiteral("killed-2"));
        QCOMPARE(read.value()->state, RecordState::Completed);
        QCOMPARE(read.value()->body, QByteArray("two"));
    }
};

QTEST_GUILESS_MAIN(PgHotTest)
#include "tst_pghot.moc"
