#include "ui/reconcileplanpage.h"

#include "app/store/keptrequest.h"
#include "app/store/visibletext.h"
#include "models/reconcileplanmodel.h"
#include "models/statuscolors.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

ReconcilePlanPage::ReconcilePlanPage(QWidget *parent)
    : QWizardPage(parent)
    , m_model(new ReconcilePlanModel(this))
    , m_table(new QTableView(this))
    , m_totals(new QLabel(this))
    , m_evidence(new QPlainTextEdit(this))
{
    setTitle(tr("The plan"));
    setSubTitle(tr("Complete: the order is done, the record replays a response made from it. Release: no order or "
                   "it failed, the client may resubmit. Manual review rows are never applied."));
    m_table->setObjectName(QStringLiteral("planTable"));
    m_totals->setObjectName(QStringLiteral("planTotals"));
    m_evidence->setObjectName(QStringLiteral("evidence"));
    m_table->setModel(m_model);
    // One Tab stop: Tab leaves the table for the next control (arrows move in it).
    m_table->setTabKeyNavigation(false);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ReconcilePlanModel::AgeColumn, Qt::DescendingOrder); // oldest first
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // The reason takes what is left; the other columns fit their contents once loaded.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(ReconcilePlanModel::WhyColumn, QHeaderView::Stretch);
    // The reason wraps in its column (rows fit it once loaded); a key keeps
    // its ends, which tell keys apart.
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_totals->setTextFormat(Qt::RichText);
    m_evidence->setReadOnly(true);
    m_evidence->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_evidence->setPlaceholderText(tr("Select a row to see its order row and the request it kept (the evidence)."));

    auto *includeAll = new QPushButton(tr("Include all"), this);
    auto *excludeAll = new QPushButton(tr("Exclude all"), this);
    auto *top = new QHBoxLayout;
    top->addWidget(m_totals, 1);
    top->addWidget(includeAll);
    top->addWidget(excludeAll);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_evidence);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(includeAll, &QPushButton::clicked, m_model, [this] { m_model->setAllIncluded(true); });
    connect(excludeAll, &QPushButton::clicked, m_model, [this] { m_model->setAllIncluded(false); });
    connect(m_model, &ReconcilePlanModel::inclusionChanged, this, &ReconcilePlanPage::showTotals);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ReconcilePlanPage::showEvidence);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ReconcilePlanPage::showEvidence);
}

void ReconcilePlanPage::initializePage()
{
    if (!m_source)
        return;
    const auto [rows, ranAt] = m_source();
    m_model->setRows(rows, ranAt);
    for (int column = 0; column < ReconcilePlanModel::ColumnCount; ++column) {
        if (column != ReconcilePlanModel::WhyColumn)
            m_table->resizeColumnToContents(column);
    }
    // A long key must not push the reason out of sight.
    const int keyWidthCap = m_table->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 28;
    if (m_table->columnWidth(ReconcilePlanModel::KeyColumn) > keyWidthCap)
        m_table->setColumnWidth(ReconcilePlanModel::KeyColumn, keyWidthCap);
    // Rows as high as their wrapped reason, kept so when the column's width
    // changes; not for huge plans (it measures every row on each layout):
    // there the tooltip and the evidence pane show a reason in full.
    m_table->verticalHeader()->setSectionResizeMode(m_model->rowCount() <= 2000 ? QHeaderView::ResizeToContents : QHeaderView::Fixed);
    m_table->sortByColumn(m_table->horizontalHeader()->sortIndicatorSection(), m_table->horizontalHeader()->sortIndicatorOrder());
    if (m_model->rowCount() > 0)
        m_table->selectRow(0);
}

bool ReconcilePlanPage::isComplete() const
{
    const ReconcileSummary s = m_model->summary();
    return s.complete + s.release > 0;
}

void ReconcilePlanPage::showTotals()
{
    const ReconcileSummary s = m_model->summary();
    // The shades of the table's rows, with the palette's text on them.
    const QPalette &p = palette();
    const QString chip = QStringLiteral("<span style='background:%1; color:%2'>&nbsp;<b>%3</b> %4&nbsp;</span>");
    const QString text = p.color(QPalette::WindowText).name();
    m_totals->setText(tr("%1 &nbsp; %2 &nbsp; %3 &nbsp; of %4 included; %5 excluded")
                          .arg(chip.arg(StatusColors::okBackground(p).name(), text).arg(s.complete).arg(tr("complete")),
                               chip.arg(StatusColors::infoBackground(p).name(), text).arg(s.release).arg(tr("release")),
                               chip.arg(StatusColors::warningBackground(p).name(), text).arg(s.review).arg(tr("manual review")))
                          .arg(s.complete + s.release + s.review)
                          .arg(m_model->rowCount() - (s.complete + s.release + s.review)));
    emit completeChanged();
}

void ReconcilePlanPage::showEvidence()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid() || current.row() >= m_model->rowCount()) {
        m_evidence->clear();
        return;
    }
    const ReconcileRow &row = m_model->rowAt(current.row());
    QString text = tr("%1 / %2 — %3\n").arg(visibleText(row.target.scope), visibleText(row.target.key), visibleText(row.why));
    if (row.order) {
        text += tr("Order row:\n") + row.order->toDisplayText();
    } else {
        text += tr("No order row was found for %1.").arg(row.target.bizNo.isEmpty() ? row.target.key : row.target.bizNo);
    }
    // What the client sent, beside what the order table says: the two
    // together decide the proposal, and the audit entry keeps both.
    const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(row.target.request);
    text += QStringLiteral("\n\n") + tr("Request kept with the record:") + QLatin1Char('\n')
            + (!kept          ? kept.error().message
               : kept.value() ? kept.value()->displayText()
                              : tr("(none kept)"));
    m_evidence->setPlainText(text);
}
