#include "ui/reconcileplanpage.h"

#include "models/reconcileplanmodel.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
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
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ReconcilePlanModel::AgeColumn, Qt::DescendingOrder); // oldest first
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // The reason takes what is left; the other columns fit their contents once loaded.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(ReconcilePlanModel::WhyColumn, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_totals->setTextFormat(Qt::RichText);
    m_evidence->setReadOnly(true);
    m_evidence->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_evidence->setPlaceholderText(tr("Select a row to see its order row (the evidence)."));

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
    connect(m_model, &ReconcilePlanModel::summaryChanged, this, &ReconcilePlanPage::showTotals);
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
    m_totals->setText(tr("<span style='background:#e3f4e6'>&nbsp;<b>%1</b> complete&nbsp;</span> &nbsp; "
                         "<span style='background:#e4eefb'>&nbsp;<b>%2</b> release&nbsp;</span> &nbsp; "
                         "<span style='background:#fff1cc'>&nbsp;<b>%3</b> manual review&nbsp;</span> &nbsp; "
                         "of %4 included; %5 excluded")
                          .arg(s.complete).arg(s.release).arg(s.review).arg(s.complete + s.release + s.review)
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
    QString text = tr("%1 / %2 — %3\n").arg(row.target.scope, row.target.key, row.why);
    if (row.order) {
        const QJsonDocument json = QJsonDocument::fromJson(row.order->toJson());
        text += tr("Order row:\n") + QString::fromUtf8(json.isNull() ? row.order->toJson() : json.toJson(QJsonDocument::Indented));
    } else {
        text += tr("No order row was found for %1.").arg(row.target.bizNo.isEmpty() ? row.target.key : row.target.bizNo);
    }
    m_evidence->setPlainText(text);
}
