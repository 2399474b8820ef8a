#include "app/cli/clioutput.h"

#include <QJsonArray>

#include "app/ops/operatorbatch.h"
#include "app/store/keptrequest.h"
#include "app/store/openstore.h"
#include "app/store/visibletext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStringDecoder>
#include <QTextStream>
#include <QUrl>

#include <cstdio>

std::optional<qint64> parseDuration(const QString &text)
{
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(QStringLiteral("\\s*(\\d+)\\s*(ms|s|m|h|d)?\\s*")));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    const qint64 n = match.captured(1).toLongLong(&ok);
    if (!ok || n > 100LL * 365 * 24 * 3600)
        return std::nullopt;
    const QString unit = match.captured(2);
    const qint64 factor = unit == QLatin1String("ms")  ? 1
                          : unit == QLatin1String("m") ? 60000
                          : unit == QLatin1String("h") ? 3600000
                          : unit == QLatin1String("d") ? 86400000
                                                       : 1000;
    return n * factor;
}

std::optional<int> parseOlderThan(const QString &text, qint64 *olderThanMs)
{
    const std::optional<qint64> age = parseDuration(text);
    if (!age || *age <= 0)
        return usageError(CliText::tr("--older-than takes a positive duration such as 90s, 10m, 2h or 1d, not '%1'.").arg(text));
    if (const Result<qint64> cutoff = ageCutoff(QDateTime::currentMSecsSinceEpoch(), *age); !cutoff)
        return usageError(CliText::tr("--older-than %1: %2").arg(text, cutoff.error().message));
    *olderThanMs = *age;
    return std::nullopt;
}

int usageError(const QString &message)
{
    QTextStream(stderr) << CliText::tr("idemctl: %1").arg(visibleBlock(message)) << '\n'
                        << CliText::tr("Run 'idemctl --help' or 'idemctl COMMAND --help'.") << '\n';
    return ExitUsage;
}

int engineError(const Error &error, bool json)
{
    if (json) {
        printJson(QJsonObject{{QStringLiteral("error"), errorKindName(error.kind)}, {QStringLiteral("message"), error.message}});
    }
    QTextStream(stderr) << CliText::tr("idemctl: %1").arg(visibleBlock(error.message)) << '\n';
    return error.kind == ErrorKind::InvalidArgument ? ExitUsage : ExitFailure;
}

void printJson(const QJsonObject &object)
{
    QTextStream out(stdout);
    out << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)) << '\n';
    out.flush();
}

void printLine(const QString &line)
{
    // The last guard: whatever a caller forgot to escape, no control
    // character other than a line break or tab reaches the terminal.
    QTextStream out(stdout);
    out << visibleBlock(line) << '\n';
    out.flush();
}

QJsonValue requestToJson(const KeptRequest &kept)
{
    // Headers as the response's are (an object); a name sent twice keeps
    // both values, joined as HTTP joins repeated fields (", ").
    QJsonObject headers;
    for (const auto &[name, value] : kept.headers) {
        const QJsonValue before = headers.value(name);
        headers.insert(name, before.isString() ? before.toString() + QStringLiteral(", ") + value : value);
    }
    QJsonObject o{{QStringLiteral("method"), kept.method},
                  {QStringLiteral("path"), kept.path},
                  {QStringLiteral("headers"), headers},
                  {QStringLiteral("original_bytes"), kept.originalBytes},
                  {QStringLiteral("kept_bytes"), kept.body.size()},
                  {QStringLiteral("truncated"), kept.truncated},
                  {QStringLiteral("redacted"), QJsonArray::fromStringList(kept.redacted)},
                  {QStringLiteral("body_withheld"), kept.bodyWithheld}};
    // As the stored document has it: text, or base64 for a body that is not UTF-8.
    if (kept.hasBody)
        o.insert(kept.binary ? QStringLiteral("body_base64") : QStringLiteral("body"),
                 kept.binary ? QString::fromLatin1(kept.body.toBase64()) : QString::fromUtf8(kept.body));
    return o;
}

