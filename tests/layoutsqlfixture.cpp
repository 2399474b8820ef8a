#include "tests/layoutsqlfixture.h"

#include "app/store/sqlstore.h"

LayoutSqlFixture::LayoutSqlFixture()
    : m_run(QString::number(QRandomGenerator::global()->bounded(1u << 30), 36))
{
}

void LayoutSqlFixture::dropTables()
{
    if (!m_pgTables.isEmpty()) {
        QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
        for (const QString &t : std::as_const(m_pgTables))
            exec(db, QStringLiteral("DROP TABLE IF EXISTS ") + t);
    }
    if (!m_mysqlTables.isEmpty()) {
        QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
        for (const QString &t : std::as_const(m_mysqlTables))
            exec(db, QStringLiteral("DROP TABLE IF EXISTS ") + t);
    }
}

QSqlDatabase LayoutSqlFixture::writer(const char *variable)
{
    const QString name = QString::fromLatin1(variable);
    if (QSqlDatabase::contains(name))
        return QSqlDatabase::database(name);
    const Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable(variable));
    QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(url->kind), name);
    configureSqlDatabase(db, url.value());
    if (!db.open())
        qWarning() << "cannot open" << name << db.lastError().text();
    return db;
}

bool LayoutSqlFixture::exec(QSqlDatabase &db, const QString &statement, const QVariantList &values)
{
    QSqlQuery q(db);
    // Unprepared without values: PostgreSQL cannot PREPARE DDL.
    const bool prepared = values.isEmpty() || q.prepare(statement);
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!prepared || !(values.isEmpty() ? q.exec(statement) : q.exec())) {
        qWarning() << statement << q.lastError().text();
        return false;
    }
    return true;
}

QString LayoutSqlFixture::uniqueTable(const QString &base)
{
    return base + QLatin1Char('_') + m_run;
}

QString LayoutSqlFixture::layoutFile(const QJsonObject &layout)
{
    const QString path = m_dir.filePath(QStringLiteral("layout%1.json").arg(++m_files));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(layout).toJson()) < 0)
        return QString();
    return path;
}

Result<std::unique_ptr<Store>> LayoutSqlFixture::open(const char *variable, const QString &layoutPath, const QString &cache, OpenMode mode)
{
    Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable(variable));
    if (!url)
        return url.error();
    url->options.insert(QStringLiteral("layout"), layoutPath);
    url->options.insert(QStringLiteral("audit"), QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("audit%1.db").arg(++m_files)));
    if (!cache.isEmpty())
        url->options.insert(QStringLiteral("cache"), cache);
    return openStore(url.value(), mode);
}

Result<ActionResult> LayoutSqlFixture::act(Store &store, OperatorActionKind kind, const Record &seen, const Response &response)
{
    OperatorAction action;
    action.kind = kind;
    action.scope = seen.scope;
    action.key = seen.key;
    action.lease = seen.lease;
    action.expectedState = seen.state;
    action.startedBeforeMs = seen.updatedAt + 1; // the age the preview chose: just old enough
    action.response = response;
    action.nowMs = QDateTime::currentMSecsSinceEpoch();
    action.retentionMs = 3600 * 1000;
    action.audit.operatorName = QStringLiteral("alice");
    action.audit.host = QStringLiteral("console-1");
    action.audit.batchId = QStringLiteral("batch-") + m_run;
    action.audit.reason = QStringLiteral("tst_layoutsql");
    return store.applyAction(action);
}

QStringList LayoutSqlFixture::keys(const QList<Record> &records)
{
    QStringList out;
    for (const Record &r : records)
        out << r.key;
    return out;
}

void LayoutSqlFixture::checkAudit(Store &store, qint64 entries)
{
    const Result<AuditVerdict> verdict = AuditVerifier::verify(store);
    QVERIFY2(verdict, qPrintable(verdict.error().message));
    QVERIFY2(verdict->ok, verdict->firstBad ? qPrintable(verdict->firstBad->reason) : "not ok");
    QCOMPARE(verdict->entries, entries);
}

QString LayoutSqlFixture::goTable(const QString &base, QString *layoutPath)
{
    QSqlDatabase db = writer("IDEM_TEST_POSTGRESQL_URL");
    const QString t = uniqueTable(base);
    m_pgTables << t;
    if (!exec(db, sql(kGoTable, t)) || !exec(db, sql(kGoIndex, t)))
        return QString();
    *layoutPath = layoutFile(
        {{QStringLiteral("base"), QStringLiteral("go-middleware")}, {QStringLiteral("sql"), QJsonObject{{QStringLiteral("table"), t}}}});
    return t;
}

QString LayoutSqlFixture::javaTable(const QString &base)
{
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    const QString t = uniqueTable(base);
    m_mysqlTables << t;
    return exec(db, sql(kJavaTable, t)) ? t : QString();
}

