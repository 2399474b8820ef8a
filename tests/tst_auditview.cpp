// The Audit tab, offscreen, over a real SQLite store: operator actions by
// default with alerts apart behind the filter, one record's history and one
// batch shown on request (with the bar that says so and clears it).
#include "models/auditmodel.h"
#include "models/storesession.h"
#include "ui/auditview.h"

#include "app/store/openstore.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const qint64 T0 = 1'800'000'000'000;

AuditEntry entry(const QString &scope, const QString &key, const QString &action, const QString &batch, int minute)
{
    AuditEntry e;
    e.scope = scope;
    e.key = key;
    e.action = action;
    e.batchId = batch;
    e.atMs = T0 + qint64(minute) * 60000;
    e.operatorName = QStringLiteral("alice");
    e.host = QStringLiteral("ops-1");
    e.reason = QStringLiteral("test");
    return e;
}

QStringList shown(const AuditView &view)
{
    QStringList rows;
    for (int r = 0; r < view.model()->rowCount(); ++r) {
        const AuditEntry &e = view.model()->entryAt(r);
        rows << e.action + QLatin1Char(' ') + e.key;
    }
    return rows;
}

} // namespace

class AuditViewTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;

    // Waits for the view's model to answer the query the last call made.
    static bool waitLoaded(AuditView &view)
    {
        QSignalSpy loaded(view.model(), &AuditModel::loaded);
        return loaded.wait(10000);
    }

private slots:
    void initTestCase()
    {
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("auditview.db"));
        Result<std::unique_ptr<Store>> store = openStore(m_url);
        QVERIFY2(store.ok(), qPrintable(store.error().message));
        const QList<AuditEntry> entries = {
            entry(QStringLiteral("payment"), QStringLiteral("k-1"), QStringLiteral("timeout"), QStringLiteral("b-1"), 0),
            entry(QStringLiteral("payment"), QStringLiteral("k-10"), QStringLiteral("timeout"), QStringLiteral("b-1"), 1),
            entry(QStringLiteral("payment"), QString(), QStringLiteral("alert"), QString(), 2),
            entry(QStringLiteral("order"), QStringLiteral("k-1"), QStringLiteral("reconcile-release"), QStringLiteral("b-2"), 3),
            entry(QStringLiteral("payment"), QString(), QStringLiteral("alert-acknowledged"), QString(), 4),
            entry(QStringLiteral("payment"), QStringLiteral("k-1"), QStringLiteral("reconcile-complete"), QStringLiteral("b-2"), 5),
        };
        for (const AuditEntry &e : entries) {
            const Result<AuditEntry> written = store.value()->appendAudit(e);
            QVERIFY2(written.ok(), qPrintable(written.error().message));
        }
    }

    void operatorActionsByDefaultAlertsApart()
    {
        StoreSession session(m_url);
        AuditView view(&session);
        QVERIFY(waitLoaded(view));
        QCOMPARE(view.model()->query().kind, AuditQuery::Kind::OperatorActions);
        QCOMPARE(shown(view), (QStringList{QStringLiteral("reconcile-complete k-1"), QStringLiteral("reconcile-release k-1"),
                                           QStringLiteral("timeout k-10"), QStringLiteral("timeout k-1")}));
        view.kindFilter()->setCurrentIndex(view.kindFilter()->findData(int(AuditQuery::Kind::Alerts)));
        QVERIFY(waitLoaded(view));
        QCOMPARE(shown(view), (QStringList{QStringLiteral("alert-acknowledged "), QStringLiteral("alert ")}));
        view.setKindFilter(AuditQuery::Kind::Any);
        QVERIFY(waitLoaded(view));
        QCOMPARE(view.model()->rowCount(), 6);
    }

    void showRecordHistoryFiltersToOneRecord()
    {
        StoreSession session(m_url);
        AuditView view(&session);
        view.show();
        QVERIFY(waitLoaded(view));
        view.showRecordHistory(QStringLiteral("payment"), QStringLiteral("k-1"));
        QVERIFY(waitLoaded(view));
        // Exactly k-1 of payment: not k-10 (a prefix match), not order's k-1.
        QCOMPARE(shown(view), (QStringList{QStringLiteral("reconcile-complete k-1"), QStringLiteral("timeout k-1")}));
        QVERIFY(view.focusLabel()->isVisible());
        QVERIFY(view.focusLabel()->text().contains(QStringLiteral("k-1")));

        auto *clear = view.findChild<QPushButton *>(QStringLiteral("auditClearFocus"));
        QVERIFY(clear);
        clear->click();
        QVERIFY(waitLoaded(view));
        QVERIFY(!view.focusLabel()->isVisible());
        QCOMPARE(view.model()->query().key, QString());
        QCOMPARE(view.model()->query().scope, QString());
        QCOMPARE(view.model()->rowCount(), 4); // every operator action again
    }

    void showBatchFiltersToOneBatch()
    {
        StoreSession session(m_url);
        AuditView view(&session);
        view.show();
        QVERIFY(waitLoaded(view));
        view.setScopeFilter(QStringLiteral("order")); // replaced, not combined
        QVERIFY(waitLoaded(view));
        view.showBatch(QStringLiteral("b-2"));
        QVERIFY(waitLoaded(view));
        QCOMPARE(shown(view), (QStringList{QStringLiteral("reconcile-complete k-1"), QStringLiteral("reconcile-release k-1")}));
        QCOMPARE(view.findChild<QLineEdit *>(QStringLiteral("auditBatch"))->text(), QStringLiteral("b-2"));
        QVERIFY(view.focusLabel()->isVisible());
        QVERIFY(view.focusLabel()->text().contains(QStringLiteral("b-2")));
        view.clearFilters();
        QVERIFY(waitLoaded(view));
        QVERIFY(!view.focusLabel()->isVisible());
        QCOMPARE(view.model()->query().batchId, QString());
    }
};

QTEST_MAIN(AuditViewTest)
#include "tst_auditview.moc"
