#include "app/store/record.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <limits>

namespace {
// Messages of this file, in the "Record" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(Record)
};
} // namespace

QString recordStateName(RecordState state)
{
    switch (state) {
    case RecordState::InFlight:
        return QStringLiteral("IN_FLIGHT");
    case RecordState::Completed:
        return QStringLiteral("COMPLETED");
    case RecordState::TimedOut:
        return QStringLiteral("TIMED_OUT");
    }
    return QString();
}

std::optional<RecordState> recordStateFromName(const QString &name)
{
    for (RecordState s : {RecordState::InFlight, RecordState::Completed, RecordState::TimedOut}) {
        if (recordStateName(s) == name)
            return s;
    }
    return std::nullopt;
}

namespace {

// Printable ASCII other than '"' and '\\': JSON writes such a character as it
// is. Headers made only of these are written and read without QJsonDocument.
bool isPlainChar(char c)
{
    return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\';
}

bool isPlain(QByteArrayView text)
{
    return std::all_of(text.begin(), text.end(), isPlainChar);
}

} // namespace

QByteArray encodeHeaders(const HeaderList &headers)
{
    // Plain headers are written directly, byte for byte what QJsonDocument's
    // compact form gives (tst_headers compares them): every completed
    // request encodes its response's headers, and the JSON document had been
    // 8% of a first request's client CPU on PostgreSQL (perf).
    qsizetype size = 2;
    bool plain = true;
    for (const auto &[name, value] : headers) {
        plain = plain && isPlain(name) && isPlain(value);
        size += name.size() + value.size() + 8;
    }
    if (plain) {
        QByteArray out;
        out.reserve(size);
        out.append('[');
        for (const auto &[name, value] : headers) {
            if (out.size() > 1)
                out.append(',');
            out.append("[\"").append(name).append("\",\"").append(value).append("\"]");
        }
        out.append(']');
        return out;
    }
    QJsonArray array;
    for (const auto &[name, value] : headers)
        array.append(QJsonArray{QString::fromLatin1(name), QString::fromLatin1(value)});
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

namespace {

// The string at `at` (its opening quote) when it holds only plain
// characters: its bytes, and `at` moved past its closing quote.
std::optional<QByteArrayView> plainString(QByteArrayView json, qsizetype &at)
{
    if (at >= json.size() || json[at] != '"')
        return std::nullopt;
    const qsizetype start = ++at;
    for (; at < json.size(); ++at) {
        const char c = json[at];
        if (c == '"')
            return json.sliced(start, at++ - start);
        if (!isPlainChar(c))
            return std::nullopt;
    }
    return std::nullopt;
}

// What encodeHeaders writes for plain ASCII headers, read without building
// a JSON document: the guard decodes a cached response's headers on every
// replay, and QJsonDocument made a dozen allocations of it.
// nullopt for anything else (spaces, escapes, other characters): the caller
// then asks QJsonDocument, which also says whether it is JSON at all.
std::optional<HeaderList> decodePlainHeaders(QByteArrayView json)
{
    if (json.size() < 2 || json.front() != '[' || json.back() != ']')
        return std::nullopt;
    HeaderList headers;
    headers.reserve(json.count('[')); // a '[' per pair and the outer one: room for the header the guard adds to a replay
    qsizetype at = 1;
    if (json.size() == 2)
        return headers;
    for (;;) {
        if (json[at++] != '[')
            return std::nullopt;
        const std::optional<QByteArrayView> name = plainString(json, at);
        if (!name || at >= json.size() || json[at++] != ',')
            return std::nullopt;
        const std::optional<QByteArrayView> value = plainString(json, at);
        if (!value || at + 1 >= json.size() || json[at++] != ']')
            return std::nullopt;
        headers.append({name->toByteArray(), value->toByteArray()});
        const char next = json[at++];
        if (next == ']')
            return at == json.size() ? std::optional<HeaderList>(std::move(headers)) : std::nullopt;
        if (next != ',')
            return std::nullopt;
    }
}

} // namespace

std::optional<HeaderList> decodeHeaders(const QByteArray &json)
{
    if (json.isEmpty())
        return HeaderList{};
    if (std::optional<HeaderList> plain = decodePlainHeaders(json))
        return plain;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return std::nullopt;
    HeaderList headers;
    for (const QJsonValue &pair : doc.array()) {
        const QJsonArray p = pair.toArray();
        if (p.size() != 2 || !p.at(0).isString() || !p.at(1).isString())
            return std::nullopt;
        headers.append({p.at(0).toString().toLatin1(), p.at(1).toString().toLatin1()});
    }
    return headers;
}

Response Record::response() const
{
    return Response{statusCode, decodeHeaders(headers).value_or(HeaderList{}), body};
}

QString nativeRangeProblem(const NativeNumbers &n, RecordState state, const QString &lease)
{
    QStringList problems;
    const auto time = [&](const char *name, qint64 value) {
        if (value < kEarliestRecordMs || value > kLatestRecordMs)
            problems << Text::tr("%1=%2 is not a time between 2000-01-01 and 9999-12-31 (milliseconds since 1970)")
                            .arg(QLatin1String(name))
                            .arg(value);
    };
    time("created_at", n.createdAt);
    time("updated_at", n.updatedAt);
    if (n.expiresAt != 0)
        time("expires_at", n.expiresAt);
    if (n.attempts < 1 || n.attempts > std::numeric_limits<int>::max())
        problems << Text::tr("attempts=%1 is not a count of attempts (1 or more)").arg(n.attempts);
    if (n.statusCode < 0 || n.statusCode > 999)
        problems << Text::tr("status_code=%1 is not an HTTP status (0 to 999)").arg(n.statusCode);
    if (n.reconciled != 0 && n.reconciled != 1)
        problems << Text::tr("reconciled=%1 is neither 0 nor 1").arg(n.reconciled);
    if (state == RecordState::InFlight && lease.isEmpty())
        problems << Text::tr("an in-flight record without the lease of its attempt");
    return problems.join(QStringLiteral("; "));
}
