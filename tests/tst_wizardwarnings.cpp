// The timeout wizard's result page says what the run did beside applying,
// and its preview refuses what the run would refuse, offscreen: a count
// that could not be written is a warning on an applied batch, not a failure;
// a scope whose audit chain is broken fails its own records in red while the
// other scope is applied; a java-handler store on MySQL opened without its
// cache option (IDEM_TEST_MYSQL_URL) is refused at the preview, as the run is.
#include "ui/actionapplypage.h"
#include "ui/timeoutwizard.h"

#include "app/store/openstore.h"
#include "app/store/sqlstore.h"
#include "tests/serverrequirement.h"

#include <QAbstractButton>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

namespace {

template <typename T>
T *child(QWidget *parent, const char *name)
{
    T *found = parent->findChild<T *>(QLatin1String(name));
    if (!found)
        qFatal("no child %s", name);
    return found;
}

bool claim(Store &store, const QString &scope, const QString &key, qint64 nowMs)
{
    ClaimRequest c;
    c.scope = scope;
    c.key = key;
    c.fingerprint = QStringLiteral("fp-") + key;
    c.owner = QStringLiteral("pay-svc:4242");
    c.bizNo = QStringLiteral("SO-") + key;
    c.nowMs = nowMs;
    const Result<ClaimResult> r = store.claim(c);
    return r.ok() && r->outcome == ClaimOutcome::Claimed;
}

bool execute(const QString &url, const QString &statement)
{
    const Result<StoreUrl> parsed = StoreUrl::parse(url);
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), QStringLiteral("behind"));
        configureSqlDatabase(db, parsed.value());
        QSqlQuery q(db);
        ok = db.open() && q.exec(statement);
        if (!ok)
            qWarning() << statement << q.lastError().text();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("behind"));
    return ok;
}

QStringList detailLines(QWizard &wizard)
{
    QStringList lines;
    auto *details = child<QTreeWidget>(&wizard, "resultDetails");
    for (int i = 0; i < details->topLevelItemCount(); ++i) {
        QTreeWidgetItem *group = details->topLevelItem(i);
        lines << group->text(0);
        for (int j = 0; j < group->childCount(); ++j)
            lines << group->child(j)->text(0) + QLatin1Char(' ') + group->child(j)->text(2);
    }
    return lines;
}

void previewAndApply(TimeoutWizard &wizard)
{
    wizard.show();
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(wizard.currentPage()->isComplete(), 20000);
    wizard.next();
    child<QLineEdit>(&wizard, "operatorName")->setText(QStringLiteral("night-ops"));
    child<QPlainTextEdit>(&wizard, "reason")->setPlainText(QStringLiteral("callbacks stuck after the outage"));
    wizard.button(QWizard::CommitButton)->click();
    QTRY_VERIFY_WITH_TIMEOUT(wizard.applyPage()->isComplete(), 30000);
}

} // namespace

class WizardWarningsTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_stores = 0;

    // 5 stuck payments and 3 stuck orders (20 minutes old).
    QString makeStore()
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("store-%1.db").arg(++m_stores));
        Result<std::unique_ptr<Store>> store = openStore(url);
        if (!store)
            qFatal("cannot open %s", qPrintable(url));
        const qint64 then = QDateTime::currentMSecsSinceEpoch() - 20 * 60000;
        for (int i = 0; i < 5; ++i)
            claim(*store.value(), QStringLiteral("payment"), QStringLiteral("p-%1").arg(i), then + i);
        for (int i = 0; i < 3; ++i)
            claim(*store.value(), QStringLiteral("order"), QStringLiteral("o-%1").arg(i), then + i);
        return url;
    }

