#include "ui/dashboardview.h"

#include "models/countertimelinemodel.h"
#include "models/dashboardreading.h"
#include "models/scopestatusmodel.h"
#include "ui/dashboardmarkers.h"
#include "ui/gappedline.h"
#include "ui/kpitile.h"
#include "ui/timechart.h"
#include "models/statuscolors.h"
#include "models/storesession.h"

#include "app/telemetry/alertrules.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QDateTimeEdit>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QHeaderView>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QValueAxis>

namespace {

QChart *makeChart(const QString &title, const QString &unit, QWidget *host, QGridLayout *grid, int row, int column)
{
    QChartView *view = TimeChart::makeView(title, unit, host);
    grid->addWidget(view, row, column);
    return view->chart();
}

QLineSeries *addSampleSeries(QChart *chart, const QString &name, const QColor &color)
{
    auto *series = new QLineSeries(chart);
    series->setName(name);
    QPen pen(color);
    pen.setWidthF(2);
    series->setPen(pen);
    chart->addSeries(series);
    for (QAbstractAxis *axis : chart->axes())
        series->attachAxis(axis);
    return series;
}

// A running minute's counts scaled to a per-minute rate are shown only once
// this much of it has passed: the first seconds of a minute say little.
constexpr double kRunningShownFrom = 10.0 / 60;

} // namespace

DashboardView::DashboardView(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new CounterTimelineModel(this))
    , m_timer(new QTimer(this))
    , m_scope(new QComboBox(this))
    , m_range(new QComboBox(this))
    , m_from(new QDateTimeEdit(this))
    , m_to(new QDateTimeEdit(this))
    , m_interval(new QSpinBox(this))
    , m_pause(new QPushButton(tr("Pause"), this))
    , m_updated(new QLabel(this))
    , m_hitRate(new KpiTile(tr("Hit rate, last 5 min"), this))
    , m_executions(new KpiTile(tr("Executions / min"), this))
    , m_anomalies(new KpiTile(tr("Anomalies / min"), this))
    , m_stuck(new KpiTile(tr("Stuck records"), this))
    , m_latency(new KpiTile(tr("Store round trip"), this))
    , m_created(new KpiTile(tr("Records created / min"), this))
    , m_inFlightTile(new KpiTile(tr("In flight"), this))
    , m_noCounters(new QLabel(this))
    , m_countersFrom(new QLabel(this))
    , m_noHitRate(new QLabel(this))
    , m_hitStack(new QStackedWidget(this))
    , m_scopeStatus(new ScopeStatusModel(this))
    , m_scopeTable(new QTableView(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buildControls());
    m_countersFrom->setObjectName(QStringLiteral("countersFrom"));
    m_countersFrom->setWordWrap(true);
    m_countersFrom->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_countersFrom->setVisible(false);
    layout->addWidget(m_countersFrom);
    layout->addLayout(buildTiles());
    layout->addLayout(buildCharts(), 1);
    buildSeries();
    m_markers = std::make_unique<DashboardMarkers>(m_trafficChart, m_hitChart, m_anomalyChart);
    connectSignals();

    m_timer->setInterval(2000);
    m_timer->start();
    QTimer::singleShot(0, this, &DashboardView::refresh);
}

DashboardView::~DashboardView()
{
    for (const auto &[column, line] : std::as_const(m_series))
        delete line;
}

const GappedLine *DashboardView::line(int column) const
{
    for (const auto &[c, line] : m_series) {
        if (c == column)
            return line;
    }
    return nullptr;
}

QLayout *DashboardView::buildControls()
{
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Scope:"), this));
    m_scope->addItem(tr("All scopes"), QString());
    m_scope->setMinimumContentsLength(12);
    controls->addWidget(m_scope);
    controls->addWidget(new QLabel(tr("Range:"), this));
    m_range->addItem(tr("15 min"), 15);
    m_range->addItem(tr("1 h"), 60);
    m_range->addItem(tr("6 h"), 360);
    m_range->addItem(tr("24 h"), 1440);
    m_range->addItem(tr("Custom"), 0);
    controls->addWidget(m_range);
    const QDateTime now = QDateTime::currentDateTime();
    m_from->setDateTime(now.addSecs(-3600));
    m_to->setDateTime(now);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        edit->setCalendarPopup(true);
        edit->setVisible(false);
        controls->addWidget(edit);
    }
    controls->addWidget(new QLabel(tr("Refresh every"), this));
    m_interval->setRange(1, 300);
    m_interval->setSuffix(tr(" s"));
    m_interval->setValue(2);
    controls->addWidget(m_interval);
    m_pause->setCheckable(true);
    controls->addWidget(m_pause);
    controls->addStretch();
    controls->addWidget(m_updated);
    return controls;
}

