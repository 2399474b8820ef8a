#pragma once

#include "app/store/result.h"
#include "app/telemetry/metricsmapping.h"

#include <optional>

#include <QMap>
#include <QString>
#include <QStringList>

// DESIGN.md "Existing deployments": how a store written by another service
// keeps its idempotency records, mapped onto the engine's Record. A layout is
// a value: built in (`native`, `go-middleware`, `java-handler`) or loaded
// from a JSON file (README "Layouts"), validated once when it is resolved so
// a store never runs with a hostile table name or a half-read file.
//
// go-middleware (seeds/000…): Redis keeps one JSON string per key under
// `idemp:<key>` (Go's encoding/json of IdempotencyRecord: key, status_code,
// headers, body as base64, created_at/expires_at RFC 3339 with nanoseconds,
// request_hash, in_flight); PostgreSQL keeps the table idempotency_records.
// java-handler (seeds/004…): MySQL keeps the record table (idempotent_id,
// biz_type, biz_no, status, request_body, response_body, create_time,
// update_time); Redis keeps `idem:<id>` = PROCESSING or SUCCESS as a cache.
enum class LayoutFamily { Native, GoMiddleware, JavaHandler };

struct Layout {
    QString name = QStringLiteral("native");
    LayoutFamily family = LayoutFamily::Native;
    QString sourceFile; // the JSON file it came from; empty when built in

    // The scope records are shown under (these layouts have none of their
    // own; java-handler shows biz_type as the scope when a row has one).
    QString scope = QStringLiteral("default");

    // Redis
    QByteArray keyPrefix; // "idemp:" / "idem:"
    int scanCount = 1000; // SCAN … COUNT: keys the server looks at per round trip
    qint64 processingTtlMs = 10 * 60 * 1000; // java-handler: TTL of a PROCESSING key (age = TTL - PTTL)
    qint64 successTtlMs = 24 * 60 * 60 * 1000; // java-handler: TTL written on a reconciled SUCCESS key

    // SQL: table and column names, each checked by checkIdentifier().
    QString table;
    // The zone the service wrote its zone-less timestamp columns in (MySQL
    // DATETIME, PostgreSQL timestamp without time zone): "+08:00", "UTC",
    // "Asia/Shanghai". Empty: the database session's own zone. A JVM in
    // Asia/Shanghai writing into a UTC MySQL otherwise reads 8 hours in the
    // future: a record stuck 15 minutes shows age 0 and no sweep matches it.
    // The connection's session zone is set to it.
    QString timeZone;
    QMap<QString, QString> columns; // role -> column name; roles() lists them per family

    // State values (java-handler): what the status column holds.
    QString processingValue = QStringLiteral("PROCESSING");
    QString successValue = QStringLiteral("SUCCESS");
    QString timeoutValue = QStringLiteral("TIMEOUT");
    QStringList failedValues{QStringLiteral("FAILED")}; // shown as TIMED_OUT: the client may resubmit

    // go-middleware: how long a reconciled record is replayed (expires_at).
    qint64 retentionMs = 24 * 60 * 60 * 1000;

    // What to ask a Prometheus server for the counters when the store URL
    // names one (metrics=): the file's "metrics" section; unset: the
    // exporter's metrics (MetricsMapping::exporter()).
    std::optional<MetricsMapping> metrics;

    bool isNative() const { return family == LayoutFamily::Native; }
    QString column(const QString &role) const { return columns.value(role); }

    // "native", "go-middleware", "java-handler".
    static QString familyName(LayoutFamily family);
    static QStringList builtinNames();
    // The column roles a family's SQL table has, in the order they are read.
    static QStringList roles(LayoutFamily family);

    static Result<Layout> builtin(const QString &name);
    // A JSON object (README "Layouts"); `origin` names it in errors.
    static Result<Layout> fromJson(const QByteArray &json, const QString &origin);
    static Result<Layout> fromFile(const QString &path);
    // A built-in name, or else a path to a JSON file.
    static Result<Layout> resolve(const QString &nameOrPath);

    // Letters, digits and '_', not starting with a digit, at most 63
    // characters: names that need no quoting in PostgreSQL or MySQL. Quoted
    // anyway when used.
    static std::optional<Error> checkIdentifier(const QString &name, const QString &what);
    // An offset (+08:00, -05:30), UTC, or a zone name (Asia/Shanghai):
    // letters, digits, '_', '+', '-' and up to two '/', at most 64
    // characters, so it can be sent as a literal.
    static std::optional<Error> checkTimeZone(const QString &zone, const QString &what);
};
