#include "ui/reconciledryrunpage.h"

#include "models/operatorjobs.h"

#include "ui/jobprogresswidget.h"
#include "ui/ordermappingpage.h"
#include "ui/scopechooser.h"
#include "models/storesession.h"

#include <QCheckBox>
#include <QDateTime>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

ReconcileDryRunPage::ReconcileDryRunPage(StoreSession *session, OrderMappingPage *mapping, QWidget *parent)
    : QWizardPage(parent)
    , m_session(session)
    , m_mapping(mapping)
    , m_scope(new ScopeChooser(this))
    , m_minutes(new QSpinBox(this))
    , m_timedOut(new QCheckBox(tr("Include timed-out records (any age)"), this))
    , m_run(new QPushButton(tr("Dry run"), this))
    , m_progress(new JobProgressWidget(this))
    , m_status(new QLabel(this))
    , m_picked(new QLabel(this))
    , m_form(new QFormLayout)
{
    setTitle(tr("Records and dry run"));
    setSubTitle(tr("The dry run looks up the stuck records' orders in batches of %1 and proposes what to do. "
                   "It changes nothing.")
                    .arg(OrderLookup::MaxBatch));
    m_scope->setObjectName(QStringLiteral("scope"));
    m_minutes->setObjectName(QStringLiteral("olderThanMinutes"));
    m_timedOut->setObjectName(QStringLiteral("includeTimedOut"));
    m_run->setObjectName(QStringLiteral("dryRun"));
    m_status->setObjectName(QStringLiteral("dryRunStatus"));
    m_minutes->setRange(1, 7 * 24 * 60);
    m_minutes->setValue(10);
    m_minutes->setSuffix(tr(" min"));
    m_timedOut->setChecked(true);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    QFormLayout *form = m_form;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->addRow(tr("Scope:"), m_scope);
    m_picked->setObjectName(QStringLiteral("selectedRecords"));
    m_picked->setWordWrap(true);
    // A row of its own across the form: a wrapped label beside a caption
    // got too little height from QFormLayout and was cut top and bottom.
    m_picked->setTextFormat(Qt::RichText);
    form->addRow(m_picked);
    form->setRowVisible(m_picked, false);
    form->addRow(tr("In flight for longer than:"), m_minutes);
    form->addRow(QString(), m_timedOut);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_run, 0, Qt::AlignLeft);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);
    m_scope->load(session);
    connect(m_run, &QPushButton::clicked, this, &ReconcileDryRunPage::run);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &ReconcileDryRunPage::invalidate);
    connect(m_minutes, &QSpinBox::valueChanged, this, &ReconcileDryRunPage::invalidate);
    connect(m_timedOut, &QCheckBox::toggled, this, &ReconcileDryRunPage::invalidate);
    connect(mapping, &OrderMappingPage::mappingChanged, this, &ReconcileDryRunPage::invalidate);
}

ReconcileCriteria ReconcileDryRunPage::criteria() const
{
    ReconcileCriteria c;
    c.scope = m_scope->scope();
    c.olderThanMs = qint64(m_minutes->value()) * 60 * 1000;
    c.includeTimedOut = m_timedOut->isChecked();
    return c;
}

void ReconcileDryRunPage::setScope(const QString &scope)
{
    m_scope->setScope(scope);
}

void ReconcileDryRunPage::setRecords(const QList<RecordRef> &records)
{
    m_records = records;
    m_picked->setText(QStringLiteral("<b>%1</b> %2")
                          .arg(tr("Records:").toHtmlEscaped(),
                               tr("The %n selected record(s) (scope %1), each read again for the dry run", nullptr, int(records.size()))
                                   .arg(scopesOf(records).join(QStringLiteral(", ")))
                                   .toHtmlEscaped()));
    m_form->setRowVisible(m_scope, records.isEmpty());
    m_form->setRowVisible(m_picked, !records.isEmpty());
    invalidate();
}

bool ReconcileDryRunPage::isRunning() const
{
    return m_progress->isRunning();
}

void ReconcileDryRunPage::initializePage()
{
    if (!m_ready && !isRunning())
        m_status->setText(tr("Press Dry run to see the plan."));
}

void ReconcileDryRunPage::cleanupPage()
{
    stop();
}

void ReconcileDryRunPage::stop()
{
    if (!isRunning())
        return;
    ++m_generation;
    m_progress->cancel();
    m_progress->finish();
    m_run->setEnabled(true);
    m_status->setText(tr("Dry run stopped."));
}

bool ReconcileDryRunPage::isComplete() const
{
    return m_ready && !isRunning();
}

void ReconcileDryRunPage::invalidate()
{
    // A plan belongs to the mapping and criteria it was made with.
    if (!m_ready && !isRunning())
        return;
    stop();
    m_ready = false;
    m_rows.clear();
    m_policy.reset();
    m_status->setText(tr("The criteria changed: run the dry run again."));
    emit completeChanged();
}

void ReconcileDryRunPage::run()
{
    const quint64 generation = ++m_generation;
    m_ready = false;
    m_rows.clear();
    m_run->setEnabled(false);
    m_status->setText(tr("Looking up orders …"));
    emit completeChanged();
    const OrderMapping mapping = m_mapping->mappingWithPassword();
    const ReconcileCriteria criteria = this->criteria();
    const QList<RecordRef> picked = m_records;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const ActionControl control = m_progress->start(tr("Dry run"));
    m_session->request<OperatorJobs::ReconcilePlanned>(
        this,
        [mapping, criteria, picked, now, control](Store &store) {
            return OperatorJobs::reconcileDryRun(store, mapping, criteria, picked, now, control);
        },
        [this, generation, now, olderThanMs = criteria.olderThanMs](const Result<OperatorJobs::ReconcilePlanned> &result) {
            if (generation != m_generation)
                return;
            const bool cancelled = m_progress->wasCancelled();
            m_progress->finish();
            m_run->setEnabled(true);
            if (!result) {
                m_status->setText(QStringLiteral("<span style='color:#b71c1c'>%1</span>")
                                      .arg(tr("The dry run failed: %1").arg(result.error().message).toHtmlEscaped()));
                emit completeChanged();
                return;
            }
            if (cancelled) {
                m_status->setText(tr("Dry run stopped: run it again for a complete plan."));
                emit completeChanged();
                return;
            }
            m_rows = result->plan.rows;
            m_policy = result->policy;
            m_ranAtMs = now;
            m_ready = true;
            const ReconcileSummary s = ReconcilePlan::summarise(m_rows);
            QString text = tr("<b>%1</b> stuck record(s): <b>%2</b> to complete, <b>%3</b> to release, "
                              "<b>%4</b> for manual review. Next shows the plan.")
                               .arg(s.matched)
                               .arg(s.complete)
                               .arg(s.release)
                               .arg(s.review);
            if (const QString leftOut = RecordSelection::leftOutText(result->plan.picked, olderThanMs); !leftOut.isEmpty())
                text += QStringLiteral("<br>") + leftOut.toHtmlEscaped();
            m_status->setText(text);
            emit completeChanged();
        });
}
