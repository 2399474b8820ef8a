#include "ui/timeoutwizard.h"

#include "app/ops/proposalbook.h"
#include "ui/screenfit.h"

#include "ui/actionapplypage.h"
#include "models/actiontargetmodel.h"
#include "models/operatorjobs.h"
#include "app/ops/agetext.h"
#include "ui/jobprogresswidget.h"
#include "ui/operatoridentitypage.h"
#include "ui/scopechooser.h"
#include "models/storesession.h"
#include "app/store/layout.h"
#include "app/store/visibletext.h"

#include <QCheckBox>
#include <QDateTime>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// The layout of the session's store: what "timed out" does depends on it.
Layout layoutOf(const StoreSession *session)
{
    const Result<StoreUrl> url = StoreUrl::parse(session->url());
    const Result<Layout> layout = Layout::resolve(url ? url->options.value(QStringLiteral("layout")) : QString());
    return layout ? layout.value() : Layout();
}

} // namespace

// Page 1: which records.
class TimeoutScopePage final : public QWizardPage {
    Q_OBJECT
public:
    TimeoutScopePage(StoreSession *session, QWidget *parent)
        : QWizardPage(parent)
        , m_scope(new ScopeChooser(this))
        , m_minutes(new QSpinBox(this))
        , m_release(new QCheckBox(this))
        , m_next(new QLabel(this))
    {
        setTitle(tr("Which records"));
        const Layout layout = layoutOf(session);
        m_meaning = TimeoutSweep::meaningFor(layout);
        if (layout.family == LayoutFamily::GoMiddleware)
            setSubTitle(tr("In-flight records whose request started longer ago than the threshold are deleted (the go-middleware "
                           "layout has no timed-out state), so their clients may resubmit. Each is audited first."));
        else if (layout.family == LayoutFamily::JavaHandler)
            setSubTitle(tr("In-flight records whose request started longer ago than the threshold get the layout's timeout "
                           "status (%1), or are released. Read below what the service does next.")
                            .arg(layout.timeoutValue));
        else
            setSubTitle(tr("In-flight records whose current attempt started longer ago than the threshold are marked "
                           "timed out, so their clients may resubmit."));
        m_scope->setObjectName(QStringLiteral("scope"));
        m_minutes->setObjectName(QStringLiteral("olderThanMinutes"));
        m_minutes->setRange(1, 7 * 24 * 60);
        m_minutes->setValue(10);
        m_minutes->setSuffix(tr(" min"));
        auto *form = new QFormLayout(this);
        form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
        form->addRow(tr("Scope:"), m_scope);
        m_picked = new QLabel(this);
        m_picked->setObjectName(QStringLiteral("selectedRecords"));
        m_picked->setWordWrap(true);
        // A row of its own across the form: a wrapped label beside a caption
        // got too little height from QFormLayout and was cut top and bottom.
        m_picked->setTextFormat(Qt::RichText);
        form->addRow(m_picked);
        form->setRowVisible(m_picked, false);
        m_form = form;
        form->addRow(tr("In flight for longer than:"), m_minutes);
        auto *hint = new QLabel(tr("The default of 10 minutes matches the in-flight timeout of the guard; a record "
                                   "younger than its request's own timeout may still finish."),
                                this);
        hint->setWordWrap(true);
        form->addRow(hint);
        // What the service does next. Where a timed-out record is not run
        // again (java-handler), release is offered: the row and its cache
        // key are deleted so the client may resubmit.
        m_next->setObjectName(QStringLiteral("serviceNext"));
        m_next->setWordWrap(true);
        m_release->setObjectName(QStringLiteral("releaseInstead"));
        m_release->setText(tr("Release instead: delete each record (and its cache key), so its client may resubmit"));
        m_release->setVisible(!m_meaning.clientMayResubmit);
        form->addRow(m_next);
        form->addRow(m_release);
        connect(m_release, &QCheckBox::toggled, this, &TimeoutScopePage::showNext);
        showNext();
        m_scope->load(session);
    }

