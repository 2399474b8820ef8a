// Fault tests with real servers (DESIGN.md: fail closed; reconnection
// resumes by itself). Per server backend, a press run of client threads over
// many keys, whose business action counts its executions per key, has its
// server SIGKILLed in the middle (tests/testserver.h):
//  - the requests whose business action already ran keep their record in
//    flight (the completion cannot be written); every later request gets
//    store_unavailable (503) and runs nothing;
//  - every business execution belongs to an Executed answer: nothing ran
//    unguarded;
//  - after a restart on the same port and data, the same Store object (not
//    reopened) serves again within a bounded number of retries, from the
//    same client threads, and replaying every key runs nothing twice.
// SQLite: another connection's exclusive lock makes the guard answer 503 and
// run nothing; once the lock is gone the same store serves again.
//
// Waiting is polling with generous bounds (hang guards); nothing asserts on
// how long anything took.
#include "tests/testserver.h"

#include "app/guard/guard.h"
#include "app/store/openstore.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace {

constexpr int kClients = 8;
constexpr int kKeys = 120;
constexpr int kRequests = 2 * kKeys; // every key twice in a row: the second meets the first
constexpr int kExecutionsBeforeKill = 24; // later business actions wait until the server is dead
constexpr int kRecoveryAttempts = 300; // per request, 100 ms apart
constexpr int kHangGuardMs = 300000;

// Client threads that live across the phases of one test, so the store
// connections they opened before the kill are the ones that must recover.
class ClientThreads final {
    Q_DISABLE_COPY_MOVE(ClientThreads)
public:
    explicit ClientThreads(int count)
    {
        for (int i = 0; i < count; ++i)
            m_threads.emplace_back([this] { loop(); });
    }

    ~ClientThreads()
    {
        {
            QMutexLocker lock(&m_mutex);
            m_stop = true;
            m_wake.wakeAll();
        }
        for (std::thread &thread : m_threads)
            thread.join();
    }

    // Every thread runs `work` once; returns at once.
    void start(std::function<void()> work)
    {
        QMutexLocker lock(&m_mutex);
        m_work = std::move(work);
        m_busy = int(m_threads.size());
        ++m_generation;
        m_wake.wakeAll();
    }

    bool wait(int timeoutMs)
    {
        QMutexLocker lock(&m_mutex);
        const QDeadlineTimer deadline(timeoutMs);
        while (m_busy > 0 && m_done.wait(&m_mutex, deadline)) { }
        return m_busy == 0;
    }

private:
    void loop()
    {
        quint64 seen = 0;
        for (;;) {
            std::function<void()> work;
            {
                QMutexLocker lock(&m_mutex);
                while (!m_stop && m_generation == seen)
                    m_wake.wait(&m_mutex);
                if (m_stop)
                    return;
                seen = m_generation;
                work = m_work;
            }
            work();
            QMutexLocker lock(&m_mutex);
            if (--m_busy == 0)
                m_done.wakeAll();
        }
    }

    QMutex m_mutex;
    QWaitCondition m_wake;
    QWaitCondition m_done;
    std::function<void()> m_work;
    quint64 m_generation = 0;
    int m_busy = 0;
    bool m_stop = false;
    std::vector<std::thread> m_threads;
};

// What one client saw.
struct Answer {
    int key = -1;
    GuardOutcome outcome = GuardOutcome::Executed;
    int status = 0;
    bool finalised = true;
    bool startedAfterKill = false; // the request began with the server dead
    bool parked = false; // its business action ran while the server was killed
    int retries = 0; // store_unavailable answers before this one
    QByteArray body;
    QString message;
};

QString describe(const Answer &a)
{
    return QStringLiteral("key %1: %2 (HTTP %3, finalised %4, after kill %5, parked %6, retries %7) %8")
        .arg(a.key)
        .arg(guardOutcomeName(a.outcome))
        .arg(a.status)
        .arg(int(a.finalised))
        .arg(int(a.startedAfterKill))
        .arg(int(a.parked))
        .arg(a.retries)
        .arg(a.message);
}

// The business side of the press: counts executions per key and, once
// armed, holds every business action until the test has killed the server,
// so the kill lands while requests are running.
class Business final {
    Q_DISABLE_COPY_MOVE(Business)
public:
    explicit Business(int keys)
        : m_executions(keys)
    {
    }

