#include "teststore.h"

#include "store/openstore.h"
#include "store/sqlstore.h"

#include <QSqlQuery>
#include <QVariant>

#include <QCoreApplication>
#include <QRandomGenerator>

TestStore::TestStore()
    : m_backend(qEnvironmentVariable("IDEM_TEST_BACKEND", QStringLiteral("sqlite")))
{
    if (m_backend == QLatin1String("sqlite"))
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("records.db"));
    else
        m_url = qEnvironmentVariable(QByteArray(QByteArray("IDEM_TEST_") + m_backend.toUpper().toLatin1() + QByteArray("_URL")).constData());
}

std::unique_ptr<Store> TestStore::open(QString *whyNot)
{
    if (m_url.isEmpty()) {
        *whyNot = QStringLiteral("IDEM_TEST_%1_URL is not set (tools/test.sh sets it)").arg(m_backend.toUpper());
        return nullptr;
    }
    Result<std::unique_ptr<Store>> store = openStore(m_url);
    if (!store) {
        *whyNot = store.error().message;
        return nullptr;
    }
    return std::move(store).value();
}

QString TestStore::scope(const QString &base) const
{
    static const QString run = QString::number(QRandomGenerator::global()->bounded(1000000));
    return base + QLatin1Char('-') + QString::number(QCoreApplication::applicationPid()) + QLatin1Char('-') + run;
}

namespace {

bool rawSql(const QString &url, const QString &sql, const QVariantList &values, const QString &prelude = QString())
{
    const Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed || parsed->kind == StoreUrl::Kind::Redis)
        return false;
    const QString name = QStringLiteral("test-raw");
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(parsed->kind), name);
        configureSqlDatabase(db, parsed.value());
        if (db.open()) {
            QSqlQuery q(db);
            if (!prelude.isEmpty())
                q.exec(prelude);
            q.prepare(sql);
            for (const QVariant &v : values)
                q.addBindValue(v);
            ok = q.exec() && q.numRowsAffected() == 1;
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

} // namespace

bool TestStore::corruptHeaders(const QString &scope, const QString &key)
{
    return rawSql(m_url, QStringLiteral("UPDATE idem_records SET headers = ? WHERE scope = ? AND idem_key = ?"),
                  {QByteArray("{not json"), scope, key});
}

bool TestStore::corruptState(const QString &scope, const QString &key)
{
    // SQLite's CHECK constraint would refuse this; a disk fault or another
    // program with the constraint dropped would not.
    return rawSql(m_url, QStringLiteral("UPDATE idem_records SET state = ? WHERE scope = ? AND idem_key = ?"),
                  {QStringLiteral("HALF_DONE"), scope, key},
                  m_backend == QLatin1String("sqlite") ? QStringLiteral("PRAGMA ignore_check_constraints = ON") : QString());
}
