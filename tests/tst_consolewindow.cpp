// The console window, offscreen, on a SQLite store with known records:
// dashboard numbers, filtering and paging the in-flight list, the detail pane.
#include "models/alertmonitor.h"
#include "models/countertimelinemodel.h"
#include "models/scopestatusmodel.h"
#include "ui/alertlist.h"
#include "ui/auditview.h"
#include "ui/clusterstatuslabel.h"
#include "ui/dashboardview.h"
#include "ui/elidedlabel.h"
#include "models/inflightrecordmodel.h"
#include "ui/inflightview.h"
#include "ui/kpitile.h"
#include "models/appsettings.h"
#include "ui/mainwindow.h"
#include "models/passwordvault.h"
#include "ui/reconciledryrunpage.h"
#include "ui/reconcilewizard.h"
#include "ui/recordactions.h"
#include "ui/recorddetailview.h"
#include "ui/timeoutwizard.h"

#include "app/ops/agetext.h"

#include "app/guard/guard.h"
#include "app/store/openstore.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
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
            guard.handle(r, [i] {
                return Response{201, {{"Content-Type", "application/json"}}, "{\"order\":" + QByteArray::number(i) + "}"};
            });
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

    void tilesAndScopeTableFollowTheScope()
    {
        Console console(m_dir.filePath(QStringLiteral("e.ini")), m_url);
        DashboardView *dash = console.window.dashboard();
        ScopeStatusModel *status = dash->scopeStatus();
        QAbstractItemModelTester tester(status, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy shown(dash, &DashboardView::readingShown);
        QVERIFY(shown.wait(10000));
        // The stuck payments have no traffic in the range: the reading still
        // finds their scope, and the stuck count is theirs, not order's.
        QVERIFY(status->rowOf(QStringLiteral("payment")) >= 0);
        QCOMPARE(status->rowAt(status->rowOf(QStringLiteral("payment"))).stuck, 1200);
        QCOMPARE(status->rowAt(status->rowOf(QStringLiteral("order"))).stuck, 0);
        QCOMPARE(status->rowAt(0).scope, QStringLiteral("payment")); // the one in trouble first
        QCOMPARE(dash->stuckTile()->value(), QStringLiteral("1200"));

        // A click on order's row shows order: every tile is order's.
        const QModelIndex order = status->index(status->rowOf(QStringLiteral("order")), ScopeStatusModel::ScopeColumn);
        QTest::mouseClick(dash->scopeTable()->viewport(), Qt::LeftButton, {}, dash->scopeTable()->visualRect(order).center());
        QCOMPARE(dash->scope(), QStringLiteral("order"));
        QCOMPARE(dash->stuckTile()->value(), QStringLiteral("0"));
        QCOMPARE(dash->model()->kpis(5).stuck, 0);
        QVERIFY(dash->hitRateTile()->value().startsWith(QStringLiteral("5.0%")));
        dash->setScope(QStringLiteral("payment"));
        QCOMPARE(dash->stuckTile()->value(), QStringLiteral("1200"));
        QCOMPARE(dash->hitRateTile()->value(), QStringLiteral("–")); // no payment traffic in the last 5 minutes
        // payment has no counters in the range: the next reading keeps it picked all the same.
        dash->refresh();
        QVERIFY(shown.wait(10000));
        QCOMPARE(dash->scope(), QStringLiteral("payment"));
        QCOMPARE(dash->model()->scope(), QStringLiteral("payment"));
        dash->setScope(QString());
        QCOMPARE(dash->stuckTile()->value(), QStringLiteral("1200"));
    }

    void alertsListInAFixedHeightWithAcknowledge()
    {
        Console console(m_dir.filePath(QStringLiteral("f.ini")), m_url);
        MainWindow &window = console.window;
        AlertList *alerts = window.alertList();
        const int height = alerts->height();
        const QPoint tabsAt = window.dashboard()->mapTo(&window, QPoint(0, 0));
        QCOMPARE(alerts->alertCount(), 0);
        // The default rules: 1200 stuck records is over "more than 10".
        QTRY_VERIFY_WITH_TIMEOUT(alerts->alertCount() >= 1, 10000);
        QCOMPARE(alerts->height(), height);
        QCOMPARE(window.dashboard()->mapTo(&window, QPoint(0, 0)), tabsAt);
        QVERIFY2(alerts->rowText(0).contains(QStringLiteral("1200")), qPrintable(alerts->rowText(0)));

        alerts->list()->setCurrentItem(alerts->list()->topLevelItem(0));
        QVERIFY(alerts->acknowledgeButton()->isEnabled());
        alerts->acknowledgeButton()->click();
        QVERIFY(alerts->rowText(0).contains(QStringLiteral("acknowledged")));
        QVERIFY(!alerts->acknowledgeButton()->isEnabled());
        alerts->acknowledgeButton()->click(); // disabled: nothing
        QVERIFY(!window.alertMonitor()->acknowledge(alerts->alertKeyAt(0), QDateTime::currentMSecsSinceEpoch()));
        const auto acknowledged = [this]() -> qint64 {
            Result<std::unique_ptr<Store>> store = openStore(m_url);
            AuditQuery q;
            q.action = QStringLiteral("alert-acknowledged");
            const Result<QList<AuditEntry>> entries = store ? store.value()->auditEntries(q) : Result<QList<AuditEntry>>(store.error());
            return entries ? entries->size() : -1;
        };
        QTRY_COMPARE_WITH_TIMEOUT(acknowledged(), 1, 10000);
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
        QCOMPARE(detail->fieldText(QStringLiteral("state")), QStringLiteral("in flight"));
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
            QVERIFY2(byKey.count(key) == 1,
                     qPrintable(key.toString() + QStringLiteral(": ") + QStringList(byKey.values(key)).join(QStringLiteral(", "))));
        QCOMPARE(console.window.timeoutAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
        QCOMPARE(console.window.reconcileAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));
        QVERIFY(byKey.contains(QKeySequence(Qt::Key_F5)));
        QVERIFY(byKey.contains(QKeySequence(Qt::CTRL | Qt::Key_F)));
    }

    // A long store name and a cluster's masters line once took all but a few
    // words of a 1280-px status bar and clipped the message beside them (an
    // alert's). The lines now give way, elided in the middle with the whole
    // text in their tooltips, and the message keeps room for itself.
    void statusBarLeavesRoomForAMessage()
    {
        const QString link = m_dir.filePath(QString(120, QLatin1Char('n')) + QStringLiteral(".db"));
        QVERIFY(QFile::link(m_dir.filePath(QStringLiteral("console.db")), link));
        Console console(m_dir.filePath(QStringLiteral("status.ini")), QStringLiteral("sqlite://") + link);
        MainWindow &window = console.window;
        window.resize(1280, 820);
        QList<StoreNode> nodes;
        for (int i = 1; i <= 3; ++i)
            nodes.append(StoreNode{QStringLiteral("cache-node-0%1.payments.internal.example:7000").arg(i), true, i, QString()});
        window.clusterLabel()->showNodes(nodes);
        ElidedLabel *connection = window.connectionLabel();
        QTRY_VERIFY(connection->text().contains(QStringLiteral("round trip")));
        const QString message = QStringLiteral("1200 record(s) stuck in flight (limit 10)");
        window.statusBar()->showMessage(message);
        const int needed = window.statusBar()->fontMetrics().horizontalAdvance(message);
        QTRY_VERIFY2(std::min(window.clusterLabel()->x(), connection->x()) > needed,
                     qPrintable(QStringLiteral("the message needs %1 px, the lines start at %2 and %3")
                                    .arg(needed)
                                    .arg(window.clusterLabel()->x())
                                    .arg(connection->x())));
        QVERIFY2(connection->shownText().contains(QChar(0x2026)), qPrintable(connection->shownText()));
        QVERIFY(connection->shownText().startsWith(QStringLiteral("● Connected to sqlite://")));
        QVERIFY(connection->shownText().endsWith(QStringLiteral(" ms")));
        QCOMPARE(connection->toolTip(), connection->text());
        QVERIFY(window.clusterLabel()->toolTip().startsWith(window.clusterLabel()->text()));
        QCOMPARE(window.statusBar()->toolTip(), message);
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

    // Age is the third column: on a 1280 px window it is on screen without scrolling.
    void ageIsAmongTheFirstColumns()
    {
        Console console(m_dir.filePath(QStringLiteral("age.ini")), m_url);
        console.window.resize(1280, 800);
        console.window.findChild<QTabWidget *>()->setCurrentWidget(console.window.inFlight());
        QTableView *table = console.window.inFlight()->table();
        QCOMPARE(int(InFlightRecordModel::AgeColumn), 2);
        QCOMPARE(table->model()->headerData(InFlightRecordModel::AgeColumn, Qt::Horizontal).toString(), QStringLiteral("Age"));
        QTRY_VERIFY(table->isVisible() && table->viewport()->width() > 400);
        const int right =
            table->columnViewportPosition(InFlightRecordModel::AgeColumn) + table->columnWidth(InFlightRecordModel::AgeColumn);
        QVERIFY2(right <= table->viewport()->width(), qPrintable(QStringLiteral("%1 > %2").arg(right).arg(table->viewport()->width())));
    }

    // The table and the details tick from one clock with one formatter.
    void listAndDetailsAgree()
    {
        Console console(m_dir.filePath(QStringLiteral("tick.ini")), m_url);
        InFlightView *view = console.window.inFlight();
        InFlightRecordModel *model = view->model();
        qint64 clock = QDateTime::currentMSecsSinceEpoch();
        model->setClock([&clock] { return clock; });
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 0, 10000);
        view->table()->selectRow(0);
        const auto ageCell = [&] { return model->index(0, InFlightRecordModel::AgeColumn).data().toString(); };
        QCOMPARE(view->detail()->fieldText(QStringLiteral("age")), ageCell());
        clock += 61'000;
        model->tick();
        view->detail()->showAge(model->now());
        QCOMPARE(ageCell(), ageText(clock - model->recordAt(0).updatedAt));
        QCOMPARE(view->detail()->fieldText(QStringLiteral("age")), ageCell());
    }

    // Refresh (F5, the timer) re-reads the rows: a selection of several rows
    // stays on the same records; one that finished leaves it.
    void refreshKeepsTheSelection()
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("select.db"));
        Result<std::unique_ptr<Store>> store = openStore(url);
        QVERIFY(store.ok());
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QStringList leases;
        for (int i = 0; i < 8; ++i) {
            ClaimRequest c;
            c.scope = QStringLiteral("payment");
            c.key = QStringLiteral("s-%1").arg(i);
            c.fingerprint = QStringLiteral("fp");
            c.nowMs = now - (30 - i) * 60000;
            const Result<ClaimResult> claimed = store.value()->claim(c);
            QVERIFY(claimed.ok());
            leases << claimed->record.lease;
        }
        Console console(m_dir.filePath(QStringLiteral("select.ini")), url);
        InFlightView *view = console.window.inFlight();
        InFlightRecordModel *model = view->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 8, 10000);
        QCOMPARE(view->table()->selectionMode(), QAbstractItemView::ExtendedSelection);
        QItemSelectionModel *selection = view->table()->selectionModel();
        for (int row : {2, 3, 5})
            selection->select(model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        selection->setCurrentIndex(model->index(5, 0), QItemSelectionModel::NoUpdate);
        const auto keys = [view] {
            QStringList out;
            for (const RecordRef &r : view->selectedRecords())
                out << r.key;
            return out;
        };
        QCOMPARE(keys(), (QStringList{QStringLiteral("s-2"), QStringLiteral("s-3"), QStringLiteral("s-5")}));
        // s-0 (above the selection) and s-3 (in it) finish; s-8 arrives.
        QVERIFY(store.value()
                    ->complete(QStringLiteral("payment"), QStringLiteral("s-0"), leases.at(0), Response{200, {}, "ok"}, now, 3600000)
                    .ok());
        QVERIFY(store.value()
                    ->complete(QStringLiteral("payment"), QStringLiteral("s-3"), leases.at(3), Response{200, {}, "ok"}, now, 3600000)
                    .ok());
        ClaimRequest c;
        c.scope = QStringLiteral("payment");
        c.key = QStringLiteral("s-8");
        c.fingerprint = QStringLiteral("fp");
        c.nowMs = now - 1000;
        QVERIFY(store.value()->claim(c).ok());
        QSignalSpy refreshed(model, &InFlightRecordModel::refreshed);
        view->refresh();
        QVERIFY(refreshed.wait(10000));
        QCOMPARE(model->rowCount(), 7);
        QCOMPARE(keys(), (QStringList{QStringLiteral("s-2"), QStringLiteral("s-5")}));
        QCOMPARE(model->recordAt(selection->currentIndex().row()).key, QStringLiteral("s-5"));
        QCOMPARE(view->detail()->fieldText(QStringLiteral("key")), QStringLiteral("s-5"));
        QTRY_COMPARE(view->countLabel()->text(), QStringLiteral("7 matching in-flight record(s); 7 loaded"));
    }

    // The context menu acts on the selected rows: copies, the wizards limited
    // to them, the audit history; read-only disables the destructive ones.
    void contextMenuActsOnTheSelectedRows()
    {
        Console console(m_dir.filePath(QStringLiteral("menu.ini")), m_url);
        InFlightView *view = console.window.inFlight();
        InFlightRecordModel *model = view->model();
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 3, 10000);
        QItemSelectionModel *selection = view->table()->selectionModel();
        for (int row : {0, 1, 3})
            selection->select(model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const QList<RecordRef> picked = view->selectedRecords();
        QCOMPARE(picked.size(), 3);
        std::unique_ptr<QMenu> menu(view->createContextMenu(nullptr));
        const auto action = [&menu](const char *name) {
            QAction *found = menu->findChild<QAction *>(QLatin1String(name));
            if (!found)
                qFatal("no action %s", name);
            return found;
        };
        for (const char *name : {"copyKey", "copyGetCommand", "timeOutSelected", "reconcileSelected"})
            QVERIFY2(action(name)->isEnabled(), name);
        QVERIFY(!action("auditHistory")->isEnabled()); // one record at a time
        QVERIFY(action("timeOutSelected")->text().contains(QStringLiteral("3")));

        action("copyKey")->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 picked.at(0).key + QLatin1Char('\n') + picked.at(1).key + QLatin1Char('\n') + picked.at(2).key);
        action("copyGetCommand")->trigger();
        const QStringList commands = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
        QCOMPARE(commands.size(), 3);
        QCOMPARE(commands.at(0),
                 QStringLiteral("idemctl get --store ") + m_url + QStringLiteral(" --scope payment --key ") + picked.at(0).key);

        action("timeOutSelected")->trigger();
        TimeoutWizard *timeout = console.window.findChild<TimeoutWizard *>();
        QVERIFY(timeout);
        QCOMPARE(timeout->records(), picked);
        QVERIFY(timeout->windowTitle().contains(QStringLiteral("3")));
        timeout->close();
        action("reconcileSelected")->trigger();
        ReconcileWizard *reconcile = console.window.findChild<ReconcileWizard *>();
        QVERIFY(reconcile);
        QCOMPARE(reconcile->dryRunPage()->records(), picked);
        reconcile->close();

        selection->clearSelection();
        view->table()->selectRow(2);
        menu.reset(view->createContextMenu(nullptr));
        QVERIFY(action("auditHistory")->isEnabled());
        QSignalSpy history(view->actions(), &RecordActions::auditHistoryRequested);
        action("auditHistory")->trigger();
        QCOMPARE(history.size(), 1);
        QCOMPARE(history.at(0).at(1).toString(), model->recordAt(2).key);
        QTRY_VERIFY(console.window.audit()->isVisible()); // the Audit tab, on that record

        Console readOnly(m_dir.filePath(QStringLiteral("menu-ro.ini")), m_url, true);
        InFlightView *roView = readOnly.window.inFlight();
        QTRY_VERIFY_WITH_TIMEOUT(roView->model()->rowCount() > 0, 10000);
        roView->table()->selectRow(0);
        menu.reset(roView->createContextMenu(nullptr));
        QVERIFY(action("copyKey")->isEnabled());
        for (const char *name : {"timeOutSelected", "reconcileSelected"}) {
            QVERIFY2(!action(name)->isEnabled(), name);
            QVERIFY(action(name)->toolTip().contains(QStringLiteral("read-only")));
        }
    }

    // Copied commands survive a shell: values with spaces, quotes or control
    // characters are quoted; a password never reaches the clipboard.
    void getCommandsAreShellQuoted()
    {
        QCOMPARE(RecordActions::shellQuoted(QStringLiteral("key-1")), QStringLiteral("key-1"));
        QCOMPARE(RecordActions::shellQuoted(QStringLiteral("a b")), QStringLiteral("'a b'"));
        QCOMPARE(RecordActions::shellQuoted(QStringLiteral("it's $HOME")), QStringLiteral("'it'\\''s $HOME'"));
        QCOMPARE(RecordActions::shellQuoted(QString()), QStringLiteral("''"));
        QCOMPARE(RecordActions::shellQuoted(QStringLiteral("K\x1b]0;x\x07\u202e'1")), QStringLiteral("$'K\\x1b]0;x\\x07\\u202e\\'1'"));
        QCOMPARE(
            RecordActions::idemctlGetCommand(QStringLiteral("redis://ops@cache:6379/0"), QStringLiteral("payment"), QStringLiteral("a b")),
            QStringLiteral("idemctl get --store redis://ops@cache:6379/0 --scope payment --key 'a b'"));
    }
};

QTEST_MAIN(ConsoleWindowTest)
#include "tst_consolewindow.moc"
