// The dashboard's charts show only what was measured, offscreen, from
// readings made by hand: the minute still running is partial (a dashed,
// marked point scaled to a per-minute rate, or nothing in its first
// seconds), never a drop to zero; a minute without traffic has no hit rate
// and the line leaves a gap; time axes tick on whole minutes (whole local
// hours, with dates, on long ranges); every value axis has its unit; a
// raised alert is not drawn in the mismatch series' red.
#include "models/countertimelinemodel.h"
#include "models/statuscolors.h"
#include "models/storesession.h"
#include "ui/dashboardview.h"
#include "ui/gappedline.h"
#include "ui/timechart.h"

#include "app/store/openstore.h"

#include <QChart>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <QtTest>

namespace {

constexpr qint64 Minute = 60000;

CounterRow row(const QString &scope, qint64 minute, qint64 executed, qint64 replayed, qint64 mismatch = 0)
{
    CounterRow r{scope, minute, {}};
    r.counts[Counter::Executed] = executed;
    r.counts[Counter::Replayed] = replayed;
    r.counts[Counter::Mismatch] = mismatch;
    return r;
}

// Minutes [from, from + 9]: the last one runs, `elapsedMs` into it.
DashboardReading reading(qint64 fromMinute, qint64 elapsedMs, const QList<CounterRow> &rows)
{
    DashboardReading r;
    r.fromMinute = fromMinute;
    r.toMinute = fromMinute + 9;
    r.readAtMs = r.toMinute * Minute + elapsedMs;
    r.counters = rows;
    r.provenance.mapped = CounterProvenance::allCounters(); // the store's own: every counter, every minute
    return r;
}

} // namespace

class DashboardChartsTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<StoreSession> m_session;
    std::unique_ptr<DashboardView> m_view;
    qint64 m_from = 0;

    const GappedLine &line(int column) const { return *m_view->line(column); }

