#pragma once

// What the operator wizard suites share (tst_wizardtimeout,
// tst_wizardreconcile): SQLite stores of stuck records and a shop's order
// table in a temporary directory, the identity page filled in, children of a
// wizard found by name.
#include "app/store/openstore.h"
#include "app/store/store.h"
#include "app/ops/ordermapping.h"

#include <QList>
#include <QString>
#include <QSettings>
#include <QTemporaryDir>
#include <QWizard>

#include <memory>

extern const QString Operator;
extern const QString Reason;

class TimeoutWizard;

// The child of `parent` named `name`; fails the run when there is none.
template <typename T>
T *child(QWidget *parent, const char *name)
{
    T *found = parent->findChild<T *>(QLatin1String(name));
    if (!found)
        qFatal("no child %s", name);
    return found;
}

// Claims `key` in `scope` at nowMs with a fingerprint and an owner of its own.
bool claim(Store &store, const QString &scope, const QString &key, const QString &bizNo, qint64 nowMs);

// Fills in the identity page and presses the commit button.
void confirmAndApply(QWizard &wizard);

// A suite derives from it; its initTestCase() calls keepSettingsInTempDir().
class WizardFixture {
protected:
    QTemporaryDir m_dir;

    // Reconcile profiles live in QSettings: they are kept in m_dir.
    void keepSettingsInTempDir()
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    }
    int m_stores = 0;

    // A fresh SQLite store: 30 stuck payments (20 min), 5 young ones, 4 stuck orders.
    QString makeStore(std::unique_ptr<Store> *out = nullptr);
    static std::unique_ptr<Store> reopen(const QString &url);
    static RecordState stateOf(Store &store, const QString &scope, const QString &key, bool *exists = nullptr);
    static QList<AuditEntry> audit(Store &store, const QString &action = QString());
    // The shop's orders in their own SQLite file: SO0–SO2 paid, SO3 pending,
    // SO4 failed, the rest of the 30 stuck payments have no order.
    QString makeShop();
    static OrderMapping shopMapping(const QString &ordersPath);
    // The preview page has answered (its Next button follows isComplete()).
    static void waitForPreview(TimeoutWizard &wizard);
};
