#include "mainwindow.h"

#include "appsettings.h"
#include "connectiondialog.h"
#include "countertimelinemodel.h"
#include "dashboardview.h"
#include "inflightrecordmodel.h"
#include "inflightview.h"
#include "passwordvault.h"
#include "storesession.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

MainWindow::MainWindow(AppSettings *settings, PasswordVault *vault, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_vault(vault)
    , m_stack(new QStackedWidget(this))
    , m_placeholder(new QLabel(this))
    , m_banner(new QLabel(this))
    , m_connection(new QLabel(this))
{
    setWindowTitle(tr("idem-console"));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    m_banner->setText(tr("Read-only: this store is opened for viewing; operator actions are disabled."));
    m_banner->setStyleSheet(QStringLiteral("background: #fff3cd; color: #664d03; padding: 6px; font-weight: bold;"));
    m_banner->setVisible(false);
    layout->addWidget(m_banner);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setText(tr("No store is open. Choose Store ▸ Connect… to open one."));
    m_stack->addWidget(m_placeholder);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
    statusBar()->addPermanentWidget(m_connection);

    QMenu *store = menuBar()->addMenu(tr("&Store"));
    store->addAction(tr("&Connect…"), QKeySequence::Open, this, &MainWindow::showConnectionDialog);
    store->addSeparator();
    store->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Refresh"), QKeySequence::Refresh, this, [this] {
        if (m_dashboard)
            m_dashboard->refresh();
        if (m_inFlight)
            m_inFlight->model()->reload();
    });
    resize(1280, 820);
}

MainWindow::~MainWindow() = default;

void MainWindow::showConnectionDialog()
{
    ConnectionDialog dialog(m_settings, m_vault, this);
    if (dialog.exec() == QDialog::Accepted)
        openUrl(dialog.chosenEntry(), dialog.chosenUrl());
}

void MainWindow::openEntry(const StoreEntry &entry)
{
    if (entry.passwordSource == StoreEntry::PasswordSource::None) {
        openUrl(entry, entry.url);
        return;
    }
    showMessage(tr("Looking up the password of %1 …").arg(entry.displayName()));
    m_vault->read(entry).then(this, [this, entry](const Result<PasswordVault::Lookup> &lookup) {
        if (!lookup) {
            showMessage(tr("Cannot open %1: %2").arg(entry.displayName(), lookup.error().message));
            return;
        }
        openUrl(entry, StoreEntry::withPassword(entry.url, lookup->password));
    });
}

void MainWindow::openUrl(const StoreEntry &entry, const QString &urlWithPassword)
{
    // One session per store: the old views and their worker thread go first.
    if (m_tabs) {
        m_stack->removeWidget(m_tabs);
        delete m_tabs;
        m_tabs = nullptr;
        m_dashboard = nullptr;
        m_inFlight = nullptr;
    }
    delete m_session;
    m_entry = entry;
    m_entry.url = StoreEntry::withoutPassword(entry.url);
    m_session = new StoreSession(urlWithPassword, this);
    m_dashboard = new DashboardView(m_session, this);
    m_dashboard->setRefreshInterval(m_settings->refreshIntervalMs());
    m_dashboard->setHitRateThreshold(m_settings->hitRateAlertThreshold());
    m_inFlight = new InFlightView(m_session, this);
    m_inFlight->model()->setPageSize(m_settings->inFlightPageSize());
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_dashboard, tr("Dashboard"));
    m_tabs->addTab(m_inFlight, tr("In flight"));
    m_stack->addWidget(m_tabs);
    m_stack->setCurrentWidget(m_tabs);
    m_banner->setVisible(m_entry.readOnly || m_forcedReadOnly);
    setWindowTitle(tr("idem-console — %1").arg(m_entry.displayName()));
    m_connection->setText(tr("Connecting to %1 …").arg(m_entry.url));
    connect(m_session, &StoreSession::health, this, &MainWindow::showHealth);
    connect(m_dashboard->model(), &QAbstractItemModel::modelReset, this,
            [this] { m_inFlight->setKnownScopes(m_dashboard->model()->scopes()); });
    m_settings->rememberStore(m_entry);
    m_settings->setLastStoreUrl(m_entry.url);
}

void MainWindow::showMessage(const QString &text)
{
    m_placeholder->setText(text);
    if (!m_tabs)
        m_stack->setCurrentWidget(m_placeholder);
    statusBar()->showMessage(text, 10000);
}

void MainWindow::showHealth(bool connected, qint64 roundTripMs, const QString &error)
{
    if (connected)
        m_connection->setText(tr("● Connected to %1 · last round trip %2 ms").arg(m_entry.url).arg(roundTripMs));
    else
        m_connection->setText(tr("○ Disconnected from %1: %2 — retrying").arg(m_entry.url, error.left(160)));
    m_connection->setStyleSheet(connected ? QString() : QStringLiteral("color: #b01e1e;"));
}
