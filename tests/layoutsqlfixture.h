#pragma once
// What tst_layoutsqlgo and tst_layoutsqljava share: the services'
// statements, raw connections to the servers (the service's side of the
// table), tables and layout files of this run, stores opened on them with an
// audit log in a temporary directory, and an action as the console applies it.
// Each run uses tables of its own; dropTables() removes them.
#include "app/ops/auditverifier.h"
#include "app/ops/operatorbatch.h"
#include "app/ops/timeoutsweep.h"
#include "app/store/foreignstore.h"
#include "app/store/openstore.h"
#include "app/store/redisconnection.h"
#include "app/store/sqlstore.h"
#include "tests/serverrequirement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

// The Go service's statements (seeds/000…), with this run's table name.
inline const char *const kGoTable = "CREATE TABLE %1 (\n"
                                    "    key TEXT PRIMARY KEY,\n"
                                    "    request_hash TEXT NOT NULL,\n"
                                    "    status_code INTEGER,\n"
                                    "    headers JSONB,\n"
                                    "    body BYTEA,\n"
                                    "    in_flight BOOLEAN NOT NULL DEFAULT TRUE,\n"
                                    "    created_at TIMESTAMPTZ NOT NULL DEFAULT NOW(),\n"
                                    "    expires_at TIMESTAMPTZ NOT NULL\n"
                                    ")";
inline const char *const kGoIndex = "CREATE INDEX idx_%1_expires ON %1(expires_at)";
inline const char *const kGoSetInFlight =
    "INSERT INTO %1 (key, request_hash, in_flight, expires_at) VALUES (?, ?, TRUE, ?) ON CONFLICT (key) DO NOTHING";
inline const char *const kGoFinalize =
    "UPDATE %1 SET status_code = ?, headers = ?, body = ?, in_flight = FALSE, expires_at = ? WHERE key = ?";
inline const char *const kGoGet = "SELECT key, request_hash, status_code, headers, body, in_flight, created_at, expires_at FROM %1 "
                                  "WHERE key = ? AND expires_at > NOW()";

// The Java handler's table (seeds/004… 4.1) and its MyBatis statements.
inline const char *const kJavaTable = "CREATE TABLE %1 (\n"
                                      "    idempotent_id VARCHAR(64) PRIMARY KEY,\n"
                                      "    biz_type VARCHAR(32),\n"
                                      "    biz_no VARCHAR(64),\n"
                                      "    status VARCHAR(16) NOT NULL,\n"
                                      "    request_body TEXT,\n"
                                      "    response_body TEXT,\n"
                                      "    create_time DATETIME DEFAULT CURRENT_TIMESTAMP,\n"
                                      "    update_time DATETIME DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP\n"
                                      ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4";
inline const char *const kJavaInsert =
    "INSERT INTO %1 (idempotent_id, biz_type, biz_no, status, request_body) VALUES (?, ?, ?, 'PROCESSING', ?)";
inline const char *const kJavaUpdateById = "UPDATE %1 SET status = ?, response_body = ? WHERE idempotent_id = ?";
inline const QString kJavaResponse = QStringLiteral("{\"code\":0,\"msg\":\"success\"}");

inline QString sql(const char *text, const QString &table)
{
    return QString::fromLatin1(text).arg(table);
}

class LayoutSqlFixture {
public:
    LayoutSqlFixture();

protected:
    // The tables this run created, on both servers.
    void dropTables();

    // A raw connection to the server: the service's side of the table.
    QSqlDatabase writer(const char *variable);
    bool exec(QSqlDatabase &db, const QString &statement, const QVariantList &values = {});
    QString uniqueTable(const QString &base);
    QString layoutFile(const QJsonObject &layout);
    // cache "none": the service runs without one (what --no-cache says); "" leaves the option out.
    Result<std::unique_ptr<Store>> open(const char *variable, const QString &layoutPath, const QString &cache = QStringLiteral("none"),
                                        OpenMode mode = OpenMode::Create);
    Result<ActionResult> act(Store &store, OperatorActionKind kind, const Record &seen, const Response &response = {});
    static QStringList keys(const QList<Record> &records);
    void checkAudit(Store &store, qint64 entries);
    QString goTable(const QString &base, QString *layoutPath);
    QString javaTable(const QString &base);
    QString javaLayout(const QString &table);
    bool javaRow(const QString &table, const QString &id, const QVariant &bizType, const QString &bizNo, qint64 atSecs,
                 const QString &status = QString());
    QByteArray redis(const RedisCommand &command);
    void raceAfterAudit(const char *variable, const QString &layout, const QString &scope, const QString &key, const QStringList &install,
                        const QStringList &remove);
    QVariant scalar(const char *variable, const QString &statement, const QVariantList &values = {});

    QTemporaryDir m_dir;
    QString m_run;
    QStringList m_pgTables;
    QStringList m_mysqlTables;
    int m_files = 0;
    std::unique_ptr<RedisConnection> m_redis;
};
