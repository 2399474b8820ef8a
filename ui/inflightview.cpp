#include "ui/inflightview.h"
#include "ui/autorefreshbox.h"
#include "ui/screenfit.h"

#include "models/inflightrecordmodel.h"
#include "app/ops/agetext.h"
#include "ui/recordactions.h"
#include "ui/recorddetailview.h"
#include "models/storereads.h"
#include "models/storesession.h"
#include "app/store/storeurl.h"

#include <QScrollArea>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QProgressBar>
#include <QScrollBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

InFlightView::InFlightView(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_model(new InFlightRecordModel(session, this))
    , m_scope(new QComboBox(this))
    , m_minAge(new QSpinBox(this))
    , m_keyPrefix(new QLineEdit(this))
    , m_bizNoPrefix(new QLineEdit(this))
    , m_owner(new QLineEdit(this))
    , m_table(new QTableView(this))
    , m_count(new QLabel(this))
    , m_detail(new RecordDetailView(this))
    , m_session(session)
    , m_future(new QLabel(this))
    , m_timeout(new QPushButton(tr("Mark timed out…"), this))
    , m_debounce(new QTimer(this))
    , m_scanRow(new QWidget(this))
    , m_scanLine(new QLabel(m_scanRow))
    , m_scanBar(new QProgressBar(m_scanRow))
    , m_scanCancel(new QPushButton(tr("Cancel scan"), m_scanRow))
    , m_scanCount(new QSpinBox(m_scanRow))
    , m_scanTimer(new QTimer(this))
    , m_autoRefresh(new AutoRefreshBox(this))
    , m_tickTimer(new QTimer(this))
    , m_actions(new RecordActions(session, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buildFilters());
    layout->addWidget(buildScanRow());
    layout->addWidget(buildFutureWarning());
    buildTable();
    layout->addWidget(buildSplitter(), 1);
    connectFilters();
    connectModel();
    connectScan();
    applyFilter();
}

QHBoxLayout *InFlightView::buildFilters()
{
    auto *filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Scope:"), this));
    m_scope->setEditable(true);
    m_scope->addItem(QString());
    m_scope->lineEdit()->setPlaceholderText(tr("all"));
    m_scope->setMinimumContentsLength(10);
    filters->addWidget(m_scope);
    filters->addWidget(new QLabel(tr("Older than:"), this));
    m_minAge->setRange(0, 60 * 24 * 30);
    m_minAge->setSuffix(tr(" min"));
    m_minAge->setSpecialValueText(tr("any age"));
    filters->addWidget(m_minAge);
    m_keyPrefix->setPlaceholderText(tr("key prefix"));
    m_bizNoPrefix->setPlaceholderText(tr("business no. prefix"));
    m_owner->setPlaceholderText(tr("owner (host:pid)"));
    for (QLineEdit *edit : {m_keyPrefix, m_bizNoPrefix, m_owner}) {
        edit->setClearButtonEnabled(true);
        filters->addWidget(edit);
    }
    m_stuckOnly = new QPushButton(tr("Stuck only"), this);
    m_stuckOnly->setToolTip(tr("In flight for longer than the 10-minute timeout"));
    filters->addWidget(m_stuckOnly);
    m_reload = new QPushButton(tr("Reload"), this);
    m_reload->setToolTip(tr("Read the listed records again, keeping the selection (F5)"));
    filters->addWidget(m_reload);
    m_timeout->setObjectName(QStringLiteral("markTimedOut"));
    m_timeout->setToolTip(tr("Mark stuck records of this scope timed out, after a preview"));
    filters->addWidget(m_timeout);
    return filters;
}

QWidget *InFlightView::buildScanRow()
{
    m_scanRow->setObjectName(QStringLiteral("scanRow"));
    m_scanLine->setObjectName(QStringLiteral("scanLine"));
    m_scanCancel->setObjectName(QStringLiteral("cancelScan"));
    m_scanCount->setObjectName(QStringLiteral("scanCount"));
    auto *scan = new QHBoxLayout(m_scanRow);
    scan->setContentsMargins(0, 0, 0, 0);
    scan->addWidget(m_scanLine, 1);
    m_scanBar->setRange(0, 0); // a SCAN does not know how far it is
    m_scanBar->setMaximumWidth(160);
    m_scanBar->setMaximumHeight(m_scanLine->sizeHint().height());
    m_scanBar->setTextVisible(false);
    scan->addWidget(m_scanBar);
    m_scanCancel->setToolTip(tr("Stop the scan after its current round trip and list what it found so far"));
    scan->addWidget(m_scanCancel);
    scan->addWidget(new QLabel(tr("SCAN COUNT:"), m_scanRow));
    m_scanCount->setRange(10, 100000);
    m_scanCount->setSingleStep(100);
    m_scanCount->setToolTip(tr("Keys the Redis server looks at per round trip in the next scan: higher is faster, "
                               "but each round trip holds the server longer"));
    scan->addWidget(m_scanCount);
    m_scanRow->setVisible(false);
    return m_scanRow;
}

QLabel *InFlightView::buildFutureWarning()
{
    m_future->setObjectName(QStringLiteral("futureWarning"));
    m_future->setWordWrap(true);
    m_future->setStyleSheet(QStringLiteral("color: #b71c1c; font-weight: bold;"));
    m_future->setVisible(false);
    return m_future;
}

void InFlightView::buildTable()
{
    m_table->setModel(m_model);
    // One Tab stop: Tab leaves the table for the next control (arrows move in it).
    m_table->setTabKeyNavigation(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(InFlightRecordModel::AgeColumn, Qt::DescendingOrder); // oldest first
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // a search never changes the rows' height
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(InFlightRecordModel::KeyColumn, 270);
    m_table->setColumnWidth(InFlightRecordModel::AgeColumn, 100);
    m_table->setColumnWidth(InFlightRecordModel::StartedColumn, 150);
    m_table->setColumnWidth(InFlightRecordModel::OwnerColumn, 130);
    m_table->setColumnWidth(InFlightRecordModel::BizNoColumn, 130);
    m_table->setColumnWidth(InFlightRecordModel::ScopeColumn, 80);
}

QSplitter *InFlightView::buildSplitter()
{
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_table);
    // The counts and, beside them, whether the list refreshes itself.
    auto *footer = new QHBoxLayout;
    footer->addWidget(m_count, 1);
    footer->addWidget(m_autoRefresh);
    leftLayout->addLayout(footer);
    m_splitter = new QSplitter(this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(ScreenFit::scrolling(m_detail, m_splitter));
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    return m_splitter;
}

void InFlightView::connectFilters()
{
    // Typing in a filter waits for a pause before it queries the store.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, &InFlightView::applyFilter);
    for (QLineEdit *edit : {m_keyPrefix, m_bizNoPrefix, m_owner})
        connect(edit, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_scope, &QComboBox::currentTextChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_minAge, &QSpinBox::valueChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_stuckOnly, &QPushButton::clicked, this, [this] { setMinimumAgeMinutes(10); });
    connect(m_reload, &QPushButton::clicked, this, &InFlightView::refresh);
    connect(m_timeout, &QPushButton::clicked, this, [this] { emit timeoutRequested(scopeFilter()); });
    // Ages tick; the list refreshes itself while it is shown.
    m_tickTimer->setInterval(1000);
    connect(m_tickTimer, &QTimer::timeout, this, &InFlightView::tickAges);
    m_tickTimer->start();
    connect(m_autoRefresh, &AutoRefreshBox::due, this, [this] {
        if (!m_model->isLoading())
            refresh();
    });
    connect(m_table, &QWidget::customContextMenuRequested, this, &InFlightView::showContextMenu);
}

void InFlightView::connectModel()
{
    connect(m_model, &InFlightRecordModel::matchingCountChanged, this, &InFlightView::updateCount);
    connect(m_model, &InFlightRecordModel::pageLoaded, this, &InFlightView::updateCount);
    connect(m_model, &InFlightRecordModel::loadFailed, this,
            [this](const QString &message) { m_count->setText(tr("Could not load: %1").arg(message)); });
    connect(m_model, &InFlightRecordModel::refreshed, this, &InFlightView::restoreView);
    connect(m_model, &InFlightRecordModel::refreshed, this, &InFlightView::updateCount);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_shown.reset();
        m_detail->clear();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &InFlightView::showSelected);
}

void InFlightView::connectScan()
{
    connect(m_model, &InFlightRecordModel::scanProgressAvailable, this, &InFlightView::showScanControls);
    connect(m_model, &InFlightRecordModel::pageLoaded, this, &InFlightView::updateScanLine);
    connect(m_model, &QAbstractItemModel::modelReset, this, &InFlightView::updateScanLine);
    m_scanTimer->setInterval(200);
    connect(m_scanTimer, &QTimer::timeout, this, &InFlightView::updateScanLine);
    connect(m_scanCancel, &QPushButton::clicked, this, [this] {
        if (const std::shared_ptr<ScanProgress> progress = m_model->scanProgress())
            progress->cancel();
        m_scanCancel->setEnabled(false);
        updateScanLine();
    });
    connect(m_scanCount, &QSpinBox::valueChanged, this, [this](int count) {
        if (const std::shared_ptr<ScanProgress> progress = m_model->scanProgress())
            progress->count = count;
    });
}

void InFlightView::showScanControls()
{
    // Every refresh of a SCAN listing is a scan of the keyspace: only on request.
    m_autoRefresh->setChecked(false);
    m_autoRefresh->setToolTip(tr("Off: this store lists by SCAN, so each refresh scans every key. Reload or F5 refreshes."));
    const std::shared_ptr<ScanProgress> progress = m_model->scanProgress();
    {
        const QSignalBlocker block(m_scanCount);
        m_scanCount->setValue(progress->count.load());
    }
    m_scanRow->setVisible(true);
    m_scanTimer->start();
    updateScanLine();
}

void InFlightView::updateScanLine()
{
    const std::shared_ptr<ScanProgress> progress = m_model->scanProgress();
    if (!progress)
        return;
    const QLocale locale;
    const bool running = progress->running.load();
    QString text;
    // A Redis Cluster is scanned master by master: say which one.
    const ScanProgress::Node node = progress->node();
    if (running) {
        const QString scanned = locale.toString(progress->scanned.load());
        const QString found = locale.toString(progress->found.load());
        text = node.count > 1 ? tr("Node %1/%2 (%3): scanned %4 keys, found %5 in flight")
                                    .arg(QString::number(node.index), QString::number(node.count), node.address, scanned, found)
                              : tr("Scanned %1 keys, found %2 in flight").arg(scanned, found);
        if (progress->cancelRequested.load())
            text += tr(" — cancelling …");
    } else if (const std::optional<ListingScan> listing = m_model->listingScan()) {
        const QString scanned = locale.toString(listing->scanned);
        const QString found = locale.toString(listing->found);
        if (listing->cancelled)
            text = tr("Cancelled after scanning %1 keys: the list is partial").arg(scanned);
        else if (node.count > 1)
            text = tr("Scanned %1 keys on %2 nodes, found %3 in flight").arg(scanned, QString::number(node.count), found);
        else
            text = tr("Scanned %1 keys, found %2 in flight").arg(scanned, found);
    } else {
        text = tr("Waiting for the scan to start …");
    }
    m_scanBar->setVisible(running);
    m_scanCancel->setEnabled(running && !progress->cancelRequested.load());
    if (text == m_scanLine->text())
        return;
    m_scanLine->setText(text);
    emit scanLineChanged(text);
}

void InFlightView::setScopeFilter(const QString &scope)
{
    m_scope->setCurrentText(scope);
}
void InFlightView::setMinimumAgeMinutes(int minutes)
{
    m_minAge->setValue(minutes);
}
void InFlightView::setKeyPrefix(const QString &prefix)
{
    m_keyPrefix->setText(prefix);
}
void InFlightView::setBizNoPrefix(const QString &prefix)
{
    m_bizNoPrefix->setText(prefix);
}
void InFlightView::setOwnerFilter(const QString &owner)
{
    m_owner->setText(owner);
}

QString InFlightView::scopeFilter() const
{
    return m_scope->currentText().trimmed();
}

void InFlightView::focusFilter()
{
    m_keyPrefix->setFocus(Qt::ShortcutFocusReason);
    m_keyPrefix->selectAll();
}

void InFlightView::setActionsEnabled(bool enabled)
{
    m_actions->setActionsEnabled(enabled);
    m_timeout->setEnabled(enabled);
    m_timeout->setToolTip(enabled ? tr("Mark stuck records of this scope timed out, after a preview") : tr("The store is open read-only"));
}

void InFlightView::setKnownScopes(const QStringList &scopes)
{
    for (const QString &scope : scopes) {
        if (m_scope->findText(scope) < 0)
            m_scope->addItem(scope);
    }
}

void InFlightView::applyFilter()
{
    m_debounce->stop();
    RecordQuery q;
    q.scope = m_scope->currentText().trimmed();
    q.keyPrefix = m_keyPrefix->text();
    q.bizNoPrefix = m_bizNoPrefix->text();
    q.owner = m_owner->text().trimmed();
    m_count->setText(tr("Loading …"));
    // The model sets the cutoff from its clock at every reload and refresh.
    m_model->setFilter(q, m_minAge->value() > 0 ? std::optional<qint64>(qint64(m_minAge->value()) * 60000) : std::nullopt);
    checkTimes(q.scope);
}

void InFlightView::checkTimes(const QString &scope)
{
    m_session->request<StoreReads::TimeNotes>(
        this, [scope](Store &store) { return StoreReads::timeNotes(store, scope, QDateTime::currentMSecsSinceEpoch()); },
        [this](const Result<StoreReads::TimeNotes> &notes) {
            if (!notes)
                return; // the listing shows the store's error
            m_detail->setTimeZoneNote(notes->timeZoneNote);
            m_detail->setRequestNote(notes->requestNote);
            m_future->setText(notes->futureWarning);
            m_future->setVisible(!notes->futureWarning.isEmpty());
        });
}

void InFlightView::updateCount()
{
    const qint64 matching = m_model->matchingCount();
    if (matching < 0)
        return;
    const qint64 loaded = m_model->rowCount();
    if (m_model->isCountPartial())
        m_count->setText(
            tr("At least %1 matching in-flight record(s) (the count's scan was cancelled); %2 loaded").arg(matching).arg(loaded));
    else if (loaded > matching)
        // The count and the rows are two reads: records arrived between them.
        m_count->setText(tr("At least %1 matching in-flight record(s); %1 loaded").arg(loaded));
    else
        m_count->setText(tr("%1 matching in-flight record(s); %2 loaded").arg(matching).arg(loaded));
}

void InFlightView::showSelected()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid()) {
        m_shown.reset();
        m_detail->clear();
        return;
    }
    m_shown = m_model->recordAt(current.row());
    m_detail->showRecord(*m_shown, m_model->now());
}