QJsonObject recordToJson(const Record &record, qint64 nowMs)
{
    QJsonObject o{
        {QStringLiteral("scope"), record.scope},
        {QStringLiteral("key"), record.key},
        {QStringLiteral("state"), recordStateName(record.state)},
        {QStringLiteral("fingerprint"), record.fingerprint},
        {QStringLiteral("lease"), record.lease},
        {QStringLiteral("owner"), record.owner},
        {QStringLiteral("attempts"), record.attempts},
        {QStringLiteral("biz_no"), record.bizNo},
        {QStringLiteral("status_code"), record.statusCode},
        {QStringLiteral("created_at"), record.createdAt},
        {QStringLiteral("updated_at"), record.updatedAt},
        {QStringLiteral("expires_at"), record.expiresAt},
        {QStringLiteral("age_ms"), record.readError.isEmpty() ? QJsonValue(record.ageMs(nowMs)) : QJsonValue()}, // unreadable: unknown
        {QStringLiteral("reconciled"), record.reconciled},
        {QStringLiteral("body_bytes"), record.body.size()},
    };
    if (!record.readError.isEmpty())
        o.insert(QStringLiteral("read_error"), record.readError); // a foreign value that cannot be read; body holds it raw
    const std::optional<HeaderList> headers = decodeHeaders(record.headers);
    if (headers) {
        QJsonObject h;
        for (const auto &[name, value] : *headers)
            h.insert(QString::fromLatin1(name), QString::fromLatin1(value));
        o.insert(QStringLiteral("headers"), h);
    } else {
        o.insert(QStringLiteral("headers_error"), CliText::tr("headers are not a JSON list of pairs"));
    }
    // Text when the body is valid UTF-8, otherwise base64: nothing is lost.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(record.body);
    if (!decoder.hasError())
        o.insert(QStringLiteral("body"), text);
    else
        o.insert(QStringLiteral("body_base64"), QString::fromLatin1(record.body.toBase64()));
    // The request the record kept: null when none was (or it cannot be read: request_error says why).
    const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(record.request);
    o.insert(QStringLiteral("request"), kept && kept.value() ? requestToJson(*kept.value()) : QJsonValue());
    if (!kept)
        o.insert(QStringLiteral("request_error"), kept.error().message);
    return o;
}

void addStoreOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("store"),
                      CliText::tr("Store URL (sqlite:///path.db, postgresql://…, mysql://…, redis://…); default $IDEM_STORE."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("layout"),
                      CliText::tr("How the store keeps its records: native (default), go-middleware, "
                                  "java-handler or a layout JSON file (README \"Layouts\")."),
                      QStringLiteral("name|file")});
    parser.addOption({QStringLiteral("audit"),
                      CliText::tr("Where the audit log of a foreign-layout store is kept (sqlite:///path.db, "
                                  "postgresql://…, mysql://…); default a local SQLite file."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("cache"),
                      CliText::tr("java-handler on MySQL: the service's Redis cache (redis://host:port/db), "
                                  "updated together with the record."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("no-cache"), CliText::tr("java-handler on MySQL: the service runs without a Redis cache (cache=none); "
                                                              "without --cache or --no-cache, sweep and reconcile refuse.")});
    parser.addOption({QStringLiteral("scan-count"), CliText::tr("Foreign Redis layouts: keys per SCAN round trip (COUNT), 10 to 100000."),
                      QStringLiteral("n")});
    parser.addOption({QStringLiteral("time-zone"),
                      CliText::tr("Foreign SQL layouts: the zone the service writes its zone-less "
                                  "timestamp columns in (+08:00, UTC, Asia/Shanghai); default the "
                                  "database session's zone."),
                      QStringLiteral("zone")});
    // Every command takes it (README): readers are read-only anyway, and the
    // commands that must write (demo, press, init) refuse it saying why
    // (writesRefusedReadOnly) rather than as an unknown option.
    parser.addOption({QStringLiteral("read-only"), CliText::tr("Open the store read-only: the engine refuses every change. "
                                                               "stats, inflight, get, audit and report always read only; "
                                                               "demo, press and init write and refuse it.")});
    parser.addOption({QStringLiteral("json"), CliText::tr("Print machine-readable JSON.")});
    parser.addHelpOption();
}

void addMetricsOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("metrics"),
                      CliText::tr("Take the counters from this Prometheus server (http://host:port) through the "
                                  "layout's \"metrics\" mapping (default: the idemctl exporter's metrics); "
                                  "records still come from the store."),
                      QStringLiteral("url")});
    parser.addOption({QStringLiteral("metrics-timeout"), CliText::tr("How long one Prometheus query may take, in ms (default 5000)."),
                      QStringLiteral("ms")});
}

