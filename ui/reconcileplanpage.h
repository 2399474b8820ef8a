#pragma once

#include "app/ops/reconcileplan.h"

#include <QWizardPage>

#include <functional>
#include <utility>

class QLabel;
class QPlainTextEdit;
class QTableView;
class ReconcilePlanModel;

// Reconcile page 3: the plan. One row per stuck record with its proposal,
// coloured by it; uncheck a row to leave its record out. The selected row's
// order and the request the record kept (the evidence) are shown beside.
// Totals count included rows only.
class ReconcilePlanPage final : public QWizardPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReconcilePlanPage)
public:
    using Source = std::function<std::pair<QList<ReconcileRow>, qint64>()>; // rows, when the dry run ran

    explicit ReconcilePlanPage(QWidget *parent = nullptr);

    void setSource(Source source) { m_source = std::move(source); }
    ReconcilePlanModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *evidence() const { return m_evidence; }

    void initializePage() override;
    bool isComplete() const override; // something to complete or release is included

private:
    void showTotals();
    void showEvidence();

    ReconcilePlanModel *m_model;
    QTableView *m_table;
    QLabel *m_totals;
    QPlainTextEdit *m_evidence;
    Source m_source;
};
