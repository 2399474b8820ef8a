#include "app/store/sqlcatalog.h"

#include <QSqlDriver>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>

using Kind = SqlDialect::Kind;

namespace {

bool isNumericType(int typeId)
{
    switch (typeId) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Double:
    case QMetaType::Float:
        return true;
    default:
        return false;
    }
}

bool isNumericMysqlType(const QString &dataType)
{
    static const QStringList numeric = {QStringLiteral("tinyint"), QStringLiteral("smallint"), QStringLiteral("mediumint"),
                                        QStringLiteral("int"),     QStringLiteral("integer"),  QStringLiteral("bigint"),
                                        QStringLiteral("decimal"), QStringLiteral("numeric"),  QStringLiteral("float"),
                                        QStringLiteral("double"),  QStringLiteral("bit"),      QStringLiteral("year")};
    return numeric.contains(dataType.toLower());
}

} // namespace

QStringList SqlCatalog::lookupSessionSetup() const
{
    switch (m_kind) {
    case Kind::Postgres:
        return {QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"),
                QStringLiteral("SET plan_cache_mode = force_generic_plan")};
    case Kind::Mysql:
        return {QStringLiteral("SET SESSION TRANSACTION READ ONLY")};
    case Kind::Sqlite:
        break;
    }
    return {};
}

QString SqlCatalog::readOnlyConnectOption() const
{
    return m_kind == Kind::Sqlite ? QStringLiteral("QSQLITE_OPEN_READONLY") : QString();
}

bool SqlCatalog::findTable(QSqlQuery &q, const QString &name, std::optional<CatalogTable> *found) const
{
    found->reset();
    const QStringList parts = name.split(QLatin1Char('.'));
    const QString wantedSchema = parts.size() == 2 ? parts.first() : QString();
    const QString wantedTable = parts.last();
    switch (m_kind) {
    case Kind::Sqlite:
        if (!wantedSchema.isEmpty() && wantedSchema.compare(QLatin1String("main"), Qt::CaseInsensitive) != 0)
            return true;
        if (!runStatement(q, {QStringLiteral("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE"),
                              {wantedTable}}))
            return false;
        if (q.next())
            *found = CatalogTable{QString(), q.value(0).toString()};
        return true;
    case Kind::Postgres: {
        // As typed (folded and searched as SQL would), then quoted exactly.
        QString exact;
        for (const QString &part : parts)
            exact += (exact.isEmpty() ? QString() : QStringLiteral(".")) + q.driver()->escapeIdentifier(part, QSqlDriver::TableName);
        for (const QString &candidate : {name, exact}) {
            if (!runStatement(q, {QStringLiteral("SELECT n.nspname, c.relname FROM pg_catalog.pg_class c "
                                                 "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                                                 "WHERE c.oid = to_regclass(?) AND c.relkind IN ('r', 'v', 'm', 'p', 'f')"),
                                  {candidate}}))
                return false;
            if (q.next()) {
                *found = CatalogTable{q.value(0).toString(), q.value(1).toString()};
                return true;
            }
        }
        return true;
    }
    case Kind::Mysql:
        if (!runStatement(q, {QStringLiteral("SELECT table_schema, table_name FROM information_schema.tables "
                                             "WHERE table_schema = COALESCE(NULLIF(?, ''), DATABASE()) AND table_name = ?"),
                              {wantedSchema, wantedTable}}))
            return false;
        if (q.next())
            *found = CatalogTable{q.value(0).toString(), q.value(1).toString()};
        return true;
    }
    return true;
}

bool SqlCatalog::tableColumns(QSqlQuery &q, const CatalogTable &table, QList<CatalogColumn> *columns) const
{
    columns->clear();
    if (m_kind == Kind::Mysql) {
        if (!runStatement(q, {QStringLiteral("SELECT column_name, data_type FROM information_schema.columns "
                                             "WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position"),
                              {table.schema, table.table}}))
            return false;
        while (q.next())
            columns->append({q.value(0).toString(), isNumericMysqlType(q.value(1).toString())});
        return true;
    }
    // Names come from the catalogue: QSqlDatabase::record() pastes them into
    // its own catalogue query, and findTable() read them there.
    const QSqlRecord record = q.driver()->record(table.schema.isEmpty() ? table.table : table.schema + QLatin1Char('.') + table.table);
    for (int i = 0; i < record.count(); ++i)
        columns->append({record.fieldName(i), isNumericType(record.field(i).metaType().id())});
    return true;
}

QString SqlCatalog::keyArrayCondition(const QString &quotedKey, bool numericKey) const
{
    if (m_kind != Kind::Postgres)
        return {};
    return QStringLiteral("%1 = ANY(CAST(? AS %2[]))").arg(quotedKey, numericKey ? QStringLiteral("bigint") : QStringLiteral("text"));
}

QString SqlCatalog::keyArray(const QList<QVariant> &values)
{
    QString out = QStringLiteral("{");
    for (qsizetype i = 0; i < values.size(); ++i) {
        QString element = values.at(i).toString();
        element.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
        element.replace(QLatin1Char('"'), QStringLiteral("\\\""));
        out += (i ? QStringLiteral(",\"") : QStringLiteral("\"")) + element + QLatin1Char('"');
    }
    return out + QLatin1Char('}');
}
