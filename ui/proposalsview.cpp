#include "ui/proposalsview.h"

#include "app/store/visibletext.h"
#include "models/operatorjobs.h"
#include "models/storereads.h"
#include "models/storesession.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace {

// The records of a proposal its diff shows (and reads now).
constexpr qsizetype kDiffRows = 200;

QString when(qint64 ms)
{
    return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
}

QString statusText(ProposalStatus status)
{
    switch (status) {
    case ProposalStatus::Proposed:
        return ProposalsView::tr("waiting for approval");
    case ProposalStatus::Approved:
        return ProposalsView::tr("approved, to apply");
    case ProposalStatus::Rejected:
        return ProposalsView::tr("rejected");
    case ProposalStatus::Expired:
        return ProposalsView::tr("expired");
    case ProposalStatus::Applied:
        return ProposalsView::tr("applied");
    }
    return QString();
}

QString actionText(const QString &action)
{
    if (action == QLatin1String("timeout"))
        return ProposalsView::tr("mark timed out");
    if (action == QLatin1String("release"))
        return ProposalsView::tr("release");
    if (action == QLatin1String("reconcile"))
        return ProposalsView::tr("reconcile");
    return action;
}

// What applying an item does to its record.
QString afterText(const QString &itemAction)
{
    if (itemAction == QLatin1String("reconcile-complete"))
        return ProposalsView::tr("completed with a response made from the order");
    if (itemAction == QLatin1String("reconcile-release"))
        return ProposalsView::tr("released (deleted)");
    return ProposalsView::tr("timed out");
}

// Why a reconcile item does what it does, from its evidence ("order status
// PAID is done"); empty for other items.
QString whyOf(const ProposalItem &item)
{
    if (item.evidence.isEmpty())
        return QString();
    return QJsonDocument::fromJson(item.evidence).object().value(QStringLiteral("why")).toString();
}

QString stateText(RecordState state)
{
    switch (state) {
    case RecordState::InFlight:
        return ProposalsView::tr("in flight");
    case RecordState::Completed:
        return ProposalsView::tr("completed");
    case RecordState::TimedOut:
        return ProposalsView::tr("timed out");
    }
    return QString();
}

} // namespace

ProposalsView::ProposalsView(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_table(new QTableWidget(this))
    , m_detail(new QTextBrowser(this))
    , m_status(new QLabel(this))
    , m_approve(new QPushButton(tr("&Approve"), this))
    , m_reject(new QPushButton(tr("Re&ject…"), this))
    , m_apply(new QPushButton(tr("A&pply"), this))
    , m_refresh(new QPushButton(tr("Refresh"), this))
{
    m_table->setObjectName(QStringLiteral("proposalsTable"));
    m_table->setColumnCount(8);
    m_table->setHorizontalHeaderLabels(
        {tr("Proposal"), tr("Scope"), tr("Action"), tr("Records"), tr("Status"), tr("Proposed by"), tr("Server identity"), tr("Expires")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_detail->setObjectName(QStringLiteral("proposalDiff"));
    m_status->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_status, 1);
    for (QPushButton *b : {m_refresh, m_approve, m_reject, m_apply})
        buttons->addWidget(b);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ProposalsView::showSelected);
    connect(m_refresh, &QPushButton::clicked, this, &ProposalsView::refresh);
    connect(m_approve, &QPushButton::clicked, this, [this] { decide(true); });
    connect(m_reject, &QPushButton::clicked, this, [this] { decide(false); });
    connect(m_apply, &QPushButton::clicked, this, &ProposalsView::apply);
    updateButtons();
    refresh();
}

void ProposalsView::setAccess(const StoreAccess &access, bool writable)
{
    m_access = access;
    m_writable = writable;
    updateButtons();
}

void ProposalsView::refresh()
{
    m_session->request<QList<Proposal>>(this, &StoreReads::proposals, [this](const Result<QList<Proposal>> &list) {
        if (!list) {
            m_status->setText(list.error().message);
            return;
        }
        const QString keep = selected() ? selected()->id : QString();
        m_proposals = list.value();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        m_table->setRowCount(int(m_proposals.size()));
        int reselect = -1;
        for (int row = 0; row < m_proposals.size(); ++row) {
            const Proposal &p = m_proposals.at(row);
            const QStringList cells{p.id,
                                    visibleText(p.scope),
                                    actionText(p.action),
                                    QString::number(p.items.size()),
                                    statusText(p.status(now)),
                                    visibleText(p.proposer),
                                    p.proposerUser.isEmpty() ? tr("none (SQLite)") : visibleText(p.proposerUser),
                                    when(p.expiresAtMs)};
            for (int c = 0; c < cells.size(); ++c)
                m_table->setItem(row, c, new QTableWidgetItem(cells.at(c)));
            if (p.id == keep)
                reselect = row;
        }
        m_table->resizeColumnsToContents();
        if (reselect < 0 && !m_proposals.isEmpty())
            reselect = 0;
        if (reselect >= 0)
            m_table->selectRow(reselect);
        if (m_proposals.isEmpty())
            m_detail->setHtml(tr("No proposals. An action on more records of a scope than its four-eyes "
                                 "threshold is held here until a second identity approves it."));
        updateButtons();
    });
}

const Proposal *ProposalsView::selected() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    if (items.isEmpty())
        return nullptr;
    const int row = items.first()->row();
    return row >= 0 && row < m_proposals.size() ? &m_proposals.at(row) : nullptr;
}