    Response run(int key, bool *parked)
    {
        const int execution = ++m_executions[key];
        if (++m_total > kExecutionsBeforeKill) {
            QMutexLocker lock(&m_mutex);
            if (!m_open) {
                *parked = true;
                ++m_parked;
                while (!m_open)
                    m_gate.wait(&m_mutex);
            }
        }
        Response response;
        response.status = 200;
        response.headers = {{"Content-Type", "application/json"}};
        response.body = "{\"key\":" + QByteArray::number(key) + ",\"execution\":" + QByteArray::number(execution) + '}';
        return response;
    }

    int parked()
    {
        QMutexLocker lock(&m_mutex);
        return m_parked;
    }

    void open()
    {
        QMutexLocker lock(&m_mutex);
        m_open = true;
        m_gate.wakeAll();
    }

    int executions(int key) const { return m_executions[key]; }

private:
    std::vector<std::atomic<int>> m_executions;
    std::atomic<int> m_total{0};
    QMutex m_mutex;
    QWaitCondition m_gate;
    bool m_open = false;
    int m_parked = 0;
};

GuardRequest requestFor(const QString &scope, const QString &key)
{
    GuardRequest request;
    request.scope = scope;
    request.key = key;
    request.path = "/api/payments";
    request.headers = {{"Content-Type", "application/json"}};
    request.body = "{\"key\":\"" + key.toUtf8() + "\",\"amount_cents\":100}";
    request.bizNo = QStringLiteral("PAY-") + key;
    return request;
}

QString keyName(int key)
{
    return QStringLiteral("fault-%1").arg(key);
}

// Runs one request, retrying store_unavailable answers (bounded): a client
// that backs off and tries again, as the 503's Retry-After tells it to.
Answer ask(Guard &guard, const QString &scope, int key, Business &business, int maxAttempts)
{
    Answer answer;
    answer.key = key;
    for (int attempt = 1;; ++attempt) {
        bool parked = false;
        const GuardResult r = guard.handle(requestFor(scope, keyName(key)), [&] { return business.run(key, &parked); });
        answer.outcome = r.outcome;
        answer.status = r.response.status;
        answer.finalised = r.finalised;
        answer.body = r.response.body;
        answer.message = r.message;
        answer.parked = parked;
        if (r.outcome != GuardOutcome::StoreUnavailable || attempt >= maxAttempts)
            return answer;
        ++answer.retries;
        QThread::msleep(100);
    }
}

bool isBroken(GuardOutcome outcome)
{
    return outcome == GuardOutcome::ExecutedUnguarded || outcome == GuardOutcome::Mismatch || outcome == GuardOutcome::CorruptRecord
           || outcome == GuardOutcome::InvalidKey;
}

} // namespace

