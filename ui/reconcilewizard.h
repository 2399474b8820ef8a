#pragma once

#include "ui/actionwizard.h"

#include "app/ops/reconcileplan.h"
#include "app/ops/recordselection.h"

class AppSettings;
class OrderMappingPage;
class ReconcileDryRunPage;
class ReconcilePlanModel;
class ReconcilePlanPage;

// Reconcile stuck records against the business order table (DESIGN.md
// "Operator actions"): the order-table mapping (named profiles), the scope
// and a dry run that looks the records' orders up in batches, the plan with
// its evidence (rows can be excluded), operator and reason, then apply with
// compare-and-set per record and the result (ActionWizard). The dry run
// and the apply run on the wizard's store session; the order lookup is
// created, opened, used and destroyed inside one job on its thread.
class ReconcileWizard final : public ActionWizard {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReconcileWizard)
public:
    enum PageId { MappingPageId, DryRunPageId, PlanPageId, IdentityPageId, ApplyPageId };

    // url carries any password it needs (in memory only).
    // Reconcile profiles come from settings (not owned).
    ReconcileWizard(const QString &url, OpenMode mode, AppSettings *settings, QWidget *parent = nullptr);
    ~ReconcileWizard() override; // stops a running dry run

    void setScope(const QString &scope);
    void setMapping(const OrderMapping &mapping);
    // Limits the reconcile to these records (the In-flight tab's
    // selection): the dry run reads each again and the plan lists exactly
    // those still stuck. Empty: the whole scope.
    void setRecords(const QList<RecordRef> &records);

    OrderMappingPage *mappingPage() const { return m_mapping; }
    ReconcileDryRunPage *dryRunPage() const { return m_dryRun; }
    ReconcilePlanModel *planModel() const;

private:
    int actionCount() const override;
    ProposalBook::Held heldByFourEyes() const override;
    QString commitText(int toApply, int held) const override;
    void startApply(ActionApplyPage *page) override;

    OrderMappingPage *m_mapping;
    ReconcileDryRunPage *m_dryRun;
    ReconcilePlanPage *m_plan;
};