QLayout *DashboardView::buildTiles()
{
    auto *tiles = new QHBoxLayout;
    m_noCounters->setObjectName(QStringLiteral("noCountersNotice"));
    m_noCounters->setText(tr("This layout keeps no counters: its service records no hits, executions or anomalies. "
                             "Shown instead: records created per minute by their state now, and the in-flight and stuck "
                             "counts as sampled by this dashboard."));
    m_noCounters->setWordWrap(true);
    m_noCounters->setFrameShape(QFrame::StyledPanel);
    m_noCounters->setMargin(8);
    m_noCounters->setMinimumWidth(300);
    for (QWidget *tile : {static_cast<QWidget *>(m_hitRate), static_cast<QWidget *>(m_executions), static_cast<QWidget *>(m_anomalies),
                          static_cast<QWidget *>(m_noCounters), static_cast<QWidget *>(m_created), static_cast<QWidget *>(m_inFlightTile),
                          static_cast<QWidget *>(m_stuck), static_cast<QWidget *>(m_latency)})
        tiles->addWidget(tile, tile == m_noCounters ? 2 : 1);
    for (QWidget *shownWithoutCounters :
         {static_cast<QWidget *>(m_noCounters), static_cast<QWidget *>(m_created), static_cast<QWidget *>(m_inFlightTile)})
        shownWithoutCounters->setVisible(false);
    return tiles;
}

QLayout *DashboardView::buildCharts()
{
    auto *grid = new QGridLayout;
    m_trafficChart = makeChart(tr("Requests per minute"), tr("requests / min"), this, grid, 1, 0);
    m_anomalyChart = makeChart(tr("Anomalies per minute"), tr("events / min"), this, grid, 1, 1);
    QChartView *hitView = TimeChart::makeView(tr("Hit rate (replayed ÷ (replayed + executed)), %"), tr("%"), this);
    m_hitChart = hitView->chart();
    m_noHitRate->setObjectName(QStringLiteral("noHitRate"));
    m_noHitRate->setText(tr("Hit rate: this layout keeps no counters.\nIts service does not record replays and executions, "
                            "so the hit rate (replayed ÷ (replayed + executed)) cannot be shown for this store."));
    m_noHitRate->setAlignment(Qt::AlignCenter);
    m_noHitRate->setWordWrap(true);
    m_noHitRate->setFrameShape(QFrame::StyledPanel);
    m_hitStack->addWidget(hitView);
    m_hitStack->addWidget(m_noHitRate);
    // The scope table beside the hit rate, above the traffic: the first
    // place to look for the scope in trouble.
    m_scopeTable->setObjectName(QStringLiteral("scopeStatus"));
    m_scopeTable->setModel(m_scopeStatus);
    m_scopeTable->setTabKeyNavigation(false); // one Tab stop
    m_scopeTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_scopeTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_scopeTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_scopeTable->verticalHeader()->hide();
    m_scopeTable->verticalHeader()->setDefaultSectionSize(m_scopeTable->fontMetrics().height() + 6);
    m_scopeTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_scopeTable->horizontalHeader()->setStretchLastSection(true);
    m_scopeTable->setToolTip(tr("Every scope over the last 5 minutes, the one in most trouble first. Click a scope to show it."));
    m_scopeTable->setMinimumHeight(160);
    grid->addWidget(m_scopeTable, 0, 0);
    grid->addWidget(m_hitStack, 0, 1);
    return grid;
}

