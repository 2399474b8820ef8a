#include "ui/recordbrowserview.h"
#include "ui/autorefreshbox.h"
#include "ui/screenfit.h"

#include "models/recordbrowsermodel.h"
#include "models/storereads.h"
#include "models/storesession.h"
#include "ui/recordactions.h"
#include "ui/recorddetailview.h"
#include "app/ops/agetext.h"

#include <QScrollArea>
#include <QComboBox>
#include <QMenu>
#include <QTimer>
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
    , m_autoRefresh(new AutoRefreshBox(this))
    , m_actions(new RecordActions(session, this))
{
    QHBoxLayout *filters = buildFilters();
    setUpTable();
    layOut(filters);
    connectControls();
    // What the details say about every record of this store.
    m_session->request<StoreReads::TimeNotes>(
        this, [](Store &store) { return StoreReads::notes(store); },
        [this](const Result<StoreReads::TimeNotes> &notes) {
            if (!notes)
                return;
            m_detail->setTimeZoneNote(notes->timeZoneNote);
            m_detail->setRequestNote(notes->requestNote);
        });
    applyFilter();
}

QHBoxLayout *RecordBrowserView::buildFilters()
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
    return filters;
}

void RecordBrowserView::setUpTable()
{
    m_table->setModel(m_model);

    // One Tab stop: Tab leaves the table for the next control (arrows move in it).
    m_table->setTabKeyNavigation(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(RecordBrowserModel::UpdatedColumn, Qt::DescendingOrder);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    // Rows as high as the In flight tab's, whatever a search loads.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setWordWrap(false);
    m_count->setTextFormat(Qt::RichText);
    m_count->setObjectName(QStringLiteral("recordCount"));

    m_auditHistory->setEnabled(false);
    m_auditHistory->setToolTip(tr("Every audit entry about the selected record: who changed it, when and why."));
    m_state->setToolTip(tr("Which records: any state, in flight, completed or timed out. Released and expired records are gone "
                           "from the store: their audit history remains."));
    m_scope->setToolTip(tr("Only this scope; empty: every scope."));
}

void RecordBrowserView::layOut(QHBoxLayout *filters)
{
    // The count under the table, as on the In flight tab: the details set the height.
    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(2);
    leftLayout->addWidget(m_table, 1);
    auto *footer = new QHBoxLayout;
    footer->addWidget(m_count, 1);
    footer->addWidget(m_autoRefresh);
    leftLayout->addLayout(footer);
    m_splitter->addWidget(left);
    m_splitter->addWidget(ScreenFit::scrolling(m_detail, m_splitter));
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setSpacing(2); // one row of filters over the list: kept tight (no taller than the In flight tab)
    layout->addLayout(filters);
    layout->addWidget(m_splitter, 1);
}

void RecordBrowserView::connectControls()
{
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
        m_otherFieldHint.clear();
        m_detail->clear();
        m_auditHistory->setEnabled(false);
    });
    connect(m_model, &RecordBrowserModel::otherFieldMatches, this, &RecordBrowserView::showOtherField);
    connect(m_model, &RecordBrowserModel::refreshed, this, &RecordBrowserView::restoreSelection);
    connect(m_count, &QLabel::linkActivated, this, [this] {
        // The hint's link: the same text looked up in the other field.
        m_lookupMode->setCurrentIndex(m_lookupMode->currentIndex() == 0 ? 1 : 0);
        applyFilter();
    });
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        // A right click outside the selection selects the row under it first.
        const QModelIndex at = m_table->indexAt(pos);
        if (at.isValid() && !m_table->selectionModel()->isRowSelected(at.row()))
            m_table->selectRow(at.row());
        if (m_table->selectionModel()->selectedRows().isEmpty())
            return;
        QMenu *menu = createContextMenu(this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_table->viewport()->mapToGlobal(pos));
    });
    connect(m_actions, &RecordActions::auditHistoryRequested, this, &RecordBrowserView::auditHistoryRequested);
    connect(m_autoRefresh, &AutoRefreshBox::due, this, &RecordBrowserView::refresh);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &RecordBrowserView::showSelected);
    connect(m_auditHistory, &QPushButton::clicked, this, [this] {
        const Record r = m_model->recordAt(m_table->currentIndex().row());
        if (!r.key.isEmpty())
            emit auditHistoryRequested(r.scope, r.key);
    });
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
    QString text = tr("%n record(s) match", nullptr, int(qMin<qint64>(count, std::numeric_limits<int>::max()))).toHtmlEscaped();
    if (m_model->loadedAtMs() > 0)
        text += QStringLiteral(" · ")
                + tr("loaded at %1")
                      .arg(QDateTime::fromMSecsSinceEpoch(m_model->loadedAtMs()).toString(QStringLiteral("HH:mm:ss")))
                      .toHtmlEscaped();
    if (!m_otherFieldHint.isEmpty())
        text += QStringLiteral(" · ") + m_otherFieldHint;
    m_count->setText(text);
}

