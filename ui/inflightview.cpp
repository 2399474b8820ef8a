#include "ui/inflightview.h"

#include "models/inflightrecordmodel.h"
#include "app/ops/timeoutsweep.h"
#include "ui/recorddetailview.h"
#include "models/storesession.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

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
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(InFlightRecordModel::AgeColumn, Qt::DescendingOrder); // oldest first
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(InFlightRecordModel::KeyColumn, 270);
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
    leftLayout->addWidget(m_count);
    m_splitter = new QSplitter(this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_detail);
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
    connect(m_reload, &QPushButton::clicked, m_model, &InFlightRecordModel::reload);
    connect(m_timeout, &QPushButton::clicked, this, [this] { emit timeoutRequested(scopeFilter()); });
}

void InFlightView::connectModel()
{
    connect(m_model, &InFlightRecordModel::matchingCountChanged, this, &InFlightView::updateCount);
    connect(m_model, &InFlightRecordModel::pageLoaded, this, &InFlightView::updateCount);
    connect(m_model, &InFlightRecordModel::loadFailed, this, [this](const QString &message) {
        m_count->setText(tr("Could not load: %1").arg(message));
    });
    connect(m_model, &QAbstractItemModel::modelReset, m_detail, &RecordDetailView::clear);
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
    if (running) {
        text = tr("Scanned %1 keys, found %2 in flight").arg(locale.toString(progress->scanned.load()), locale.toString(progress->found.load()));
        if (progress->cancelRequested.load())
            text += tr(" — cancelling …");
    } else if (const std::optional<ListingScan> listing = m_model->listingScan()) {
        text = listing->cancelled ? tr("Cancelled after scanning %1 keys: the list is partial").arg(locale.toString(listing->scanned))
                                  : tr("Scanned %1 keys, found %2 in flight").arg(locale.toString(listing->scanned), locale.toString(listing->found));
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

void InFlightView::setScopeFilter(const QString &scope) { m_scope->setCurrentText(scope); }
void InFlightView::setMinimumAgeMinutes(int minutes) { m_minAge->setValue(minutes); }
void InFlightView::setKeyPrefix(const QString &prefix) { m_keyPrefix->setText(prefix); }
void InFlightView::setBizNoPrefix(const QString &prefix) { m_bizNoPrefix->setText(prefix); }
void InFlightView::setOwnerFilter(const QString &owner) { m_owner->setText(owner); }

QString InFlightView::scopeFilter() const { return m_scope->currentText().trimmed(); }

void InFlightView::focusFilter()
{
    m_keyPrefix->setFocus(Qt::ShortcutFocusReason);
    m_keyPrefix->selectAll();
}

void InFlightView::setActionsEnabled(bool enabled)
{
    m_timeout->setEnabled(enabled);
    m_timeout->setToolTip(enabled ? tr("Mark stuck records of this scope timed out, after a preview")
                                  : tr("The store is open read-only"));
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
    InFlightQuery q;
    q.scope = m_scope->currentText().trimmed();
    if (m_minAge->value() > 0)
        q.startedBeforeMs = QDateTime::currentMSecsSinceEpoch() - qint64(m_minAge->value()) * 60000;
    q.keyPrefix = m_keyPrefix->text();
    q.bizNoPrefix = m_bizNoPrefix->text();
    q.owner = m_owner->text().trimmed();
    m_count->setText(tr("Loading …"));
    m_model->setFilter(q);
    checkTimes(q.scope);
}

void InFlightView::checkTimes(const QString &scope)
{
    struct Times {
        QString note;
        QString warning;
    };
    m_session->request<Times>(
        this,
        [scope](Store &store) -> Result<Times> {
            const Result<qint64> lead = futureLeadMs(store, scope, QDateTime::currentMSecsSinceEpoch());
            if (!lead)
                return lead.error();
            return Times{store.timeZoneNote(), futureRecordsWarning(lead.value(), store.timeZoneNote())};
        },
        [this](const Result<Times> &times) {
            if (!times)
                return; // the listing shows the store's error
            m_detail->setTimeZoneNote(times->note);
            m_future->setText(times->warning);
            m_future->setVisible(!times->warning.isEmpty());
        });
}

void InFlightView::updateCount()
{
    const qint64 matching = m_model->matchingCount();
    if (matching < 0)
        return;
    if (m_model->isCountPartial())
        m_count->setText(tr("At least %1 matching in-flight record(s) (the count's scan was cancelled); %2 loaded").arg(matching).arg(m_model->rowCount()));
    else
        m_count->setText(tr("%1 matching in-flight record(s); %2 loaded").arg(matching).arg(m_model->rowCount()));
}

void InFlightView::showSelected()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    m_detail->showRecord(m_model->recordAt(current.row()), QDateTime::currentMSecsSinceEpoch());
}