void DashboardView::buildSeries()
{
    const auto line = [this](int column, QChart *chart, const QString &name, const QColor &color, Qt::PenStyle style = Qt::SolidLine) {
        m_series.append({column, new GappedLine(chart, name, color, style)});
    };
    line(CounterTimelineModel::ExecutedColumn, m_trafficChart, tr("executed"), ChartColors::Primary);
    line(CounterTimelineModel::ReplayedColumn, m_trafficChart, tr("replayed"), ChartColors::Completed);
    line(CounterTimelineModel::InProgressColumn, m_anomalyChart, tr("in progress (409)"), ChartColors::Pending);
    line(CounterTimelineModel::MismatchColumn, m_anomalyChart, tr("mismatch (422)"), ChartColors::Alarm);
    line(CounterTimelineModel::ReleasedColumn, m_anomalyChart, tr("released (5xx)"), ChartColors::Released);
    line(CounterTimelineModel::TimedOutColumn, m_anomalyChart, tr("timed out"), ChartColors::TimedOut);
    line(CounterTimelineModel::HitRateColumn, m_hitChart, tr("hit rate"), ChartColors::Primary);
    line(CounterTimelineModel::ThresholdColumn, m_hitChart, tr("alert threshold"), ChartColors::Alarm, Qt::DashLine);
    // A store without counters: what it has (showCounterMode() swaps them in).
    line(CounterTimelineModel::CreatedCompletedColumn, m_trafficChart, tr("completed"), ChartColors::Completed);
    line(CounterTimelineModel::CreatedInFlightColumn, m_trafficChart, tr("in flight"), ChartColors::Pending);
    line(CounterTimelineModel::CreatedTimedOutColumn, m_trafficChart, tr("timed out"), ChartColors::TimedOut);
    line(CounterTimelineModel::CreatedUnreadableColumn, m_trafficChart, tr("unreadable"), ChartColors::Alarm, Qt::DotLine);
    m_inFlightSamples = addSampleSeries(m_anomalyChart, tr("in flight"), ChartColors::Primary);
    m_stuckSamples = addSampleSeries(m_anomalyChart, tr("stuck"), ChartColors::Alarm);
    // Points, not only lines: the first polls of a session are a few seconds apart.
    m_inFlightSamples->setPointsVisible(true);
    m_stuckSamples->setPointsVisible(true);

    for (const auto &[column, series] : std::as_const(m_series)) {
        if (column >= CounterTimelineModel::CreatedCompletedColumn)
            series->setVisible(false);
        // Minutes without traffic have no hit rate; the markers show which
        // minutes the line really has.
        if (column == CounterTimelineModel::HitRateColumn)
            series->setPointsVisible(true);
    }
    TimeChart::setSeriesShown(m_inFlightSamples, false);
    TimeChart::setSeriesShown(m_stuckSamples, false);
}

void DashboardView::connectSignals()
{
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateCharts();
        updateTiles();
        updateScopes();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &DashboardView::updateCharts);
    connect(m_timer, &QTimer::timeout, this, &DashboardView::refresh);
    connect(m_scope, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setScope(m_scope->currentData().toString());
        updateThreshold();
        selectScopeRow();
    });
    // A click on a scope's row shows that scope; on the selected row again, all scopes.
    connect(m_scopeTable, &QAbstractItemView::clicked, this, [this](const QModelIndex &index) {
        const QString clicked = m_scopeStatus->rowAt(index.row()).scope;
        setScope(clicked == scope() ? QString() : clicked);
    });
    connect(m_scopeStatus, &QAbstractItemModel::modelReset, this, &DashboardView::selectScopeRow);
    connect(m_range, &QComboBox::currentIndexChanged, this, [this] {
        const bool custom = m_range->currentData().toInt() == 0;
        m_from->setVisible(custom);
        m_to->setVisible(custom);
        refresh();
    });
    connect(m_from, &QDateTimeEdit::dateTimeChanged, this, &DashboardView::refresh);
    connect(m_to, &QDateTimeEdit::dateTimeChanged, this, &DashboardView::refresh);
    connect(m_interval, &QSpinBox::valueChanged, this, [this](int s) { m_timer->setInterval(s * 1000); });
    connect(m_pause, &QPushButton::toggled, this, &DashboardView::setPaused);
}

void DashboardView::setRefreshInterval(int ms)
{
    m_interval->setValue(qMax(1, ms / 1000));
}

void DashboardView::setHitRateThreshold(double fraction)
{
    m_defaultThreshold = fraction;
    updateThreshold();
}

void DashboardView::updateThreshold()
{
    const std::optional<double> limit = AlertRule::hitRateLimit(m_rules, scope());
    m_model->setThreshold(limit ? *limit / 100 : m_defaultThreshold);
    updateTiles();
}

