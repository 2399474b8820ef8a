#include "ui/connectiondialog.h"
#include "ui/screenfit.h"

#include "models/appsettings.h"
#include "models/passwordvault.h"
#include "models/statuscolors.h"
#include "ui/storeentryform.h"
#include "models/storeprobe.h"

#include <QDialogButtonBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {

constexpr int UrlRole = Qt::UserRole;

// Calls done(result) on context's thread when future finishes, unless
// context is gone; a cancelled future (its vault destroyed) reads as an error.
template <typename T, typename F>
void whenFinished(QObject *context, QFuture<Result<T>> future, F done)
{
    auto *watcher = new QFutureWatcher<Result<T>>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, context, [watcher, done] {
        watcher->deleteLater();
        if (watcher->isCanceled() || watcher->future().resultCount() == 0)
            done(Result<T>(makeError(ErrorKind::Internal, ConnectionDialog::tr("The password lookup was cancelled."))));
        else
            done(watcher->future().result());
    });
    watcher->setFuture(future);
}

} // namespace

ConnectionDialog::ConnectionDialog(AppSettings *settings, PasswordVault *vault, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
    , m_vault(vault)
    , m_probe(new StoreProbe(this))
    , m_list(new QListWidget(this))
    , m_new(new QPushButton(tr("New"), this))
    , m_remove(new QPushButton(tr("Remove"), this))
    , m_form(new StoreEntryForm(this))
    , m_test(new QPushButton(tr("Test"), this))
    , m_busy(new QProgressBar(this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("Connect to a store"));
    m_list->setObjectName(QStringLiteral("recentStores"));
    m_test->setObjectName(QStringLiteral("test"));
    m_busy->setObjectName(QStringLiteral("busy"));
    m_status->setObjectName(QStringLiteral("testStatus"));
    m_remove->setObjectName(QStringLiteral("remove"));

    auto *listColumn = new QVBoxLayout;
    listColumn->addWidget(new QLabel(tr("Recent stores:"), this));
    listColumn->addWidget(m_list, 1);
    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(m_new);
    listButtons->addWidget(m_remove);
    listColumn->addLayout(listButtons);
    m_list->setFixedWidth(240); // the form's rows come and go with the kind; the list stays put

    auto *top = new QHBoxLayout;
    top->addLayout(listColumn);
    top->addWidget(m_form, 1);

    m_busy->setRange(0, 0); // an indeterminate "working" bar
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(120);
    m_busy->hide();
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addWidget(m_busy);
    testRow->addWidget(m_status, 1);

    auto *buttons = new QDialogButtonBox(this);
    m_save = buttons->addButton(tr("Save to list"), QDialogButtonBox::ActionRole);
    m_open = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    m_save->setObjectName(QStringLiteral("save"));
    m_open->setObjectName(QStringLiteral("open"));
    m_open->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addLayout(testRow);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);
    connect(m_save, &QPushButton::clicked, this, &ConnectionDialog::saveEntry);
    connect(m_test, &QPushButton::clicked, this, &ConnectionDialog::startTest);
    connect(m_new, &QPushButton::clicked, this, &ConnectionDialog::newEntry);
    connect(m_remove, &QPushButton::clicked, this, &ConnectionDialog::removeEntry);
    connect(m_list, &QListWidget::currentItemChanged, this, &ConnectionDialog::selectionChanged);
    connect(m_form, &StoreEntryForm::edited, this, &ConnectionDialog::formEdited);
    connect(m_probe, &StoreProbe::succeeded, this, [this](qint64 inFlight, qint64 roundTripMs, const QString &timeZoneNote) {
        const QString connected = tr("Connected, %1 in flight, round trip %2 ms").arg(inFlight).arg(roundTripMs);
        showTestResult(true, timeZoneNote.isEmpty() ? connected : connected + QStringLiteral(". ") + timeZoneNote);
    });
    connect(m_probe, &StoreProbe::failed, this, [this](const QString &message) { showTestResult(false, message); });

    reloadList(m_settings->lastStoreUrl());
    if (m_list->count() == 0)
        newEntry();
    ScreenFit::fit(this, QSize(860, 480));
}