void InFlightView::tickAges()
{
    if (!isVisible())
        return; // another tab: nothing to repaint
    m_model->tick();
    m_detail->showAge(m_model->now());
}

void InFlightView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Hidden, the list was not refreshed; the first listing is still on its way.
    if (m_autoRefresh->isChecked() && !m_model->isLoading() && m_model->matchingCount() >= 0)
        refresh();
}

void InFlightView::refresh()
{
    if (m_model->isRefreshing())
        return;
    rememberView();
    m_model->refresh();
}

void InFlightView::rememberView()
{
    m_keptSelection = selectedRecords();
    m_keptCurrent.reset();
    m_keptTop.reset();
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (current.isValid()) {
        const Record r = m_model->recordAt(current.row());
        m_keptCurrent = RecordRef{r.scope, r.key};
    }
    // At the top the list stays at the top; scrolled, it keeps its first row.
    if (m_table->verticalScrollBar()->value() > 0) {
        const int top = m_table->rowAt(0);
        if (top >= 0) {
            const Record r = m_model->recordAt(top);
            m_keptTop = RecordRef{r.scope, r.key};
        }
    }
}

void InFlightView::restoreView()
{
    // Rows kept in place keep their selection by themselves; a record that
    // moved (a new attempt) or a reset listing is selected again by its key.
    QItemSelectionModel *selection = m_table->selectionModel();
    QHash<QPair<QString, QString>, int> rowOf; // one pass, however large the selection
    for (int row = 0; row < m_model->rowCount() && !m_keptSelection.isEmpty(); ++row) {
        const Record r = m_model->recordAt(row);
        rowOf.insert({r.scope, r.key}, row);
    }
    for (const RecordRef &ref : std::as_const(m_keptSelection)) {
        const int row = rowOf.value({ref.scope, ref.key}, -1);
        if (row >= 0 && !selection->isRowSelected(row))
            selection->select(m_model->index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
    if (m_keptCurrent) {
        const int row = m_model->rowOf(m_keptCurrent->scope, m_keptCurrent->key);
        if (row >= 0 && selection->currentIndex().row() != row)
            selection->setCurrentIndex(m_model->index(row, 0), QItemSelectionModel::NoUpdate);
    }
    if (m_keptTop) {
        const int row = m_model->rowOf(m_keptTop->scope, m_keptTop->key);
        if (row >= 0)
            m_table->scrollTo(m_model->index(row, 0), QAbstractItemView::PositionAtTop);
    }
    m_keptSelection.clear();
    m_keptCurrent.reset();
    m_keptTop.reset();
    // The details follow a record that changed (another owner, attempt or lease).
    const QModelIndex current = selection->currentIndex();
    if (current.isValid()) {
        const Record r = m_model->recordAt(current.row());
        if (!m_shown || m_shown->scope != r.scope || m_shown->key != r.key || m_shown->updatedAt != r.updatedAt || m_shown->lease != r.lease
            || m_shown->owner != r.owner || m_shown->attempts != r.attempts)
            showSelected();
    }
}

QList<RecordRef> InFlightView::selectedRecords() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    QList<RecordRef> records;
    for (int row : std::as_const(rows)) {
        const Record r = m_model->recordAt(row);
        if (r.readError.isEmpty()) // no action applies to a value that cannot be read
            records.append(RecordRef{r.scope, r.key});
    }
    return records;
}

QMenu *InFlightView::createContextMenu(QWidget *parent)
{
    QList<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    QList<Record> records;
    for (int row : std::as_const(rows)) {
        const Record r = m_model->recordAt(row);
        if (r.readError.isEmpty()) // no action applies to a value that cannot be read
            records.append(r);
    }
    return m_actions->menuFor(records, int(rows.size()), parent);
}

void InFlightView::showContextMenu(const QPoint &pos)
{
    // A right click outside the selection selects the row under it first.
    const QModelIndex at = m_table->indexAt(pos);
    if (at.isValid() && !m_table->selectionModel()->isRowSelected(at.row()))
        m_table->selectRow(at.row());
    if (m_table->selectionModel()->selectedRows().isEmpty())
        return;
    QMenu *menu = createContextMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_table->viewport()->mapToGlobal(pos));
}

QCheckBox *InFlightView::autoRefreshBox() const
{
    return m_autoRefresh;
}