QString LayoutSqlFixture::javaLayout(const QString &table)
{
    return layoutFile({{QStringLiteral("base"), QStringLiteral("java-handler")},
                       {QStringLiteral("sql"), QJsonObject{{QStringLiteral("table"), table}}},
                       {QStringLiteral("redis"), QJsonObject{{QStringLiteral("key_prefix"), QStringLiteral("idem:%1:").arg(m_run)}}}});
}

// The handler's insert (and, with a status, what it or an operator did next), at `atSecs` on the session's clock.
bool LayoutSqlFixture::javaRow(const QString &t, const QString &id, const QVariant &bizType, const QString &bizNo, qint64 atSecs,
                               const QString &status)
{
    QSqlDatabase db = writer("IDEM_TEST_MYSQL_URL");
    bool ok = exec(db, QStringLiteral("SET timestamp = ?"), {atSecs})
              && exec(db, sql(kJavaInsert, t), {id, bizType, bizNo, QStringLiteral("{\"amount\":100}")});
    if (ok && status == QLatin1String("SUCCESS"))
        ok = exec(db, sql(kJavaUpdateById, t), {status, kJavaResponse, id});
    else if (ok && !status.isEmpty())
        ok = exec(db, QStringLiteral("UPDATE %1 SET status = ? WHERE idempotent_id = ?").arg(t), {status, id});
    return exec(db, QStringLiteral("SET timestamp = DEFAULT")) && ok;
}

QByteArray LayoutSqlFixture::redis(const RedisCommand &command)
{
    if (!m_redis) {
        const Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL"));
        RedisSettings settings;
        settings.host = url->host.toUtf8();
        settings.port = url->port;
        settings.password = (url->password.isEmpty() ? qEnvironmentVariable("IDEM_REDIS_PASSWORD") : url->password).toUtf8();
        settings.database = url->database.toInt();
        m_redis = std::make_unique<RedisConnection>(settings);
    }
    const Result<RedisReply> reply = m_redis->command(command);
    return reply ? RedisConnection::bytes(reply->get()) : QByteArray("<error>");
}

QVariant LayoutSqlFixture::scalar(const char *variable, const QString &statement, const QVariantList &values)
{
    QSqlDatabase db = writer(variable);
    QSqlQuery q(db);
    q.prepare(statement);
    for (const QVariant &v : values)
        q.addBindValue(v);
    if (!q.exec() || !q.next())
        return QStringLiteral("<no row>");
    return q.value(0);
}

// The service finishes the request between the audit entry and the change:
// the compare-and-set on the digest must fail and a "-not-applied" entry
// follow. The audit log is kept in the same server (audit=<that URL>), where
// a trigger on the audit insert plays the service.
void LayoutSqlFixture::raceAfterAudit(const char *variable, const QString &layout, const QString &scope, const QString &key,
                                      const QStringList &install, const QStringList &remove)
{
    Result<StoreUrl> url = StoreUrl::parse(qEnvironmentVariable(variable));
    url->options.insert(QStringLiteral("layout"), layout);
    url->options.insert(QStringLiteral("audit"), qEnvironmentVariable(variable));
    url->options.insert(QStringLiteral("cache"), QStringLiteral("none")); // java-handler: no cache in this test
    auto store = openStore(url.value());
    QVERIFY2(store, qPrintable(store.error().message));
    // The triggers hang on idem_audit: the audit log is made as the store's
    // first action would make it, so the test does not depend on another
    // suite having made it on this server first.
    {
        SqlStore audit(StoreUrl::parse(qEnvironmentVariable(variable)).value());
        audit.setOpenMode(OpenMode::Create);
        audit.setAuditOnly(true);
        const Result<void> opened = audit.open();
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    }
    QSqlDatabase db = writer(variable);
    const auto uninstall = qScopeGuard([&] {
        for (const QString &statement : remove)
            exec(db, statement);
    });
    for (const QString &statement : install)
        QVERIFY(exec(db, statement));
    const Record preview = store.value()->get(scope, key).value().value();
    const Result<ActionResult> r = act(*store.value(), OperatorActionKind::MarkTimedOut, preview);
    QVERIFY2(r, qPrintable(r.error().message));
    QCOMPARE(r->outcome, TransitionOutcome::StaleLease);
    QCOMPARE(r->current->state, RecordState::Completed);
    AuditQuery query;
    query.batchId = QStringLiteral("batch-") + m_run;
    query.keyPrefix = key;
    const QList<AuditEntry> entries = store.value()->auditEntries(query).value();
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries.first().action, QStringLiteral("timeout-not-applied"));
    const Result<AuditVerdict> verdict = AuditVerifier::verify(*store.value(), {}, {scope});
    QVERIFY2(verdict && verdict->ok, verdict ? "chain broken" : qPrintable(verdict.error().message));
}
