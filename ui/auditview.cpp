#include "ui/auditview.h"
#include "models/auditwording.h"

#include "models/auditmodel.h"
#include "ui/jobprogresswidget.h"
#include "models/statuscolors.h"
#include "models/storereads.h"
#include "models/storesession.h"

#include "app/store/visibletext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QTextBrowser>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

AuditView::AuditView(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new AuditModel(session, this))
    , m_kind(new QComboBox(this))
    , m_scope(new QComboBox(this))
    , m_focusBar(new QWidget(this))
    , m_focus(new QLabel(this))
    , m_operator(new QLineEdit(this))
    , m_action(new QComboBox(this))
    , m_batch(new QLineEdit(this))
    , m_keyPrefix(new QLineEdit(this))
    , m_useFrom(new QCheckBox(tr("From:"), this))
    , m_from(new QDateTimeEdit(this))
    , m_useTo(new QCheckBox(tr("To:"), this))
    , m_to(new QDateTimeEdit(this))
    , m_table(new QTableView(this))
    , m_count(new QLabel(this))
    , m_detail(new QTextBrowser(this))
    , m_verify(new QPushButton(tr("Verify chain"), this))
    , m_progress(new JobProgressWidget(this))
    , m_verdict(new QLabel(this))
    , m_debounce(new QTimer(this))
{
    nameWidgets();
    QHBoxLayout *filters = buildFilters();
    buildTable();
    buildDetails();
    arrange(filters);
    connectFilters();
    connectModel();
    applyFilter();
}

void AuditView::nameWidgets()
{
    m_kind->setObjectName(QStringLiteral("auditKind"));
    m_focus->setObjectName(QStringLiteral("auditFocus"));
    m_scope->setObjectName(QStringLiteral("auditScope"));
    m_operator->setObjectName(QStringLiteral("auditOperator"));
    m_action->setObjectName(QStringLiteral("auditAction"));
    m_batch->setObjectName(QStringLiteral("auditBatch"));
    m_keyPrefix->setObjectName(QStringLiteral("auditKeyPrefix"));
    m_verify->setObjectName(QStringLiteral("verifyChain"));
    m_verdict->setObjectName(QStringLiteral("verdict"));
}

QHBoxLayout *AuditView::buildFilters()
{
    // Alerts are many and automatic: kept apart from what operators did.
    m_kind->addItem(tr("Operator actions"), int(AuditQuery::Kind::OperatorActions));
    m_kind->addItem(tr("Alerts"), int(AuditQuery::Kind::Alerts));
    m_kind->addItem(tr("All entries"), int(AuditQuery::Kind::Any));
    m_kind->setToolTip(tr("Operator actions on records, the console's alert entries (raised, acknowledged, snoozed), or both"));
    m_scope->setEditable(true);
    m_scope->addItem(QString());
    m_scope->lineEdit()->setPlaceholderText(tr("all scopes"));
    m_scope->setMinimumContentsLength(10);
    m_action->setEditable(true);
    m_action->addItems({QString(), QStringLiteral("timeout"), QStringLiteral("reconcile-complete"), QStringLiteral("reconcile-release"),
                        QStringLiteral("alert"), QStringLiteral("alert-acknowledged"), QStringLiteral("alert-snoozed")});
    m_action->lineEdit()->setPlaceholderText(tr("all actions"));
    m_action->setMinimumContentsLength(14);
    m_operator->setPlaceholderText(tr("operator"));
    m_batch->setPlaceholderText(tr("batch id"));
    m_keyPrefix->setPlaceholderText(tr("key prefix"));
    const QDateTime now = QDateTime::currentDateTime();
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        edit->setCalendarPopup(true);
        edit->setEnabled(false);
    }
    m_from->setDateTime(now.addDays(-1));
    m_to->setDateTime(now);

    auto *filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Scope:"), this));
    filters->addWidget(m_scope);
    filters->addWidget(new QLabel(tr("Action:"), this));
    filters->addWidget(m_action);
    for (QLineEdit *edit : {m_operator, m_batch, m_keyPrefix}) {
        edit->setClearButtonEnabled(true);
        filters->addWidget(edit, 1);
    }
    filters->addWidget(m_useFrom);
    filters->addWidget(m_from);
    filters->addWidget(m_useTo);
    filters->addWidget(m_to);
    m_reload = new QPushButton(tr("Reload"), this);
    filters->addWidget(m_reload);
    return filters;
}

