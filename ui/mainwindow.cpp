#include "mainwindow.h"

#include "scopecountersmodel.h"
#include "storemonitor.h"

#include <QHeaderView>
#include <QLabel>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

MainWindow::MainWindow(const QString &storeUrl, const QString &storeDisplay, QWidget *parent)
    : QMainWindow(parent)
    , m_counters(new ScopeCountersModel(this))
    , m_monitor(new StoreMonitor(storeUrl, 2000, this))
    , m_summary(new QLabel(this))
    , m_connection(new QLabel(this))
    , m_storeDisplay(storeDisplay)
{
    setWindowTitle(tr("idem-console — %1").arg(storeDisplay));
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    auto *title = new QLabel(tr("Counters per scope, last 15 minutes"), central);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    title->setFont(titleFont);
    layout->addWidget(title);
    layout->addWidget(m_summary);
    auto *table = new QTableView(central);
    table->setModel(m_counters);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->hide();
    layout->addWidget(table);
    setCentralWidget(central);
    statusBar()->addPermanentWidget(m_connection);
    m_connection->setText(tr("Connecting to %1 …").arg(storeDisplay));
    m_summary->setText(tr("Waiting for the first reading …"));
    connect(m_monitor, &StoreMonitor::snapshotReady, this, &MainWindow::showSnapshot);
    resize(980, 420);
}

MainWindow::~MainWindow() = default;

void MainWindow::showSnapshot(const StoreSnapshot &snapshot)
{
    m_counters->setSnapshot(snapshot);
    if (!snapshot.connected) {
        m_connection->setText(tr("Disconnected from %1: %2").arg(m_storeDisplay, snapshot.error));
        return;
    }
    m_connection->setText(tr("Connected to %1 · round trip %2 ms").arg(m_storeDisplay).arg(snapshot.roundTripMs));
    m_summary->setText(tr("In flight: %1 · stuck (over 10 min): %2").arg(snapshot.inFlight).arg(snapshot.stuck));
}