ConnectionDialog::~ConnectionDialog()
{
    abandonPending(); // the probe's session finishes on its own; see StoreProbe
}

QString ConnectionDialog::chosenUrl() const
{
    return StoreEntry::withPassword(m_chosenEntry.url, m_chosenPassword);
}

bool ConnectionDialog::isBusy() const
{
    return m_probe->isRunning() || m_lookupPending;
}

void ConnectionDialog::reloadList(const QString &selectUrl)
{
    QListWidgetItem *selected = nullptr;
    {
        const QSignalBlocker blocker(m_list);
        m_list->clear();
        for (const StoreEntry &entry : m_settings->recentStores()) {
            auto *item = new QListWidgetItem(entry.displayName(), m_list);
            item->setData(UrlRole, entry.url);
            item->setToolTip(entry.readOnly ? tr("%1 (read-only)").arg(entry.url) : entry.url);
            if (entry.url == selectUrl)
                selected = item;
        }
    }
    if (!selected && m_list->count() > 0)
        selected = m_list->item(0);
    m_remove->setEnabled(selected != nullptr);
    m_list->setCurrentItem(selected); // loads it into the form (selectionChanged)
}

void ConnectionDialog::selectionChanged()
{
    QListWidgetItem *item = m_list->currentItem();
    m_remove->setEnabled(item != nullptr);
    if (!item)
        return;
    const QString url = item->data(UrlRole).toString();
    for (const StoreEntry &entry : m_settings->recentStores()) {
        if (entry.url == url) {
            m_editingUrl = url;
            m_form->setEntry(entry);
            return;
        }
    }
}

void ConnectionDialog::newEntry()
{
    {
        const QSignalBlocker blocker(m_list);
        m_list->setCurrentItem(nullptr);
    }
    m_remove->setEnabled(false);
    m_editingUrl.clear();
    m_form->clear();
}

void ConnectionDialog::saveEntry()
{
    Result<StoreEntry> entry = m_form->entry();
    if (!entry)
        return; // the form shows why
    if (!m_editingUrl.isEmpty() && m_editingUrl != entry->url)
        m_settings->forgetStore(m_editingUrl);
    m_settings->rememberStore(entry.value());
    m_settings->sync();
    const QString password = m_form->typedPassword();
    reloadList(entry->url);
    if (entry->passwordSource != StoreEntry::PasswordSource::Keychain || password.isEmpty()) {
        setBusy(false, tr("Saved."));
        return;
    }
    const quint64 request = ++m_pending;
    m_lookupPending = true;
    setBusy(true, tr("Saving the password in the system keychain…"));
    whenFinished(this, m_vault->save(entry->url, password), [this, request](const Result<void> &saved) {
        if (request != m_pending)
            return;
        m_lookupPending = false;
        setBusy(false, saved ? tr("Saved; the password is in the system keychain.") : QString());
        if (!saved)
            m_form->showProblem(saved.error().message);
    });
}

void ConnectionDialog::removeEntry()
{
    QListWidgetItem *item = m_list->currentItem();
    if (!item)
        return;
    const QString url = item->data(UrlRole).toString();
    const QList<StoreEntry> entries = m_settings->recentStores();
    const auto it = std::find_if(entries.cbegin(), entries.cend(), [&](const StoreEntry &e) { return e.url == url; });
    if (it != entries.cend() && it->passwordSource == StoreEntry::PasswordSource::Keychain) {
        // Best effort: the entry goes either way; say so if the password stays behind.
        whenFinished(this, m_vault->forget(url), [this](const Result<void> &forgotten) {
            if (!forgotten)
                m_status->setText(tr("Removed; the keychain kept its password: %1").arg(forgotten.error().message));
        });
    }
    m_settings->forgetStore(url);
    m_settings->sync();
    reloadList(QString());
    if (m_list->count() == 0)
        newEntry();
    setBusy(false, tr("Removed %1.").arg(url));
}

