#pragma once

#include "app/ops/reconcileplan.h"
#include "app/ops/recordselection.h"

#include <QWizardPage>

class JobProgressWidget;
class OrderMappingPage;
class QCheckBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSpinBox;
class ScopeChooser;
class StoreSession;

// Reconcile page 2: which records (scope, age, timed out too) and the dry
// run, which changes nothing. Next is enabled once a dry run for the current
// mapping and criteria has finished.
class ReconcileDryRunPage final : public QWizardPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReconcileDryRunPage)
public:
    ReconcileDryRunPage(StoreSession *session, OrderMappingPage *mapping, QWidget *parent = nullptr);

    ReconcileCriteria criteria() const;
    void setScope(const QString &scope);
    // Limits the dry run to these records (read again, each): the plan holds
    // exactly those still stuck; the scope is theirs. Empty: the whole scope.
    void setRecords(const QList<RecordRef> &records);
    const QList<RecordRef> &records() const { return m_records; }
    QPushButton *runButton() const { return m_run; }
    bool isRunning() const;
    const QList<ReconcileRow> &rows() const { return m_rows; }
    qint64 ranAtMs() const { return m_ranAtMs; }
    // The store's four-eyes policy as the dry run read it (none when it could not).
    const std::optional<ApprovalPolicy> &policy() const { return m_policy; }

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;
    void stop();

public slots:
    void run();

private:
    void invalidate();

    StoreSession *m_session;
    OrderMappingPage *m_mapping;
    ScopeChooser *m_scope;
    QSpinBox *m_minutes;
    QCheckBox *m_timedOut;
    QPushButton *m_run;
    JobProgressWidget *m_progress;
    QLabel *m_status;
    QLabel *m_picked;
    QFormLayout *m_form;
    QList<RecordRef> m_records;
    QList<ReconcileRow> m_rows;
    qint64 m_ranAtMs = 0;
    std::optional<ApprovalPolicy> m_policy;
    quint64 m_generation = 0;
    bool m_ready = false;
};