void DashboardView::setScope(const QString &scope)
{
    int index = m_scope->findData(scope);
    if (index < 0 && !scope.isEmpty()) {
        m_scope->addItem(scope, scope); // a scope the counters have not shown yet
        index = m_scope->count() - 1;
    }
    m_scope->setCurrentIndex(qMax(0, index));
}

QString DashboardView::scope() const
{
    return m_scope->currentData().toString();
}

void DashboardView::selectScopeRow()
{
    const int row = m_scopeStatus->rowOf(scope());
    const QSignalBlocker block(m_scopeTable->selectionModel());
    if (row < 0)
        m_scopeTable->clearSelection();
    else
        m_scopeTable->selectRow(row);
}

void DashboardView::setAlerts(const QList<AlertRule> &rules, const QList<AlertTransition> &history, const QList<AlertTransition> &active)
{
    m_rules = rules;
    m_scopeStatus->setRules(rules);
    m_scopeStatus->setAlerts(history, active);
    updateThreshold();
    setAlertMarkers(history);
}

void DashboardView::setPaused(bool paused)
{
    m_pause->setChecked(paused);
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    if (paused)
        m_timer->stop();
    else
        m_timer->start();
}

bool DashboardView::isPaused() const
{
    return m_pause->isChecked();
}

std::pair<qint64, qint64> DashboardView::rangeMs() const
{
    const int minutes = m_range->currentData().toInt();
    if (minutes == 0)
        return {m_from->dateTime().toMSecsSinceEpoch(), m_to->dateTime().toMSecsSinceEpoch()};
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    return {now - qint64(minutes) * 60000 + 60000, now};
}

void DashboardView::refresh()
{
    if (m_reading)
        return; // one read at a time: a slow store must not pile up requests
    const auto [fromMs, toMs] = rangeMs();
    if (toMs < fromMs)
        return;
    m_reading = true;
    m_session->request<DashboardReading>(
        this, [fromMs, toMs](Store &store) { return readDashboard(store, fromMs, toMs); },
        [this](const Result<DashboardReading> &reading) { readingArrived(reading); });
}

void DashboardView::readingArrived(const Result<DashboardReading> &reading)
{
    m_reading = false;
    if (!reading) {
        // Back off while the store is down (up to 30 s), then resume by itself.
        if (m_timer->isActive())
            m_timer->setInterval(qMin(30000, m_timer->interval() * 2));
        m_updated->setText(tr("Last read failed: %1").arg(reading.error().message.left(120)));
        emit readFailed(reading.error().message);
        return;
    }
    m_timer->setInterval(m_interval->value() * 1000);
    showReading(reading.value());
}

void DashboardView::showReading(const DashboardReading &reading)
{
    if (reading.keepsCounters != m_showsCounters)
        showCounterMode(reading.keepsCounters);
    showProvenance(reading);
    m_model->setReading(reading);
    m_scopeStatus->setReading(reading, 5);
    updateTiles();
    m_updated->setText(tr("Updated %1").arg(QDateTime::fromMSecsSinceEpoch(reading.readAtMs).toString(QStringLiteral("HH:mm:ss"))));
    emit readingShown(reading);
}

void DashboardView::showProvenance(const DashboardReading &reading)
{
    const CounterProvenance &p = reading.provenance;
    m_countersFrom->setVisible(!p.server.isEmpty());
    if (p.server.isEmpty())
        return;
    const QPalette palette = m_countersFrom->palette();
    QString text;
    if (p.failed()) {
        text = tr("Counters: Prometheus %1 gave none (%2): %3 Shown instead: the store's own view.")
                   .arg(p.server, CounterProvenance::failureName(p.failure), p.message);
    } else {
        text =
            tr("Counters from Prometheus %1 (mapping %2); records, in-flight lists and actions from the store.").arg(p.server, p.mapping);
        if (!p.message.isEmpty())
            text += QLatin1Char(' ') + tr("Note: %1.").arg(p.message);
    }
    m_countersFrom->setText(text);
    QPalette shown = palette;
    shown.setColor(QPalette::WindowText,
                   p.failed() ? StatusColors::alarmText(palette) : QGuiApplication::palette().color(QPalette::WindowText));
    m_countersFrom->setPalette(shown);
    m_countersFrom->setToolTip(p.failed() ? tr("Counters come from Prometheus again as soon as it answers.") : QString());
}

