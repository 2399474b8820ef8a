#pragma once

#include "app/ops/recordselection.h"
#include "app/store/record.h"

#include <QList>
#include <QObject>

class QMenu;
class QWidget;
class StoreSession;

// The row actions of a record listing, shared by the In flight and Records
// tabs: copy the keys or `idemctl get` commands, open the timeout, release
// or reconcile wizard for the selected records whose state allows it (the
// wizard reads each again, previews and asks for the operator and reason,
// its button naming the count), or one record's audit history.
class RecordActions final : public QObject {
    Q_OBJECT
public:
    RecordActions(StoreSession *session, QObject *parent);

    // Read-only stores: every action that changes records is disabled, saying why.
    void setActionsEnabled(bool enabled);
    bool actionsEnabled() const { return m_actionsEnabled; }

    // The menu for the readable selected records (`selectedRows` counts the
    // unreadable ones too, which no action applies to). The caller owns it.
    // Actions by object name: copyKey, copyGetCommand, timeOutSelected,
    // releaseSelected, reconcileSelected, auditHistory.
    QMenu *menuFor(const QList<Record> &records, int selectedRows, QWidget *parent);

    // `idemctl get --store URL --scope S --key K`, each value quoted for a
    // POSIX shell; displayUrl must be one without a password.
    static QString idemctlGetCommand(const QString &displayUrl, const QString &scope, const QString &key);
    static QString shellQuoted(const QString &text);

signals:
    void timeoutRequested(const QList<RecordRef> &records);
    void releaseRequested(const QList<RecordRef> &records);
    void reconcileRequested(const QList<RecordRef> &records);
    void auditHistoryRequested(const QString &scope, const QString &key);

private:
    StoreSession *m_session;
    bool m_actionsEnabled = true;
};