void ProposalsView::showSelected()
{
    updateButtons();
    const Proposal *p = selected();
    if (!p)
        return;
    const Proposal proposal = *p;
    const int request = ++m_diffRequest;
    // What each record is now, beside what the preview saw: read on the worker.
    m_session->request<QList<ProposalBook::ItemNow>>(
        this, [proposal](Store &store) { return OperatorJobs::proposalRecordsNow(store, proposal, kDiffRows); },
        [this, proposal, request](const Result<QList<ProposalBook::ItemNow>> &now) {
            if (request != m_diffRequest)
                return;
            showDiff(proposal, now ? now.value() : QList<ProposalBook::ItemNow>());
            if (!now)
                m_status->setText(now.error().message);
        });
}

void ProposalsView::showDiff(const Proposal &p, const QList<ProposalBook::ItemNow> &now)
{
    const auto esc = [](const QString &t) { return visibleText(t).toHtmlEscaped(); };
    QString html = QStringLiteral("<p><b>%1</b> · %2</p>").arg(esc(p.id), esc(tr("reason: %1").arg(p.reason)));
    html += QStringLiteral("<p>%1</p>")
                .arg(esc(tr("Proposed by %1 (server identity %2) on %3 at %4; hash %5")
                             .arg(p.proposer, p.proposerUser.isEmpty() ? tr("none") : p.proposerUser, p.proposerHost, when(p.createdAtMs),
                                  p.hash.left(16))));
    if (!p.decision.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(esc(tr("%1 by %2 (%3) at %4 %5")
                                 .arg(p.decision == QLatin1String("approved") ? tr("Approved") : tr("Rejected"), p.decidedBy, p.decidedUser,
                                      when(p.decidedAtMs), p.decisionReason)));
    if (!p.outcome.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(esc(tr("%1 by %2 (%3) at %4: %5")
                                 .arg(p.outcome == QLatin1String("applied") ? tr("Applied") : tr("Expired"), p.outcomeBy, p.outcomeUser,
                                      when(p.outcomeAtMs), QString::fromUtf8(p.outcomeSummary))));
    // A reconcile's items also say why, from the order row the approver decides on.
    const bool reconcile = p.action == QLatin1String("reconcile");
    html += QStringLiteral("<table border=\"1\" cellspacing=\"0\" "
                           "cellpadding=\"3\"><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th><th>%6</th>%7</tr>")
                .arg(tr("Key"), tr("As the preview saw it"), tr("After"), tr("Now"), tr("Owner"), tr("Business number"),
                     reconcile ? QStringLiteral("<th>%1</th>").arg(tr("Why")) : QString());
    for (qsizetype i = 0; i < p.items.size() && i < kDiffRows; ++i) {
        const ProposalItem &item = p.items.at(i);
        QString current;
        if (i < now.size()) {
            const ProposalBook::ItemNow &n = now.at(i);
            current = !n.record ? tr("gone") : stateText(n.record->state) + (n.unchanged ? QString() : tr(" (changed since the proposal)"));
        }
        const bool changed = i < now.size() && !now.at(i).unchanged;
        html += QStringLiteral("<tr><td>%1</td><td>%2, %3</td><td>%4</td><td%5>%6</td><td>%7</td><td>%8</td>%9</tr>")
                    .arg(esc(item.key), stateText(item.state), when(item.updatedAt), afterText(item.action),
                         changed ? QStringLiteral(" style=\"color:#b00020\"") : QString(), esc(current), esc(item.owner), esc(item.bizNo),
                         reconcile ? QStringLiteral("<td>%1</td>").arg(esc(whyOf(item))) : QString());
    }
    html += QStringLiteral("</table>");
    m_detail->setHtml(html);
}

void ProposalsView::updateButtons()
{
    const Proposal *p = selected();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const ProposalStatus status = p ? p->status(now) : ProposalStatus::Expired;
    const bool own = p && isOwnProposal(*p, m_access.hasServerIdentity ? m_access.serverUser : QString(), QString());
    const bool mayDecide = m_writable && m_access.mayApprove && p && status == ProposalStatus::Proposed && !own;
    m_approve->setEnabled(mayDecide);
    m_reject->setEnabled(mayDecide);
    m_apply->setEnabled(m_writable && m_access.mayAct && p && status == ProposalStatus::Approved);
    QString why;
    if (!m_writable)
        why = tr("The store is open read-only.");
    else if (!m_access.mayApprove)
        why = tr("The server does not let %1 decide proposals (missing: %2).")
                  .arg(m_access.identityText(), m_access.missingToApprove.join(QStringLiteral(", ")));
    else if (own && status == ProposalStatus::Proposed)
        why = tr("You proposed this one: a second identity must approve or reject it.");
    for (QPushButton *b : {m_approve, m_reject})
        b->setToolTip(b->isEnabled() ? QString() : why);
    m_apply->setToolTip(m_access.mayAct ? QString()
                                        : tr("The server does not let %1 act (missing: %2).")
                                              .arg(m_access.identityText(), m_access.missingToAct.join(QStringLiteral(", "))));
}

void ProposalsView::decide(bool approve)
{
    const Proposal *p = selected();
    if (!p)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, approve ? tr("Approve %1").arg(p->id) : tr("Reject %1").arg(p->id), tr("Your name:"),
                                               QLineEdit::Normal, OperatorIdentity::defaultOperatorName(), &ok);
    if (!ok)
        return;
    QString reason;
    if (!approve) {
        reason = QInputDialog::getText(this, tr("Reject %1").arg(p->id), tr("Why (written to the audit log):"), QLineEdit::Normal,
                                       QString(), &ok);
        if (!ok || reason.trimmed().isEmpty())
            return;
    }
    OperatorIdentity who{name, QString(), reason};
    const QString id = p->id;
    m_session->request<Proposal>(
        this,
        [id, approve, who](Store &store) {
            return OperatorJobs::decideProposal(store, id, approve, who, QDateTime::currentMSecsSinceEpoch());
        },
        [this](const Result<Proposal> &done) {
            m_status->setText(done ? tr("Proposal %1 is %2.").arg(done->id, statusText(done->status(QDateTime::currentMSecsSinceEpoch())))
                                   : done.error().message);
            refresh();
        });
}

void ProposalsView::apply()
{
    const Proposal *p = selected();
    if (!p)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Apply %1").arg(p->id), tr("Your name:"), QLineEdit::Normal,
                                               OperatorIdentity::defaultOperatorName(), &ok);
    if (!ok)
        return;
    const QString id = p->id;
    OperatorIdentity who{name, QString(), QString()};
    m_session->request<ProposalBook::Applied>(
        this, [id, who](Store &store) { return OperatorJobs::applyProposal(store, id, who, QDateTime::currentMSecsSinceEpoch()); },
        [this](const Result<ProposalBook::Applied> &done) {
            m_status->setText(done ? tr("Applied: %1 changed, %2 skipped (changed since the proposal), %3 failed.")
                                         .arg(done->report.applied)
                                         .arg(done->report.skipped)
                                         .arg(done->report.failed)
                                   : done.error().message);
            refresh();
        });
}
