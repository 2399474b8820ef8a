#include "app/ops/orderlookup.h"

#include "app/store/sqlstore.h"
#include "app/store/visibletext.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>

#include <cmath>

namespace {

// Messages of this file, in the "OrderLookup" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(OrderLookup)
};

QAtomicInteger<quint64> g_nextLookupId{1};

// A JSON string literal, quotes included.
QByteArray jsonString(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

QByteArray jsonValue(const QVariant &value)
{
    if (value.isNull() || !value.isValid())
        return QByteArrayLiteral("null");
    switch (value.metaType().id()) {
    case QMetaType::Bool:
        return value.toBool() ? QByteArrayLiteral("true") : QByteArrayLiteral("false");
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
        return value.toString().toLatin1();
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = value.toDouble();
        return std::isfinite(d) ? QByteArray::number(d, 'g', 17) : jsonString(value.toString());
    }
    case QMetaType::QByteArray:
        return jsonString(QString::fromLatin1(value.toByteArray().toHex()));
    case QMetaType::QDateTime:
        return jsonString(value.toDateTime().toString(Qt::ISODateWithMs));
    default:
        return jsonString(value.toString());
    }
}

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
                                        QStringLiteral("int"), QStringLiteral("integer"), QStringLiteral("bigint"),
                                        QStringLiteral("decimal"), QStringLiteral("numeric"), QStringLiteral("float"),
                                        QStringLiteral("double"), QStringLiteral("bit"), QStringLiteral("year")};
    return numeric.contains(dataType.toLower());
}

// How a database may see two different texts as the same key: case
// (MySQL's *_ci collations) and trailing spaces (PAD SPACE).
QString looseKey(const QString &key)
{
    QString k = key;
    while (!k.isEmpty() && k.back() == QLatin1Char(' '))
        k.chop(1);
    return k.toCaseFolded();
}

// The column of `wanted` among `columns`: exact, else the only one equal
// ignoring case (PostgreSQL folds unquoted names, MySQL ignores case).
int findColumn(const QStringList &columns, const QString &wanted)
{
    if (const int exact = int(columns.indexOf(wanted)); exact >= 0)
        return exact;
    int found = -1;
    for (int i = 0; i < columns.size(); ++i) {
        if (columns.at(i).compare(wanted, Qt::CaseInsensitive) == 0) {
            if (found >= 0)
                return -1;
            found = i;
        }
    }
    return found;
}

} // namespace

QVariant OrderRow::value(const QString &column) const
{
    for (const auto &[name, v] : columns) {
        if (name == column)
            return v;
    }
    for (const auto &[name, v] : columns) {
        if (name.compare(column, Qt::CaseInsensitive) == 0)
            return v;
    }
    return QVariant();
}

QByteArray OrderRow::toJson() const
{
    // Built by hand: QJsonObject would sort the columns by name.
    QByteArray out = "{";
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (i > 0)
            out += ',';
        out += jsonString(columns.at(i).first) + ':' + jsonValue(columns.at(i).second);
    }
    return out + '}';
}

namespace {

// A whole number in a column named like a time (created_at, pay_time,
// update_date …) that reads as epoch milliseconds or seconds between 2000
// and 9999: its date and time in the local zone, for the evidence pane.
QString epochNote(const QString &column, const QVariant &value)
{
    static const QRegularExpression timeLike(QStringLiteral("(_at|time|date|_ts)$"), QRegularExpression::CaseInsensitiveOption);
    if (!timeLike.match(column).hasMatch())
        return QString();
    const int type = value.metaType().id();
    if (type != QMetaType::Int && type != QMetaType::UInt && type != QMetaType::LongLong && type != QMetaType::ULongLong)
        return QString();
    const qint64 n = value.toLongLong();
    qint64 ms = 0;
    if (n >= kEarliestRecordMs && n <= kLatestRecordMs)
        ms = n;
    else if (n >= kEarliestRecordMs / 1000 && n <= kLatestRecordMs / 1000)
        ms = n * 1000;
    else
        return QString();
    return QDateTime::fromMSecsSinceEpoch(ms).toOffsetFromUtc(QDateTime::fromMSecsSinceEpoch(ms).offsetFromUtc()).toString(Qt::ISODate);
}

} // namespace

QString OrderRow::toDisplayText() const
{
    QString out;
    for (const auto &[name, value] : columns) {
        QString shown;
        if (value.isNull() || !value.isValid())
            shown = QStringLiteral("NULL");
        else if (value.metaType().id() == QMetaType::QByteArray)
            shown = QStringLiteral("0x") + QString::fromLatin1(value.toByteArray().toHex());
        else if (value.metaType().id() == QMetaType::QDateTime)
            shown = value.toDateTime().toString(Qt::ISODateWithMs);
        else
            shown = visibleText(value.toString());
        if (const QString note = epochNote(name, value); !note.isEmpty())
            shown += QStringLiteral("  (") + note + QLatin1Char(')');
        out += QStringLiteral("  ") + visibleText(name) + QStringLiteral(": ") + shown + QLatin1Char('\n');
    }
    return out;
}