void AuditView::buildTable()
{
    m_table->setModel(m_model);
    // One Tab stop: Tab leaves the table for the next control (arrows move in it).
    m_table->setTabKeyNavigation(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // a search never changes the rows' height
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Wide enough for typical values (the tooltip and the pane below show the rest).
    const QFontMetrics fm = m_table->fontMetrics();
    const auto widthOf = [&fm](const char *sample) { return fm.horizontalAdvance(QLatin1String(sample)) + 18; };
    m_table->setColumnWidth(AuditModel::TimeColumn, widthOf("2026-11-30 04:15:02"));
    m_table->setColumnWidth(AuditModel::OperatorColumn, widthOf("operator.name"));
    m_table->setColumnWidth(AuditModel::HostColumn, widthOf("ops-host-01"));
    m_table->setColumnWidth(AuditModel::ActionColumn, widthOf("reconcile-complete"));
    m_table->setColumnWidth(AuditModel::ScopeColumn, widthOf("payment"));
    m_table->setColumnWidth(AuditModel::KeyColumn, widthOf("backlog-SO4021075015"));
    m_table->setColumnWidth(AuditModel::ChangeColumn, widthOf("IN_FLIGHT → COMPLETED"));
    m_table->setColumnWidth(AuditModel::ReasonColumn, widthOf("gateway outage, ticket OPS-1234"));
    m_table->setColumnWidth(AuditModel::BatchColumn, widthOf("b-20261130T041502-3fa9c2d1"));
}

void AuditView::buildDetails()
{
    m_detail->setReadOnly(true);
    m_detail->setLineWrapMode(QTextEdit::NoWrap);
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detail->setPlaceholderText(tr("Select an entry to see it in full, with its evidence."));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setText(tr("The chain has not been verified in this session."));
}

void AuditView::arrange(QHBoxLayout *filters)
{
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_table, 1);
    leftLayout->addWidget(m_count);
    // The table needs the width; the entry in full goes below it.
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    auto *verifyRow = new QHBoxLayout;
    verifyRow->addWidget(m_verify);
    verifyRow->addWidget(m_progress, 1);
    verifyRow->addWidget(m_verdict, 2);

    // What is shown, over the list (its own row: the filter row is full):
    // the kind, and one record's or batch's entries with the way back.
    auto *focusLayout = new QHBoxLayout(m_focusBar);
    focusLayout->setContentsMargins(0, 0, 0, 0);
    focusLayout->addWidget(new QLabel(tr("Show:"), m_focusBar));
    focusLayout->addWidget(m_kind);
    m_focus->setWordWrap(true);
    m_focus->setMargin(3);
    m_focus->setAutoFillBackground(true);
    QPalette shade = m_focus->palette();
    shade.setColor(QPalette::Window, StatusColors::infoBackground(shade));
    m_focus->setPalette(shade);
    m_focus->setVisible(false);
    focusLayout->addWidget(m_focus, 1);
    m_clearFocus = new QPushButton(tr("Show all entries"), m_focusBar);
    m_clearFocus->setObjectName(QStringLiteral("auditClearFocus"));
    m_clearFocus->setVisible(false);
    connect(m_clearFocus, &QPushButton::clicked, this, &AuditView::clearFilters);
    focusLayout->addWidget(m_clearFocus);
    focusLayout->addStretch();
    m_focusBar->setObjectName(QStringLiteral("auditFocusBar"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_focusBar);
    layout->addWidget(m_splitter, 1);
    layout->addLayout(verifyRow);
}

void AuditView::connectFilters()
{
    // Typing in a filter waits for a pause before it queries the store.
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(300);
    connect(m_debounce, &QTimer::timeout, this, &AuditView::applyFilter);
    for (QLineEdit *edit : {m_operator, m_batch, m_keyPrefix})
        connect(edit, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_scope, &QComboBox::currentTextChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_kind, &QComboBox::currentIndexChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_action, &QComboBox::currentTextChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_useFrom, &QCheckBox::toggled, m_from, &QWidget::setEnabled);
    connect(m_useTo, &QCheckBox::toggled, m_to, &QWidget::setEnabled);
    for (QCheckBox *box : {m_useFrom, m_useTo})
        connect(box, &QCheckBox::toggled, m_debounce, qOverload<>(&QTimer::start));
    for (QDateTimeEdit *edit : {m_from, m_to})
        connect(edit, &QDateTimeEdit::dateTimeChanged, m_debounce, qOverload<>(&QTimer::start));
}

void AuditView::connectModel()
{
    connect(m_reload, &QPushButton::clicked, m_model, &AuditModel::reload);
    connect(m_verify, &QPushButton::clicked, this, &AuditView::verifyChain);
    connect(m_model, &AuditModel::loaded, this, &AuditView::updateCount);
    connect(m_model, &AuditModel::loadFailed, this,
            [this](const QString &message) { m_count->setText(tr("Could not load the audit log: %1").arg(message)); });
    connect(m_model, &QAbstractItemModel::modelReset, m_detail, &QTextBrowser::clear);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AuditView::showSelected);
}

