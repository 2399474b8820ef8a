// The console window, offscreen, on a SQLite store with known records:
// dashboard numbers, filtering and paging the in-flight list, the detail pane.
#include "models/countertimelinemodel.h"
#include "ui/dashboardview.h"
#include "models/inflightrecordmodel.h"
#include "ui/inflightview.h"
#include "ui/kpitile.h"
#include "models/appsettings.h"
#include "ui/mainwindow.h"
#include "models/passwordvault.h"
#include "ui/recorddetailview.h"

#include "app/guard/guard.h"
#include "app/store/openstore.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QTableView>
#include <QtTest>

class ConsoleWindowTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;

    // A window on the test store with settings in a temporary ini file.
    struct Console {
        QSettings qsettings;
        AppSettings settings{&qsettings};
        PasswordVault vault;
        MainWindow window{&settings, &vault};
        Console(const QString &iniPath, const QString &url, bool readOnly = false)
            : qsettings(iniPath, QSettings::IniFormat)
        {
            StoreEntry entry;
            entry.url = url;
            entry.readOnly = readOnly;
            window.openUrl(entry, url);
            window.show();
        }
    };

private slots:
    void initTestCase()
    {
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("console.db"));
        Result<std::unique_ptr<Store>> store = openStore(m_url);
        QVERIFY2(store.ok(), qPrintable(store.error().message));
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        // 1200 stuck payments (15 min old) and 30 young orders in flight.
        for (int i = 0; i < 1230; ++i) {
            ClaimRequest c;
            c.scope = i < 1200 ? QStringLiteral("payment") : QStringLiteral("order");
            c.key = QStringLiteral("key-%1").arg(i, 5, 10, QLatin1Char('0'));
            c.fingerprint = QStringLiteral("fp");
            c.owner = QStringLiteral("pay-svc:%1").arg(i % 4);
            c.bizNo = QStringLiteral("SO%1").arg(90000 + i);
            c.nowMs = i < 1200 ? now - 15 * 60000 + i : now - 1000;
            QVERIFY(store.value()->claim(c).ok());
        }
        // Traffic in the counters: 8 executed, 2 replayed; with the 30 young
        // claims above, the last 5 minutes hold 38 executed and 2 replayed.
        Guard guard(*store.value());
        for (int i = 0; i < 10; ++i) {
            GuardRequest r;
            r.scope = QStringLiteral("order");
            r.key = QStringLiteral("done-%1").arg(i % 8);
            r.body = "{}";
            guard.handle(r, [i] { return Response{201, {{"Content-Type", "application/json"}}, "{\"order\":" + QByteArray::number(i) + "}"}; });
        }
        QVERIFY(store.value()->flushCounters().ok());
    }

    void dashboardShowsTheStoreNumbers()
    {
        Console console(m_dir.filePath(QStringLiteral("a.ini")), m_url);
        MainWindow &window = console.window;
        QVERIFY(!window.readOnlyBanner()->isVisible());
        QAbstractItemModelTester tester(window.dashboard()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy shown(window.dashboard(), &DashboardView::readingShown);
        QVERIFY(shown.wait(10000));
        const CounterTimelineModel::Kpis k = window.dashboard()->model()->kpis(5);
        QCOMPARE(k.stuck, 1200);
        QCOMPARE(k.inFlight, 1230);
        QVERIFY(k.hitRate.has_value());
        QCOMPARE(*k.hitRate, 2.0 / 40.0);
        QCOMPARE(window.dashboard()->model()->rowCount(), 15); // 15-minute range
        QVERIFY(window.dashboard()->findChildren<KpiTile *>().constFirst()->value().startsWith(QStringLiteral("5.0%")));
        // "round trip" appears only once the store has answered a job.
        QTRY_VERIFY(window.connectionLabel()->text().contains(QStringLiteral("round trip")));
    }

    void inFlightListFiltersPagesAndShowsDetails()
    {
        Console console(m_dir.filePath(QStringLiteral("b.ini")), m_url);
        InFlightView *view = console.window.inFlight();
        QCOMPARE(console.settings.lastStoreUrl(), m_url);
        InFlightRecordModel *model = view->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE_WITH_TIMEOUT(model->matchingCount(), 1230, 10000);
        QTRY_VERIFY(view->countLabel()->text().contains(QStringLiteral("1230")));

        // The first page is loaded; scrolling to the end loads more.
        QTRY_VERIFY(model->rowCount() > 0);
        const int firstPage = model->rowCount();
        QVERIFY(firstPage < 1230);
        view->table()->scrollToBottom();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > firstPage, 10000);

        // Filter by scope: only the young orders, none of them stuck.
        view->setScopeFilter(QStringLiteral("order"));
        view->applyFilter();
        QTRY_COMPARE_WITH_TIMEOUT(model->matchingCount(), 30, 10000);
        QTRY_COMPARE(model->rowCount(), 30);
        QVERIFY(!model->index(0, 0).data(InFlightRecordModel::StuckRole).toBool());

        // Key prefix on the stuck payments, then the detail of one row.
        view->setScopeFilter(QString());
        view->setKeyPrefix(QStringLiteral("key-0007"));
        view->applyFilter();
        QTRY_COMPARE_WITH_TIMEOUT(model->matchingCount(), 10, 10000);
        QTRY_COMPARE(model->rowCount(), 10);
        QVERIFY(model->index(0, 0).data(InFlightRecordModel::StuckRole).toBool());
        view->table()->selectRow(3);
        RecordDetailView *detail = view->detail();
        QCOMPARE(detail->fieldText(QStringLiteral("key")), QStringLiteral("key-00073"));
        QCOMPARE(detail->fieldText(QStringLiteral("state")), QStringLiteral("IN_FLIGHT"));
        QCOMPARE(detail->fieldText(QStringLiteral("biz_no")), QStringLiteral("SO90073"));
        QCOMPARE(detail->fieldText(QStringLiteral("owner")), QStringLiteral("pay-svc:1"));
        QVERIFY(detail->fieldText(QStringLiteral("age")).startsWith(QStringLiteral("15 min")));
        QVERIFY(!detail->fieldText(QStringLiteral("lease")).isEmpty());
    }

    void readOnlyStoreShowsTheBanner()
    {
        Console console(m_dir.filePath(QStringLiteral("c.ini")), m_url, true);
        QVERIFY(console.window.readOnlyBanner()->isVisible());
        // Opening another store replaces the views and their session.
        StoreEntry other;
        other.url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("other.db"));
        QVERIFY(openStore(other.url, OpenMode::Create).ok()); // the console opens stores, it does not create them
        console.window.openUrl(other, other.url);
        QVERIFY(!console.window.readOnlyBanner()->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(console.window.inFlight()->model()->matchingCount(), 0, 10000);
        QCOMPARE(console.settings.recentStores().size(), 2);
        QCOMPARE(console.settings.recentStores().constFirst().url, other.url);
    }

    void detailShowsBodiesAsJsonTextOrHex()
    {
        RecordDetailView detail;
        Record r;
        r.scope = QStringLiteral("payment");
        r.key = QStringLiteral("k");
        r.state = RecordState::Completed;
        r.headers = encodeHeaders({{"Content-Type", "application/json"}, {"X-Trace", "abc"}});
        r.body = "{\"order_no\":\"SO1\",\"amount\":100}";
        detail.showRecord(r, 0);
        QVERIFY(detail.headersText().contains(QStringLiteral("X-Trace: abc")));
        QVERIFY(detail.bodyText().contains(QStringLiteral("\"order_no\": \"SO1\""))); // indented JSON
        detail.setBodyFormat(RecordDetailView::BodyFormat::Hex);
        QVERIFY(detail.bodyText().startsWith(QStringLiteral("00000000  7b 22")));

        r.body = QByteArray("\xff\xfe\x00\x01 binary", 11);
        r.headers = "{broken";
        detail.showRecord(r, 0);
        QVERIFY(detail.bodyText().startsWith(QStringLiteral("00000000  ff fe 00 01")));
        QVERIFY(detail.headersText().contains(QStringLiteral("not a JSON list")));
    }

    // F5, Ctrl+F, Ctrl+T and Ctrl+R each trigger one action (QKeySequence::Refresh
    // is also Ctrl+R on X11, which would make the reconcile shortcut ambiguous).
    void shortcutsAreDistinct()
    {
        Console console(m_dir.filePath(QStringLiteral("keys.ini")), m_url);
        QMultiHash<QKeySequence, QString> byKey;
        const QList<QAction *> actions = console.window.findChildren<QAction *>();
        for (const QAction *action : actions) {
            for (const QKeySequence &key : action->shortcuts())
                byKey.insert(key, action->text());
        }
        for (const QKeySequence &key : byKey.uniqueKeys())
            QVERIFY2(byKey.count(key) == 1, qPrintable(key.toString() + QStringLiteral(": ") + QStringList(byKey.values(key)).join(QStringLiteral(", "))));
        QCOMPARE(console.window.timeoutAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
        QCOMPARE(console.window.reconcileAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));
        QVERIFY(byKey.contains(QKeySequence(Qt::Key_F5)));
        QVERIFY(byKey.contains(QKeySequence(Qt::CTRL | Qt::Key_F)));
    }

    // Closing the window saves its size and the in-flight column widths; the
    // next window on the same settings opens with them.
    void layoutIsRemembered()
    {
        const QString ini = m_dir.filePath(QStringLiteral("layout.ini"));
        {
            Console console(ini, m_url);
            console.window.resize(1000, 700);
            console.window.inFlight()->table()->setColumnWidth(InFlightRecordModel::KeyColumn, 333);
            QVERIFY(console.window.close());
        }
        Console console(ini, m_url);
        QCOMPARE(console.window.size(), QSize(1000, 700));
        QCOMPARE(console.window.inFlight()->table()->columnWidth(InFlightRecordModel::KeyColumn), 333);
    }
};

QTEST_MAIN(ConsoleWindowTest)
#include "tst_consolewindow.moc"
