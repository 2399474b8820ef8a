#include "ui/recordbrowserview.h"

#include "models/recordbrowsermodel.h"
#include "models/storesession.h"
#include "ui/recorddetailview.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <limits>

RecordBrowserView::RecordBrowserView(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new RecordBrowserModel(session, this))
    , m_state(new QComboBox(this))
    , m_scope(new QLineEdit(this))
    , m_lookupMode(new QComboBox(this))
    , m_lookup(new QLineEdit(this))
    , m_search(new QPushButton(tr("Search"), this))
    , m_count(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_table(new QTableView(this))
    , m_detail(new RecordDetailView(this))
    , m_auditHistory(new QPushButton(tr("Audit history"), this))
{
    m_state->addItem(tr("Any state"));
    m_state->addItem(tr("In flight"), int(RecordState::InFlight));
    m_state->addItem(tr("Completed"), int(RecordState::Completed));
    m_state->addItem(tr("Timed out"), int(RecordState::TimedOut));
    m_scope->setPlaceholderText(tr("every scope"));
    m_scope->setClearButtonEnabled(true);
    m_lookupMode->addItem(tr("Key"));
    m_lookupMode->addItem(tr("Business no."));
    m_lookup->setPlaceholderText(tr("key or its beginning"));
    m_lookup->setClearButtonEnabled(true);
    connect(m_lookupMode, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_lookup->setPlaceholderText(index == 0 ? tr("key or its beginning") : tr("business number or its beginning"));
    });

    // As narrow as the In flight tab's filters: the window keeps its size.
    for (QComboBox *box : {m_state, m_lookupMode}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
    }
    m_scope->setMaximumWidth(160);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_state);
    filters->addWidget(m_scope);
    filters->addWidget(m_lookupMode);
    filters->addWidget(m_lookup, 1);
    filters->addWidget(m_search);
    filters->addSpacing(12);
    filters->addWidget(m_auditHistory);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(RecordBrowserModel::UpdatedColumn, Qt::DescendingOrder);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);

    m_auditHistory->setEnabled(false);
    m_auditHistory->setToolTip(tr("Every audit entry about the selected record: who changed it, when and why."));
    m_state->setToolTip(tr("Which records: any state, in flight, completed or timed out. Released and expired records are gone "
                           "from the store: their audit history remains."));
    m_scope->setToolTip(tr("Only this scope; empty: every scope."));
    // The count under the table, as on the In flight tab: the details set the height.
    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_table, 1);
    leftLayout->addWidget(m_count);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(2); // one row of filters over the list: kept tight (no taller than the In flight tab)
    layout->addLayout(filters);
    layout->addWidget(m_splitter, 1);

    connect(m_search, &QPushButton::clicked, this, &RecordBrowserView::applyFilter);
    connect(m_lookup, &QLineEdit::returnPressed, this, &RecordBrowserView::applyFilter);
    connect(m_scope, &QLineEdit::returnPressed, this, &RecordBrowserView::applyFilter);
    connect(m_state, &QComboBox::activated, this, &RecordBrowserView::applyFilter);
    connect(m_model, &RecordBrowserModel::matchingCountChanged, this, &RecordBrowserView::showCount);
    connect(m_model, &RecordBrowserModel::pageLoaded, this, [this](int rows) {
        if (rows > 0 && m_model->rowCount() == rows) // the first page: columns fit what it shows
            m_table->resizeColumnsToContents();
    });
    connect(m_model, &RecordBrowserModel::loadFailed, this,
            [this](const QString &message) { m_count->setText(tr("The store could not list records: %1").arg(message)); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_count->setText(tr("Searching…"));
        m_detail->clear();
        m_auditHistory->setEnabled(false);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RecordBrowserView::showSelected);
    connect(m_auditHistory, &QPushButton::clicked, this, [this] {
        const Record r = m_model->recordAt(m_table->currentIndex().row());
        if (!r.key.isEmpty())
            emit auditHistoryRequested(r.scope, r.key);
    });
    m_session->request<QString>(this, [](Store &store) { return Result<QString>(store.timeZoneNote()); },
                                [this](const Result<QString> &note) {
                                    if (note)
                                        m_detail->setTimeZoneNote(note.value());
                                });
    m_session->request<QString>(this, [](Store &store) { return Result<QString>(store.requestNote()); },
                                [this](const Result<QString> &note) {
                                    if (note)
                                        m_detail->setRequestNote(note.value());
                                });
    applyFilter();
}

void RecordBrowserView::setLookup(Lookup mode, const QString &text)
{
    m_lookupMode->setCurrentIndex(mode == Lookup::Key ? 0 : 1);
    m_lookup->setText(text);
}

void RecordBrowserView::setScopeFilter(const QString &scope)
{
    m_scope->setText(scope);
}

void RecordBrowserView::applyFilter()
{
    RecordQuery q;
    const QVariant state = m_state->currentData();
    if (state.isValid())
        q.state = RecordState(state.toInt());
    else
        q.state.reset();
    q.scope = m_scope->text().trimmed();
    const QString lookup = m_lookup->text().trimmed();
    if (m_lookupMode->currentIndex() == 0)
        q.keyPrefix = lookup;
    else
        q.bizNoPrefix = lookup;
    m_model->setQuery(q);
}

void RecordBrowserView::showCount(qint64 count)
{
    m_count->setText(tr("%n record(s) match", nullptr, int(qMin<qint64>(count, std::numeric_limits<int>::max()))));
}

void RecordBrowserView::showSelected()
{
    const int row = m_table->currentIndex().row();
    const Record listed = m_model->recordAt(row);
    const quint64 generation = ++m_shownGeneration;
    if (row < 0) {
        m_detail->clear();
        m_auditHistory->setEnabled(false);
        return;
    }
    m_detail->showRecord(listed, QDateTime::currentMSecsSinceEpoch());
    m_auditHistory->setEnabled(!listed.key.isEmpty());
    if (!listed.readError.isEmpty())
        return; // shown with its raw value already
    // The whole record as stored now (a listing may carry a summary).
    m_session->request<std::optional<Record>>(this, [listed](Store &store) { return store.get(listed.scope, listed.key); },
                                              [this, generation](const Result<std::optional<Record>> &current) {
                                                  if (generation != m_shownGeneration || !current || !current.value())
                                                      return;
                                                  m_detail->showRecord(*current.value(), QDateTime::currentMSecsSinceEpoch());
                                              });
}