    SweepAction action() const { return m_release->isChecked() ? SweepAction::Release : SweepAction::MarkTimedOut; }
    void setRelease(bool release)
    {
        // Asked for (a record's Release…): offered whatever the layout.
        if (release)
            m_release->setVisible(true);
        m_release->setChecked(release);
    }

    SweepCriteria criteria() const
    {
        SweepCriteria c;
        c.scope = m_scope->scope();
        c.olderThanMs = qint64(m_minutes->value()) * 60 * 1000;
        // Picked records: a release takes timed-out ones too (any age).
        c.includeTimedOut = action() == SweepAction::Release;
        return c;
    }
    void setScope(const QString &scope) { m_scope->setScope(scope); }
    void setMinutes(int minutes) { m_minutes->setValue(minutes); }
    const QList<RecordRef> &records() const { return m_records; }
    void setRecords(const QList<RecordRef> &records)
    {
        m_records = records;
        m_picked->setText(QStringLiteral("<b>%1</b> %2")
                              .arg(tr("Records:").toHtmlEscaped(),
                                   tr("The %n selected record(s) (scope %1), each read again for the preview", nullptr, int(records.size()))
                                       .arg(scopesOf(records).join(QStringLiteral(", ")))
                                       .toHtmlEscaped()));
        m_form->setRowVisible(m_scope, records.isEmpty());
        m_form->setRowVisible(m_picked, !records.isEmpty());
        setTitle(records.isEmpty() ? tr("Which records") : tr("Selected records"));
    }

private:
    void showNext()
    {
        const bool warn = !m_meaning.clientMayResubmit && !m_release->isChecked();
        m_next->setStyleSheet(warn ? QStringLiteral("color: #b71c1c; font-weight: bold;") : QString());
        m_next->setText(m_release->isChecked() ? tr("Next: released records are deleted; the service runs the request again "
                                                    "when its client resubmits.")
                                               : tr("Next: %1").arg(m_meaning.serviceNext));
    }

    ScopeChooser *m_scope;
    QSpinBox *m_minutes;
    QCheckBox *m_release;
    QLabel *m_next;
    QLabel *m_picked = nullptr;
    QFormLayout *m_form = nullptr;
    QList<RecordRef> m_records;
    TimeoutMeaning m_meaning;
};

// Page 2: what would change, read off the GUI thread.
class TimeoutPreviewPage final : public QWizardPage {
    Q_OBJECT
public:
    TimeoutPreviewPage(StoreSession *session, TimeoutScopePage *scope, QWidget *parent)
        : QWizardPage(parent)
        , m_session(session)
        , m_scopePage(scope)
        , m_model(new ActionTargetModel(this))
        , m_progress(new JobProgressWidget(this))
        , m_summary(new QLabel(this))
        , m_owners(new QLabel(this))
        , m_table(new QTableView(this))
    {
        setTitle(tr("Preview"));
        setSubTitle(layoutOf(session).family == LayoutFamily::GoMiddleware
                        ? tr("Nothing has changed yet. These records would be deleted, so their clients may resubmit.")
                        : tr("Nothing has changed yet. These records would be marked timed out."));
        m_summary->setObjectName(QStringLiteral("previewSummary"));
        m_owners->setObjectName(QStringLiteral("previewOwners"));
        m_table->setObjectName(QStringLiteral("previewTable"));
        m_summary->setWordWrap(true);
        m_summary->setTextFormat(Qt::RichText);
        m_owners->setWordWrap(true);
        m_table->setModel(m_model);
        // One Tab stop: Tab leaves the table for the next control (arrows move in it).
        m_table->setTabKeyNavigation(false);
        m_table->setSortingEnabled(true);
        m_table->sortByColumn(ActionTargetModel::AgeColumn, Qt::DescendingOrder); // oldest first, as the store reads them
        m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
        m_table->verticalHeader()->hide();
        m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
        m_table->horizontalHeader()->setStretchLastSection(true);
        m_table->setColumnWidth(ActionTargetModel::IncludeColumn, 56);
        m_table->setColumnWidth(ActionTargetModel::ScopeColumn, 80);
        m_table->setColumnWidth(ActionTargetModel::KeyColumn, 230);
        m_table->setColumnWidth(ActionTargetModel::BizNoColumn, 110);
        m_table->setColumnWidth(ActionTargetModel::OwnerColumn, 120);
        m_table->setColumnWidth(ActionTargetModel::AgeColumn, 90);
        auto *again = new QPushButton(tr("Preview again"), this);
        again->setObjectName(QStringLiteral("previewAgain"));
        auto *top = new QHBoxLayout;
        top->addWidget(m_summary, 1);
        top->addWidget(again, 0, Qt::AlignTop);
        auto *layout = new QVBoxLayout(this);
        layout->addWidget(m_progress);
        layout->addLayout(top);
        layout->addWidget(m_owners);
        layout->addWidget(m_table, 1);
        connect(again, &QPushButton::clicked, this, &TimeoutPreviewPage::run);
        connect(m_model, &ActionTargetModel::inclusionChanged, this, [this] {
            if (m_ready)
                showCounts();
            emit completeChanged();
        });
    }