class FaultTest : public QObject {
    Q_OBJECT

private slots:
    void serverKilledMidPress_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("redis") << QStringLiteral("redis");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
        QTest::newRow("mysql") << QStringLiteral("mysql");
    }

    void serverKilledMidPress()
    {
        QFETCH(QString, backend);
        const TestServer::Kind kind = backend == QLatin1String("redis")        ? TestServer::Kind::Redis
                                      : backend == QLatin1String("postgresql") ? TestServer::Kind::Postgres
                                                                               : TestServer::Kind::Mysql;
        IDEM_REQUIRE_SERVER_PROGRAMS(kind);

        TestServer server(kind);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        Result<std::unique_ptr<Store>> opened = openStore(server.url());
        if (!opened && opened.error().kind == ErrorKind::NotBuilt)
            QSKIP(qPrintable(opened.error().message));
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        const std::unique_ptr<Store> store = std::move(opened).value();

        const QString scope = QStringLiteral("faults-") + backend;
        Guard guard(*store);
        Business business(kKeys);
        std::atomic<bool> killed{false};
        std::atomic<int> next{0}; // the next request a client takes
        QMutex answersMutex;
        QList<Answer> answers;
        ClientThreads clients(kClients);
        // Whatever fails below, no client stays parked and none outlives
        // what it uses.
        const auto release = qScopeGuard([&] {
            business.open();
            clients.wait(kHangGuardMs);
        });

        // Phase 1: the press, and the kill while every client is inside a
        // business action.
        clients.start([&] {
            for (int i = next++; i < kRequests; i = next++) {
                const bool afterKill = killed;
                Answer answer = ask(guard, scope, i / 2, business, 1);
                answer.startedAfterKill = afterKill;
                QMutexLocker lock(&answersMutex);
                answers << answer;
            }
        });
        QTRY_VERIFY_WITH_TIMEOUT(business.parked() == kClients, kHangGuardMs);
        QVERIFY2(server.kill(&error), qPrintable(error));
        killed = true;
        business.open();
        QVERIFY2(clients.wait(kHangGuardMs), "the clients did not finish with the server dead");

        QCOMPARE(answers.size(), kRequests);
        QList<int> executedAnswers(kKeys, 0);
        QSet<int> parkedKeys, completedKeys;
        QHash<int, QByteArray> completedBodies;
        int unavailable = 0, beforeKill = 0;
        for (const Answer &a : std::as_const(answers)) {
            QVERIFY2(!isBroken(a.outcome), qPrintable(describe(a)));
            if (a.outcome == GuardOutcome::Executed)
                ++executedAnswers[a.key];
            if (a.parked) {
                // Ran before the kill, finished after it: answered, but the
                // record could not be completed and stays in flight.
                QVERIFY2(a.outcome == GuardOutcome::Executed && !a.finalised, qPrintable(describe(a)));
                parkedKeys << a.key;
            } else if (a.startedAfterKill) {
                QVERIFY2(a.outcome == GuardOutcome::StoreUnavailable && a.status == 503, qPrintable(describe(a)));
                ++unavailable;
            } else {
                ++beforeKill;
                QVERIFY2((a.outcome == GuardOutcome::Executed && a.finalised) || a.outcome == GuardOutcome::Replayed
                             || a.outcome == GuardOutcome::InProgress,
                         qPrintable(describe(a)));
                if (a.outcome == GuardOutcome::Executed) {
                    completedKeys << a.key;
                    completedBodies.insert(a.key, a.body);
                }
            }
        }
        QCOMPARE(parkedKeys.size(), kClients);
        QVERIFY2(unavailable > 0, "no request met the dead server: the kill did not land mid-run");
        for (int k = 0; k < kKeys; ++k) {
            QVERIFY2(business.executions(k) == executedAnswers[k] && business.executions(k) <= 1,
                     qPrintable(QStringLiteral("key %1 ran %2 times, with %3 executed answers (before the restart)")
                                    .arg(k)
                                    .arg(business.executions(k))
                                    .arg(executedAnswers[k])));
        }

        // Phase 2: the server comes back; the same store serves again.
        QVERIFY2(server.start(&error), qPrintable(error));
        int probeExecutions = 0;
        int probeAttempts = 0;
        GuardResult probe;
        do {
            if (probeAttempts++ > 0)
                QTest::qWait(100);
            probe = guard.handle(requestFor(scope, QStringLiteral("probe")), [&] {
                ++probeExecutions;
                return Response{201, {}, QByteArrayLiteral("probe")};
            });
        } while (probe.outcome == GuardOutcome::StoreUnavailable && probeAttempts < kRecoveryAttempts);
        QVERIFY2(
            probe.outcome == GuardOutcome::Executed && probe.finalised,
            qPrintable(QStringLiteral("after %1 attempts: %2 %3").arg(probeAttempts).arg(guardOutcomeName(probe.outcome), probe.message)));
        QCOMPARE(probeExecutions, 1);

        // Every key again, from the same client threads (their connections
        // died with the server), retrying 503s a bounded number of times.
        for (int round = 1; round <= 2; ++round) {
            answers.clear();
            next = 0;
            clients.start([&] {
                for (int k = next++; k < kKeys; k = next++) {
                    const Answer answer = ask(guard, scope, k, business, kRecoveryAttempts);
                    QMutexLocker lock(&answersMutex);
                    answers << answer;
                }
            });
            QVERIFY2(clients.wait(kHangGuardMs), "the clients did not finish after the restart");
            QCOMPARE(answers.size(), kKeys);
            int retries = 0;
            for (const Answer &a : std::as_const(answers)) {
                QVERIFY2(!isBroken(a.outcome) && a.outcome != GuardOutcome::StoreUnavailable, qPrintable(describe(a)));
                retries += a.retries;
                if (a.outcome == GuardOutcome::Executed)
                    ++executedAnswers[a.key];
                if (parkedKeys.contains(a.key)) {
                    // Its business action ran once; its record is still in flight.
                    QVERIFY2(a.outcome == GuardOutcome::InProgress && a.status == 409, qPrintable(describe(a)));
                } else if (completedKeys.contains(a.key)) {
                    QVERIFY2(a.outcome == GuardOutcome::Replayed && a.body == completedBodies.value(a.key), qPrintable(describe(a)));
                } else if (round == 1) {
                    // Never ran before the kill: runs now, once.
                    QVERIFY2(a.outcome == GuardOutcome::Executed && a.finalised, qPrintable(describe(a)));
                    completedBodies.insert(a.key, a.body);
                } else {
                    QVERIFY2(a.outcome == GuardOutcome::Replayed && a.body == completedBodies.value(a.key), qPrintable(describe(a)));
                }
            }
            qInfo("%s, replay round %d after the restart: %d store_unavailable answers retried", qPrintable(backend), round, retries);
        }

        for (int k = 0; k < kKeys; ++k) {
            QVERIFY2(business.executions(k) == 1 && executedAnswers[k] == 1,
                     qPrintable(QStringLiteral("key %1 ran %2 times, with %3 executed answers")
                                    .arg(k)
                                    .arg(business.executions(k))
                                    .arg(executedAnswers[k])));
            const Result<std::optional<Record>> record = store->get(scope, keyName(k));
            QVERIFY2(record.ok() && record->has_value(), qPrintable(QStringLiteral("key %1: %2").arg(k).arg(record.error().message)));
            const RecordState expected = parkedKeys.contains(k) ? RecordState::InFlight : RecordState::Completed;
            QVERIFY2(record->value().state == expected,
                     qPrintable(QStringLiteral("key %1 is %2").arg(k).arg(recordStateName(record->value().state))));
        }
        const Result<qint64> inFlight = store->countInFlight(RecordQuery::ofScope(scope));
        QVERIFY2(inFlight.ok(), qPrintable(inFlight.error().message));
        QCOMPARE(inFlight.value(), qint64(kClients));

        qInfo("%s: %d answers before the kill, %d held in flight by the kill, %d store_unavailable; "
              "served again after %d attempts; %d keys ran once each",
              qPrintable(backend), beforeKill, int(parkedKeys.size()), unavailable, probeAttempts, kKeys);
    }

    void sqliteLockedFailsClosed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(QStringLiteral("records.db"));
        Result<std::unique_ptr<Store>> opened = openStore(QStringLiteral("sqlite://") + file + QStringLiteral("?busy_timeout_ms=200"));
        QVERIFY2(opened.ok(), qPrintable(opened.error().message));
        const std::unique_ptr<Store> store = std::move(opened).value();
        Guard guard(*store);
        const QString scope = QStringLiteral("faults-sqlite");
        std::atomic<int> executions{0};
        const auto business = [&] {
            ++executions;
            return Response{201, {{"Content-Type", "application/json"}}, QByteArrayLiteral("{\"ok\":true}")};
        };

        const QString lockerName = QStringLiteral("faults-locker");
        {
            QSqlDatabase locker = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), lockerName);
            locker.setDatabaseName(file);
            QVERIFY2(locker.open(), qPrintable(locker.lastError().text()));
            QSqlQuery lock(locker);
            QVERIFY2(lock.exec(QStringLiteral("BEGIN EXCLUSIVE")), qPrintable(lock.lastError().text()));

            QList<GuardResult> results;
            for (int i = 0; i < 3; ++i)
                results << guard.handle(requestFor(scope, keyName(i)), business);
            // And from a thread whose connection is opened while the lock is held.
            std::thread([&] { results << guard.handle(requestFor(scope, keyName(3)), business); }).join();
            for (const GuardResult &r : std::as_const(results)) {
                QVERIFY2(r.outcome == GuardOutcome::StoreUnavailable,
                         qPrintable(guardOutcomeName(r.outcome) + QStringLiteral(": ") + r.message));
                QCOMPARE(r.response.status, 503);
                QVERIFY(r.retryAfterMs > 0);
            }
            QCOMPARE(executions.load(), 0);

            QVERIFY2(lock.exec(QStringLiteral("COMMIT")), qPrintable(lock.lastError().text()));
            locker.close();
        }
        QSqlDatabase::removeDatabase(lockerName);

        // The lock is gone: the same store serves again.
        GuardResult r;
        int attempts = 0;
        do {
            if (attempts++ > 0)
                QTest::qWait(100);
            r = guard.handle(requestFor(scope, keyName(0)), business);
        } while (r.outcome == GuardOutcome::StoreUnavailable && attempts < kRecoveryAttempts);
        QVERIFY2(r.outcome == GuardOutcome::Executed && r.finalised,
                 qPrintable(guardOutcomeName(r.outcome) + QStringLiteral(": ") + r.message));
        QCOMPARE(executions.load(), 1);
        r = guard.handle(requestFor(scope, keyName(0)), business);
        QCOMPARE(r.outcome, GuardOutcome::Replayed);
        QCOMPARE(executions.load(), 1);
    }
};

QTEST_GUILESS_MAIN(FaultTest)
#include "tst_faults.moc"
