// Counters in and out of Prometheus, on a real Prometheus server
// (IDEM_TEST_PROMETHEUS_URL; tools/test.sh starts it, scraping every second
// the targets a test lists in IDEM_TEST_PROMETHEUS_TARGETS):
// - `idemctl exporter` serves a SQLite store's counters; promtool accepts its
//   output; 100 scrapes make at most a reading per second; a bad --listen and
//   a port in use are exit 2 and 1;
// - the counters read through Prometheus (the exporter's mapping, and a
//   layout mapping over a target that counts under client_golang-style
//   names) equal the store's own for the same minutes, in the engine, in
//   `idemctl stats --metrics` and in the dashboard's reading;
// - an unreachable server, one that never answers, a bad expression and an
//   empty result are each said as such, and the dashboard keeps the store's
//   own view; gaps are no data (not zero) and a counter reset is counted;
// - `idemctl alert-rules --format prometheus` passes promtool check rules.
#include "app/guard/guard.h"
#include "app/store/layout.h"
#include "app/store/openstore.h"
#include "app/telemetry/metricsmapping.h"
#include "app/telemetry/prometheuscountersource.h"
#include "models/countertimelinemodel.h"
#include "models/dashboardreading.h"
#include "models/storesession.h"
#include "tests/serverrequirement.h"
#include "ui/dashboardview.h"

#include <prometheus/counter.h>
#include <prometheus/exposer.h>
#include <prometheus/registry.h>