private slots:
    void initTestCase()
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("charts.db"));
        QVERIFY(openStore(url, OpenMode::Create));
        m_session = std::make_unique<StoreSession>(url, OpenMode::ReadOnly);
        m_view = std::make_unique<DashboardView>(m_session.get());
        m_view->setPaused(true); // only the readings given here
        m_view->resize(1200, 700);
        m_view->show();
        m_from = QDateTime::currentMSecsSinceEpoch() / Minute - 20;
    }

    // 100 executed in every whole minute, 50 in the first half of the
    // running one: the line's whole minutes stop before it, and it is drawn
    // at 100 per minute, dashed, not as a fall to 50.
    void theRunningMinuteIsPartialNeverADrop()
    {
        QList<CounterRow> rows;
        for (int m = 0; m < 9; ++m)
            rows << row(QStringLiteral("pay"), m_from + m, 100, 0);
        rows << row(QStringLiteral("pay"), m_from + 9, 50, 0);
        m_view->model()->setReading(reading(m_from, 30000, rows));
        QCOMPARE(m_view->model()->runningRow(), std::optional<int>(9));
        QCOMPARE(m_view->model()->runningFraction(), 0.5);
        const GappedLine &executed = line(CounterTimelineModel::ExecutedColumn);
        QCOMPARE(executed.runs().size(), 1);
        QCOMPARE(executed.runs().first().size(), 9);
        QCOMPARE(executed.runs().first().constLast().x(), double((m_from + 8) * Minute));
        QVERIFY(executed.runningPoint());
        QCOMPARE(executed.runningPoint()->x(), double((m_from + 9) * Minute));
        QCOMPARE(executed.runningPoint()->y(), 100.0);
        // The tile's rate: per minute of measured time.
        QCOMPARE(m_view->model()->kpis(5).executionsPerMinute, (4 * 100 + 50) / 4.5);
    }

    // The first seconds of a minute say little: nothing is drawn for it yet.
    void aJustStartedMinuteIsNotDrawn()
    {
        QList<CounterRow> rows;
        for (int m = 0; m < 9; ++m)
            rows << row(QStringLiteral("pay"), m_from + m, 100, 0);
        rows << row(QStringLiteral("pay"), m_from + 9, 3, 0);
        m_view->model()->setReading(reading(m_from, 2000, rows));
        const GappedLine &executed = line(CounterTimelineModel::ExecutedColumn);
        QVERIFY(!executed.runningPoint());
        for (const QPointF &p : executed.drawnPoints())
            QCOMPARE(p.y(), 100.0);
    }

    // Traffic in minutes 0–3 and 7–8, none in 4–6: the hit rate has two
    // runs and no point in the quiet minutes; the request counts are zero
    // there (zero were counted).
    void aMinuteWithoutTrafficHasNoHitRate()
    {
        QList<CounterRow> rows;
        for (int m : {0, 1, 2, 3, 7, 8})
            rows << row(QStringLiteral("pay"), m_from + m, 80, 20);
        m_view->model()->setReading(reading(m_from, 40000, rows));
        const GappedLine &hit = line(CounterTimelineModel::HitRateColumn);
        QCOMPARE(hit.runs().size(), 2);
        QCOMPARE(hit.runs().at(0).size(), 4);
        QCOMPARE(hit.runs().at(1).size(), 2);
        for (const QPointF &p : hit.drawnPoints()) {
            const qint64 minute = qint64(p.x()) / Minute - m_from;
            QVERIFY2(minute < 4 || minute > 6, qPrintable(QString::number(minute)));
            QCOMPARE(p.y(), 20.0);
        }
        const GappedLine &executed = line(CounterTimelineModel::ExecutedColumn);
        QCOMPARE(executed.runs().size(), 1); // zeros are measurements, not gaps
        QCOMPARE(executed.runs().first().at(5).y(), 0.0);
    }

    void ticksAreWholeMinutes_data()
    {
        QTest::addColumn<qint64>("spanMinutes");
        QTest::addColumn<qint64>("offsetMinutes");
        QTest::addColumn<qint64>("stepMinutes");
        QTest::addColumn<bool>("dates");
        QTest::newRow("15 min") << qint64(15) << qint64(0) << qint64(5) << false;
        QTest::newRow("1 h") << qint64(60) << qint64(0) << qint64(10) << false;
        QTest::newRow("6 h") << qint64(360) << qint64(0) << qint64(60) << false;
        QTest::newRow("24 h") << qint64(1440) << qint64(0) << qint64(360) << true;
        QTest::newRow("24 h at +05:30") << qint64(1440) << qint64(330) << qint64(360) << true;
        QTest::newRow("6 h at +08:00") << qint64(360) << qint64(480) << qint64(60) << false;
    }

    void ticksAreWholeMinutes()
    {
        QFETCH(qint64, spanMinutes);
        QFETCH(qint64, offsetMinutes);
        QFETCH(qint64, stepMinutes);
        QFETCH(bool, dates);
        const qint64 to = 1'800'000'123'456; // not on a whole minute
        const TimeChart::Ticks t = TimeChart::ticksFor(to - spanMinutes * Minute, to, offsetMinutes * Minute);
        QCOMPARE(t.stepMs, stepMinutes * Minute);
        QVERIFY(t.count <= 8);
        QVERIFY(t.firstMs <= to - spanMinutes * Minute && t.lastMs >= to);
        QCOMPARE((t.lastMs - t.firstMs) % t.stepMs, 0);
        QCOMPARE(qint64(t.count), (t.lastMs - t.firstMs) / t.stepMs + 1);
        // Whole steps of local time.
        QCOMPARE((t.firstMs + offsetMinutes * Minute) % t.stepMs, 0);
        QCOMPARE(t.format.contains(QLatin1String("MM-dd")), dates);
    }

    void everyAxisHasItsUnitAndTheAlertItsOwnColour()
    {
        for (QChart *chart : {m_view->trafficChart(), m_view->anomalyChart(), m_view->hitChart()}) {
            const QList<QAbstractAxis *> y = chart->axes(Qt::Vertical);
            QVERIFY(!y.isEmpty() && !y.first()->titleText().isEmpty());
            auto *x = qobject_cast<QDateTimeAxis *>(chart->axes(Qt::Horizontal).value(0));
            QVERIFY(x);
            // The axis range is on whole minutes, ticks included.
            QCOMPARE(x->min().toMSecsSinceEpoch() % Minute, 0);
            QCOMPARE(x->max().toMSecsSinceEpoch() % Minute, 0);
            for (QAbstractSeries *series : chart->series()) {
                if (auto *markers = qobject_cast<QScatterSeries *>(series))
                    QVERIFY(markers->color() != ChartColors::Alarm);
            }
        }
        QCOMPARE(line(CounterTimelineModel::MismatchColumn).legendSeries()->pen().color(), QColor(ChartColors::Alarm));
    }
};

QTEST_MAIN(DashboardChartsTest)
#include "tst_dashboardcharts.moc"
