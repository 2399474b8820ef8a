// The PostgreSQL sessions the guard's threads share in pipeline mode
// (app/store/pgmux.h), on real servers:
// - many threads claiming one key at once through a store (whose hot
//   statements go through a PgMux by default): exactly one executes, every
//   other sees it in progress, and all replay once it is completed;
// - threads sharing one session while one of them sends statements the
//   server refuses (a duplicate key): each refusal is that thread's alone,
//   and every other thread's insert committed (a Sync after each statement:
//   no transaction spans two threads' statements);
// - a server of the test's own killed while threads pipeline statements:
//   every statement is answered, a success or a ConnectionError; what was
//   acknowledged is there after the restart, and the same PgMux connects
//   afresh and serves.
#include "app/store/openstore.h"
#include "app/store/pgmux.h"
#include "app/store/sqlstore.h"
#include "tests/serverrequirement.h"
#include "tests/testserver.h"

#include <QtTest>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace {

bool exec(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    qWarning("%s: %s", qPrintable(sql), qPrintable(q.lastError().text()));
    return false;
}

QSqlDatabase session(const QString &name, const QString &url)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    configureSqlDatabase(db, StoreUrl::parse(url).value());
    db.open();
    return db;
}

// Runs `work(thread)` on `count` threads at once; returns when all are done.
void onThreads(int count, const std::function<void(int)> &work)
{
    std::atomic<int> ready{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < count; ++t) {
        threads.emplace_back([&, t] {
            ready.fetch_add(1);
            while (ready.load() < count)
                std::this_thread::yield();
            work(t);
        });
    }
    for (std::thread &thread : threads)
        thread.join();
}

constexpr int kThreads = 32;

} // namespace