    ActionTargetModel *model() const { return m_model; }
    const SweepPreview &preview() const { return m_preview; }
    // The store's four-eyes policy as the preview read it (none: unknown).
    const std::optional<ApprovalPolicy> &policy() const { return m_policy; }
    bool isRunning() const { return m_progress->isRunning(); }

    void initializePage() override
    {
        if (m_timeoutSubtitle.isEmpty())
            m_timeoutSubtitle = subTitle();
        setSubTitle(m_scopePage->action() == SweepAction::Release
                        ? tr("Nothing has changed yet. These records would be released (deleted), so their clients may resubmit.")
                        : m_timeoutSubtitle);
        run();
    }
    void cleanupPage() override
    {
        ++m_generation; // Back: the running preview's answer is no longer wanted
        m_progress->cancel();
        m_progress->finish();
    }
    bool isComplete() const override
    {
        return m_ready && !m_preview.cancelled && m_preview.matched > 0 && m_model->excludedCount() < m_model->rowCount()
               && !m_progress->isRunning();
    }

    void run()
    {
        const quint64 generation = ++m_generation;
        m_ready = false;
        m_model->clear();
        m_summary->setText(tr("Reading the in-flight records …"));
        m_owners->clear();
        m_leftOut.clear();
        m_details.clear();
        emit completeChanged();
        const SweepCriteria criteria = m_scopePage->criteria();
        const QList<RecordRef> picked = m_scopePage->records();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const ActionControl control = m_progress->start(tr("Reading records"));
        m_policy.reset();
        m_session->request<OperatorJobs::SweepPreviewed>(
            this,
            [criteria, picked, now, control](Store &store) { return OperatorJobs::previewSweep(store, criteria, picked, now, control); },
            [this, generation, now, olderThanMs = criteria.olderThanMs](const Result<OperatorJobs::SweepPreviewed> &result) {
                if (generation != m_generation)
                    return;
                m_progress->finish();
                if (result) {
                    m_leftOut = RecordSelection::leftOutText(result->sweep.picked, olderThanMs);
                    m_policy = result->policy;
                }
                showPreview(result ? Result<SweepPreview>(result->sweep.preview) : Result<SweepPreview>(result.error()), now);
            });
    }

private:
    // The first line of the summary: matched, included, excluded.
    QString countsText() const
    {
        if (m_preview.matched == 0)
            return m_scopePage->records().isEmpty() ? tr("No in-flight record matches: there is nothing to mark timed out.")
                                                    : tr("None of the selected records is still in flight and old enough: there is "
                                                         "nothing to mark timed out.");
        QString text = tr("<b>%1</b> record(s) match; the oldest has been in flight for <b>%2</b>.")
                           .arg(m_preview.matched)
                           .arg(ageText(m_preview.oldestAgeMs));
        if (m_model->excludedCount() > 0)
            text += QLatin1Char(' ')
                    + tr("<b>%1</b> included, <b>%2</b> excluded (left as they are).")
                          .arg(m_model->rowCount() - m_model->excludedCount())
                          .arg(m_model->excludedCount());
        return text;
    }