void DashboardView::showCounterMode(bool counters)
{
    m_showsCounters = counters;
    for (const auto &[column, series] : std::as_const(m_series)) {
        const bool created = column >= CounterTimelineModel::CreatedCompletedColumn;
        if (column != CounterTimelineModel::HitRateColumn && column != CounterTimelineModel::ThresholdColumn)
            series->setVisible(created != counters);
    }
    TimeChart::setSeriesShown(m_inFlightSamples, !counters);
    TimeChart::setSeriesShown(m_stuckSamples, !counters);
    TimeChart::setSeriesShown(m_markers->anomaly(), counters);
    m_trafficChart->setTitle(counters ? tr("Requests per minute") : tr("Records created per minute, by their state now"));
    m_anomalyChart->setTitle(counters ? tr("Anomalies per minute") : tr("In flight and stuck records, as sampled by this dashboard"));
    for (QChart *chart : {m_trafficChart, m_anomalyChart}) {
        const QList<QAbstractAxis *> y = chart->axes(Qt::Vertical);
        if (!y.isEmpty())
            y.first()->setTitleText(chart == m_trafficChart ? (counters ? tr("requests / min") : tr("records / min"))
                                                            : (counters ? tr("events / min") : tr("records")));
    }
    m_hitStack->setCurrentIndex(counters ? 0 : 1);
    // The notice needs a few lines, not the chart's height: the charts above get it.
    m_hitStack->setMaximumHeight(counters ? QWIDGETSIZE_MAX : 4 * fontMetrics().height() + 16);
    for (QWidget *tile : {static_cast<QWidget *>(m_hitRate), static_cast<QWidget *>(m_executions), static_cast<QWidget *>(m_anomalies)})
        tile->setVisible(counters);
    for (QWidget *tile : {static_cast<QWidget *>(m_noCounters), static_cast<QWidget *>(m_created), static_cast<QWidget *>(m_inFlightTile)})
        tile->setVisible(!counters);
}

void DashboardView::updateCounterLines(QHash<QChart *, double> &maxY)
{
    const int rows = m_model->rowCount();
    const std::optional<int> running = m_model->runningRow();
    const double fraction = m_model->runningFraction();
    for (const auto &[column, series] : std::as_const(m_series)) {
        QList<GappedLine::Point> points;
        points.reserve(rows);
        std::optional<QPointF> now;
        for (int row = 0; row < rows; ++row) {
            const QVariant v = m_model->index(row, column).data(CounterTimelineModel::RawValueRole);
            const double x = double(m_model->minuteStartMs(row));
            if (running && row == *running) {
                // Partial: a count so far is scaled to a per-minute rate
                // (a rate and the threshold are not), and only once enough
                // of the minute has passed to say something.
                const bool perMinute = column != CounterTimelineModel::HitRateColumn && column != CounterTimelineModel::ThresholdColumn;
                if (v.isValid() && fraction >= kRunningShownFrom)
                    now = QPointF(x, perMinute ? v.toDouble() / fraction : v.toDouble());
                else if (column == CounterTimelineModel::ThresholdColumn && v.isValid())
                    now = QPointF(x, v.toDouble());
                continue;
            }
            points.append({x, v.isValid() ? std::optional<qreal>(v.toDouble()) : std::nullopt}); // invalid: nothing measured
        }
        series->setPoints(points, now);
        if (series->isVisible()) {
            for (const QPointF &p : series->drawnPoints())
                maxY[series->legendSeries()->chart()] = qMax(maxY.value(series->legendSeries()->chart()), p.y());
        }
    }
}