AuditView::~AuditView()
{
    m_progress->cancel();
    delete m_verifySession; // joins its worker before the progress receiver goes
}

void AuditView::setScopeFilter(const QString &scope)
{
    m_scope->setCurrentText(scope);
    applyFilter();
}
void AuditView::setOperatorFilter(const QString &name)
{
    m_operator->setText(name);
    applyFilter();
}
void AuditView::setActionFilter(const QString &action)
{
    m_action->setCurrentText(action);
    applyFilter();
}
void AuditView::setBatchFilter(const QString &batchId)
{
    m_batch->setText(batchId);
    applyFilter();
}
void AuditView::setKeyPrefix(const QString &prefix)
{
    m_keyPrefix->setText(prefix);
    applyFilter();
}

void AuditView::setKindFilter(AuditQuery::Kind kind)
{
    m_kind->setCurrentIndex(qMax(0, m_kind->findData(int(kind))));
    applyFilter();
}

void AuditView::showFocus(const QString &text)
{
    m_focus->setText(text);
    m_focus->setVisible(!text.isEmpty());
    m_clearFocus->setVisible(!text.isEmpty());
}

void AuditView::showRecordHistory(const QString &scope, const QString &key)
{
    clearFilters();
    m_key = key;
    {
        const QSignalBlocker blockScope(m_scope);
        const QSignalBlocker blockKind(m_kind);
        m_scope->setCurrentText(scope);
        m_kind->setCurrentIndex(m_kind->findData(int(AuditQuery::Kind::Any)));
    }
    showFocus(tr("Showing the history of record %1 in scope %2.").arg(visibleText(key), visibleText(scope)));
    applyFilter();
}

void AuditView::showBatch(const QString &batchId)
{
    clearFilters();
    {
        const QSignalBlocker blockBatch(m_batch);
        const QSignalBlocker blockKind(m_kind);
        m_batch->setText(batchId);
        m_kind->setCurrentIndex(m_kind->findData(int(AuditQuery::Kind::Any)));
    }
    showFocus(tr("Showing operator batch %1.").arg(visibleText(batchId)));
    applyFilter();
}

void AuditView::clearFilters()
{
    {
        const QSignalBlocker blocks[] = {QSignalBlocker(m_scope),   QSignalBlocker(m_kind),  QSignalBlocker(m_operator),
                                         QSignalBlocker(m_action),  QSignalBlocker(m_batch), QSignalBlocker(m_keyPrefix),
                                         QSignalBlocker(m_useFrom), QSignalBlocker(m_useTo)};
        m_key.clear();
        m_kind->setCurrentIndex(m_kind->findData(int(AuditQuery::Kind::OperatorActions)));
        m_scope->setCurrentText(QString());
        m_action->setCurrentText(QString());
        for (QLineEdit *edit : {m_operator, m_batch, m_keyPrefix})
            edit->clear();
        m_useFrom->setChecked(false);
        m_useTo->setChecked(false);
        m_from->setEnabled(false);
        m_to->setEnabled(false);
    }
    showFocus(QString());
    applyFilter();
}

void AuditView::setKnownScopes(const QStringList &scopes)
{
    for (const QString &scope : scopes) {
        if (m_scope->findText(scope) < 0)
            m_scope->addItem(scope);
    }
}

void AuditView::applyFilter()
{
    m_debounce->stop();
    AuditQuery q;
    q.kind = AuditQuery::Kind(m_kind->currentData().toInt());
    q.scope = m_scope->currentText().trimmed();
    q.key = m_key;
    q.operatorName = m_operator->text().trimmed();
    q.action = m_action->currentText().trimmed();
    q.batchId = m_batch->text().trimmed();
    q.keyPrefix = m_keyPrefix->text();
    if (m_useFrom->isChecked())
        q.fromMs = m_from->dateTime().toMSecsSinceEpoch();
    if (m_useTo->isChecked())
        q.toMs = m_to->dateTime().toMSecsSinceEpoch() + 59999; // the whole minute shown
    m_count->setText(tr("Loading …"));
    m_model->setQuery(q);
}

