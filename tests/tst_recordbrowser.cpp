// The record browser over a real SQLite store: every state, keyset pages
// through fetchMore, lookup by key and business number in the store query,
// stale answers dropped, and the audit history asked for from a record.
#include "models/recordbrowsermodel.h"
#include "models/storesession.h"
#include "ui/inflightview.h"
#include "ui/recordbrowserview.h"
#include "ui/recorddetailview.h"

#include "app/store/openstore.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

class RecordBrowserTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;

    static bool waitForIdle(RecordBrowserModel &model)
    {
        return QTest::qWaitFor([&] { return !model.isLoading() && model.matchingCount() >= 0; }, 10000);
    }
    static void loadAll(RecordBrowserModel &model)
    {
        while (model.canFetchMore({})) {
            model.fetchMore({});
            QVERIFY(QTest::qWaitFor([&] { return !model.isLoading(); }, 10000));
        }
    }

private slots:
    void initTestCase()
    {
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("browser.db"));
        Result<std::unique_ptr<Store>> store = openStore(m_url);
        QVERIFY2(store.ok(), qPrintable(store.error().message));
        const qint64 now = QDateTime::currentMSecsSinceEpoch() - 3600'000;
        // 7 completed, 6 timed out (the ones left for review), 2 in flight.
        for (int i = 0; i < 15; ++i) {
            ClaimRequest c;
            c.scope = QStringLiteral("payment");
            c.key = QStringLiteral("k%1").arg(i, 2, 10, QLatin1Char('0'));
            c.fingerprint = QStringLiteral("fp");
            c.owner = QStringLiteral("svc:1");
            c.bizNo = QStringLiteral("SO%1").arg(100 + i);
            c.nowMs = now + i * 1000;
            const Result<ClaimResult> claimed = store.value()->claim(c);
            QVERIFY(claimed.ok());
            if (i < 7) {
                QVERIFY(
                    store.value()->complete(c.scope, c.key, claimed->record.lease, Response{201, {}, "{}"}, c.nowMs + 5, 86400'000).ok());
            } else if (i < 13) {
                OperatorAction a;
                a.scope = c.scope;
                a.key = c.key;
                a.lease = claimed->record.lease;
                a.startedBeforeMs = c.nowMs + 1;
                a.nowMs = c.nowMs + 20 * 60'000;
                a.retentionMs = 86400'000;
                a.audit.operatorName = QStringLiteral("ops");
                a.audit.host = QStringLiteral("h");
                a.audit.batchId = QStringLiteral("b-1");
                a.audit.reason = QStringLiteral("stuck");
                QVERIFY(store.value()->applyAction(a).ok());
            }
        }
    }

    void pagesEveryStateAndFilters()
    {
        StoreSession session(m_url, OpenMode::ReadOnly);
        RecordBrowserModel model(&session);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPageSize(4);
        model.setQuery(RecordQuery().inState(RecordState::TimedOut));
        QVERIFY(waitForIdle(model));
        QCOMPARE(model.matchingCount(), 6);
        QCOMPARE(model.rowCount(), 4);
        loadAll(model);
        QCOMPARE(model.rowCount(), 6);
        QStringList keys;
        for (int row = 0; row < model.rowCount(); ++row) {
            QCOMPARE(model.recordAt(row).state, RecordState::TimedOut);
            keys << model.recordAt(row).key;
        }
        keys.removeDuplicates();
        QCOMPARE(keys.size(), 6);
        QCOMPARE(model.index(0, RecordBrowserModel::StateColumn).data().toString(), QStringLiteral("Timed out"));

        RecordQuery any;
        any.state.reset();
        model.setQuery(any);
        QVERIFY(waitForIdle(model));
        loadAll(model);
        QCOMPARE(model.matchingCount(), 15);
        QCOMPARE(model.rowCount(), 15);
        // Newest first by default.
        for (int row = 1; row < model.rowCount(); ++row)
            QVERIFY(model.recordAt(row - 1).updatedAt >= model.recordAt(row).updatedAt);

        RecordQuery biz = RecordQuery().inState(RecordState::Completed);
        biz.bizNoPrefix = QStringLiteral("SO103");
        model.setQuery(biz);
        QVERIFY(waitForIdle(model));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.recordAt(0).key, QStringLiteral("k03"));
        QCOMPARE(model.index(0, RecordBrowserModel::StatusColumn).data().toInt(), 201);

        // A query replaced before its answers came: only the last one shows.
        RecordQuery first = RecordQuery().inState(RecordState::Completed);
        RecordQuery last = RecordQuery().inState(RecordState::InFlight);
        model.setQuery(first);
        model.setQuery(last);
        QVERIFY(waitForIdle(model));
        QTest::qWait(100);
        QCOMPARE(model.matchingCount(), 2);
        QCOMPARE(model.rowCount(), 2);

        model.sort(RecordBrowserModel::UpdatedColumn, Qt::AscendingOrder);
        QVERIFY(waitForIdle(model));
        QCOMPARE(model.recordAt(0).key, QStringLiteral("k13"));
    }

    void viewLooksUpAndAsksForTheAuditHistory()
    {
        StoreSession session(m_url, OpenMode::ReadOnly);
        RecordBrowserView view(&session);
        // No wider or taller than the In flight tab: the window keeps its size.
        const InFlightView inFlight(&session);
        const QSize mine = view.minimumSizeHint(), theirs = inFlight.minimumSizeHint();
        QVERIFY2(mine.width() <= theirs.width() && mine.height() <= theirs.height(), qPrintable(QStringLiteral("%1 x %2, In flight %3 x %4")
                                                                                                    .arg(mine.width())
                                                                                                    .arg(mine.height())
                                                                                                    .arg(theirs.width())
                                                                                                    .arg(theirs.height())));
        view.resize(1200, 700);
        view.show();
        QVERIFY(waitForIdle(*view.model()));
        QCOMPARE(view.model()->matchingCount(), 15);

        view.stateSelector()->setCurrentIndex(3); // timed out
        view.setLookup(RecordBrowserView::Lookup::Key, QStringLiteral("k1"));
        view.applyFilter();
        QVERIFY(waitForIdle(*view.model()));
        QCOMPARE(view.model()->matchingCount(), 3); // k10, k11, k12; not k13 (in flight) nor k01 (completed)
        QVERIFY(view.countLabel()->text().contains(QLatin1String("3")));

        view.table()->setCurrentIndex(view.model()->index(0, RecordBrowserModel::KeyColumn));
        const Record shown = view.model()->recordAt(0);
        QVERIFY(QTest::qWaitFor([&] { return view.detail()->fieldText(QStringLiteral("key")).contains(shown.key); }, 5000));
        QSignalSpy history(&view, &RecordBrowserView::auditHistoryRequested);
        QPushButton *audit = nullptr;
        for (QPushButton *b : view.findChildren<QPushButton *>()) {
            if (b->text() == QLatin1String("Audit history"))
                audit = b;
        }
        QVERIFY(audit && audit->isEnabled());
        audit->click();
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.at(0).at(0).toString(), QStringLiteral("payment"));
        QCOMPARE(history.at(0).at(1).toString(), shown.key);

        // IDEM_SHOT=file.png: the view as it looks now (for a reviewer's screenshot).
        if (const QString shot = qEnvironmentVariable("IDEM_SHOT"); !shot.isEmpty())
            view.grab().save(shot);

        view.setLookup(RecordBrowserView::Lookup::BizNo, QStringLiteral("SO112"));
        view.applyFilter();
        QVERIFY(waitForIdle(*view.model()));
        QCOMPARE(view.model()->matchingCount(), 1);
        QCOMPARE(view.model()->recordAt(0).key, QStringLiteral("k12"));
    }
};

QTEST_MAIN(RecordBrowserTest)
#include "tst_recordbrowser.moc"