void DashboardView::updateCharts()
{
    const int rows = m_model->rowCount();
    QHash<QChart *, double> maxY; // the highest point drawn per chart, for its axis
    updateCounterLines(maxY);
    // The samples are the polls' own, in the range shown, not per minute.
    const qint64 rangeFrom = m_model->minuteStartMs(0);
    qint64 lastSample = 0;
    QList<QPointF> inFlight;
    QList<QPointF> stuck;
    if (!m_showsCounters) {
        for (const CounterTimelineModel::CountSample &sample : m_model->samples()) {
            if (rows == 0 || sample.atMs < rangeFrom)
                continue;
            inFlight.append(QPointF(double(sample.atMs), double(sample.inFlight)));
            stuck.append(QPointF(double(sample.atMs), double(sample.stuck)));
            maxY[m_anomalyChart] = qMax(maxY.value(m_anomalyChart), double(sample.inFlight));
            lastSample = qMax(lastSample, sample.atMs);
        }
    }
    m_inFlightSamples->replace(inFlight);
    m_stuckSamples->replace(stuck);
    QList<double> noData;
    for (int row = 0; m_showsCounters && row < rows; ++row) {
        if (!m_model->hasData(row))
            noData << double(m_model->minuteStartMs(row));
    }
    TimeChart::setSeriesShown(m_markers->noData(), !noData.isEmpty());
    m_markers->showAlerts(m_alerts, rows > 0, m_model->minuteStartMs(0), m_model->minuteStartMs(qMax(0, rows - 1)), m_model->scope());
    for (QScatterSeries *markers : {m_markers->hit(), m_markers->anomaly()}) {
        for (const QPointF &p : markers->points())
            maxY[markers->chart()] = qMax(maxY.value(markers->chart()), p.y());
    }
    const qint64 from = m_model->minuteStartMs(0);
    const qint64 to = qMax(m_model->minuteStartMs(qMax(0, rows - 1)), lastSample);
    for (QChart *chart : {m_trafficChart, m_anomalyChart, m_hitChart}) {
        if (rows > 0)
            TimeChart::setTimeRange(chart, from, qMax(to, from + 60000));
        const QList<QAbstractAxis *> y = chart->axes(Qt::Vertical);
        if (!y.isEmpty()) {
            const double top = chart == m_hitChart ? qMax(100.0 * m_model->threshold() * 1.5, maxY.value(chart) * 1.1)
                                                   : qMax(5.0, maxY.value(chart) * 1.15);
            auto *axis = static_cast<QValueAxis *>(y.first());
            axis->setRange(0, top);
            axis->applyNiceNumbers();
        }
    }
    m_markers->showNoData(noData);
}

void DashboardView::setAlertMarkers(const QList<AlertTransition> &raised)
{
    m_alerts = raised;
    updateCharts();
}

void DashboardView::updateTiles()
{
    const CounterTimelineModel::Kpis k = m_model->kpis(5);
    m_created->setValue(QString::number(k.createdPerMinute, 'f', 1));
    m_inFlightTile->setValue(QString::number(k.inFlight));
    m_hitRate->setValue(k.hitRate ? QString::number(*k.hitRate * 100, 'f', 1) + QLatin1Char('%') : QStringLiteral("–"),
                        k.hitRate && *k.hitRate > m_model->threshold());
    m_executions->setValue(QString::number(k.executionsPerMinute, 'f', 1));
    m_anomalies->setValue(QString::number(k.anomaliesPerMinute, 'f', 1), k.anomaliesPerMinute > 0);
    if (k.noData) { // a Prometheus gap over the whole window: unknown, not zero
        for (KpiTile *tile : {m_hitRate, m_executions, m_anomalies})
            tile->setValue(tr("no data"));
    }
    m_stuck->setValue(QString::number(k.stuck), k.stuck > 0);
    m_latency->setValue(tr("%1 ms").arg(k.roundTripMs));
    // All scopes: the total may hide a scope over its own limit; name the worst.
    QString worse;
    if (scope().isEmpty() && m_scopeStatus->rowCount() > 0) {
        const ScopeStatusModel::Row &top = m_scopeStatus->rowAt(0);
        if (top.trouble() == ScopeStatusModel::HitRateOver)
            worse = tr("%1: %2% (limit %3%)").arg(top.scope, QString::number(*top.hitRate, 'f', 1), QString::number(*top.limit));
    }
    m_hitRate->setDetail(worse, true);
}

void DashboardView::updateScopes()
{
    const QString current = m_scope->currentData().toString();
    QStringList scopes = m_model->scopes();
    // A scope picked in the table may have stuck records but no counters in the range: it stays.
    if (!current.isEmpty() && !scopes.contains(current))
        scopes << current;
    QStringList shown;
    for (int i = 1; i < m_scope->count(); ++i)
        shown << m_scope->itemData(i).toString();
    if (shown == scopes)
        return;
    const QSignalBlocker block(m_scope);
    m_scope->clear();
    m_scope->addItem(tr("All scopes"), QString());
    for (const QString &s : scopes)
        m_scope->addItem(s, s);
    const int index = m_scope->findData(current);
    m_scope->setCurrentIndex(qMax(0, index));
}

QScatterSeries *DashboardView::noDataMarkers() const
{
    return m_markers->noData();
}
