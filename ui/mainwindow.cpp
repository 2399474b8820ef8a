#include "mainwindow.h"

#include "dashboardview.h"
#include "inflightview.h"
#include "storesession.h"
#include "countertimelinemodel.h"
#include "inflightrecordmodel.h"

#include <QLabel>
#include <QStatusBar>
#include <QTabWidget>

MainWindow::MainWindow(const QString &storeUrl, const QString &storeDisplay, QWidget *parent)
    : QMainWindow(parent)
    , m_session(new StoreSession(storeUrl, this))
    , m_dashboard(new DashboardView(m_session, this))
    , m_inFlight(new InFlightView(m_session, this))
    , m_connection(new QLabel(this))
    , m_storeDisplay(storeDisplay)
{
    setWindowTitle(tr("idem-console — %1").arg(storeDisplay));
    auto *tabs = new QTabWidget(this);
    tabs->addTab(m_dashboard, tr("Dashboard"));
    tabs->addTab(m_inFlight, tr("In flight"));
    setCentralWidget(tabs);
    statusBar()->addPermanentWidget(m_connection);
    m_connection->setText(tr("Connecting to %1 …").arg(storeDisplay));
    connect(m_session, &StoreSession::health, this, &MainWindow::showHealth);
    connect(m_dashboard->model(), &QAbstractItemModel::modelReset, this,
            [this] { m_inFlight->setKnownScopes(m_dashboard->model()->scopes()); });
    resize(1280, 820);
}

MainWindow::~MainWindow() = default;

void MainWindow::showHealth(bool connected, qint64 roundTripMs, const QString &error)
{
    if (connected)
        m_connection->setText(tr("● Connected to %1 · last round trip %2 ms").arg(m_storeDisplay).arg(roundTripMs));
    else
        m_connection->setText(tr("○ Disconnected from %1: %2 — retrying").arg(m_storeDisplay, error.left(160)));
    m_connection->setStyleSheet(connected ? QString() : QStringLiteral("color: #b01e1e;"));
}