void ConnectionDialog::formEdited()
{
    // A result for fields that have changed since would mislead: drop it.
    if (isBusy()) {
        abandonPending();
        setBusy(false, QString());
    } else if (!m_status->text().isEmpty()) {
        setBusy(false, QString());
    }
    const bool valid = bool(m_form->entry());
    m_test->setEnabled(valid);
    m_open->setEnabled(valid);
    m_save->setEnabled(valid);
}

void ConnectionDialog::startTest()
{
    Result<StoreEntry> entry = m_form->entry();
    if (!entry) {
        showTestResult(false, entry.error().message);
        return;
    }
    withPassword(Purpose::Test, entry.value());
}

void ConnectionDialog::accept()
{
    Result<StoreEntry> entry = m_form->entry();
    if (!entry)
        return; // the form shows why
    withPassword(Purpose::Open, entry.value());
}

void ConnectionDialog::reject()
{
    abandonPending();
    QDialog::reject();
}

void ConnectionDialog::withPassword(Purpose purpose, const StoreEntry &entry)
{
    abandonPending();
    const QString typed = m_form->typedPassword();
    if (!typed.isEmpty() || entry.passwordSource == StoreEntry::PasswordSource::None) {
        passwordReady(purpose, entry, typed);
        return;
    }
    const quint64 request = m_pending;
    m_lookupPending = true;
    setBusy(true, tr("Looking up the password…"));
    whenFinished(this, m_vault->read(entry), [this, request, purpose, entry](const Result<PasswordVault::Lookup> &lookup) {
        if (request != m_pending)
            return;
        m_lookupPending = false;
        if (!lookup) {
            setBusy(false, QString());
            m_form->showProblem(lookup.error().message);
            if (purpose == Purpose::Test)
                emit testFinished(false, lookup.error().message);
            return;
        }
        passwordReady(purpose, entry, lookup->password);
    });
}

void ConnectionDialog::passwordReady(Purpose purpose, const StoreEntry &entry, const QString &password)
{
    if (purpose == Purpose::Test) {
        setBusy(true, tr("Testing %1 …").arg(entry.url));
        m_probe->start(StoreEntry::withPassword(entry.url, password));
        return;
    }
    if (entry.passwordSource != StoreEntry::PasswordSource::Keychain || m_form->typedPassword().isEmpty()) {
        finishOpen(entry, password);
        return;
    }
    // A newly typed password to remember: only open once the keychain has
    // it, so the operator learns now, not next time, that it did not stick.
    const quint64 request = m_pending;
    m_lookupPending = true;
    setBusy(true, tr("Saving the password in the system keychain…"));
    whenFinished(this, m_vault->save(entry.url, password), [this, request, entry, password](const Result<void> &saved) {
        if (request != m_pending)
            return;
        m_lookupPending = false;
        if (!saved) {
            setBusy(false, QString());
            m_form->showProblem(saved.error().message);
            return;
        }
        finishOpen(entry, password);
    });
}

void ConnectionDialog::finishOpen(const StoreEntry &entry, const QString &password)
{
    abandonPending();
    setBusy(false, QString());
    if (!m_editingUrl.isEmpty() && m_editingUrl != entry.url)
        m_settings->forgetStore(m_editingUrl);
    m_settings->rememberStore(entry);
    m_settings->setLastStoreUrl(entry.url);
    m_settings->sync();
    m_chosenEntry = entry;
    m_chosenPassword = password;
    QDialog::accept();
}

void ConnectionDialog::setBusy(bool busy, const QString &status)
{
    m_busy->setVisible(busy);
    m_test->setEnabled(!busy && bool(m_form->entry()));
    m_status->setStyleSheet(QString());
    m_status->setText(status);
}

void ConnectionDialog::showTestResult(bool ok, const QString &message)
{
    setBusy(false, message);
    m_status->setStyleSheet(ok ? QStringLiteral("color: %1;").arg(StatusColors::okText(palette()).name())
                               : QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()));
    emit testFinished(ok, message);
}

void ConnectionDialog::abandonPending()
{
    ++m_pending;
    m_lookupPending = false;
    m_probe->cancel();
}
