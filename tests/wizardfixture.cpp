#include "tests/wizardfixture.h"

#include "ui/timeoutwizard.h"

#include <QAbstractButton>
#include <QDateTime>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

const QString Operator = QStringLiteral("night-shift-ops");
const QString Reason = QStringLiteral("gateway outage 03:50-04:10, ticket OPS-1234");

bool claim(Store &store, const QString &scope, const QString &key, const QString &bizNo, qint64 nowMs)
{
    ClaimRequest c;
    c.scope = scope;
    c.key = key;
    c.fingerprint = QStringLiteral("fp-") + key;
    c.owner = QStringLiteral("pay-svc-%1:4242").arg(key.size() % 3);
    c.bizNo = bizNo;
    c.nowMs = nowMs;
    Result<ClaimResult> r = store.claim(c);
    return r.ok() && r->outcome == ClaimOutcome::Claimed;
}

void confirmAndApply(QWizard &wizard)
{
    QVERIFY(!wizard.button(QWizard::CommitButton)->isEnabled()); // no reason yet
    child<QLineEdit>(&wizard, "operatorName")->setText(Operator);
    QVERIFY(!wizard.button(QWizard::CommitButton)->isEnabled());
    child<QPlainTextEdit>(&wizard, "reason")->setPlainText(Reason);
    QVERIFY(wizard.button(QWizard::CommitButton)->isEnabled());
    wizard.button(QWizard::CommitButton)->click();
}

QString WizardFixture::makeStore(std::unique_ptr<Store> *out)
{
    const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("store-%1.db").arg(++m_stores));
    Result<std::unique_ptr<Store>> store = openStore(url);
    if (!store)
        qFatal("cannot open %s: %s", qPrintable(url), qPrintable(store.error().message));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (int i = 0; i < 30; ++i)
        if (!claim(*store.value(), QStringLiteral("payment"), QStringLiteral("p-%1").arg(i), QStringLiteral("SO%1").arg(i),
                   now - 20 * 60000 + i))
            qFatal("claim failed");
    for (int i = 0; i < 5; ++i)
        if (!claim(*store.value(), QStringLiteral("payment"), QStringLiteral("young-%1").arg(i), QString(), now - 1000))
            qFatal("claim failed");
    for (int i = 0; i < 4; ++i)
        if (!claim(*store.value(), QStringLiteral("order"), QStringLiteral("o-%1").arg(i), QStringLiteral("OR%1").arg(i), now - 30 * 60000))
            qFatal("claim failed");
    if (out)
        *out = std::move(store).value();
    return url;
}

std::unique_ptr<Store> WizardFixture::reopen(const QString &url)
{
    Result<std::unique_ptr<Store>> store = openStore(url);
    if (!store)
        qFatal("reopen: %s", qPrintable(store.error().message));
    return std::move(store).value();
}

RecordState WizardFixture::stateOf(Store &store, const QString &scope, const QString &key, bool *exists)
{
    Result<std::optional<Record>> r = store.get(scope, key);
    if (!r)
        qFatal("get: %s", qPrintable(r.error().message));
    if (exists)
        *exists = r->has_value();
    return r->has_value() ? r->value().state : RecordState::InFlight;
}

QList<AuditEntry> WizardFixture::audit(Store &store, const QString &action)
{
    AuditQuery q;
    q.action = action;
    Result<QList<AuditEntry>> r = store.auditEntries(q);
    if (!r)
        qFatal("audit: %s", qPrintable(r.error().message));
    return r.value();
}

QString WizardFixture::makeShop()
{
    const QString ordersPath = m_dir.filePath(QStringLiteral("shop-%1.db").arg(++m_stores));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("shop"));
        db.setDatabaseName(ordersPath);
        if (!db.open())
            qFatal("cannot open %s", qPrintable(ordersPath));
        QSqlQuery q(db);
        if (!q.exec(QStringLiteral("CREATE TABLE shop_orders (order_no TEXT PRIMARY KEY, state TEXT, amount_cents INTEGER)")))
            qFatal("create: %s", qPrintable(q.lastError().text()));
        const QList<QPair<QString, QString>> orders = {{QStringLiteral("SO0"), QStringLiteral("PAID")},
                                                       {QStringLiteral("SO1"), QStringLiteral("PAID")},
                                                       {QStringLiteral("SO2"), QStringLiteral("PAID")},
                                                       {QStringLiteral("SO3"), QStringLiteral("PENDING")},
                                                       {QStringLiteral("SO4"), QStringLiteral("FAILED")}};
        for (const auto &[no, state] : orders) {
            if (!q.exec(QStringLiteral("INSERT INTO shop_orders VALUES ('%1', '%2', 1999)").arg(no, state)))
                qFatal("insert: %s", qPrintable(q.lastError().text()));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("shop"));
    return ordersPath;
}

OrderMapping WizardFixture::shopMapping(const QString &ordersPath)
{
    OrderMapping mapping;
    mapping.name = QStringLiteral("shop");
    mapping.ordersUrl = QStringLiteral("sqlite://") + ordersPath;
    mapping.table = QStringLiteral("shop_orders");
    mapping.keyColumn = QStringLiteral("order_no");
    mapping.statusColumn = QStringLiteral("state");
    mapping.doneValues = {QStringLiteral("PAID")};
    mapping.pendingValues = {QStringLiteral("PENDING")};
    mapping.failedValues = {QStringLiteral("FAILED")};
    return mapping;
}

void WizardFixture::waitForPreview(TimeoutWizard &wizard)
{
    QTRY_VERIFY_WITH_TIMEOUT(wizard.currentPage()->isComplete(), 20000);
}