OrderLookup::OrderLookup(OrderMapping mapping)
    : m_mapping(std::move(mapping))
    , m_connectionName(QStringLiteral("idem-orders-%1").arg(g_nextLookupId.fetchAndAddRelaxed(1)))
{
}

OrderLookup::~OrderLookup()
{
    m_batchQuery.reset();
    m_oneQuery.reset();
    if (QSqlDatabase::contains(m_connectionName)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

Error OrderLookup::failure(const QSqlQuery &query, const QString &what) const
{
    return makeError(ErrorKind::Unavailable,
                     Text::tr("%1 in the orders database %2 failed: %3").arg(what, m_displayUrl, query.lastError().text()));
}

Result<void> OrderLookup::open()
{
    if (m_open)
        return {};
    // Names are checked before anything is sent anywhere.
    if (Result<void> valid = m_mapping.validate(); !valid)
        return valid;
    const Result<StoreUrl> url = StoreUrl::parse(m_mapping.ordersUrl);
    if (!url)
        return url.error();
    m_displayUrl = url->displayString();
    if (url->kind == StoreUrl::Kind::Sqlite && !QFileInfo(url->path).isFile())
        return makeError(ErrorKind::InvalidArgument, Text::tr("The orders database %1 does not exist.").arg(url->path));

    QSqlDatabase db = QSqlDatabase::addDatabase(sqlDriverName(url->kind), m_connectionName);
    configureSqlDatabase(db, url.value());
    if (url->kind == StoreUrl::Kind::Sqlite) // the lookup never writes
        db.setConnectOptions(db.connectOptions() + QStringLiteral(";QSQLITE_OPEN_READONLY"));
    if (!db.open())
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Cannot connect to the orders database %1: %2").arg(m_displayUrl, db.lastError().text()));
    m_postgres = url->kind == StoreUrl::Kind::Postgres;
    {
        QSqlQuery session(db);
        const QString readOnly = url->kind == StoreUrl::Kind::Postgres
            ? QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            : url->kind == StoreUrl::Kind::Mysql ? QStringLiteral("SET SESSION TRANSACTION READ ONLY") : QString();
        if (!readOnly.isEmpty() && !session.exec(readOnly))
            return failure(session, Text::tr("Making the session read-only"));
        // The lookups are one prepared statement run many times with
        // different keys: plan it once. A custom plan per batch would weigh
        // every one of 500 array elements against the column statistics,
        // which costs more than running the batch.
        if (m_postgres && !session.exec(QStringLiteral("SET plan_cache_mode = force_generic_plan")))
            return failure(session, Text::tr("Configuring the orders session"));
    }

    QString schema;
    QString table;
    if (Result<void> found = resolveTable(db, &schema, &table); !found)
        return found;

    // The columns in table order, with their types.
    QList<QPair<QString, bool>> columns; // name, numeric
    if (url->kind == StoreUrl::Kind::Mysql) {
        QSqlQuery q(db);
        q.prepare(QStringLiteral("SELECT column_name, data_type FROM information_schema.columns "
                                 "WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position"));
        q.addBindValue(schema);
        q.addBindValue(table);
        if (!q.exec())
            return failure(q, Text::tr("Reading the columns of %1").arg(m_mapping.table));
        while (q.next())
            columns.append({q.value(0).toString(), isNumericMysqlType(q.value(1).toString())});
    } else {
        // Names come from the catalogue and were checked as identifiers:
        // QSqlDatabase::record() pastes them into its own catalogue query.
        const QSqlRecord record = db.record(schema.isEmpty() ? table : schema + QLatin1Char('.') + table);
        for (int i = 0; i < record.count(); ++i)
            columns.append({record.fieldName(i), isNumericType(record.field(i).metaType().id())});
    }
    if (columns.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("Cannot read the columns of table %1 in %2.").arg(m_mapping.table, m_displayUrl));
    m_columns.clear();
    for (const auto &c : columns)
        m_columns << c.first;
    m_keyIndex = findColumn(m_columns, m_mapping.keyColumn);
    if (m_keyIndex < 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The key column %1 is not in table %2 (columns: %3).")
                                                         .arg(m_mapping.keyColumn, m_mapping.table, m_columns.join(QStringLiteral(", "))));
    m_statusIndex = findColumn(m_columns, m_mapping.statusColumn);
    if (m_statusIndex < 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The status column %1 is not in table %2 (columns: %3).")
                                                         .arg(m_mapping.statusColumn, m_mapping.table, m_columns.join(QStringLiteral(", "))));
    m_numericKey = columns.at(m_keyIndex).second;

    const QSqlDriver *driver = db.driver();
    m_quotedTable = schema.isEmpty() ? QString() : driver->escapeIdentifier(schema, QSqlDriver::TableName) + QLatin1Char('.');
    m_quotedTable += driver->escapeIdentifier(table, QSqlDriver::TableName);
    m_quotedKey = driver->escapeIdentifier(m_columns.at(m_keyIndex), QSqlDriver::FieldName);
    QStringList quoted;
    for (const QString &c : std::as_const(m_columns))
        quoted << driver->escapeIdentifier(c, QSqlDriver::FieldName);
    m_selectList = quoted.join(QStringLiteral(", "));
    m_queries = 0;
    m_open = true;
    return {};
}

// The table as the catalogue names it (exact case), looked up with bound
// values only. PostgreSQL resolves an unqualified name on the search_path
// and folds it to lower case as SQL would, else matches it exactly.
Result<void> OrderLookup::resolveTable(QSqlDatabase &db, QString *schema, QString *table)
{
    const QStringList parts = m_mapping.table.split(QLatin1Char('.'));
    const QString wantedSchema = parts.size() == 2 ? parts.first() : QString();
    const QString wantedTable = parts.last();
    const QString driver = db.driverName();
    QSqlQuery q(db);
    const auto notFound = [&] {
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("There is no table %1 in the orders database %2.").arg(m_mapping.table, m_displayUrl));
    };
    if (driver == QLatin1String("QSQLITE")) {
        if (!wantedSchema.isEmpty() && wantedSchema.compare(QLatin1String("main"), Qt::CaseInsensitive) != 0)
            return notFound();
        q.prepare(QStringLiteral("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE"));
        q.addBindValue(wantedTable);
        if (!q.exec())
            return failure(q, Text::tr("Looking up table %1").arg(m_mapping.table));
        if (!q.next())
            return notFound();
        *schema = QString();
        *table = q.value(0).toString();
        return {};
    }
    if (driver == QLatin1String("QPSQL")) {
        q.prepare(QStringLiteral("SELECT n.nspname, c.relname FROM pg_catalog.pg_class c "
                                 "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                                 "WHERE c.oid = to_regclass(?) AND c.relkind IN ('r', 'v', 'm', 'p', 'f')"));
        QString exact;
        for (const QString &part : parts)
            exact += (exact.isEmpty() ? QString() : QStringLiteral(".")) + db.driver()->escapeIdentifier(part, QSqlDriver::TableName);
        for (const QString &candidate : {m_mapping.table, exact}) {
            q.addBindValue(candidate);
            if (!q.exec())
                return failure(q, Text::tr("Looking up table %1").arg(m_mapping.table));
            if (q.next()) {
                *schema = q.value(0).toString();
                *table = q.value(1).toString();
                return {};
            }
        }
        return notFound();
    }
    q.prepare(QStringLiteral("SELECT table_schema, table_name FROM information_schema.tables "
                             "WHERE table_schema = COALESCE(NULLIF(?, ''), DATABASE()) AND table_name = ?"));
    q.addBindValue(wantedSchema);
    q.addBindValue(wantedTable);
    if (!q.exec())
        return failure(q, Text::tr("Looking up table %1").arg(m_mapping.table));
    if (!q.next())
        return notFound();
    *schema = q.value(0).toString();
    *table = q.value(1).toString();
    return {};
}

// A PostgreSQL array literal of the values, each element double-quoted
// with '"' and '\\' escaped: bound as one value, never part of the SQL.
QString OrderLookup::postgresArray(const QList<QVariant> &values)
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

std::optional<QVariant> OrderLookup::bindable(const QString &key) const
{
    if (!m_numericKey)
        return QVariant(key);
    static const QRegularExpression integer(QRegularExpression::anchoredPattern(QStringLiteral("-?[0-9]{1,18}")));
    if (!integer.match(key).hasMatch())
        return std::nullopt;
    return QVariant(key.toLongLong());
}

OrderRow OrderLookup::readRow(const QSqlQuery &query) const
{
    OrderRow row;
    row.columns.reserve(m_columns.size());
    for (int i = 0; i < m_columns.size(); ++i)
        row.columns.append({m_columns.at(i), query.value(i)});
    row.status = query.value(m_statusIndex).toString();
    row.keyValue = query.value(m_keyIndex).toString();
    return row;
}

Result<QHash<QString, OrderRow>> OrderLookup::lookup(const QStringList &keys)
{
    if (!m_open)
        return makeError(ErrorKind::Internal, Text::tr("The order lookup was used before it was opened."));
    QHash<QString, OrderRow> out;
    QSet<QString> wanted;
    QHash<QString, QStringList> byLooseKey;
    QList<QVariant> values;
    for (const QString &key : keys) {
        if (key.isEmpty() || wanted.contains(key))
            continue;
        const std::optional<QVariant> value = bindable(key);
        if (!value)
            continue;
        wanted.insert(key);
        byLooseKey[m_numericKey ? QString::number(key.toLongLong()) : looseKey(key)].append(key);
        values.append(*value);
    }
    const auto put = [&out](const QString &key, const OrderRow &row) {
        auto it = out.find(key);
        if (it == out.end())
            out.insert(key, row);
        else
            ++it->matches;
    };
    // PostgreSQL gets the batch as ONE bound array: QPSQL sends a prepared
    // statement's values as literals of an EXECUTE, and the server parses
    // and plans a 500-value IN list on every batch; "= ANY(array)" is one
    // value and one generic plan. The other drivers bind an IN list.
    // A key column whose type has no "= text" (uuid, say) refuses the array
    // form when prepared: it then falls back to the IN list for good.
    bool asArray = m_postgres;
    if (!m_batchQuery) {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        m_batchQuery = std::make_unique<QSqlQuery>(db);
        // Not forward-only: QPSQL reads a forward-only result in libpq's
        // single-row mode, one PGresult per row; a batch of at most 500 rows
        // is better read in one piece.
        QStringList marks;
        for (int i = 0; i < MaxBatch; ++i)
            marks << QStringLiteral("?");
        const QString where = asArray ? QStringLiteral("%1 = ANY(CAST(? AS %2[]))")
                                            .arg(m_quotedKey, m_numericKey ? QStringLiteral("bigint") : QStringLiteral("text"))
                                      : QStringLiteral("%1 IN (%2)").arg(m_quotedKey, marks.join(QLatin1Char(',')));
        if (asArray && !m_batchQuery->prepare(QStringLiteral("SELECT %1 FROM %2 WHERE %3").arg(m_selectList, m_quotedTable, where))) {
            m_postgres = asArray = false;
            m_batchQuery = std::make_unique<QSqlQuery>(db);
        }
        if (!asArray
            && !m_batchQuery->prepare(QStringLiteral("SELECT %1 FROM %2 WHERE %3 IN (%4)")
                                          .arg(m_selectList, m_quotedTable, m_quotedKey, marks.join(QLatin1Char(','))))) {
            const Error e = failure(*m_batchQuery, Text::tr("Preparing the order lookup"));
            m_batchQuery.reset();
            return e;
        }
    }
    QSqlQuery &q = *m_batchQuery;
    for (qsizetype first = 0; first < values.size(); first += MaxBatch) {
        // One statement for every batch: a short last batch repeats its last
        // key (IN ignores duplicates), so the server plans it once.
        if (asArray) {
            q.bindValue(0, postgresArray(values.mid(first, MaxBatch)));
        } else {
            for (int i = 0; i < MaxBatch; ++i)
                q.bindValue(i, values.at(qMin(first + i, values.size() - 1)));
        }
        ++m_queries;
        if (!q.exec())
            return failure(q, Text::tr("Looking up orders in %1").arg(m_mapping.table));
        while (q.next()) {
            const OrderRow row = readRow(q);
            const QString normal = m_numericKey ? QString::number(row.keyValue.toLongLong()) : looseKey(row.keyValue);
            // Every key asked for that the database may have taken as this
            // one; the plan reviews those that differ from keyValue.
            for (const QString &key : byLooseKey.value(normal))
                put(key, row);
        }
        q.finish();
    }
    return out;
}

Result<std::optional<OrderRow>> OrderLookup::lookupOne(const QString &key)
{
    if (!m_open)
        return makeError(ErrorKind::Internal, Text::tr("The order lookup was used before it was opened."));
    const std::optional<QVariant> value = bindable(key);
    if (key.isEmpty() || !value)
        return std::optional<OrderRow>();
    if (!m_oneQuery) {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        m_oneQuery = std::make_unique<QSqlQuery>(db);
        m_oneQuery->setForwardOnly(true);
        if (!m_oneQuery->prepare(QStringLiteral("SELECT %1 FROM %2 WHERE %3 = ?").arg(m_selectList, m_quotedTable, m_quotedKey))) {
            const Error e = failure(*m_oneQuery, Text::tr("Preparing the order lookup"));
            m_oneQuery.reset();
            return e;
        }
    }
    QSqlQuery &q = *m_oneQuery;
    q.bindValue(0, *value);
    ++m_queries;
    if (!q.exec())
        return failure(q, Text::tr("Looking up order %1 in %2").arg(key, m_mapping.table));
    std::optional<OrderRow> found;
    while (q.next()) {
        if (found)
            ++found->matches;
        else
            found = readRow(q);
    }
    q.finish();
    return found;
}
