#include "app/store/pghot.h"

#include "app/store/utf8text.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QVarLengthArray>
#include <QtEndian>

#include <libpq-fe.h>

#include <charconv>
#include <cstring>

namespace {

// Messages of this file, in the "SqlStore" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

// Type OIDs from PostgreSQL's catalog (pg_type.dat), fixed since 7.x; the
// server headers that name them are not part of libpq-dev.
enum : Oid {
    BoolOid = 16,
    ByteaOid = 17,
    NameOid = 19,
    Int8Oid = 20,
    Int2Oid = 21,
    Int4Oid = 23,
    TextOid = 25,
    BpcharOid = 1042,
    VarcharOid = 1043,
};

bool readable(Oid type)
{
    switch (type) {
    case BoolOid:
    case ByteaOid:
    case NameOid:
    case Int8Oid:
    case Int2Oid:
    case Int4Oid:
    case TextOid:
    case BpcharOid:
    case VarcharOid:
        return true;
    default:
        return false;
    }
}

void clearResult(pg_result *result)
{
    PQclear(result);
}

PGconn *sessionOf(const QSqlDatabase &db)
{
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    // Qt 6.4 names the type by the struct behind libpq's typedef.
    const char *type = handle.isValid() ? handle.typeName() : nullptr;
    if (!type || (qstrcmp(type, "pg_conn*") != 0 && qstrcmp(type, "PGconn*") != 0))
        return nullptr;
    return *static_cast<PGconn *const *>(handle.constData());
}

QSqlError connectionError(const QString &text)
{
    return QSqlError(QStringLiteral("libpq"), text, QSqlError::ConnectionError);
}

// NULL as QtSql binds it: an invalid QVariant, and (unlike Qt 6's
// QVariant::isNull()) a null QString or QByteArray too.
bool isSqlNull(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::QString:
        return static_cast<const QString *>(v.constData())->isNull();
    case QMetaType::QByteArray:
        return static_cast<const QByteArray *>(v.constData())->isNull();
    default:
        return v.isNull();
    }
}

} // namespace

QSqlError pgErrorOf(PGconn *conn, const PGresult *result)
{
    const QString text = QString::fromUtf8(result ? PQresultErrorMessage(result) : PQerrorMessage(conn)).trimmed();
    if (PQstatus(conn) == CONNECTION_BAD)
        return connectionError(text);
    const char *state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
    return QSqlError(QStringLiteral("libpq"), text, QSqlError::StatementError, state ? QString::fromLatin1(state) : QString());
}

bool pgSucceeded(const PGresult *result)
{
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

// No byte of a multi-byte UTF-8 character is an ASCII '?'.
QByteArray pgPositional(const QString &sql)
{
    QByteArray out;
    int n = 0;
    for (const char c : sql.toUtf8()) {
        if (c == '?')
            out += '$' + QByteArray::number(++n);
        else
            out += c;
    }
    return out;
}

bool pgWantsNewPrepare(const QSqlError &error)
{
    return error.type() == QSqlError::StatementError
           && (error.nativeErrorCode() == QLatin1String("26000")
               || (error.nativeErrorCode() == QLatin1String("0A000") && error.databaseText().contains(QLatin1String("cached plan"))));
}

PgParameters::PgParameters(const QVariantList &values)
    : m_pointers(values.size())
    , m_lengths(values.size())
    , m_formats(values.size())
{
    // Where each text value starts in m_text, which may move as it grows:
    // the pointers are set once it is complete. -1: not text.
    QVarLengthArray<qsizetype, kOnStack> textAt(values.size());
    for (qsizetype i = 0; i < values.size(); ++i) {
        m_pointers[i] = nullptr;
        m_lengths[i] = 0;
        m_formats[i] = 0;
        textAt[i] = -1;
        const QVariant &v = values.at(i);
        if (isSqlNull(v))
            continue;
        if (v.typeId() == QMetaType::QByteArray) {
            m_binary.append(v.toByteArray());
            m_pointers[i] = m_binary.last().constData();
            m_lengths[i] = int(m_binary.last().size());
            m_formats[i] = 1;
            continue;
        }
        textAt[i] = m_text.size();
        switch (v.typeId()) {
        case QMetaType::Bool:
            m_text.append(v.toBool() ? 't' : 'f');
            break;
        case QMetaType::QString:
            appendUtf8(m_text, *static_cast<const QString *>(v.constData()));
            break;
        case QMetaType::Int:
        case QMetaType::LongLong: {
            char digits[24]; // the digits, without a QString between
            m_text.append(digits, std::to_chars(digits, digits + sizeof digits, v.toLongLong()).ptr - digits);
            break;
        }
        default:
            appendUtf8(m_text, v.toString()); // numbers: their digits
            break;
        }
        m_lengths[i] = int(m_text.size() - textAt[i]);
        m_text.append('\0'); // libpq reads a text value up to its terminator
    }
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (textAt[i] >= 0)
            m_pointers[i] = m_text.constData() + textAt[i];
    }
}

