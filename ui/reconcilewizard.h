#pragma once

#include "app/ops/proposalbook.h"
#include "app/ops/reconcileplan.h"
#include "app/ops/recordselection.h"
#include "app/store/openstore.h"

#include <QWizard>

class AppSettings;
class ActionApplyPage;
class OperatorIdentityPage;
class OrderMappingPage;
class ReconcileDryRunPage;
class ReconcilePlanModel;
class ReconcilePlanPage;
class StoreSession;

// Reconcile stuck records against the business order table (DESIGN.md
// "Operator actions"): the order-table mapping (named profiles), the scope
// and a dry run that looks the records' orders up in batches, the plan with
// its evidence (rows can be excluded), operator and reason, then apply with
// compare-and-set per record and the result. The dry run and the apply run
// on a store session of the wizard's own; the order lookup is created,
// opened, used and destroyed inside one job on that session's thread.
class ReconcileWizard final : public QWizard {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReconcileWizard)
public:
    enum PageId { MappingPageId, DryRunPageId, PlanPageId, IdentityPageId, ApplyPageId };

    // url carries any password it needs (in memory only).
    // Reconcile profiles come from settings (not owned).
    ReconcileWizard(const QString &url, OpenMode mode, AppSettings *settings, QWidget *parent = nullptr);
    ~ReconcileWizard() override; // stops a running job and waits for the worker thread

    void setScope(const QString &scope);
    void setMapping(const OrderMapping &mapping);
    // Limits the reconcile to these records (the In-flight tab's
    // selection): the dry run reads each again and the plan lists exactly
    // those still stuck. Empty: the whole scope, as before.
    void setRecords(const QList<RecordRef> &records);

    StoreSession *session() const { return m_session; }
    OrderMappingPage *mappingPage() const { return m_mapping; }
    ReconcileDryRunPage *dryRunPage() const { return m_dryRun; }
    ReconcilePlanModel *planModel() const;
    ActionApplyPage *applyPage() const { return m_apply; }

    void reject() override; // while applying: stop the job instead of closing

signals:
    void applied(const QString &batchId);

private:
    void startApply(ActionApplyPage *page);
    // Of the rows to apply, the scopes and records four eyes will propose
    // rather than apply (the policy the dry run read).
    ProposalBook::Held heldByFourEyes() const;

    StoreSession *m_session;
    OrderMappingPage *m_mapping;
    ReconcileDryRunPage *m_dryRun;
    ReconcilePlanPage *m_plan;
    OperatorIdentityPage *m_identity;
    ActionApplyPage *m_apply;
};
