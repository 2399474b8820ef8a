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
    : QWizard(parent)
    , m_session(new StoreSession(url, mode, this))
    , m_mapping(new OrderMappingPage(settings, this))
    , m_identity(new OperatorIdentityPage(this))
    , m_apply(new ActionApplyPage(this))
{
    setWindowTitle(tr("Reconcile with the order table"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage);
    setOption(QWizard::NoCancelButtonOnLastPage); // the apply page has its own Stop
    setButtonText(QWizard::CommitButton, tr("Apply plan"));
    m_dryRun = new ReconcileDryRunPage(m_session, m_mapping, this);
    m_plan = new ReconcilePlanPage(this);
    setPage(MappingPageId, m_mapping);
    setPage(DryRunPageId, m_dryRun);
    setPage(PlanPageId, m_plan);
    setPage(IdentityPageId, m_identity);
    setPage(ApplyPageId, m_apply);
    // The demo and single-file deployments keep the orders beside the records.
    if (const Result<StoreUrl> parsed = StoreUrl::parse(url); parsed && parsed->kind == StoreUrl::Kind::Sqlite)
        m_mapping->setDefaultOrdersUrl(url);
    m_plan->setSource([this] { return std::make_pair(m_dryRun->rows(), m_dryRun->ranAtMs()); });
    m_identity->setReadOnly(mode == OpenMode::ReadOnly);
    m_identity->setConfirmation([this]() -> QString {
        const ReconcileSummary s = m_plan->model()->summary();
        const QString what = tr("%1 record(s) will be completed with a response made from the order, and %2 released "
                                "(their clients may resubmit). %3 for manual review and every excluded row are left as they are.")
                                 .arg(s.complete)
                                 .arg(s.release)
                                 .arg(s.review);
        QString held;
        // Four eyes: a scope over its threshold is proposed, not applied.
        if (const ProposalBook::Held h = heldByFourEyes(); h.records > 0)
            held = QLatin1Char(' ')
                   + tr("Of them, %n record(s) in %1 are over the scope's four-eyes threshold: they are proposed for a second "
                        "identity to approve, not applied now.",
                        nullptr, h.records)
                         .arg(visibleText(h.scopes.join(QStringLiteral(", "))));
        if (m_dryRun->records().isEmpty())
            return what + held;
        return tr("Reconcile %n selected record(s)?", nullptr, int(s.complete + s.release)) + QLatin1Char(' ') + what + held;
    });
    // The commit button names the count it acts on.
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id != IdentityPageId)
            return;
        const ReconcileSummary s = m_plan->model()->summary();
        const int n = int(s.complete + s.release);
        const int held = heldByFourEyes().records;
        QString text;
        if (held == 0)
            text = tr("Reconcile %n record(s)", nullptr, n);
        else if (held == n)
            text = tr("Propose %n record(s)", nullptr, n);
        else
            text = tr("Reconcile %n record(s), propose %1", nullptr, n - held).arg(held);
        setButtonText(QWizard::CommitButton, text);
    });
    m_apply->setStarter([this](ActionApplyPage *page) { startApply(page); });
    m_apply->enableCacheRetry(m_session, [this] { return m_identity->identity(); });
    connect(m_apply, &ActionApplyPage::finished, this, [this](const ActionReport &report) {
        if (report.applied > 0)
            emit applied(report.batchId);
    });
    ScreenFit::fit(this, QSize(1180, 740));
}

ReconcileWizard::~ReconcileWizard()
{
    m_dryRun->stop();
    m_apply->progress()->cancel();
    delete m_session; // joins the worker before the pages go
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

void ReconcileWizard::reject()
{
    if (m_apply->isRunning()) {
        m_apply->progress()->cancel();
        return;
    }
    QWizard::reject();
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
    const OperatorIdentity who = m_identity->identity();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const ActionControl control = page->progress()->start(tr("Applying the plan"));
    m_session->request<ActionReport>(
        page,
        [mapping, rows, who, now, control](Store &store) -> Result<ActionReport> {
            return OperatorJobs::applyReconcile(store, mapping, rows, who, now, control);
        },
        [page](const Result<ActionReport> &result) { page->finish(result); });
}
