#include "ui/reconcilewizard.h"
#include "ui/screenfit.h"

#include "ui/actionapplypage.h"
#include "ui/jobprogresswidget.h"
#include "ui/reconciledryrunpage.h"
#include "ui/operatoridentitypage.h"
#include "ui/ordermappingpage.h"
#include "ui/reconcileplanpage.h"
#include "models/operatorjobs.h"
#include "models/reconcileplanmodel.h"
#include "models/storesession.h"

#include "app/store/storeurl.h"
#include "app/store/visibletext.h"

#include <QDateTime>

ReconcileWizard::ReconcileWizard(const QString &url, OpenMode mode, AppSettings *settings, QWidget *parent)
    : ActionWizard(url, mode, parent)
    , m_mapping(new OrderMappingPage(settings, this))
{
    setWindowTitle(tr("Reconcile with the order table"));
    setButtonText(QWizard::CommitButton, tr("Apply plan"));
    m_dryRun = new ReconcileDryRunPage(session(), m_mapping, this);
    m_plan = new ReconcilePlanPage(this);
    setPage(MappingPageId, m_mapping);
    setPage(DryRunPageId, m_dryRun);
    setPage(PlanPageId, m_plan);
    // The demo and single-file deployments keep the orders beside the records.
    if (const Result<StoreUrl> parsed = StoreUrl::parse(url); parsed && parsed->kind == StoreUrl::Kind::Sqlite)
        m_mapping->setDefaultOrdersUrl(url);
    m_plan->setSource([this] { return std::make_pair(m_dryRun->rows(), m_dryRun->ranAtMs()); });
    addActionPages(IdentityPageId, ApplyPageId, [this]() -> QString {
        const ReconcileSummary s = m_plan->model()->summary();
        const QString what = tr("%1 record(s) will be completed with a response made from the order, and %2 released "
                                "(their clients may resubmit). %3 for manual review and every excluded row are left as they are.")
                                 .arg(s.complete)
                                 .arg(s.release)
                                 .arg(s.review);
        const QString held = heldSentence();
        if (m_dryRun->records().isEmpty())
            return what + held;
        return tr("Reconcile %n selected record(s)?", nullptr, int(s.complete + s.release)) + QLatin1Char(' ') + what + held;
    });
    ScreenFit::fit(this, QSize(1180, 740));
}

ReconcileWizard::~ReconcileWizard()
{
    m_dryRun->stop();
}

void ReconcileWizard::setScope(const QString &scope)
{
    m_dryRun->setScope(scope);
}
void ReconcileWizard::setMapping(const OrderMapping &mapping)
{
    m_mapping->setMapping(mapping);
}

void ReconcileWizard::setRecords(const QList<RecordRef> &records)
{
    m_dryRun->setRecords(records);
    setWindowTitle(records.isEmpty() ? tr("Reconcile with the order table")
                                     : tr("Reconcile %n selected record(s) with the order table", nullptr, int(records.size())));
}
ReconcilePlanModel *ReconcileWizard::planModel() const
{
    return m_plan->model();
}

int ReconcileWizard::actionCount() const
{
    const ReconcileSummary s = m_plan->model()->summary();
    return int(s.complete + s.release);
}

QString ReconcileWizard::commitText(int toApply, int held) const
{
    if (held == 0)
        return tr("Reconcile %n record(s)", nullptr, toApply);
    return tr("Reconcile %n record(s), propose %1", nullptr, toApply).arg(held);
}

ProposalBook::Held ReconcileWizard::heldByFourEyes() const
{
    if (!m_dryRun->policy())
        return {};
    QList<ActionTarget> applied;
    for (const ReconcileRow &row : m_plan->model()->rows()) {
        if (ReconcilePlan::applies(row))
            applied.append(row.target);
    }
    return ProposalBook::held(*m_dryRun->policy(), applied);
}

void ReconcileWizard::startApply(ActionApplyPage *page)
{
    const OrderMapping mapping = m_mapping->mapping();
    const QList<ReconcileRow> rows = m_plan->model()->rows();
    const OperatorIdentity who = identityPage()->identity();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const ActionControl control = page->progress()->start(tr("Applying the plan"));
    session()->request<ActionReport>(
        page,
        [mapping, rows, who, now, control](Store &store) -> Result<ActionReport> {
            return OperatorJobs::applyReconcile(store, mapping, rows, who, now, control);
        },
        [page](const Result<ActionReport> &result) { page->finish(result); });
}
