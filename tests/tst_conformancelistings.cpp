// Listings on every store: in-flight pages merged in keyset order, with
// filters, a cutoff before the epoch matching nothing; records of every state
// paged by keyset, found by key and business number. Part of the store
// conformance suite (tests/conformancefixture.h): run once per backend (CTest
// passes IDEM_TEST_BACKEND), times driven by a fake clock.
#include "tests/conformancefixture.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <limits>
#include <thread>

class ConformanceListingsTest : public QObject, private ConformanceFixture {
    Q_OBJECT

private slots:
    void initTestCase() { openStore(); }
    void init() { startCase(); }

    // Many records with tied start times, paged both ways with a page size
    // that divides nothing: every record once, in strict keyset order (on a
    // Redis Cluster the scope's buckets are merged page by page).
    void inFlightPagesMergeInKeysetOrder()
    {
        const int n = 300;
        for (int i = 0; i < n; ++i)
            QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("m%1").arg(i), QStringLiteral("fp"), T0 + (i % 40) * 1000)).ok());
        for (const bool newestFirst : {false, true}) {
            RecordQuery q = RecordQuery::ofScope(m_scope);
            q.limit = 37;
            q.newestFirst = newestFirst;
            QList<Record> seen;
            for (int pages = 0; pages < 20; ++pages) {
                const Result<QList<Record>> page = store().inFlight(q);
                QVERIFY2(page.ok(), qPrintable(page.error().message));
                seen += page.value();
                if (page->size() < q.limit)
                    break;
                q.after = RecordQuery::Position{page->constLast().updatedAt, page->constLast().scope, page->constLast().key};
            }
            QCOMPARE(seen.size(), n);
            for (qsizetype i = 1; i < seen.size(); ++i) {
                const bool ordered = newestFirst ? keysetBefore(seen.at(i), seen.at(i - 1)) : keysetBefore(seen.at(i - 1), seen.at(i));
                QVERIFY2(ordered, qPrintable(QStringLiteral("row %1 (%2) out of order").arg(i).arg(seen.at(i).key)));
            }
        }
    }

    void inFlightListingPagesWithKeysetAndFilters()
    {
        // 25 records, attempts one second apart, two owners, some with LIKE wildcards in the key.
        const int n = 25;
        for (int i = 0; i < n; ++i) {
            ClaimRequest c = claimOf(m_scope, (i % 5 == 0 ? QStringLiteral("a%_") : QStringLiteral("key-")) + QString::number(i),
                                     QStringLiteral("fp"), T0 + i * 1000);
            c.owner = i % 2 ? QStringLiteral("odd:1") : QStringLiteral("even:2");
            c.bizNo = QStringLiteral("SO%1").arg(1000 + i);
            QVERIFY(store().claim(c).ok());
        }
        RecordQuery q;
        q.scope = m_scope;
        q.limit = 7;
        QStringList seen;
        qint64 last = 0;
        for (;;) {
            const Result<QList<Record>> page = store().inFlight(q);
            QVERIFY2(page.ok(), qPrintable(page.error().message));
            for (const Record &r : page.value()) {
                QVERIFY(r.updatedAt >= last);
                last = r.updatedAt;
                seen << r.key;
            }
            if (page->size() < q.limit)
                break;
            q.after = RecordQuery::Position{page->constLast().updatedAt, page->constLast().scope, page->constLast().key};
        }
        QCOMPARE(seen.size(), n);
        seen.removeDuplicates();
        QCOMPARE(seen.size(), n);

        RecordQuery newest = RecordQuery::ofScope(m_scope);
        newest.newestFirst = true;
        newest.limit = 1;
        QCOMPARE(store().inFlight(newest).value().constFirst().updatedAt, T0 + (n - 1) * 1000);

        auto count = [&](RecordQuery f) {
            f.scope = m_scope;
            return store().countInFlight(f).value_or(-1);
        };
        QCOMPARE(count({}), n);
        RecordQuery f;
        f.startedBeforeMs = T0 + 10 * 1000;
        QCOMPARE(count(f), 10);
        f = {};
        f.keyPrefix = QStringLiteral("a%_");
        QCOMPARE(count(f), 5);
        f.keyPrefix = QStringLiteral("a%");
        QCOMPARE(count(f), 5);
        f.keyPrefix = QStringLiteral("a_");
        QCOMPARE(count(f), 0); // '_' is literal, not a wildcard
        f = {};
        f.owner = QStringLiteral("odd:1");
        QCOMPARE(count(f), 12);
        f = {};
        f.bizNoPrefix = QStringLiteral("SO101");
        QCOMPARE(count(f), 10);

        RecordQuery other;
        other.scope = m_scope + QStringLiteral("-none");
        QCOMPARE(store().countInFlight(other).value_or(-1), 0);
    }

    // A cutoff is always a filter. One at or before the epoch (what
    // now - age gives for an absurd age) matches nothing, in both orders and
    // for both listed states; only an unset cutoff lists every age.
    void aCutoffBeforeTheEpochMatchesNothing()
    {
        for (int i = 0; i < 3; ++i)
            QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("fresh-%1").arg(i), QStringLiteral("fp"), T0 + i)).ok());
        RecordQuery all = RecordQuery::ofScope(m_scope);
        QCOMPARE(store().countInFlight(all).value_or(-1), 3);
        QCOMPARE(store().inFlight(all).value().size(), 3);
        for (const qint64 cutoff : {qint64(0), qint64(-1), -500'000LL * 3'600'000, std::numeric_limits<qint64>::min() + 1}) {
            for (const bool newestFirst : {false, true}) {
                for (const RecordState state : {RecordState::InFlight, RecordState::TimedOut}) {
                    RecordQuery q = RecordQuery::ofScope(m_scope);
                    q.state = state;
                    q.startedBeforeMs = cutoff;
                    q.newestFirst = newestFirst;
                    const Result<QList<Record>> page = store().inFlight(q);
                    QVERIFY2(page.ok(), qPrintable(page.error().message));
                    QVERIFY2(page->isEmpty(), qPrintable(QStringLiteral("cutoff %1 listed %2 records").arg(cutoff).arg(page->size())));
                    const Result<qint64> n = store().countInFlight(q);
                    QVERIFY2(n.ok(), qPrintable(n.error().message));
                    QCOMPARE(n.value(), 0);
                }
            }
        }
    }

    // Every key the listing gives for `q`, page by page from the keyset
    // position: checks the order and the state of each row; `between` runs
    // after the first page (records added while an operator pages).
    QStringList pageThrough(RecordQuery q, const std::function<void()> &between = {})
    {
        QStringList keys;
        std::optional<Record> previous;
        for (int page = 0; page < 100; ++page) {
            const Result<QList<Record>> rows = store().records(q);
            if (!rows.ok()) {
                qWarning() << rows.error().message;
                return {QStringLiteral("<error>")};
            }
            for (const Record &r : rows.value()) {
                if (previous && !(q.newestFirst ? keysetBefore(r, *previous) : keysetBefore(*previous, r)))
                    return {QStringLiteral("<out of order at %1>").arg(r.key)};
                if (r.scope != m_scope || (q.state && r.state != *q.state) || !r.readError.isEmpty())
                    return {QStringLiteral("<wrong row %1 %2>").arg(r.key, recordStateName(r.state))};
                previous = r;
                keys << r.key;
            }
            if (page == 0 && between)
                between();
            if (rows->size() < q.limit)
                return keys;
            q.after = RecordQuery::Position{rows->constLast().updatedAt, rows->constLast().scope, rows->constLast().key};
        }
        return {QStringLiteral("<endless>")};
    }

    void completeOne(const QString &key, qint64 claimedAt, qint64 completedAt)
    {
        const Result<ClaimResult> c = store().claim(claimOf(m_scope, key, QStringLiteral("fp"), claimedAt));
        QVERIFY2(c.ok(), qPrintable(c.error().message));
        const Result<Transition> done = store().complete(m_scope, key, c->record.lease, okResponse(), completedAt, 600 * Minute);
        QVERIFY2(done.ok() && done->outcome == TransitionOutcome::Applied, qPrintable(done.ok() ? QString() : done.error().message));
    }

    // The record browser's listing: COMPLETED, TIMED_OUT and every state
    // page by keyset like the in-flight list, filter by key and business
    // number, count, and change nothing.
    void recordsOfEveryStatePageByKeyset_data()
    {
        QTest::addColumn<bool>("newestFirst");
        QTest::newRow("oldest first") << false;
        QTest::newRow("newest first") << true;
    }

    void recordsOfEveryStatePageByKeyset()
    {
        QFETCH(bool, newestFirst);
        for (int i = 0; i < 12; ++i) // done-0 … done-11, completed one second apart
            completeOne(QStringLiteral("done-%1").arg(i), T0 + i * 1000, T0 + i * 1000 + 500);
        for (int i = 0; i < 6; ++i) { // the six left for manual review
            const Record r =
                store().claim(claimOf(m_scope, QStringLiteral("late-%1").arg(i), QStringLiteral("fp"), T0 + 100 + i)).value().record;
            const Result<ActionResult> timedOut = store().applyAction(actionOf(OperatorActionKind::MarkTimedOut, r, T0 + 11 * Minute + i));
            QVERIFY2(timedOut.ok() && timedOut->audit, qPrintable(timedOut.ok() ? QString() : timedOut.error().message));
        }
        for (int i = 0; i < 3; ++i)
            QVERIFY(store().claim(claimOf(m_scope, QStringLiteral("busy-%1").arg(i), QStringLiteral("fp"), T0 + 200 + i)).ok());
        const Result<QList<ScopeCount>> before = store().countByState(m_scope);
        QVERIFY(before.ok());

        RecordQuery completed = RecordQuery::ofScope(m_scope).inState(RecordState::Completed);
        completed.newestFirst = newestFirst;
        completed.limit = 5;
        // While the operator pages, one record completes beyond the position
        // reached (listed: it sorts after it, both orders would meet it or
        // not by where it sorts) and none is lost or repeated.
        const QStringList keys = pageThrough(completed, [&] { completeOne(QStringLiteral("done-new"), T0 + 30'000, T0 + 30'500); });
        QStringList expected;
        for (int i = 0; i < 12; ++i)
            expected << QStringLiteral("done-%1").arg(i);
        if (!newestFirst)
            expected << QStringLiteral("done-new"); // sorts after every page already read
        else
            std::reverse(expected.begin(), expected.end()); // newer than the first page: not met again
        QCOMPARE(keys, expected);
        QCOMPARE(store().countRecords(completed).value_or(-1), 13);

        RecordQuery f = completed;
        f.limit = 500;
        f.keyPrefix = QStringLiteral("done-1");
        QCOMPARE(store().countRecords(f).value_or(-1), 3); // done-1, done-10, done-11
        QCOMPARE(pageThrough(f).size(), 3);
        f.keyPrefix.clear();
        f.bizNoPrefix = QStringLiteral("SO-done-11");
        QCOMPARE(pageThrough(f), QStringList{QStringLiteral("done-11")});
        QCOMPARE(store().countRecords(f).value_or(-1), 1);
        f.bizNoPrefix = QStringLiteral("SO-late-");
        QCOMPARE(store().countRecords(f).value_or(-1), 0); // timed out, not completed

        RecordQuery timedOut = RecordQuery::ofScope(m_scope).inState(RecordState::TimedOut);
        timedOut.newestFirst = newestFirst;
        timedOut.limit = 4;
        QStringList late = pageThrough(timedOut);
        QCOMPARE(late.size(), 6);
        late.removeDuplicates();
        QCOMPARE(late.size(), 6);
        timedOut.keyPrefix = QStringLiteral("late-3");
        QCOMPARE(pageThrough(timedOut), QStringList{QStringLiteral("late-3")});
        timedOut.keyPrefix.clear();
        timedOut.bizNoPrefix = QStringLiteral("SO-late-4");
        QCOMPARE(pageThrough(timedOut), QStringList{QStringLiteral("late-4")});
        QCOMPARE(store().countRecords(timedOut).value_or(-1), 1);

        RecordQuery any = RecordQuery::ofScope(m_scope);
        any.state.reset();
        any.newestFirst = newestFirst;
        any.limit = 5;
        QStringList all = pageThrough(any);
        QCOMPARE(all.size(), 13 + 6 + 3);
        all.removeDuplicates();
        QCOMPARE(all.size(), 13 + 6 + 3);
        QCOMPARE(store().countRecords(any).value_or(-1), 13 + 6 + 3);
        any.keyPrefix = QStringLiteral("late-");
        QCOMPARE(store().countRecords(any).value_or(-1), 6);
        any.keyPrefix = QStringLiteral("busy-1");
        QCOMPARE(pageThrough(any), QStringList{QStringLiteral("busy-1")});

        // Reading changed nothing: one more completion (done-new) and nothing else.
        const Result<QList<ScopeCount>> after = store().countByState(m_scope);
        QVERIFY(after.ok());
        QCOMPARE(after->size(), before->size());
        for (qsizetype i = 0; i < after->size(); ++i)
            QCOMPARE(after->at(i).count, before->at(i).count + (after->at(i).state == RecordState::Completed ? 1 : 0));
        QCOMPARE(store().countRecords(RecordQuery::ofScope(m_scope + QStringLiteral("-none")).inState(RecordState::Completed)).value_or(-1),
                 0);
    }
};

QTEST_GUILESS_MAIN(ConformanceListingsTest)
#include "tst_conformancelistings.moc"
