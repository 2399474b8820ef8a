// A record found in the Records tab is a record an operator can act on,
// offscreen on a SQLite store: its context menu offers the actions its state
// allows (a timed-out leftover can be released or reconciled, a completed
// one nothing), a release goes through the wizard with its confirmation
// and audit, the list refreshes itself and says when it was read, and a
// business number typed as a key is pointed to where it matches.
#include "models/appsettings.h"
#include "models/passwordvault.h"
#include "models/actiontargetmodel.h"
#include "models/recordbrowsermodel.h"
#include "models/storesession.h"
#include "ui/actionapplypage.h"
#include "ui/auditview.h"
#include "ui/mainwindow.h"
#include "ui/recordactions.h"
#include "ui/recordbrowserview.h"
#include "ui/timeoutwizard.h"

#include "app/store/openstore.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QtTest>

namespace {

QAction *action(QMenu *menu, const char *name)
{
    QAction *found = menu->findChild<QAction *>(QLatin1String(name));
    if (!found)
        qFatal("no action %s", name);
    return found;
}

} // namespace

class RecordActionsTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;

    static ClaimRequest request(const QString &key, const QString &bizNo, qint64 nowMs)
    {
        ClaimRequest c;
        c.scope = QStringLiteral("callback");
        c.key = key;
        c.fingerprint = QStringLiteral("fp");
        c.owner = QStringLiteral("pay-svc:1");
        c.bizNo = bizNo;
        c.nowMs = nowMs;
        return c;
    }

    // Selects the only row the view lists and returns its context menu.
    static std::unique_ptr<QMenu> menuOfOnlyRow(RecordBrowserView *view)
    {
        view->table()->selectRow(0);
        return std::unique_ptr<QMenu>(view->createContextMenu(nullptr));
    }