void AuditView::updateCount()
{
    const int rows = m_model->rowCount();
    if (m_model->isTruncated())
        m_count->setText(tr("The newest %1 matching entries are shown; narrow the filters to see older ones.").arg(rows));
    else
        m_count->setText(tr("%1 matching entries").arg(rows));
}

void AuditView::showSelected()
{
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    if (!current.isValid()) {
        m_detail->clear();
        return;
    }
    const AuditEntry &e = m_model->entryAt(current.row());
    // A table: the captions' widths differ by language, so padding them
    // with spaces never lined the values up in zh_CN.
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    const auto row = [&html](const QString &caption, const QString &value) {
        html += QStringLiteral("<tr><td style='white-space:nowrap; padding-right:12px'><b>%1</b></td><td>%2</td></tr>")
                    .arg(caption.toHtmlEscaped(), visibleBlock(value).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    };
    row(tr("Scope"), tr("%1, seq %2").arg(e.scope).arg(e.seq));
    row(tr("Key"), e.key);
    row(tr("Action"),
        AuditWording::action(e.action)
            + (e.stateBefore.isEmpty() && e.stateAfter.isEmpty()
                   ? QString()
                   : QStringLiteral("   %1 → %2").arg(AuditWording::state(e.stateBefore), AuditWording::state(e.stateAfter))));
    row(tr("Operator"), tr("%1 @ %2").arg(e.operatorName, e.host));
    row(tr("Server identity"), e.serverUser.isEmpty() ? tr("not recorded") : e.serverUser);
    row(tr("Batch"), e.batchId);
    row(tr("Reason"), e.reason);
    row(tr("Hash"), e.hash);
    row(tr("Previous"), e.prevHash);
    html += QStringLiteral("</table>");
    if (!e.evidence.isEmpty()) {
        const QJsonDocument json = QJsonDocument::fromJson(e.evidence);
        html +=
            QStringLiteral("<p><b>%1</b></p><pre>%2</pre>")
                .arg(tr("Evidence").toHtmlEscaped(),
                     visibleBlock(QString::fromUtf8(json.isNull() ? e.evidence : json.toJson(QJsonDocument::Indented))).toHtmlEscaped());
    }
    m_detail->setHtml(html);
}

void AuditView::verifyChain()
{
    if (m_progress->isRunning())
        return;
    // A long verification must not hold up the listing and the dashboard:
    // it gets a session (worker thread, connection) of its own.
    if (!m_verifySession)
        m_verifySession = new StoreSession(m_session->url(), m_session->mode(), this);
    m_verify->setEnabled(false);
    m_verdict->setText(tr("Verifying …"));
    const ActionControl control = m_progress->start(tr("Entries"));
    m_verifySession->request<AuditVerdict>(
        this, [control](Store &store) { return StoreReads::verifyAudit(store, control); },
        [this](const Result<AuditVerdict> &result) {
            m_progress->finish();
            m_verify->setEnabled(true);
            if (!result) {
                m_verdict->setText(QStringLiteral("<span style='color:#b71c1c'>%1</span>")
                                       .arg(tr("Could not verify: %1").arg(result.error().message).toHtmlEscaped()));
                return;
            }
            const AuditVerdict &v = result.value();
            QString text;
            if (v.ok)
                text = QStringLiteral("<span style='color:#1b5e20'>✔ %1</span>")
                           .arg(tr("Chain intact: %1 entries in %2 chain(s) verified.").arg(v.entries).arg(v.chains).toHtmlEscaped());
            else if (v.firstBad)
                text = QStringLiteral("<span style='color:#b71c1c'><b>✘ %1</b></span>")
                           .arg(tr("Chain broken: scope %1, seq %2 (stored as %3): %4. %5 entries read.")
                                    .arg(v.firstBad->scope)
                                    .arg(v.firstBad->seq)
                                    .arg(v.firstBad->storeId, v.firstBad->reason)
                                    .arg(v.entries)
                                    .toHtmlEscaped());
            else
                text = tr("Verification stopped after %1 entries: nothing is vouched for.").arg(v.entries);
            m_verdict->setText(text);
        });
}