    void showCounts() { m_summary->setText(countsText() + m_details); }

    void showPreview(const Result<SweepPreview> &result, qint64 now)
    {
        if (!result) {
            m_summary->setText(tr("<span style='color:#b71c1c'>The preview failed: %1</span>").arg(result.error().message.toHtmlEscaped()));
            emit completeChanged();
            return;
        }
        m_preview = result.value();
        m_ready = true;
        m_model->setTargets(m_preview.targets, now);
        m_table->sortByColumn(m_table->horizontalHeader()->sortIndicatorSection(), m_table->horizontalHeader()->sortIndicatorOrder());
        QString text;
        if (!m_leftOut.isEmpty())
            text += QStringLiteral("<br>") + m_leftOut.toHtmlEscaped();
        if (m_preview.cancelled)
            text += QStringLiteral("<br><span style='color:#b71c1c'>")
                    + tr("Stopped: only the %1 record(s) read so far are shown. Preview again to apply.").arg(m_preview.targets.size())
                    + QStringLiteral("</span>");
        if (!m_preview.unreadableKeys.isEmpty()) {
            // Foreign values that cannot be read: never targeted, but not hidden either.
            QStringList shown = m_preview.unreadableKeys.mid(0, 5);
            for (QString &key : shown)
                key = key.toHtmlEscaped();
            text += QStringLiteral("<br><span style='color:#b71c1c'>")
                    + tr("%n record(s) cannot be read and are left out: %1. The in-flight view shows why.", nullptr,
                         int(m_preview.unreadableKeys.size()))
                          .arg(shown.join(QStringLiteral(", ")) + (m_preview.unreadableKeys.size() > 5 ? QStringLiteral(", …") : QString()))
                    + QStringLiteral("</span>");
        }
        if (!m_preview.futureWarning.isEmpty())
            text +=
                QStringLiteral("<br><span style='color:#b71c1c'>") + m_preview.futureWarning.toHtmlEscaped() + QStringLiteral("</span>");
        m_details = text;
        showCounts();
        // Hosts with most records first: a dead host shows at the top, as
        // one line with its process count.
        const QList<OwnerHost> owners = ownersByHost(m_preview.owners);
        QStringList parts;
        for (int i = 0; i < owners.size() && i < 8; ++i) {
            const OwnerHost &h = owners.at(i);
            const QString host = h.host.isEmpty() ? tr("unknown") : visibleText(h.host);
            parts << (h.processes > 1 ? tr("%1 (%2 records, %3 processes)").arg(host).arg(h.records).arg(h.processes)
                                      : tr("%1 (%2)").arg(host).arg(h.records));
        }
        if (owners.size() > 8)
            parts << tr("and %1 more").arg(owners.size() - 8);
        m_owners->setText(owners.isEmpty() ? QString() : tr("Owners: %1").arg(parts.join(QStringLiteral(", "))));
        emit completeChanged();
    }

    StoreSession *m_session;
    TimeoutScopePage *m_scopePage;
    QString m_timeoutSubtitle; // what the layout's timeout does, set at construction
    ActionTargetModel *m_model;
    JobProgressWidget *m_progress;
    QLabel *m_summary;
    QLabel *m_owners;
    QTableView *m_table;
    SweepPreview m_preview;
    QString m_leftOut; // selected records the preview left out, and why
    QString m_details; // the summary's lines after the counts
    quint64 m_generation = 0;
    bool m_ready = false;
    std::optional<ApprovalPolicy> m_policy;
};