private slots:
    void anUncountedActionIsAWarningNotAFailure()
    {
        const QString url = makeStore();
        QVERIFY(execute(url, QStringLiteral("CREATE TRIGGER refuse BEFORE INSERT ON idem_counters WHEN NEW.scope = 'order' "
                                            "BEGIN SELECT RAISE(ABORT, 'counting refused by a test trigger'); END")));
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        previewAndApply(wizard);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY(result);
        QCOMPARE(result->applied, 8);
        QCOMPARE(result->failed, 0);
        QVERIFY2(child<QLabel>(&wizard, "resultSummary")->text().contains(QLatin1String("warning")),
                 qPrintable(child<QLabel>(&wizard, "resultSummary")->text()));
        QVERIFY(!child<QLabel>(&wizard, "resultError")->isVisibleTo(&wizard));
        const QString details = detailLines(wizard).join(QLatin1Char('\n'));
        QVERIFY2(details.contains(QLatin1String("not counted")) && details.contains(QLatin1String("order")), qPrintable(details));
    }

    void aBrokenScopeFailsInRedAndTheOtherIsApplied()
    {
        const QString url = makeStore();
        {
            // One entry starts the order chain; then its head is deleted by hand.
            Result<std::unique_ptr<Store>> store = openStore(url, OpenMode::ReadWrite);
            AuditEntry note;
            note.scope = QStringLiteral("order");
            note.atMs = QDateTime::currentMSecsSinceEpoch();
            note.action = QStringLiteral("alert");
            note.operatorName = QStringLiteral("console");
            QVERIFY(store.value()->appendAudit(note));
        }
        QVERIFY(execute(url, QStringLiteral("DELETE FROM idem_audit_head WHERE scope = 'order'")));
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        previewAndApply(wizard);
        const Result<ActionReport> &result = *wizard.applyPage()->result();
        QVERIFY(result);
        QCOMPARE(result->applied, 5);
        QCOMPARE(result->failed, 3);
        QCOMPARE(result->scopeBlocked, 2);
        QLabel *error = child<QLabel>(&wizard, "resultError");
        QVERIFY(error->isVisibleTo(&wizard));
        QVERIFY2(error->text().contains(QLatin1String("3 record(s) failed")), qPrintable(error->text()));
    }

    void theJavaHandlerPreviewRefusesWithoutItsCacheOption()
    {
        IDEM_FETCH_SERVER_URL(mysql, "IDEM_TEST_MYSQL_URL");
        const QString table = QStringLiteral("idem_wizard_java_%1").arg(QCoreApplication::applicationPid());
        QVERIFY(execute(mysql,
                        QStringLiteral("CREATE TABLE %1 (idempotent_id VARCHAR(64) PRIMARY KEY, biz_type VARCHAR(32), biz_no VARCHAR(64), "
                                       "status VARCHAR(16) NOT NULL, request_body TEXT, response_body TEXT, create_time DATETIME, "
                                       "update_time DATETIME)")
                            .arg(table)));
        const auto drop = qScopeGuard([&] { execute(mysql, QStringLiteral("DROP TABLE IF EXISTS %1").arg(table)); });
        QVERIFY(execute(mysql, QStringLiteral("INSERT INTO %1 VALUES ('pay-1', 'payment', 'B1', 'PROCESSING', '{}', NULL, "
                                              "NOW() - INTERVAL 30 MINUTE, NOW() - INTERVAL 30 MINUTE)")
                                   .arg(table)));
        const QString layout = m_dir.filePath(QStringLiteral("java.json"));
        QFile file(layout);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("{\"base\": \"java-handler\", \"sql\": {\"table\": \"%1\"}}").arg(table).toUtf8());
        file.close();
        const QString url =
            mysql + QStringLiteral("?layout=") + QString::fromLatin1(QUrl::toPercentEncoding(layout)) + QStringLiteral("&audit=")
            + QString::fromLatin1(QUrl::toPercentEncoding(QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("java-audit.db"))));
        TimeoutWizard wizard(url, OpenMode::ReadWrite);
        wizard.show();
        wizard.next();
        QLabel *summary = child<QLabel>(&wizard, "previewSummary");
        QTRY_VERIFY_WITH_TIMEOUT(summary->text().contains(QLatin1String("--no-cache")), 20000);
        QVERIFY(!wizard.currentPage()->isComplete());
    }
};

QTEST_MAIN(WizardWarningsTest)
#include "tst_wizardwarnings.moc"