std::optional<int> parseCommand(QCommandLineParser &parser, const QStringList &arguments, int positionals)
{
    if (!parser.parse(arguments))
        return usageError(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return ExitOk;
    }
    if (parser.positionalArguments().size() > positionals)
        return usageError(CliText::tr("unexpected argument '%1'.").arg(parser.positionalArguments().value(positionals)));
    return std::nullopt;
}

QString storeUrlText(const QCommandLineParser &parser)
{
    QString url = parser.value(QStringLiteral("store"));
    if (url.isEmpty())
        url = qEnvironmentVariable("IDEM_STORE");
    if (url.isEmpty())
        return url;
    if (parser.isSet(QStringLiteral("no-cache")) && !parser.isSet(QStringLiteral("cache")))
        url += (url.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?')) + QStringLiteral("cache=none");
    // --layout, --audit, --cache, --scan-count and --time-zone are the URL's
    // options layout=, audit=, cache=, scan_count=, time_zone= (the console
    // keeps them in the URL).
    for (const auto &[option, item] :
         {std::pair{QStringLiteral("layout"), QStringLiteral("layout")}, std::pair{QStringLiteral("audit"), QStringLiteral("audit")},
          std::pair{QStringLiteral("cache"), QStringLiteral("cache")},
          std::pair{QStringLiteral("scan-count"), QStringLiteral("scan_count")},
          std::pair{QStringLiteral("time-zone"), QStringLiteral("time_zone")},
          std::pair{QStringLiteral("metrics"), QStringLiteral("metrics")},
          std::pair{QStringLiteral("metrics-timeout"), QStringLiteral("metrics_timeout_ms")}}) {
        // --metrics is only some commands' option: optionNames() lists the given ones without a warning.
        if (!parser.optionNames().contains(option))
            continue;
        url += (url.contains(QLatin1Char('?')) ? QLatin1Char('&') : QLatin1Char('?')) + item + QLatin1Char('=')
               + QString::fromLatin1(QUrl::toPercentEncoding(parser.value(option)));
    }
    return url;
}

Result<std::unique_ptr<Store>> openStoreFromOptions(const QCommandLineParser &parser, OpenMode mode)
{
    const QString url = storeUrlText(parser);
    if (url.isEmpty())
        return makeError(ErrorKind::InvalidArgument, CliText::tr("no store given: pass --store URL or set IDEM_STORE."));
    if (parser.isSet(QStringLiteral("no-cache")) && parser.isSet(QStringLiteral("cache")))
        return makeError(ErrorKind::InvalidArgument, CliText::tr("--cache and --no-cache contradict each other: give one."));
    Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed)
        return parsed.error();
    if (parser.isSet(QStringLiteral("scan-count"))) {
        bool numeric = false;
        const int count = parser.value(QStringLiteral("scan-count")).toInt(&numeric);
        if (!numeric || count < 10 || count > 100000)
            return makeError(ErrorKind::InvalidArgument, CliText::tr("--scan-count must be a number from 10 to 100000."));
    }
    return openStore(parsed.value(), mode);
}

Result<std::unique_ptr<Store>> openTrafficStore(const QCommandLineParser &parser)
{
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::Create);
    if (!opened || opened.value()->layoutName() == QLatin1String("native"))
        return opened;
    const Store &store = *opened.value();
    return makeError(ErrorKind::Refused, CliText::tr("%1 is in the %2 layout: its own service claims the keys, so this command, which "
                                                     "claims keys itself, does not run there. Use a native store for traffic and press "
                                                     "tests; on this store use inflight, get, sweep, reconcile and audit.")
                                             .arg(store.displayUrl(), store.layoutName()));
}

std::optional<int> writesRefusedReadOnly(const QCommandLineParser &parser, const QString &why)
{
    if (!parser.isSet(QStringLiteral("read-only")))
        return std::nullopt;
    return usageError(why);
}