TimeoutWizard::TimeoutWizard(const QString &url, OpenMode mode, QWidget *parent)
    : ActionWizard(url, mode, parent)
{
    setWindowTitle(tr("Mark stuck records timed out"));
    setButtonText(QWizard::CommitButton, tr("Mark timed out"));
    m_scope = new TimeoutScopePage(session(), this);
    m_preview = new TimeoutPreviewPage(session(), m_scope, this);
    setPage(ScopePageId, m_scope);
    setPage(PreviewPageId, m_preview);
    addActionPages(IdentityPageId, ApplyPageId, [this]() -> QString {
        const QList<ActionTarget> included = m_preview->model()->includedTargets();
        const int n = int(included.size());
        const int excluded = m_preview->model()->excludedCount();
        const QString left =
            (excluded > 0 ? QLatin1Char(' ') + tr("%n excluded record(s) are left as they are.", nullptr, excluded) : QString())
            + heldSentence();
        const bool release = m_scope->action() == SweepAction::Release;
        // Picked by hand: the question names the count first.
        const QString question = m_scope->records().isEmpty() ? QString()
                                 : release                    ? tr("Release %n selected record(s)?", nullptr, n) + QLatin1Char(' ')
                                                              : tr("Time out %n selected record(s)?", nullptr, n) + QLatin1Char(' ');
        if (release)
            return question + tr("%n record(s) will be released (deleted); their clients may resubmit.", nullptr, n) + left;
        return question + tr("%n record(s) will be marked timed out.", nullptr, n) + QLatin1Char(' ')
               + TimeoutSweep::meaningFor(layoutOf(session())).serviceNext + left;
    });
    ScreenFit::fit(this, QSize(900, 640));
}

TimeoutWizard::~TimeoutWizard()
{
    m_preview->cleanupPage(); // the apply and the session stop in ~ActionWizard
}

void TimeoutWizard::setScope(const QString &scope)
{
    m_scope->setScope(scope);
}
void TimeoutWizard::setThresholdMinutes(int minutes)
{
    m_scope->setMinutes(minutes);
}
void TimeoutWizard::setRelease(bool release)
{
    m_scope->setRelease(release);
    updateTitle();
}
const QList<RecordRef> &TimeoutWizard::records() const
{
    return m_scope->records();
}

void TimeoutWizard::setRecords(const QList<RecordRef> &records)
{
    m_scope->setRecords(records);
    updateTitle();
}

void TimeoutWizard::updateTitle()
{
    const int n = int(m_scope->records().size());
    if (n == 0)
        setWindowTitle(m_scope->action() == SweepAction::Release ? tr("Release stuck records") : tr("Mark stuck records timed out"));
    else
        setWindowTitle(m_scope->action() == SweepAction::Release ? tr("Release %n selected record(s)", nullptr, n)
                                                                 : tr("Time out %n selected record(s)", nullptr, n));
}
ActionTargetModel *TimeoutWizard::previewModel() const
{
    return m_preview->model();
}

int TimeoutWizard::actionCount() const
{
    return int(m_preview->model()->includedTargets().size());
}

QString TimeoutWizard::commitText(int toApply, int held) const
{
    const bool release = m_scope->action() == SweepAction::Release;
    if (held == 0)
        return release ? tr("Release %n record(s)", nullptr, toApply) : tr("Time out %n record(s)", nullptr, toApply);
    return release ? tr("Release %n record(s), propose %1", nullptr, toApply).arg(held)
                   : tr("Time out %n record(s), propose %1", nullptr, toApply).arg(held);
}

ProposalBook::Held TimeoutWizard::heldByFourEyes() const
{
    if (!m_preview->policy())
        return {};
    return ProposalBook::held(*m_preview->policy(), m_preview->model()->includedTargets());
}

void TimeoutWizard::startApply(ActionApplyPage *page)
{
    // The rows the operator left checked; the excluded ones are not touched.
    const QList<ActionTarget> targets = m_preview->model()->includedTargets();
    page->setExcludedCount(m_preview->model()->excludedCount());
    const OperatorIdentity who = identityPage()->identity();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const SweepAction action = m_scope->action();
    const ActionControl control = page->progress()->start(action == SweepAction::Release ? tr("Releasing") : tr("Marking timed out"));
    session()->request<ActionReport>(
        page,
        [targets, who, now, control, action](Store &store) -> Result<ActionReport> {
            return OperatorJobs::applySweep(store, targets, action, who, now, control);
        },
        [page](const Result<ActionReport> &result) { page->finish(result); });
}

#include "timeoutwizard.moc"