void RecordBrowserView::showOtherField(qint64 count)
{
    if (count <= 0)
        return;
    const bool byKey = m_lookupMode->currentIndex() == 0;
    const int n = int(qMin<qint64>(count, std::numeric_limits<int>::max()));
    const QString counts = byKey ? tr("0 by key; %n by business no.", nullptr, n) : tr("0 by business no.; %n by key", nullptr, n);
    const QString link = byKey ? tr("search by business no.") : tr("search by key");
    m_otherFieldHint = QStringLiteral("<b>%1</b> — <a href=\"other\">%2</a>").arg(counts.toHtmlEscaped(), link.toHtmlEscaped());
    showCount(m_model->matchingCount());
}

void RecordBrowserView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Hidden, the list was not refreshed: back on the tab it is read again.
    if (m_autoRefresh->isChecked() && !m_model->isLoading() && m_model->matchingCount() >= 0)
        refresh();
}

void RecordBrowserView::refresh()
{
    if (m_model->isRefreshing())
        return;
    rememberSelection();
    m_model->refresh();
}

void RecordBrowserView::setActionsEnabled(bool enabled)
{
    m_actions->setActionsEnabled(enabled);
}

QList<Record> RecordBrowserView::selectedRecords() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    QList<Record> records;
    for (int row : std::as_const(rows))
        records.append(m_model->recordAt(row));
    return records;
}

QMenu *RecordBrowserView::createContextMenu(QWidget *parent)
{
    const QList<Record> selected = selectedRecords();
    QList<Record> readable;
    for (const Record &r : selected) {
        if (r.readError.isEmpty()) // no action applies to a value that cannot be read
            readable.append(r);
    }
    return m_actions->menuFor(readable, int(selected.size()), parent);
}

void RecordBrowserView::rememberSelection()
{
    m_keptSelection.clear();
    for (const Record &r : selectedRecords())
        m_keptSelection.append(RecordRef{r.scope, r.key});
    m_keptCurrent.reset();
    if (const QModelIndex current = m_table->selectionModel()->currentIndex(); current.isValid()) {
        const Record r = m_model->recordAt(current.row());
        m_keptCurrent = RecordRef{r.scope, r.key};
    }
}

void RecordBrowserView::restoreSelection()
{
    // Rows kept in place keep their selection; one reset by the listing is
    // selected again by its key.
    QItemSelectionModel *selection = m_table->selectionModel();
    for (const RecordRef &ref : std::as_const(m_keptSelection)) {
        const int row = m_model->rowOf(ref.scope, ref.key);
        if (row >= 0 && !selection->isRowSelected(row))
            selection->select(m_model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    if (m_keptCurrent) {
        const int row = m_model->rowOf(m_keptCurrent->scope, m_keptCurrent->key);
        if (row >= 0 && selection->currentIndex().row() != row)
            selection->setCurrentIndex(m_model->index(row, 0), QItemSelectionModel::NoUpdate);
    }
    m_keptSelection.clear();
    m_keptCurrent.reset();
    showSelected(); // the record's state may have changed: the details follow
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
    m_session->request<std::optional<Record>>(
        this, [listed](Store &store) { return StoreReads::record(store, listed.scope, listed.key); },
        [this, generation](const Result<std::optional<Record>> &current) {
            if (generation != m_shownGeneration || !current || !current.value())
                return;
            m_detail->showRecord(*current.value(), QDateTime::currentMSecsSinceEpoch());
        });
}

QCheckBox *RecordBrowserView::autoRefreshBox() const
{
    return m_autoRefresh;
}