OpenMode openModeFromOptions(const QCommandLineParser &parser)
{
    // A dry run only reads, so it opens as a reader: it creates nothing either.
    const bool reads = parser.isSet(QStringLiteral("read-only")) || parser.isSet(QStringLiteral("dry-run"));
    return reads ? OpenMode::ReadOnly : OpenMode::ReadWrite;
}

std::optional<int> operatorFromOptions(const QCommandLineParser &parser, bool dryRun, const QString &needReason, OperatorIdentity *who)
{
    who->operatorName =
        parser.isSet(QStringLiteral("operator")) ? parser.value(QStringLiteral("operator")) : OperatorIdentity::defaultOperatorName();
    who->reason = parser.value(QStringLiteral("reason"));
    OperatorIdentity checked = *who;
    if (who->reason.trimmed().isEmpty()) {
        if (!dryRun)
            return usageError(needReason);
        // A dry run needs no reason; what is given is checked as the run checks it.
        checked.reason = QStringLiteral("-");
    }
    if (const Result<void> valid = checked.validate(); !valid)
        return usageError(valid.error().message);
    return std::nullopt;
}

void addActionReportJson(QJsonObject &out, const ActionReport &report, const OperatorIdentity &who, qsizetype cap)
{
    QJsonArray skipped;
    for (const ActionTarget &t : report.skippedTargets.mid(0, cap))
        skipped.append(QJsonObject{{QStringLiteral("scope"), t.scope}, {QStringLiteral("key"), t.key}});
    QJsonArray failed;
    for (const ActionFailure &f : report.failures.mid(0, cap))
        failed.append(QJsonObject{{QStringLiteral("scope"), f.scope},
                                  {QStringLiteral("key"), f.key},
                                  {QStringLiteral("status"), f.cacheOnly ? QStringLiteral("cache_failed") : QStringLiteral("failed")},
                                  {QStringLiteral("message"), f.message}});
    out.insert(QStringLiteral("applied"), report.applied);
    out.insert(QStringLiteral("skipped"), report.skipped);
    out.insert(QStringLiteral("failed"), report.failed);
    out.insert(QStringLiteral("cache_failed"), report.cacheFailed);
    out.insert(QStringLiteral("untouched"), report.untouched());
    out.insert(QStringLiteral("cancelled"), report.cancelled);
    out.insert(QStringLiteral("batch_id"), report.batchId.isEmpty() ? QJsonValue() : QJsonValue(report.batchId));
    out.insert(QStringLiteral("operator"), who.operatorName.trimmed());
    out.insert(QStringLiteral("skipped_keys"), skipped);
    out.insert(QStringLiteral("failed_keys"), failed);
    out.insert(QStringLiteral("scope_blocked"), report.scopeBlocked);
    out.insert(QStringLiteral("not_attempted"), report.notAttempted);
    out.insert(QStringLiteral("stopped"), report.stop == BatchStop::None ? QJsonValue() : QJsonValue(batchStopName(report.stop)));
    out.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(report.warnings));
}

void printActionReportLines(const ActionReport &report, qsizetype cap)
{
    if (report.stop == BatchStop::StoreUnavailable)
        printLine(CliText::tr("Stopped: the store stopped answering, so %1 record(s) were not attempted: %2")
                      .arg(report.notAttempted)
                      .arg(report.stopMessage));
    else if (report.stop == BatchStop::Cancelled)
        printLine(CliText::tr("Stopped by Ctrl-C: %1 record(s) left untouched.").arg(report.untouched()));
    for (const QString &warning : report.warnings)
        printLine(CliText::tr("warning: %1").arg(warning));
    for (const ActionTarget &t : report.skippedTargets.mid(0, cap))
        printLine(CliText::tr("  skipped %1/%2").arg(visibleText(t.scope), visibleText(t.key)));
    for (const ActionFailure &f : report.failures.mid(0, cap))
        printLine(f.cacheOnly ? CliText::tr("  cache   %1/%2: %3").arg(visibleText(f.scope), visibleText(f.key), f.message)
                              : CliText::tr("  failed  %1/%2: %3").arg(visibleText(f.scope), visibleText(f.key), f.message));
    if (report.skippedTargets.size() > cap || report.failures.size() > cap)
        printLine(CliText::tr("  (lists cut at %1; the counts above are complete)").arg(cap));
}
