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
    m_catalog.emplace(SqlDialect::kindOf(url->kind));
    if (const QString readOnly = m_catalog->readOnlyConnectOption(); !readOnly.isEmpty()) // the lookup never writes
        db.setConnectOptions(db.connectOptions() + QLatin1Char(';') + readOnly);
    if (!db.open())
        return makeError(ErrorKind::Unavailable,
                         Text::tr("Cannot connect to the orders database %1: %2").arg(m_displayUrl, db.lastError().text()));
    {
        QSqlQuery session(db);
        for (const QString &statement : m_catalog->lookupSessionSetup()) {
            if (!session.exec(statement))
                return failure(session, Text::tr("Making the session read-only"));
        }
    }

    std::optional<SqlCatalog::CatalogTable> table;
    QList<SqlCatalog::CatalogColumn> columns;
    {
        QSqlQuery q(db);
        if (!m_catalog->findTable(q, m_mapping.table, &table))
            return failure(q, Text::tr("Looking up table %1").arg(m_mapping.table));
        if (!table)
            return makeError(ErrorKind::InvalidArgument,
                             Text::tr("There is no table %1 in the orders database %2.").arg(m_mapping.table, m_displayUrl));
        if (!m_catalog->tableColumns(q, *table, &columns))
            return failure(q, Text::tr("Reading the columns of %1").arg(m_mapping.table));
    }
    if (columns.isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("Cannot read the columns of table %1 in %2.").arg(m_mapping.table, m_displayUrl));
    m_columns.clear();
    for (const SqlCatalog::CatalogColumn &c : std::as_const(columns))
        m_columns << c.name;
    m_keyIndex = findColumn(m_columns, m_mapping.keyColumn);
    if (m_keyIndex < 0)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The key column %1 is not in table %2 (columns: %3).")
                                                         .arg(m_mapping.keyColumn, m_mapping.table, m_columns.join(QStringLiteral(", "))));
    m_statusIndex = findColumn(m_columns, m_mapping.statusColumn);
    if (m_statusIndex < 0)
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The status column %1 is not in table %2 (columns: %3).")
                             .arg(m_mapping.statusColumn, m_mapping.table, m_columns.join(QStringLiteral(", "))));
    m_numericKey = columns.at(m_keyIndex).numeric;

    const QSqlDriver *driver = db.driver();
    m_quotedTable = table->schema.isEmpty() ? QString() : driver->escapeIdentifier(table->schema, QSqlDriver::TableName) + QLatin1Char('.');
    m_quotedTable += driver->escapeIdentifier(table->table, QSqlDriver::TableName);
    m_quotedKey = driver->escapeIdentifier(m_columns.at(m_keyIndex), QSqlDriver::FieldName);
    QStringList quoted;
    for (const QString &c : std::as_const(m_columns))
        quoted << driver->escapeIdentifier(c, QSqlDriver::FieldName);
    m_selectList = quoted.join(QStringLiteral(", "));
    m_queries = 0;
    m_open = true;
    return {};
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
    // One bound array where the dialect has one (SqlCatalog::keyArrayCondition),
    // else an IN list. A key column whose type has no "= text" (uuid, say)
    // refuses the array form when prepared: it then falls back to the IN
    // list for good.
    if (!m_batchQuery) {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        m_batchQuery = std::make_unique<QSqlQuery>(db);
        // Not forward-only: QPSQL reads a forward-only result in libpq's
        // single-row mode, one PGresult per row; a batch of at most 500 rows
        // is better read in one piece.
        const QString arrayCondition = m_catalog->keyArrayCondition(m_quotedKey, m_numericKey);
        m_keyArray =
            !arrayCondition.isEmpty()
            && m_batchQuery->prepare(QStringLiteral("SELECT %1 FROM %2 WHERE %3").arg(m_selectList, m_quotedTable, arrayCondition));
        if (!m_keyArray) {
            QStringList marks;
            for (int i = 0; i < MaxBatch; ++i)
                marks << QStringLiteral("?");
            m_batchQuery = std::make_unique<QSqlQuery>(db);
            if (!m_batchQuery->prepare(QStringLiteral("SELECT %1 FROM %2 WHERE %3 IN (%4)")
                                           .arg(m_selectList, m_quotedTable, m_quotedKey, marks.join(QLatin1Char(','))))) {
                const Error e = failure(*m_batchQuery, Text::tr("Preparing the order lookup"));
                m_batchQuery.reset();
                return e;
            }
        }
    }
    QSqlQuery &q = *m_batchQuery;
    for (qsizetype first = 0; first < values.size(); first += MaxBatch) {
        // One statement for every batch: a short last batch repeats its last
        // key (IN ignores duplicates), so the server plans it once.
        if (m_keyArray) {
            q.bindValue(0, SqlCatalog::keyArray(values.mid(first, MaxBatch)));
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
