#include "app/cli/exportercommand.h"

#include "app/cli/clioutput.h"
#include "app/telemetry/storemetrics.h"

#include <prometheus/exposer.h>

#include <QHostAddress>
#include <QRegularExpression>
#include <QThread>

#include <atomic>
#include <csignal>
#include <exception>

namespace {

std::atomic<bool> g_stop{false};

// "IP:PORT" or "[IPv6]:PORT", as civetweb takes it; or the exit code of the usage error printed.
std::optional<int> checkListen(const QString &text)
{
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(QStringLiteral("(\\[([0-9A-Fa-f:.]+)\\]|([0-9.]+)):([0-9]{1,5})")));
    const QRegularExpressionMatch match = pattern.match(text);
    const QString host = match.captured(2).isEmpty() ? match.captured(3) : match.captured(2);
    const int port = match.captured(4).toInt();
    QHostAddress address;
    if (!match.hasMatch() || !address.setAddress(host) || port > 65535)
        return usageError(CliText::tr("--listen takes IP:PORT, such as 127.0.0.1:9464, 0.0.0.0:9464 or [::1]:9464 (port 0: any free "
                                      "port), not '%1'.")
                              .arg(text));
    return std::nullopt;
}

} // namespace

// Options → open the store read-only → listen → serve until SIGINT or SIGTERM.
int runExporterCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("Serves the store's per-scope counters (idem_requests_total{scope,outcome}, …) and in-flight and stuck "
                    "gauges at /metrics in the Prometheus text format. Opens the store read-only; one reading of the store "
                    "serves every scrape for the cache period."));
    addStoreOptions(parser);
    parser.addOption({QStringLiteral("listen"),
                      CliText::tr("Where to serve /metrics: IP:PORT (default 127.0.0.1:9464; port 0: any free port, printed)."),
                      QStringLiteral("ip:port"), QStringLiteral("127.0.0.1:9464")});
    parser.addOption({QStringLiteral("cache-for"),
                      CliText::tr("How long one reading of the store serves scrapes (at least 1s; default 1s)."),
                      QStringLiteral("duration"), QStringLiteral("1s")});
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    const QString listen = parser.value(QStringLiteral("listen"));
    if (std::optional<int> exit = checkListen(listen))
        return *exit;
    const std::optional<qint64> cacheMs = parseDuration(parser.value(QStringLiteral("cache-for")));
    if (!cacheMs || *cacheMs < StoreMetrics::MinCacheMs || *cacheMs > 3600000)
        return usageError(CliText::tr("--cache-for takes a duration from 1s to 1h (e.g. 1s, 5s), not '%1'.")
                              .arg(parser.value(QStringLiteral("cache-for"))));
    const bool json = parser.isSet(QStringLiteral("json"));
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::ReadOnly);
    if (!opened)
        return engineError(opened.error(), json);

    const auto metrics = std::make_shared<StoreMetrics>(*opened.value(), *cacheMs);
    std::unique_ptr<prometheus::Exposer> exposer;
    try {
        exposer = std::make_unique<prometheus::Exposer>(listen.toStdString(), 2);
    } catch (const std::exception &e) {
        return engineError(makeError(ErrorKind::Unavailable, CliText::tr("cannot listen on %1: the port is in use or the address is not "
                                                                         "this machine's (%2).")
                                                                 .arg(listen, QString::fromLocal8Bit(e.what()))),
                           json);
    }
    exposer->RegisterCollectable(metrics);
    const std::vector<int> ports = exposer->GetListeningPorts();
    const QString host = listen.left(listen.lastIndexOf(QLatin1Char(':')));
    const QString address = host + QLatin1Char(':') + QString::number(ports.empty() ? 0 : ports.front());
    if (json)
        printJson(QJsonObject{{QStringLiteral("store"), opened.value()->displayUrl()},
                              {QStringLiteral("listen"), address},
                              {QStringLiteral("metrics"), QStringLiteral("http://%1/metrics").arg(address)}});
    else
        printLine(CliText::tr("Serving %1 at http://%2/metrics (Ctrl-C stops).").arg(opened.value()->displayUrl(), address));

    std::signal(SIGINT, [](int) { g_stop = true; });
    std::signal(SIGTERM, [](int) { g_stop = true; });
    while (!g_stop)
        QThread::msleep(100);
    exposer.reset(); // no scrape may read the store after it is gone
    return ExitOk;
}