class PgMuxTest : public QObject {
    Q_OBJECT

private slots:
    void manyThreadsOneKey()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_POSTGRESQL_URL");
        Result<std::unique_ptr<Store>> opened = openStore(url);
        QVERIFY2(opened, qPrintable(opened.error().message));
        Store &store = *opened.value();
        const QString scope = QStringLiteral("pgmux-%1").arg(QCoreApplication::applicationPid());
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int round = 0; round < 10; ++round) {
            const QString key = QStringLiteral("one-key-%1").arg(round);
            const auto request = [&] {
                ClaimRequest r;
                r.scope = scope;
                r.key = key;
                r.fingerprint = QStringLiteral("fp");
                r.owner = QStringLiteral("tst_pgmux");
                r.nowMs = now + round;
                return r;
            };
            std::mutex mutex;
            QList<ClaimResult> answers;
            QStringList errors;
            const auto claimAll = [&](int) {
                const Result<ClaimResult> claimed = store.claim(request());
                std::lock_guard lock(mutex);
                if (claimed)
                    answers << claimed.value();
                else
                    errors << claimed.error().message;
            };
            onThreads(kThreads, claimAll);
            QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
            QString lease;
            int executed = 0;
            for (const ClaimResult &answer : std::as_const(answers)) {
                if (answer.outcome == ClaimOutcome::Claimed) {
                    ++executed;
                    lease = answer.record.lease;
                } else {
                    QCOMPARE(answer.outcome, ClaimOutcome::InProgress);
                }
            }
            QCOMPARE(executed, 1);
            const Result<Transition> done = store.complete(scope, key, lease, Response{200, {}, "paid"}, now + round, 3'600'000);
            QVERIFY2(done && done->outcome == TransitionOutcome::Applied, done ? "stale" : qPrintable(done.error().message));

            answers.clear();
            onThreads(kThreads, claimAll);
            QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
            QCOMPARE(answers.size(), kThreads);
            for (const ClaimResult &answer : std::as_const(answers)) {
                QCOMPARE(answer.outcome, ClaimOutcome::Replay);
                QCOMPARE(answer.record.body, QByteArray("paid"));
            }
        }
    }

    void refusedStatementIsItsThreadsAlone()
    {
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_POSTGRESQL_URL");
        {
            QSqlDatabase db = session(QStringLiteral("refused"), url);
            QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
            QVERIFY(exec(db, QStringLiteral("DROP TABLE IF EXISTS pgmux_refused")));
            QVERIFY(exec(db, QStringLiteral("CREATE TABLE pgmux_refused (k bigint PRIMARY KEY, t int NOT NULL)")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("refused"));

        // One session: every thread's statements share its pipeline.
        PgMux mux(StoreUrl::parse(url).value(), 1);
        const QString insert = QStringLiteral("INSERT INTO pgmux_refused (k, t) VALUES (?, ?)");
        constexpr int kPerThread = 200;
        std::mutex mutex;
        QStringList problems;
        int refused = 0;
        onThreads(8, [&](int t) {
            for (int i = 0; i < kPerThread; ++i) {
                // Thread 0 inserts key 0 once, then the same key again and again.
                const qint64 key = t == 0 ? 0 : qint64(t) * 1000 + i;
                const PgAnswer answer = mux.exec(insert, {key, t});
                std::lock_guard lock(mutex);
                const bool shouldFail = t == 0 && i > 0;
                if (shouldFail && !answer.ok() && answer.error().nativeErrorCode() == QLatin1String("23505"))
                    ++refused;
                else if (shouldFail || !answer.ok())
                    problems << QStringLiteral("thread %1, insert %2: %3")
                                    .arg(t)
                                    .arg(i)
                                    .arg(answer.ok() ? QStringLiteral("not refused") : answer.error().text());
            }
        });
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(refused, kPerThread - 1);
        qInfo("%lld round trips for %d statements", mux.roundTrips(), 8 * kPerThread);

        const PgAnswer count = mux.exec(QStringLiteral("SELECT count(*), count(DISTINCT t) FROM pgmux_refused"), {});
        QVERIFY2(count.ok(), qPrintable(count.error().text()));
        QCOMPARE(count.value(0, 0).toLongLong(), 1 + 7 * kPerThread);
        QCOMPARE(count.value(0, 1).toLongLong(), 8);
        QVERIFY(mux.exec(QStringLiteral("DROP TABLE pgmux_refused"), {}).ok());
    }

    void serverKilledMidPipeline()
    {
        IDEM_REQUIRE_SERVER_PROGRAMS(TestServer::Kind::Postgres);
        TestServer server(TestServer::Kind::Postgres);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        {
            QSqlDatabase db = session(QStringLiteral("killed"), server.url());
            QVERIFY2(db.isOpen(), qPrintable(db.lastError().text()));
            QVERIFY(exec(db, QStringLiteral("CREATE TABLE pgmux_killed (k bigint PRIMARY KEY)")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("killed"));

        PgMux mux(StoreUrl::parse(server.url()).value(), 2);
        const QString insert = QStringLiteral("INSERT INTO pgmux_killed (k) VALUES (?)");
        std::atomic<bool> killed{false};
        std::atomic<bool> finishing{false}; // should a check below fail first
        std::atomic<int> acknowledged{0};
        std::atomic<int> failedAfterKill{0};
        std::mutex mutex;
        QSet<qint64> committed;
        QStringList problems;
        std::vector<std::thread> threads;
        for (int t = 0; t < 16; ++t) {
            threads.emplace_back([&, t] {
                // Until this thread has seen the dead server refuse it.
                bool failedLate = false;
                for (qint64 i = 0; !failedLate && !finishing; ++i) {
                    const qint64 key = qint64(t) * 1'000'000 + i;
                    const PgAnswer answer = mux.exec(insert, {key});
                    const bool afterKill = killed; // set before the kill
                    std::lock_guard lock(mutex);
                    if (answer.ok()) {
                        committed.insert(key);
                        acknowledged.fetch_add(1);
                    } else if (answer.error().type() != QSqlError::ConnectionError) {
                        problems << QStringLiteral("not a connection error: %1").arg(answer.error().text());
                        failedLate = true;
                    } else if (!afterKill) {
                        problems << QStringLiteral("failed before the kill: %1").arg(answer.error().text());
                        failedLate = true;
                    } else {
                        failedLate = true;
                        failedAfterKill.fetch_add(1);
                    }
                }
            });
        }
        const auto join = qScopeGuard([&] {
            finishing = true;
            for (std::thread &thread : threads)
                thread.join();
        });
        QTRY_VERIFY_WITH_TIMEOUT(acknowledged.load() >= 2000 || !problems.isEmpty(), 120000);
        killed = true;
        QVERIFY2(server.kill(&error), qPrintable(error));
        // Each thread ends at its first failure after the kill: all of them
        // end, none hangs on the dead server.
        QTRY_COMPARE_WITH_TIMEOUT(failedAfterKill.load() + int(problems.size()), 16, 120000);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

        QVERIFY2(server.start(&error), qPrintable(error));
        // The same PgMux connects afresh once its 200 ms back-off passed.
        PgAnswer rows;
        QTRY_VERIFY_WITH_TIMEOUT((rows = mux.exec(QStringLiteral("SELECT k FROM pgmux_killed"), {})).ok(), 60000);
        QSet<qint64> present;
        for (int r = 0; r < rows.rows(); ++r)
            present.insert(rows.value(r, 0).toLongLong());
        std::lock_guard lock(mutex);
        QVERIFY(committed.size() >= 2000);
        QVERIFY2(present.contains(committed), "an acknowledged insert is missing after the restart");
        // Both sessions serve again.
        onThreads(4, [&](int t) { (void)mux.exec(insert, {qint64(-1 - t)}); });
        const PgAnswer after = mux.exec(QStringLiteral("SELECT count(*) FROM pgmux_killed WHERE k < 0"), {});
        QVERIFY2(after.ok(), qPrintable(after.error().text()));
        QCOMPARE(after.value(0, 0).toLongLong(), 4);
    }
};

QTEST_GUILESS_MAIN(PgMuxTest)
#include "tst_pgmux.moc"