private slots:
    void initTestCase()
    {
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("actions.db"));
        Result<std::unique_ptr<Store>> store = openStore(m_url);
        QVERIFY(store);
        const qint64 then = QDateTime::currentMSecsSinceEpoch() - 40 * 60000;
        // Completed, timed out (by business number SO-T1) and stuck in flight.
        const Result<ClaimResult> done = store.value()->claim(request(QStringLiteral("c-1"), QStringLiteral("SO-C1"), then));
        QVERIFY(store.value()->complete(QStringLiteral("callback"), QStringLiteral("c-1"), done->record.lease, Response{200, {}, "{}"},
                                        then + 5, 86400000));
        const Result<ClaimResult> stuck = store.value()->claim(request(QStringLiteral("t-1"), QStringLiteral("SO-T1"), then));
        OperatorAction timeout;
        timeout.scope = QStringLiteral("callback");
        timeout.key = QStringLiteral("t-1");
        timeout.lease = stuck->record.lease;
        timeout.startedBeforeMs = then + 1;
        timeout.nowMs = then + 15 * 60000;
        timeout.retentionMs = 86400000;
        timeout.audit.operatorName = QStringLiteral("ops");
        timeout.audit.host = QStringLiteral("h");
        timeout.audit.reason = QStringLiteral("stuck");
        timeout.audit.batchId = QStringLiteral("b-0");
        QVERIFY(store.value()->applyAction(timeout));
        QVERIFY(store.value()->claim(request(QStringLiteral("f-1"), QStringLiteral("SO-F1"), then)));
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    }

    void aTimedOutLeftoverFoundByBusinessNumberIsReleased()
    {
        QSettings ini(m_dir.filePath(QStringLiteral("window.ini")), QSettings::IniFormat);
        AppSettings settings(&ini);
        PasswordVault vault;
        MainWindow window(&settings, &vault);
        StoreEntry entry;
        entry.url = m_url;
        window.openUrl(entry, m_url);
        window.show();
        RecordBrowserView *view = window.records();
        QVERIFY(view);
        QLabel *count = view->countLabel();

        // The business number typed in "Key" mode: nothing by key, pointed to it.
        view->setLookup(RecordBrowserView::Lookup::Key, QStringLiteral("SO-T1"));
        view->applyFilter();
        QTRY_VERIFY2_WITH_TIMEOUT(count->text().contains(QLatin1String("0 by key; 1 by business no.")), qPrintable(count->text()), 10000);
        emit count->linkActivated(QStringLiteral("other"));
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 10000);
        QCOMPARE(view->model()->recordAt(0).key, QStringLiteral("t-1"));
        QTRY_VERIFY2_WITH_TIMEOUT(count->text().contains(QLatin1String("loaded at")), qPrintable(count->text()), 10000);

        // Timed out: release and reconcile, not a second timeout.
        std::unique_ptr<QMenu> menu = menuOfOnlyRow(view);
        QVERIFY(!action(menu.get(), "timeOutSelected")->isEnabled());
        QVERIFY(action(menu.get(), "releaseSelected")->isEnabled());
        QVERIFY(action(menu.get(), "reconcileSelected")->isEnabled());
        QVERIFY(action(menu.get(), "auditHistory")->isEnabled());
        action(menu.get(), "releaseSelected")->trigger();
        TimeoutWizard *wizard = window.findChild<TimeoutWizard *>();
        QVERIFY(wizard);
        QCOMPARE(wizard->records(), (QList<RecordRef>{{QStringLiteral("callback"), QStringLiteral("t-1")}}));
        QVERIFY(wizard->findChild<QCheckBox *>(QStringLiteral("releaseInstead"))->isChecked());
        QVERIFY(wizard->windowTitle().contains(QLatin1String("Release")));
        wizard->next();
        QTRY_VERIFY_WITH_TIMEOUT(wizard->currentPage()->isComplete(), 20000);
        QCOMPARE(wizard->previewModel()->rowCount(), 1);
        wizard->next();
        wizard->findChild<QLineEdit *>(QStringLiteral("operatorName"))->setText(QStringLiteral("night-ops"));
        wizard->findChild<QPlainTextEdit *>(QStringLiteral("reason"))->setPlainText(QStringLiteral("leftover of the 03:50 outage"));
        // The same confirmation by count as everywhere.
        QVERIFY(wizard->button(QWizard::CommitButton)->text().contains(QLatin1String("1")));
        wizard->button(QWizard::CommitButton)->click();
        QTRY_VERIFY_WITH_TIMEOUT(wizard->applyPage()->isComplete(), 20000);
        QCOMPARE(wizard->applyPage()->result()->value().applied, 1);
        // "Show in Audit" finishes the wizard: the Audit tab is not hidden under it.
        QPushButton *showInAudit = wizard->findChild<QPushButton *>(QStringLiteral("showInAudit"));
        QVERIFY(showInAudit->isVisible());
        showInAudit->click();
        QTRY_VERIFY(!wizard->isVisible());
        QVERIFY(window.audit()->isVisible());

        Result<std::unique_ptr<Store>> store = openStore(m_url, OpenMode::ReadOnly);
        QVERIFY(!store.value()->get(QStringLiteral("callback"), QStringLiteral("t-1")).value().has_value());
        AuditQuery released;
        released.key = QStringLiteral("t-1");
        released.action = QStringLiteral("reconcile-release");
        const Result<QList<AuditEntry>> entries = store.value()->auditEntries(released);
        QCOMPARE(entries->size(), 1);
        QCOMPARE(entries->first().stateBefore, QStringLiteral("TIMED_OUT"));

        // The list is read again: the released record leaves it.
        view->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 0, 10000);
    }

    void aCompletedRecordOffersNoChange()
    {
        StoreSession session(m_url, OpenMode::ReadWrite);
        RecordBrowserView view(&session);
        view.setLookup(RecordBrowserView::Lookup::Key, QStringLiteral("c-1"));
        view.applyFilter();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        std::unique_ptr<QMenu> menu = menuOfOnlyRow(&view);
        for (const char *name : {"timeOutSelected", "releaseSelected", "reconcileSelected"}) {
            QVERIFY2(!action(menu.get(), name)->isEnabled(), name);
            QVERIFY2(!action(menu.get(), name)->toolTip().isEmpty(), name);
        }
        QVERIFY(action(menu.get(), "copyKey")->isEnabled());

        // In flight: every action, and the read-only store disables them.
        view.setLookup(RecordBrowserView::Lookup::Key, QStringLiteral("f-1"));
        view.applyFilter();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->recordAt(0).key, QStringLiteral("f-1"), 10000);
        menu = menuOfOnlyRow(&view);
        for (const char *name : {"timeOutSelected", "releaseSelected", "reconcileSelected"})
            QVERIFY2(action(menu.get(), name)->isEnabled(), name);
        view.setActionsEnabled(false);
        menu = menuOfOnlyRow(&view);
        QVERIFY(!action(menu.get(), "releaseSelected")->isEnabled());
        QVERIFY(action(menu.get(), "releaseSelected")->toolTip().contains(QLatin1String("read-only")));
    }
};

QTEST_MAIN(RecordActionsTest)
#include "tst_recordactions.moc"
