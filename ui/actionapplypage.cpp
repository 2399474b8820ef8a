#include "ui/actionapplypage.h"

#include "app/store/visibletext.h"

#include "ui/jobprogresswidget.h"
#include "models/storesession.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <QDateTime>

#include <algorithm>

namespace {
const QString kAlarm = QStringLiteral("color: #b71c1c; font-weight: bold; padding: 6px; border: 1px solid #e0a0a0; background: #fdecea;");
const QString kDone = QStringLiteral("color: #1b5e20; font-weight: bold; padding: 6px; border: 1px solid #a5d6a7; background: #e8f5e9;");
} // namespace

ActionApplyPage::ActionApplyPage(QWidget *parent)
    : QWizardPage(parent)
    , m_progress(new JobProgressWidget(this))
    , m_summary(new QLabel(this))
    , m_error(new QLabel(this))
    , m_details(new QTreeWidget(this))
    , m_retryCache(new QPushButton(tr("Retry the cache step"), this))
    , m_showInAudit(new QPushButton(tr("Show in Audit"), this))
{
    setTitle(tr("Apply"));
    setSubTitle(tr("Each record changes only if it is still as the preview saw it (same state, same lease)."));
    setFinalPage(true);
    m_summary->setObjectName(QStringLiteral("resultSummary"));
    m_error->setObjectName(QStringLiteral("resultError"));
    m_details->setObjectName(QStringLiteral("resultDetails"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(kAlarm);
    m_error->hide();
    m_details->setColumnCount(3);
    m_details->setHeaderLabels({tr("Scope"), tr("Key"), tr("What happened")});
    m_details->header()->setStretchLastSection(true);
    m_details->setColumnWidth(0, 110);
    m_details->setColumnWidth(1, 260);
    m_details->hide();
    m_retryCache->setObjectName(QStringLiteral("retryCache"));
    m_retryCache->setToolTip(tr("Update the service's cache of the records changed in the store, for each record still as the "
                                "action left it; audited"));
    m_retryCache->hide();
    m_showInAudit->setObjectName(QStringLiteral("showInAudit"));
    m_showInAudit->setToolTip(tr("The Audit tab, filtered to this batch's entries"));
    m_showInAudit->hide();
    connect(m_showInAudit, &QPushButton::clicked, this, [this] {
        if (m_result && *m_result && !m_result->value().batchId.isEmpty())
            emit showInAuditRequested(m_result->value().batchId);
    });
    connect(m_retryCache, &QPushButton::clicked, this, [this] {
        if (!m_session || m_cacheFailures.isEmpty() || m_progress->isRunning())
            return;
        m_retryCache->setEnabled(false);
        const QList<ActionFailure> failures = m_cacheFailures;
        const OperatorIdentity who = m_who();
        const QString batch = m_result && *m_result ? m_result->value().batchId : QString();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const ActionControl control = m_progress->start(tr("Retrying the cache step"));
        m_session->request<ActionReport>(
            this,
            [failures, who, batch, now, control](Store &store) -> Result<ActionReport> {
                return retryCacheSteps(store, failures, who, batch, now, control);
            },
            [this](const Result<ActionReport> &result) { finishCacheRetry(result); });
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_progress);
    layout->addWidget(m_error);
    layout->addWidget(m_retryCache, 0, Qt::AlignLeft);
    layout->addWidget(m_summary);
    layout->addWidget(m_showInAudit, 0, Qt::AlignLeft);
    layout->addWidget(m_details, 1);
    layout->addStretch(0); // keeps the summary at the top while the lists are hidden
}

void ActionApplyPage::initializePage()
{
    m_result.reset();
    m_summary->setText(tr("Applying…"));
    m_error->hide();
    m_details->clear();
    m_details->hide();
    m_retryCache->hide();
    m_cacheFailures.clear();
    m_error->setStyleSheet(kAlarm);
    if (m_starter)
        m_starter(this);
}

bool ActionApplyPage::isRunning() const
{
    return m_progress->isRunning();
}

bool ActionApplyPage::isComplete() const
{
    return m_result.has_value();
}

void ActionApplyPage::finish(const Result<ActionReport> &result)
{
    m_progress->finish();
    m_result = result;
    if (!result) {
        m_summary->setText(tr("Nothing was applied."));
        m_error->setText(tr("The store refused the action: %1").arg(result.error().message));
        if (result.error().kind != ErrorKind::Refused)
            m_error->setText(tr("The action failed: %1").arg(result.error().message));
        m_error->show();
        emit completeChanged();
        return;
    }
    const ActionReport &r = result.value();
    QString text = summaryText(r);
    if (!r.batchId.isEmpty() && r.applied + r.failed > 0) {
        text += QStringLiteral("<br>") + tr("Batch %1 — Show in Audit lists every entry it wrote.").arg(r.batchId);
        m_showInAudit->show();
    }
    m_summary->setText(text);
    showFailure(r);
    listDetails(r);
    m_details->setVisible(m_details->topLevelItemCount() > 0);
    emit completeChanged();
    emit finished(r);
}

QString ActionApplyPage::summaryText(const ActionReport &r) const
{
    QString text =
        tr("<b>%1</b> applied · <b>%2</b> skipped (changed meanwhile) · <b>%3</b> failed").arg(r.applied).arg(r.skipped).arg(r.failed);
    if (r.untouched() > 0)
        text += tr(" · <b>%1</b> left untouched (stopped)").arg(r.untouched());
    if (m_excluded > 0)
        text += tr(" · <b>%1</b> excluded by the operator (left as they are)").arg(m_excluded);
    if (r.stop == BatchStop::Cancelled)
        text += QStringLiteral("<br>") + tr("Stopped on request: the records after the stop point were not changed.");
    else if (r.stop == BatchStop::StoreUnavailable)
        text += QStringLiteral("<br>")
                + tr("Stopped: the store stopped answering, so %n record(s) were not attempted.", nullptr, int(r.notAttempted));
    if (!r.warnings.isEmpty())
        text +=
            QStringLiteral("<br><span style='color:#e65100'>")
            + tr("%n warning(s): applied, but not everything beside it was done (below).", nullptr, int(r.warnings.size())).toHtmlEscaped()
            + QStringLiteral("</span>");
    for (const ActionReport::Proposed &p : r.proposed)
        text += QStringLiteral("<br>")
                + tr("Scope %1: %2 record(s), more than its four-eyes threshold of %3: not applied, proposed as %4. A second "
                     "identity approves it in the Proposals tab; then it is applied from there.")
                      .arg(visibleText(p.scope))
                      .arg(p.records)
                      .arg(p.threshold)
                      .arg(p.id)
                      .toHtmlEscaped();
    return text;
}

void ActionApplyPage::showFailure(const ActionReport &r)
{
    if (r.cacheFailed > 0) {
        // Changed in the store, not in the service's cache: not done, and not "nothing" either.
        m_error->setText(
            tr("%1 record(s) were changed in the store, but the service's cache was not updated, so the service still "
               "answers from the old value: %2")
                .arg(r.cacheFailed)
                .arg(std::find_if(r.failures.cbegin(), r.failures.cend(), [](const ActionFailure &f) { return f.cacheOnly; })->message));
        m_error->show();
        for (const ActionFailure &f : r.failures) {
            if (f.cacheOnly)
                m_cacheFailures.append(f);
        }
        m_retryCache->setEnabled(true);
        m_retryCache->setVisible(m_session != nullptr);
    } else if (!r.failures.isEmpty() && r.applied == 0) {
        // Typically one cause for all (read-only, store down): say it plainly.
        m_error->setText(tr("Nothing was applied: %1").arg(r.failures.constFirst().message));
        m_error->show();
    } else if (r.failed > 0) {
        // A partial failure is a failure: the rest was applied, these were not.
        m_error->setText(tr("%n record(s) failed and were not changed (listed below); the others were applied.", nullptr, int(r.failed)));
        m_error->show();
    }
}

void ActionApplyPage::listDetails(const ActionReport &r)
{
    if (!r.warnings.isEmpty()) {
        auto *group = new QTreeWidgetItem(m_details, {tr("Warnings: %1").arg(r.warnings.size())});
        for (const QString &warning : r.warnings) {
            auto *item = new QTreeWidgetItem(group, {warning});
            item->setFirstColumnSpanned(true);
        }
        group->setFirstColumnSpanned(true);
        group->setExpanded(true);
    }
    if (!r.skippedTargets.isEmpty()) {
        auto *group = new QTreeWidgetItem(m_details, {tr("Skipped (changed meanwhile): %1").arg(r.skipped)});
        for (const ActionTarget &t : r.skippedTargets)
            new QTreeWidgetItem(group, {t.scope, t.key, tr("no longer %1 under the lease the preview saw").arg(recordStateName(t.state))});
        group->setFirstColumnSpanned(true);
        group->setExpanded(true);
    }
    if (!r.failures.isEmpty()) {
        auto *group = new QTreeWidgetItem(m_details, {tr("Failed: %1").arg(r.failed)});
        for (const ActionFailure &f : r.failures)
            new QTreeWidgetItem(group, {f.scope, f.key, f.message});
        group->setFirstColumnSpanned(true);
        group->setExpanded(true);
    }
}

void ActionApplyPage::enableCacheRetry(StoreSession *session, std::function<OperatorIdentity()> who)
{
    m_session = session;
    m_who = std::move(who);
}

void ActionApplyPage::finishCacheRetry(const Result<ActionReport> &result)
{
    m_progress->finish();
    m_retryCache->setEnabled(true);
    if (!result) {
        m_error->setText(tr("The cache step was not retried: %1").arg(result.error().message));
        return;
    }
    const ActionReport &r = result.value();
    m_cacheFailures = r.failures; // what is still not done
    if (r.failed == 0) {
        m_retryCache->hide();
        m_error->setStyleSheet(kDone);
        m_error->setText(
            tr("Cache step retried: the service's cache of all %1 record(s) is up to date now (batch %2).").arg(r.applied).arg(r.batchId));
        return;
    }
    m_error->setText(
        tr("Cache step retried: %1 record(s) updated, %2 still not: %3").arg(r.applied).arg(r.failed).arg(r.failures.constFirst().message));
}
