// InFlightRecordModel over a real SQLite store: keyset paging through
// fetchMore, filters and order in the store query, stale pages dropped.
#include "models/inflightrecordmodel.h"
#include "models/storesession.h"

#include "app/ops/agetext.h"
#include "app/store/openstore.h"

#include <QAbstractItemModelTester>
#include <QSemaphore>
#include <QtTest>

namespace {

constexpr qint64 Minute = 60'000;

} // namespace

class InFlightModelTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;
    qint64 m_now = 0;

    static bool waitForIdle(InFlightRecordModel &model)
    {
        return QTest::qWaitFor([&] { return !model.isLoading() && model.matchingCount() >= 0; }, 10000);
    }

private slots:
    void initTestCase()
    {
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("model.db"));
        Result<std::unique_ptr<Store>> store = openStore(m_url);
        QVERIFY2(store.ok(), qPrintable(store.error().message));
        m_now = QDateTime::currentMSecsSinceEpoch();
        // 450 in flight: 300 payment (one a second, 4–9 min old), 150 order
        // (20–40 min old, stuck); and 50 completed that must never show.
        for (int i = 0; i < 450; ++i) {
            ClaimRequest c;
            c.scope = i < 300 ? QStringLiteral("payment") : QStringLiteral("order");
            c.key = QStringLiteral("k%1").arg(i, 4, 10, QLatin1Char('0'));
            c.fingerprint = QStringLiteral("fp");
            c.owner = i % 3 ? QStringLiteral("svc-a:1") : QStringLiteral("svc-b:2");
            c.bizNo = QStringLiteral("SO%1").arg(5000 + i);
            c.nowMs = i < 300 ? m_now - 9 * Minute + i * 1000 : m_now - 40 * Minute + (i - 300) * 8000;
            QCOMPARE(store.value()->claim(c).value().outcome, ClaimOutcome::Claimed);
        }
        for (int i = 0; i < 50; ++i) {
            ClaimRequest c;
            c.scope = QStringLiteral("payment");
            c.key = QStringLiteral("done%1").arg(i);
            c.fingerprint = QStringLiteral("fp");
            c.nowMs = m_now - 30 * Minute;
            const Result<ClaimResult> claimed = store.value()->claim(c);
            QVERIFY(store.value()->complete(c.scope, c.key, claimed->record.lease, Response{200, {}, "ok"}, c.nowMs, 3600'000).ok());
        }
    }

    // One age formatter. A 50-hour-old record once read "50 h 3 min" in
    // this tab and "2 d 2 h" in the wizard; both now use ageText.
    void agesReadTheSameEverywhere()
    {
        QCOMPARE(ageText(-5), QStringLiteral("0 s"));
        QCOMPARE(ageText(59'999), QStringLiteral("59 s"));
        QCOMPARE(ageText(60'000), QStringLiteral("1 min 0 s"));
        QCOMPARE(ageText(48 * 60 * Minute - 1), QStringLiteral("47 h 59 min"));
        QCOMPARE(ageText(50 * 60 * Minute + 3 * Minute), QStringLiteral("2 d 2 h"));
        StoreSession session(m_url);
        InFlightRecordModel model(&session);
        model.reload();
        QVERIFY(waitForIdle(model));
        QVERIFY(model.rowCount() > 0);
        const qint64 age = model.index(0, InFlightRecordModel::AgeColumn).data(InFlightRecordModel::RawValueRole).toLongLong();
        QCOMPARE(model.index(0, InFlightRecordModel::AgeColumn).data().toString(), ageText(age));
    }

    // A key or owner a service stored with control or bidi
    // characters is shown escaped; sorting and actions use the raw value.
    void hostileTextIsShownEscaped()
    {
        const QString key = QStringLiteral("K\x1b]0;x\x07\u202e1");
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("hostile.db")); // not the shared 450
        {
            Result<std::unique_ptr<Store>> store = openStore(url);
            QVERIFY(store.ok());
            ClaimRequest c;
            c.scope = QStringLiteral("hostile");
            c.key = key;
            c.fingerprint = QStringLiteral("fp");
            c.owner = QStringLiteral("pod\n2");
            c.nowMs = m_now - 5 * Minute;
            QCOMPARE(store.value()->claim(c).value().outcome, ClaimOutcome::Claimed);
        }
        StoreSession session(url);
        InFlightRecordModel model(&session);
        model.reload();
        QVERIFY(waitForIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, InFlightRecordModel::KeyColumn).data().toString(), QStringLiteral("K\\x1b]0;x\\x07\\u{202e}1"));
        QCOMPARE(model.index(0, InFlightRecordModel::KeyColumn).data(InFlightRecordModel::RawValueRole).toString(), key);
        QCOMPARE(model.index(0, InFlightRecordModel::OwnerColumn).data().toString(), QStringLiteral("pod\\n2"));
    }

    // A view closed while its job still runs (switching stores does that):
    // the answer is dropped, nothing calls into the destroyed context.
    void answerToADestroyedContextIsDropped()
    {
        StoreSession session(m_url);
        bool called = false;
        auto *context = new QObject;
        QSemaphore started;
        QSemaphore release;
        session.request<qint64>(
            context,
            [&started, &release](Store &store) -> Result<qint64> {
                started.release();
                release.acquire(); // the context is destroyed while this job runs
                return store.countInFlight(RecordQuery{});
            },
            [&called](const Result<qint64> &) { called = true; });
        QVERIFY(started.tryAcquire(1, 30000));
        delete context;
        release.release();
        // A later job on the same session answers: the dropped one finished first.
        auto *alive = new QObject;
        bool answered = false;
        session.request<qint64>(
            alive, [](Store &store) { return store.countInFlight(RecordQuery{}); },
            [&answered](const Result<qint64> &r) { answered = r.ok(); });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 30000);
        QVERIFY(!called);
        delete alive;
    }

    void pagesThroughEveryRecordInOrder()
    {
        StoreSession session(m_url);
        InFlightRecordModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy pages(&model, &InFlightRecordModel::pageLoaded);
        model.setPageSize(100);
        model.reload();
        QVERIFY(waitForIdle(model));
        QCOMPARE(model.matchingCount(), 450);
        // The tester asks for more after every insert, as a view scrolling
        // to the end would: pages of 100 until the last, short one.
        QVERIFY(!pages.isEmpty());
        QCOMPARE(pages.constFirst().constFirst().toInt(), 100);
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(waitForIdle(model));
        }
        QCOMPARE(model.rowCount(), 450);
        QTRY_COMPARE(pages.constLast().constFirst().toInt(), 50);
        QCOMPARE(pages.size(), 5);
        qint64 previous = 0;
        QSet<QString> keys;
        for (int row = 0; row < model.rowCount(); ++row) {
            const Record r = model.recordAt(row);
            QVERIFY(r.updatedAt >= previous);
            previous = r.updatedAt;
            keys.insert(r.scope + QLatin1Char('/') + r.key);
            QCOMPARE(r.state, RecordState::InFlight);
        }
        QCOMPARE(keys.size(), 450);
        // The oldest rows are the stuck orders, the newest payments are not stuck.
        QVERIFY(model.index(0, 0).data(InFlightRecordModel::StuckRole).toBool());
        QVERIFY(!model.index(449, 0).data(InFlightRecordModel::StuckRole).toBool());
        QCOMPARE(model.index(0, InFlightRecordModel::ScopeColumn).data().toString(), QStringLiteral("order"));
    }

    void filtersRunInTheStore_data()
    {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<int>("olderThanMinutes");
        QTest::addColumn<QString>("keyPrefix");
        QTest::addColumn<QString>("bizNoPrefix");
        QTest::addColumn<QString>("owner");
        QTest::addColumn<int>("expected");
        QTest::newRow("scope") << "order" << 0 << ""
                               << ""
                               << "" << 150;
        QTest::newRow("stuck (10 min)") << "" << 10 << ""
                                        << ""
                                        << "" << 150;
        QTest::newRow("older than 7 min") << "payment" << 7 << ""
                                          << ""
                                          << "" << 120;
        QTest::newRow("key prefix") << "" << 0 << "k01"
                                    << ""
                                    << "" << 100;
        QTest::newRow("biz_no prefix") << "" << 0 << ""
                                       << "SO53"
                                       << "" << 100;
        QTest::newRow("owner") << "" << 0 << ""
                               << ""
                               << "svc-b:2" << 150;
        QTest::newRow("nothing") << "payment" << 0 << "zzz"
                                 << ""
                                 << "" << 0;
    }

    void filtersRunInTheStore()
    {
        QFETCH(QString, scope);
        QFETCH(int, olderThanMinutes);
        QFETCH(QString, keyPrefix);
        QFETCH(QString, bizNoPrefix);
        QFETCH(QString, owner);
        QFETCH(int, expected);
        StoreSession session(m_url);
        InFlightRecordModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(1000);
        RecordQuery q;
        q.scope = scope;
        if (olderThanMinutes)
            q.startedBeforeMs = m_now - olderThanMinutes * Minute; // the records' clock: a busy machine may be seconds later now
        q.keyPrefix = keyPrefix;
        q.bizNoPrefix = bizNoPrefix;
        q.owner = owner;
        model.setFilter(q);
        QVERIFY(waitForIdle(model));
        QVERIFY2(qAbs(model.matchingCount() - expected) <= 1,
                 qPrintable(QString::number(model.matchingCount()))); // the record at the cutoff may count either way
        QCOMPARE(model.rowCount(), int(model.matchingCount()));
        for (int row = 0; row < model.rowCount(); ++row) {
            const Record r = model.recordAt(row);
            QVERIFY(scope.isEmpty() || r.scope == scope);
            QVERIFY(r.key.startsWith(keyPrefix));
            QVERIFY(r.bizNo.startsWith(bizNoPrefix));
            QVERIFY(owner.isEmpty() || r.owner == owner);
        }
    }

    void newestFirstAndStalePagesDropped()
    {
        StoreSession session(m_url);
        InFlightRecordModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(50);
        // Three filters in a row: only the last one's rows may arrive.
        RecordQuery a;
        a.scope = QStringLiteral("payment");
        model.setFilter(a);
        RecordQuery b;
        b.owner = QStringLiteral("svc-a:1");
        model.setFilter(b);
        RecordQuery c;
        c.scope = QStringLiteral("order");
        model.setFilter(c);
        QVERIFY(waitForIdle(model));
        QTest::qWait(100);
        QCOMPARE(model.matchingCount(), 150);
        for (int row = 0; row < model.rowCount(); ++row)
            QCOMPARE(model.recordAt(row).scope, QStringLiteral("order"));

        model.sort(InFlightRecordModel::AgeColumn, Qt::AscendingOrder); // youngest first
        QVERIFY(waitForIdle(model));
        QVERIFY(model.rowCount() > 1);
        QVERIFY(model.recordAt(0).updatedAt > model.recordAt(1).updatedAt);
        QCOMPARE(model.recordAt(0).key, QStringLiteral("k0449"));
    }

    // Ages tick from the model's clock: tick() repaints the Age column only
    // and each age is the clock minus the record's updated_at, so the list
    // and the details (same clock, same formatter) agree.
    void agesTickFromTheClock()
    {
        StoreSession session(m_url);
        InFlightRecordModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        qint64 clock = QDateTime::currentMSecsSinceEpoch();
        model.setClock([&clock] { return clock; });
        RecordQuery stuck;
        stuck.scope = QStringLiteral("order"); // all past their timeout: no row turns stuck meanwhile
        model.setFilter(stuck);
        QVERIFY(waitForIdle(model));
        QVERIFY(model.rowCount() > 0);
        const Record first = model.recordAt(0);
        const QModelIndex age = model.index(0, InFlightRecordModel::AgeColumn);
        QCOMPARE(age.data(InFlightRecordModel::RawValueRole).toLongLong(), clock - first.updatedAt);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        clock += 68'000;
        model.tick();
        QCOMPARE(changed.size(), 1);
        const QModelIndex from = changed.at(0).at(0).value<QModelIndex>();
        const QModelIndex to = changed.at(0).at(1).value<QModelIndex>();
        QCOMPARE(from.column(), int(InFlightRecordModel::AgeColumn));
        QCOMPARE(to.column(), int(InFlightRecordModel::AgeColumn));
        QCOMPARE(from.row(), 0);
        QCOMPARE(to.row(), model.rowCount() - 1);
        QCOMPARE(model.now(), clock);
        QCOMPARE(age.data(InFlightRecordModel::RawValueRole).toLongLong(), clock - first.updatedAt);
        QCOMPARE(age.data().toString(), ageText(clock - first.updatedAt));
        // The same instant again repaints nothing.
        model.tick();
        QCOMPARE(changed.size(), 1);
    }

    // refresh() re-reads the window in place: a record that finished leaves,
    // a new one arrives with its real age (not "0 s"), the rows that stay
    // keep their persistent indexes (a view's selection), and the count
    // and the rows come from the same read.
    void refreshKeepsRowsInPlace()
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("refresh.db"));
        Result<std::unique_ptr<Store>> store = openStore(url);
        QVERIFY(store.ok());
        const auto claim = [&](const QString &key, qint64 at) {
            ClaimRequest c;
            c.scope = QStringLiteral("payment");
            c.key = key;
            c.fingerprint = QStringLiteral("fp");
            c.nowMs = at;
            const Result<ClaimResult> claimed = store.value()->claim(c);
            return claimed.ok() ? claimed->record.lease : QString();
        };
        qint64 clock = m_now;
        QStringList leases;
        for (int i = 0; i < 5; ++i)
            leases << claim(QStringLiteral("r%1").arg(i), m_now - (20 - i) * Minute);
        StoreSession session(url);
        InFlightRecordModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setClock([&clock] { return clock; });
        model.setPageSize(3);
        model.reload();
        QVERIFY(waitForIdle(model));
        QCOMPARE(model.rowCount(), 3);
        while (model.canFetchMore({})) { // as a view scrolled to the end would
            model.fetchMore({});
            QVERIFY(waitForIdle(model));
        }
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.matchingCount(), 5);
        const QPersistentModelIndex kept(model.index(2, InFlightRecordModel::KeyColumn)); // r2
        QCOMPARE(kept.data().toString(), QStringLiteral("r2"));

        // r0 completes; r5 is claimed a minute after the model's last read,
        // and read two minutes after that.
        QVERIFY(store.value()
                    ->complete(QStringLiteral("payment"), QStringLiteral("r0"), leases.at(0), Response{200, {}, "ok"}, m_now, 3600'000)
                    .ok());
        QVERIFY(!claim(QStringLiteral("r5"), m_now + Minute).isEmpty());
        clock = m_now + 3 * Minute;
        QSignalSpy refreshed(&model, &InFlightRecordModel::refreshed);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.refresh();
        QVERIFY(refreshed.wait(10000));
        QVERIFY(waitForIdle(model));
        QCOMPARE(reset.size(), 0);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.recordAt(0).key, QStringLiteral("r1"));
        QVERIFY(model.rowOf(QStringLiteral("payment"), QStringLiteral("r0")) < 0);
        QVERIFY(kept.isValid());
        QCOMPARE(kept.row(), 1);
        QCOMPARE(kept.data().toString(), QStringLiteral("r2"));
        // The count and the rows of one read agree.
        QCOMPARE(model.matchingCount(), qint64(model.rowCount()));
        const int r5 = model.rowOf(QStringLiteral("payment"), QStringLiteral("r5"));
        QCOMPARE(r5, 4);
        QCOMPARE(model.index(r5, InFlightRecordModel::AgeColumn).data().toString(), ageText(2 * Minute));
        QCOMPARE(model.index(r5, InFlightRecordModel::AgeColumn).data().toString(), QStringLiteral("2 min 0 s"));
    }
};

QTEST_MAIN(InFlightModelTest)
#include "tst_inflightmodel.moc"