#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QByteArray httpGet(const QString &url)
{
    QNetworkAccessManager network;
    QNetworkRequest request{QUrl(url)};
    request.setTransferTimeout(5000);
    QNetworkReply *reply = network.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->readAll();
    reply->deleteLater();
    return body;
}

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run idemctl(const QStringList &arguments, const QByteArray &input = {})
{
    QProcess p;
    p.start(QStringLiteral(IDEMCTL_PATH), arguments);
    p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(60000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

Run promtool(const QStringList &arguments, const QByteArray &input = {})
{
    QProcess p;
    p.start(QStringLiteral("promtool"), arguments);
    p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(60000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

// The counters of one scope per minute, as comparable text ("minute executed replayed …").
QStringList minutesText(const QList<CounterRow> &rows, const QString &scope, const QList<Counter> &counters,
                        const CounterProvenance *only = nullptr)
{
    QMap<qint64, CounterSet> byMinute;
    for (const CounterRow &row : rows) {
        if (row.scope == scope)
            byMinute[row.minute] += row.counts;
    }
    QStringList lines;
    for (auto it = byMinute.cbegin(); it != byMinute.cend(); ++it) {
        if ((only && !only->hasData(scope, it.key())) || it.value().isZero())
            continue; // a quiet minute: the store keeps no row for it
        QStringList parts{QString::number(it.key())};
        for (Counter c : counters)
            parts << counterName(c) + QLatin1Char('=') + QString::number(it.value()[c]);
        lines << parts.join(QLatin1Char(' '));
    }
    return lines;
}

} // namespace

class PrometheusTest : public QObject {
    Q_OBJECT

    QString m_server;
    QString m_targets;
    QTemporaryDir m_dir;
    QString m_scope; // the store's scope at ~30 %
    QString m_storeUrl;
    QProcess m_exporter;
    QString m_exporterAddress;
    // The foreign target: counters named as a Go service's client_golang would.
    std::shared_ptr<prometheus::Registry> m_registry;
    std::unique_ptr<prometheus::Exposer> m_foreign;
    prometheus::Family<prometheus::Counter> *m_foreignFamily = nullptr;
    QString m_route;
    QString m_layoutFile;
    qint64 m_burstMinute = 0;

    void writeTarget(const QString &name, const QString &address)
    {
        QFile file(m_targets + QLatin1Char('/') + name + QStringLiteral(".json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(QJsonArray{QJsonObject{{QStringLiteral("targets"), QJsonArray{address}}}}).toJson());
    }

    // n guarded requests of the scope: `executed` new keys, then replays of them.
    void traffic(Store &store, const QString &scope, int executed, int replayed, int mismatched)
    {
        Guard guard(store);
        const Response ok{200, {}, QByteArrayLiteral("{}")};
        const QString run = QString::number(QRandomGenerator::global()->generate());
        for (int i = 0; i < executed; ++i) {
            const GuardResult r = guard.handle({scope, run + QString::number(i), "POST", "/pay", {}, "a", {}}, [&] { return ok; });
            QCOMPARE(r.outcome, GuardOutcome::Executed);
        }
        for (int i = 0; i < replayed; ++i)
            QCOMPARE(guard.handle({scope, run + QString::number(i % executed), "POST", "/pay", {}, "a", {}}, [&] { return ok; }).outcome,
                     GuardOutcome::Replayed);
        for (int i = 0; i < mismatched; ++i)
            QCOMPARE(guard.handle({scope, run + QStringLiteral("0"), "POST", "/pay", {}, "other", {}}, [&] { return ok; }).outcome,
                     GuardOutcome::Mismatch);
        QVERIFY(store.flushCounters().ok());
    }

    // Waits (bounded) until a read through `source` of the scope's minute has
    // data and gives `expected` executed; returns that reading.
    CounterReading waitForPrometheus(CounterSource &source, const QString &scope, qint64 minute, qint64 expected)
    {
        CounterReading last;
        for (int attempt = 0; attempt < 60; ++attempt) {
            const Result<CounterReading> r = source.read(scope, minute - 1, minute);
            if (r && !r->provenance.failed()) {
                last = r.value();
                qint64 executed = 0;
                for (const CounterRow &row : r->rows)
                    executed += row.minute == minute ? row.counts[Counter::Executed] : 0;
                if (r->provenance.hasData(scope, minute) && executed == expected)
                    return last;
            }
            QTest::qWait(500);
        }
        return last;
    }

private slots:
    void initTestCase()
    {
        IDEM_FETCH_SERVER_URL(server, "IDEM_TEST_PROMETHEUS_URL");
        // The folder of its file-based targets, where the test adds its own.
        IDEM_FETCH_SERVER_URL(targets, "IDEM_TEST_PROMETHEUS_TARGETS");
        m_server = server;
        m_targets = targets;
        QVERIFY(m_dir.isValid());
        const QString tag = QString::number(QRandomGenerator::global()->bounded(1000000));
        m_scope = QStringLiteral("callback-") + tag;
        m_route = QStringLiteral("/pay/") + tag;
        m_storeUrl = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("store.db"));
        {
            Result<std::unique_ptr<Store>> store = openStore(m_storeUrl, OpenMode::Create);
            QVERIFY2(store, qPrintable(store.error().message));
            traffic(*store.value(), m_scope, 1, 0, 0); // the scope's series exist before the minute compared
        }
        // The exporter, on a free port it prints.
        m_exporter.start(QStringLiteral(IDEMCTL_PATH),
                         {QStringLiteral("exporter"), QStringLiteral("--store"), m_storeUrl, QStringLiteral("--listen"),
                          QStringLiteral("127.0.0.1:0"), QStringLiteral("--json")});
        QVERIFY(m_exporter.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_exporter.canReadLine(), 20000);
        const QJsonObject started = QJsonDocument::fromJson(m_exporter.readLine()).object();
        m_exporterAddress = started.value(QStringLiteral("listen")).toString();
        QVERIFY2(!m_exporterAddress.endsWith(QLatin1String(":0")) && !m_exporterAddress.isEmpty(), qPrintable(m_exporterAddress));
        writeTarget(QStringLiteral("tst_prometheus-exporter-") + tag, m_exporterAddress);

        // The foreign target: a Go service's counters, in this process.
        m_registry = std::make_shared<prometheus::Registry>();
        m_foreign = std::make_unique<prometheus::Exposer>("127.0.0.1:0", 1);
        m_foreign->RegisterCollectable(m_registry);
        m_foreignFamily =
            &prometheus::BuildCounter().Name("idempotency_requests_total").Help("Requests by idempotency result.").Register(*m_registry);
        m_foreignFamily->Add({{"route", m_route.toStdString()}, {"result", "miss"}}).Increment(1);
        m_foreignFamily->Add({{"route", m_route.toStdString()}, {"result", "hit"}});
        writeTarget(QStringLiteral("tst_prometheus-foreign-") + tag,
                    QStringLiteral("127.0.0.1:%1").arg(m_foreign->GetListeningPorts().front()));
        m_layoutFile = m_dir.filePath(QStringLiteral("go-service.json"));
        QFile layout(m_layoutFile);
        QVERIFY(layout.open(QIODevice::WriteOnly));
        layout.write("{\"name\": \"go-service\", \"base\": \"native\", \"metrics\": {\"scope_label\": \"route\", \"counters\": {"
                     "\"executed\": \"idempotency_requests_total{route=~\\\"{scope}\\\", result=\\\"miss\\\"}\", "
                     "\"replayed\": \"idempotency_requests_total{route=~\\\"{scope}\\\", result=\\\"hit\\\"}\"}}}");
    }

    void cleanupTestCase()
    {
        if (m_exporter.state() != QProcess::NotRunning) {
            m_exporter.terminate();
            m_exporter.waitForFinished(10000);
        }
        m_foreign.reset();
    }

    void exporterOutputPassesPromtool()
    {
        const QByteArray metrics = httpGet(QStringLiteral("http://%1/metrics").arg(m_exporterAddress));
        QVERIFY2(metrics.contains("# TYPE idem_requests_total counter"), metrics.constData());
        QVERIFY2(metrics.contains(QStringLiteral("idem_requests_total{outcome=\"executed\",scope=\"%1\"} 1").arg(m_scope).toUtf8()),
                 metrics.constData());
        QVERIFY(metrics.contains("# TYPE idem_in_flight_records gauge"));
        QVERIFY(metrics.contains("idem_exporter_scrape_duration_seconds"));
        const Run check = promtool({QStringLiteral("check"), QStringLiteral("metrics")}, metrics);
        QVERIFY2(check.exitCode == 0, QByteArray(check.out + check.err).constData());
    }

    void scrapesAreCached()
    {
        const auto reads = [this] {
            const QByteArray metrics = httpGet(QStringLiteral("http://%1/metrics").arg(m_exporterAddress));
            for (const QByteArray &line : metrics.split('\n')) {
                if (line.startsWith("idem_exporter_store_reads_total "))
                    return line.mid(line.indexOf(' ') + 1).toDouble();
            }
            return -1.0;
        };
        const double before = reads();
        QVERIFY(before >= 1);
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < 100; ++i)
            reads();
        // At most one reading per started second of scraping (and one for the first).
        const double made = reads() - before;
        QVERIFY2(made <= double(timer.elapsed() / 1000 + 2),
                 qPrintable(QStringLiteral("%1 readings in %2 ms").arg(made).arg(timer.elapsed())));
    }

    void exporterRefusesBadListen()
    {
        const Run bad = idemctl(
            {QStringLiteral("exporter"), QStringLiteral("--store"), m_storeUrl, QStringLiteral("--listen"), QStringLiteral("localhost")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--listen takes IP:PORT"), bad.err.constData());
        QTcpServer taken;
        QVERIFY(taken.listen(QHostAddress::LocalHost));
        const Run busy = idemctl({QStringLiteral("exporter"), QStringLiteral("--store"), m_storeUrl, QStringLiteral("--listen"),
                                  QStringLiteral("127.0.0.1:%1").arg(taken.serverPort())});
        QCOMPARE(busy.exitCode, 1);
        QVERIFY2(busy.err.contains("cannot listen on"), busy.err.constData());
    }

    // The burst of the compared minute: ~30 % replays in the store, the
    // same shape on the foreign target, well inside one minute.
    void figuresThroughPrometheusEqualTheStores()
    {
        // A minute whose start Prometheus has a sample at: the next one, unless
        // this one started after the targets were scraped and has time left.
        const auto scraped = [this](const QString &selector) {
            return !httpGet(m_server + QStringLiteral("/api/v1/query?query=") + QString::fromLatin1(QUrl::toPercentEncoding(selector)))
                        .contains("\"result\":[]");
        };
        QTRY_VERIFY_WITH_TIMEOUT(scraped(QStringLiteral("idem_requests_total{scope=\"%1\"}").arg(m_scope)), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(scraped(QStringLiteral("idempotency_requests_total{route=\"%1\"}").arg(m_route)), 30000);
        const qint64 ready = nowMs();
        m_burstMinute = ready / 60000 + 1;
        while (nowMs() < m_burstMinute * 60000 + 2000)
            QTest::qWait(500);
        {
            Result<std::unique_ptr<Store>> store = openStore(m_storeUrl, OpenMode::ReadWrite);
            QVERIFY(store);
            traffic(*store.value(), m_scope, 7, 3, 1);
        }
        m_foreignFamily->Add({{"route", m_route.toStdString()}, {"result", "miss"}}).Increment(14);
        m_foreignFamily->Add({{"route", m_route.toStdString()}, {"result", "hit"}}).Increment(6);
        QVERIFY2(nowMs() < (m_burstMinute + 1) * 60000 - 3000, "the burst did not fit in its minute");

        Result<std::unique_ptr<Store>> viaPrometheus = openStore(
            m_storeUrl + QStringLiteral("?metrics=") + QString::fromLatin1(QUrl::toPercentEncoding(m_server)), OpenMode::ReadOnly);
        QVERIFY2(viaPrometheus, qPrintable(viaPrometheus.error().message));
        QVERIFY(viaPrometheus.value()->counterSource().isPrometheus());
        const CounterReading fromPrometheus = waitForPrometheus(viaPrometheus.value()->counterSource(), m_scope, m_burstMinute, 7);
        QVERIFY2(fromPrometheus.provenance.hasData(m_scope, m_burstMinute), qPrintable(fromPrometheus.provenance.message));
        const Result<QList<CounterRow>> own = viaPrometheus.value()->counters(m_scope, m_burstMinute - 1, m_burstMinute);
        QVERIFY(own);
        const QList<Counter> all = CounterProvenance::allCounters();
        const QStringList expected = minutesText(own.value(), m_scope, all, &fromPrometheus.provenance);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(minutesText(fromPrometheus.rows, m_scope, all), expected);
        qInfo().noquote() << "store and Prometheus, minute by minute:" << expected.join(QStringLiteral(" | "));

        // idemctl stats: the same scope's figures with and without --metrics.
        const QStringList stats{
            QStringLiteral("stats"), QStringLiteral("--store"), m_storeUrl, QStringLiteral("--scope"), m_scope, QStringLiteral("--minutes"),
            QStringLiteral("1"),     QStringLiteral("--json")};
        const Run store = idemctl(stats);
        const Run prometheus = idemctl(stats + QStringList{QStringLiteral("--metrics"), m_server});
        QCOMPARE(store.exitCode, 0);
        QVERIFY2(prometheus.exitCode == 0, prometheus.err.constData());
        const QJsonObject a = QJsonDocument::fromJson(store.out).object();
        const QJsonObject b = QJsonDocument::fromJson(prometheus.out).object();
        QCOMPARE(b.value(QStringLiteral("counters_from")).toString(), QStringLiteral("prometheus"));
        QCOMPARE(b.value(QStringLiteral("scopes")).toArray().at(0).toObject().value(QStringLiteral("counters")),
                 a.value(QStringLiteral("scopes")).toArray().at(0).toObject().value(QStringLiteral("counters")));
        QCOMPARE(b.value(QStringLiteral("scopes")).toArray().at(0).toObject().value(QStringLiteral("hit_rate")).toDouble(), 0.3);
        qInfo().noquote() << "idemctl stats, store:     " << store.out.trimmed();
        qInfo().noquote() << "idemctl stats, Prometheus:" << prometheus.out.trimmed();

        // The dashboard's reading: the same rows, a 30 % scope, gaps as no data.
        const Result<DashboardReading> reading = readDashboard(*viaPrometheus.value(), (m_burstMinute - 3) * 60000, nowMs());
        QVERIFY(reading);
        QCOMPARE(reading->provenance.source, CounterProvenance::Source::Prometheus);
        QCOMPARE(minutesText(reading->counters, m_scope, all, &reading->provenance), expected);
        CounterTimelineModel model;
        model.setReading(reading.value());
        model.setScope(m_scope);
        const int burstRow = int(m_burstMinute - reading->fromMinute);
        QCOMPARE(model.index(burstRow, CounterTimelineModel::HitRateColumn).data(CounterTimelineModel::RawValueRole).toDouble(), 30.0);
        // Minutes before the exporter started have no sample: no data, not zero.
        QVERIFY(!model.hasData(0));
        QVERIFY(!model.index(0, CounterTimelineModel::ExecutedColumn).data(CounterTimelineModel::RawValueRole).isValid());
    }

    void layoutMappingReadsForeignNames()
    {
        QVERIFY(m_burstMinute > 0);
        Result<Layout> layout = Layout::fromFile(m_layoutFile);
        QVERIFY2(layout, qPrintable(layout.error().message));
        QVERIFY(layout->metrics);
        PrometheusCounterSource source{QUrl(m_server), *layout->metrics};
        const CounterReading r = waitForPrometheus(source, m_route, m_burstMinute, 14);
        QVERIFY2(r.provenance.hasData(m_route, m_burstMinute), qPrintable(r.provenance.message));
        QCOMPARE(minutesText(r.rows, m_route, {Counter::Executed, Counter::Replayed}, &r.provenance).constLast(),
                 QStringLiteral("%1 executed=14 replayed=6").arg(m_burstMinute));
        QVERIFY(!r.provenance.maps(Counter::Mismatch)); // not mapped: shown as such, never zero

        // A counter reset (the service restarted): counted from zero after it.
        // Minutes are read at their boundaries, so the drop must show there:
        // the reset comes in the minute after the burst, below its start.
        while (nowMs() < (m_burstMinute + 1) * 60000 + 2000)
            QTest::qWait(500);
        m_foreignFamily->Remove(&m_foreignFamily->Add({{"route", m_route.toStdString()}, {"result", "miss"}}));
        m_foreignFamily->Add({{"route", m_route.toStdString()}, {"result", "miss"}}).Increment(2);
        const qint64 minute = nowMs() / 60000;
        CounterReading after;
        for (int attempt = 0; attempt < 40 && after.provenance.resets == 0; ++attempt) {
            QTest::qWait(500);
            after = source.read(m_route, minute - 1, minute + 1).value();
        }
        QVERIFY2(after.provenance.resets > 0, qPrintable(after.provenance.message));
        QVERIFY(after.provenance.message.contains(QLatin1String("reset")));
    }

    void failuresAreSaidAndTheStoreViewStays()
    {
        // Unreachable: a port nothing listens on.
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const QString nowhere = QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort());
        closed.close();
        const qint64 minute = nowMs() / 60000;
        CounterReading r = PrometheusCounterSource(QUrl(nowhere), MetricsMapping::exporter()).read(QString(), minute - 5, minute).value();
        QCOMPARE(r.provenance.failure, CounterProvenance::Failure::Unreachable);
        QVERIFY(r.rows.isEmpty());

        // Slow: a server that accepts and never answers.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost));
        r = PrometheusCounterSource(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort())), MetricsMapping::exporter(), 300)
                .read(QString(), minute - 5, minute)
                .value();
        QCOMPARE(r.provenance.failure, CounterProvenance::Failure::Timeout);

        // A bad expression and an empty result, on the real server.
        MetricsMapping bad = MetricsMapping::exporter();
        bad.expressions[Counter::Replayed] = QStringLiteral("idem_requests_total{scope=~\"{scope}\"");
        r = PrometheusCounterSource(QUrl(m_server), bad).read(QString(), minute - 5, minute).value();
        QCOMPARE(r.provenance.failure, CounterProvenance::Failure::BadQuery);
        QVERIFY2(r.provenance.message.contains(QLatin1String("replayed")), qPrintable(r.provenance.message));
        MetricsMapping empty = MetricsMapping::exporter();
        for (QString &expression : empty.expressions)
            expression.replace(QLatin1String("idem_"), QLatin1String("idem_nothing_"));
        r = PrometheusCounterSource(QUrl(m_server), empty).read(QString(), minute - 5, minute).value();
        QCOMPARE(r.provenance.failure, CounterProvenance::Failure::Empty);

        // The dashboard keeps the store's own counters, and says why.
        Result<std::unique_ptr<Store>> store =
            openStore(m_storeUrl + QStringLiteral("?metrics=") + QString::fromLatin1(QUrl::toPercentEncoding(nowhere)), OpenMode::ReadOnly);
        QVERIFY(store);
        const Result<DashboardReading> reading = readDashboard(*store.value(), (minute - 5) * 60000, nowMs());
        QVERIFY(reading);
        QCOMPARE(reading->provenance.failure, CounterProvenance::Failure::Unreachable);
        QCOMPARE(reading->provenance.source, CounterProvenance::Source::Store);
        QVERIFY(!reading->counters.isEmpty());

        // idemctl stats --metrics exits 1 when the server cannot answer.
        const Run stats = idemctl({QStringLiteral("stats"), QStringLiteral("--store"), m_storeUrl, QStringLiteral("--metrics"), nowhere});
        QCOMPARE(stats.exitCode, 1);
        QVERIFY2(stats.err.contains("cannot be reached"), stats.err.constData());
    }

    void dashboardSaysWhereCountersComeFrom()
    {
        StoreSession session(m_storeUrl + QStringLiteral("?metrics=") + QString::fromLatin1(QUrl::toPercentEncoding(m_server)),
                             OpenMode::ReadOnly);
        DashboardView view(&session);
        QSignalSpy shown(&view, &DashboardView::readingShown);
        QVERIFY(shown.wait(20000));
        QVERIFY(view.countersFromLabel()->isVisibleTo(&view));
        QVERIFY2(view.countersFromLabel()->text().contains(m_server), qPrintable(view.countersFromLabel()->text()));
        QVERIFY(view.showsCounters());

        StoreSession down(m_storeUrl + QStringLiteral("?metrics=http%3A%2F%2F127.0.0.1%3A1"), OpenMode::ReadOnly);
        DashboardView fallback(&down);
        QSignalSpy fellBack(&fallback, &DashboardView::readingShown);
        QVERIFY(fellBack.wait(20000));
        QVERIFY2(fallback.countersFromLabel()->text().contains(QLatin1String("unreachable")),
                 qPrintable(fallback.countersFromLabel()->text()));
        QVERIFY(fallback.showsCounters()); // the store's own counters, drawn
    }

    void alertRulesPassPromtool()
    {
        const QString rules = m_dir.filePath(QStringLiteral("rules.yml"));
        const QString settings = m_dir.filePath(QStringLiteral("settings.json"));
        QFile file(settings);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(alertRulesToJson(AlertRule::defaults() + QList<AlertRule>{{m_scope, AlertRule::Kind::HitRateAbove, 25, 2}}));
        file.close();
        const Run written = idemctl({QStringLiteral("alert-rules"), QStringLiteral("--format"), QStringLiteral("prometheus"),
                                     QStringLiteral("--rules"), settings, QStringLiteral("--output"), rules});
        QVERIFY2(written.exitCode == 0, written.err.constData());
        const Run check = promtool({QStringLiteral("check"), QStringLiteral("rules"), rules});
        QVERIFY2(check.exitCode == 0, QByteArray(check.out + check.err).constData());
        QVERIFY2(check.out.contains("SUCCESS: 5 rules found"), check.out.constData());
        // Over a layout's mapping: the rules it can express.
        const Run foreign = idemctl({QStringLiteral("alert-rules"), QStringLiteral("--format"), QStringLiteral("prometheus"),
                                     QStringLiteral("--rules"), settings, QStringLiteral("--layout"), m_layoutFile});
        QCOMPARE(foreign.exitCode, 0);
        QVERIFY(foreign.out.contains("idempotency_requests_total"));
        const QString foreignRules = m_dir.filePath(QStringLiteral("foreign-rules.yml"));
        QFile out(foreignRules);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(foreign.out);
        out.close();
        const Run check2 = promtool({QStringLiteral("check"), QStringLiteral("rules"), foreignRules});
        QVERIFY2(check2.exitCode == 0, QByteArray(check2.out + check2.err).constData());
        QCOMPARE(idemctl({QStringLiteral("alert-rules")}).exitCode, 2);
    }
};

QTEST_MAIN(PrometheusTest)
#include "tst_prometheus.moc"