PgAnswer::PgAnswer()
    : m_result(nullptr, clearResult)
{
}

PgAnswer::PgAnswer(pg_result *result, QSqlError error)
    : m_result(result, clearResult)
    , m_error(std::move(error))
{
}

PgAnswer::PgAnswer(PgAnswer &&) noexcept = default;
PgAnswer &PgAnswer::operator=(PgAnswer &&) noexcept = default;
PgAnswer::~PgAnswer() = default;

int PgAnswer::rows() const
{
    return m_result ? PQntuples(m_result.get()) : 0;
}

int PgAnswer::columns() const
{
    return m_result ? PQnfields(m_result.get()) : 0;
}

qint64 PgAnswer::affected() const
{
    const char *tuples = m_result ? PQcmdTuples(m_result.get()) : "";
    return *tuples ? QByteArray(tuples).toLongLong() : 0;
}

bool PgAnswer::isNull(int row, int column) const
{
    return !m_result || PQgetisnull(m_result.get(), row, column);
}

QVariant PgAnswer::value(int row, int column) const
{
    if (isNull(row, column))
        return {};
    const char *data = PQgetvalue(m_result.get(), row, column);
    const int length = PQgetlength(m_result.get(), row, column);
    switch (PQftype(m_result.get(), column)) {
    case ByteaOid:
        return QByteArray(data, length);
    case BoolOid:
        return length == 1 && data[0] != 0;
    case Int2Oid:
        return length == 2 ? QVariant(qlonglong(qFromBigEndian<qint16>(data))) : QVariant();
    case Int4Oid:
        return length == 4 ? QVariant(qlonglong(qFromBigEndian<qint32>(data))) : QVariant();
    case Int8Oid:
        return length == 8 ? QVariant(qlonglong(qFromBigEndian<qint64>(data))) : QVariant();
    case NameOid:
    case TextOid:
    case BpcharOid:
    case VarcharOid:
        return QString::fromUtf8(data, length);
    default:
        return {};
    }
}

QString PgAnswer::typeProblem() const
{
    for (int c = 0; c < columns(); ++c) {
        if (const Oid type = PQftype(m_result.get(), c); !readable(type))
            return Text::tr("its column %1 has a PostgreSQL type (oid %2) that the engine never uses")
                .arg(QString::fromUtf8(PQfname(m_result.get(), c)))
                .arg(type);
    }
    return {};
}

size_t SqlTextHash::operator()(const QString &sql) const noexcept
{
    constexpr qsizetype kEnd = 64;
    const QStringView text(sql);
    if (text.size() <= 2 * kEnd)
        return qHash(text);
    return qHash(text.first(kEnd), qHash(text.last(kEnd), size_t(text.size())));
}

PgAnswer pgHotExec(const QSqlDatabase &db, PgStatementNames &statements, const QString &sql, const QVariantList &values)
{
    PGconn *conn = sessionOf(db);
    if (!conn || PQstatus(conn) != CONNECTION_OK)
        return {nullptr, connectionError(Text::tr("no connection to the server"))};
    // What QPSQL left unread: it reads a forward-only result's end but not
    // the terminating null result, and drains that before its own next
    // query. So does this, as QPSQL would.
    while (PGresult *left = PQgetResult(conn))
        PQclear(left);

    const PgParameters parameters(values);

    for (int attempt = 0;; ++attempt) {
        QByteArray &name = statements[sql];
        if (name.isEmpty()) {
            // Named after its entry, whose address no other live entry of
            // this session has (entries go only with the whole session).
            const QByteArray fresh = "idem_hot_" + QByteArray::number(quintptr(&name), 16);
            PGresult *prepared = PQprepare(conn, fresh.constData(), pgPositional(sql).constData(), int(values.size()), nullptr);
            if (!pgSucceeded(prepared)) {
                QSqlError error = pgErrorOf(conn, prepared);
                PQclear(prepared);
                return {nullptr, std::move(error)};
            }
            PQclear(prepared);
            name = fresh;
        }
        PGresult *result = PQexecPrepared(conn, name.constData(), int(parameters.size()), parameters.values(), parameters.lengths(),
                                          parameters.formats(), 1 /* binary results */);
        if (pgSucceeded(result))
            return {result, QSqlError()};
        QSqlError error = pgErrorOf(conn, result);
        PQclear(result);
        if (attempt > 0 || !pgWantsNewPrepare(error))
            return {nullptr, std::move(error)};
        // The old statement, if the session still has it, under its own name.
        PQclear(PQexec(conn, QByteArray("DEALLOCATE " + name).constData()));
        name.clear();
    }
}
