// SqlStore's reading of a native row: a value the engine never writes makes
// the record unreadable, never a wrong record.
#include "app/store/sqlrecord.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

#include <cmath>
#include <limits>

namespace {

// Messages of this file, in the "SqlStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SqlStore)
};

QByteArray bytes(const QVariant &value)
{
    return value.isNull() ? QByteArray() : value.toByteArray();
}

// A whole number as the database stored it; nullopt for anything else.
// SQLite keeps what it is given in any column ('many', -5.5, a BLOB); the
// servers' BIGINT columns come back as integers (or, from a text protocol,
// as their digits).
std::optional<qint64> wholeNumber(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
        return v.toLongLong();
    case QMetaType::ULongLong:
        return v.toULongLong() <= quint64(std::numeric_limits<qint64>::max()) ? std::optional<qint64>(v.toLongLong()) : std::nullopt;
    case QMetaType::QString: {
        static const QRegularExpression digits(QRegularExpression::anchoredPattern(QStringLiteral("-?[0-9]{1,18}")));
        const QString text = v.toString();
        return digits.match(text).hasMatch() ? std::optional<qint64>(text.toLongLong()) : std::nullopt;
    }
    default:
        return std::nullopt;
    }
}

} // namespace

const QString &sqlRecordColumns()
{
    static const QString columns =
        QStringLiteral("scope, idem_key, state, fingerprint, lease, owner, attempts, biz_no, status_code, headers, body, "
                       "created_at, updated_at, expires_at, reconciled");
    return columns;
}

Record sqlRecordFromRow(const QSqlQuery &q, const QString &where, bool withRequest)
{
    std::array<QVariant, kSqlRecordColumns> values;
    for (int i = 0; i < kSqlRecordColumns; ++i)
        values[i] = q.value(i);
    Record r = sqlRecordFromValues(values, where);
    if (withRequest)
        r.request = bytes(q.value(kSqlRecordColumns));
    return r;
}

Record sqlRecordFromValues(const std::array<QVariant, kSqlRecordColumns> &values, const QString &where)
{
    const auto column = [&values](int i) -> const QVariant & { return values[i]; };
    Record r;
    r.scope = column(0).toString();
    r.key = column(1).toString();
    QStringList problems;
    const QString state = column(2).toString();
    if (const std::optional<RecordState> parsed = recordStateFromName(state))
        r.state = *parsed;
    else
        problems << Text::tr("unknown state '%1'").arg(state.left(100));
    r.fingerprint = column(3).toString();
    r.lease = column(4).toString();
    r.owner = column(5).toString();
    r.bizNo = column(7).toString();
    r.headers = bytes(column(9));
    r.body = bytes(column(10));
    NativeNumbers n;
    const std::pair<int, qint64 *> numbers[] = {{6, &n.attempts},   {8, &n.statusCode}, {11, &n.createdAt},
                                                {12, &n.updatedAt}, {13, &n.expiresAt}, {14, &n.reconciled}};
    static const char *const names[] = {"attempts", "status_code", "created_at", "updated_at", "expires_at", "reconciled"};
    bool whole = true;
    for (int i = 0; i < 6; ++i) {
        const QVariant value = column(numbers[i].first);
        if (const std::optional<qint64> parsed = wholeNumber(value)) {
            *numbers[i].second = *parsed;
            continue;
        }
        whole = false;
        problems << Text::tr("%1=%2 is not a whole number")
                        .arg(QLatin1String(names[i]), value.isNull() ? QStringLiteral("NULL") : value.toString().left(100));
        // Listed where the database sorts it: a fraction by its whole part.
        if (numbers[i].first == 12 && value.typeId() == QMetaType::Double)
            n.updatedAt = qint64(std::floor(qBound(-9.0e18, value.toDouble(), 9.0e18)));
    }
    if (whole) {
        if (const QString problem = nativeRangeProblem(n, r.state, r.lease); !problem.isEmpty())
            problems << problem;
    }
    r.attempts = int(qBound(qint64(0), n.attempts, qint64(std::numeric_limits<int>::max())));
    r.statusCode = int(qBound(qint64(0), n.statusCode, qint64(999)));
    r.createdAt = n.createdAt;
    r.updatedAt = n.updatedAt;
    r.expiresAt = n.expiresAt;
    r.reconciled = n.reconciled != 0;
    if (!problems.isEmpty())
        r.readError = Text::tr("Record %1/%2 in %3 cannot be read: %4. The engine never writes that; nothing is done to it. "
                               "Inspect or delete the row.")
                          .arg(r.scope, r.key, where, problems.join(QStringLiteral("; ")));
    return r;
}
