#include "app/store/gojson.h"

#include "app/store/gojsonscanner.h"

#include <QCoreApplication>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace {

using GoJsonScan::decodeRune;
using GoJsonScan::Kind;
using GoJsonScan::kindName;
using GoJsonScan::Parser;
using GoJsonScan::Text;

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
qint64 daysFromCivil(qint64 y, int m, int d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void civilFromDays(qint64 z, qint64 *y, int *m, int *d)
{
    z += 719468;
    const qint64 era = (z >= 0 ? z : z - 146096) / 146097;
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    *d = int(doy - (153 * mp + 2) / 5 + 1);
    *m = int(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

int daysIn(int month, qint64 year)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    return month == 2 && leap ? 29 : days[month - 1];
}

// Go's base64.StdEncoding.DecodeString: padding required, '\r' and '\n'
// ignored, trailing bits not checked.
// With out null it only checks (a listing scan's summary).
bool decodeBase64(const QByteArray &text, QByteArray *out)
{
    static const auto table = [] {
        std::array<signed char, 256> t;
        t.fill(-1);
        const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < 64; ++i)
            t[uchar(alphabet[i])] = static_cast<signed char>(i);
        return t;
    }();
    QByteArray clean = text;
    if (clean.contains('\r') || clean.contains('\n')) {
        clean.removeIf([](char c) { return c == '\r' || c == '\n'; });
    }
    if (clean.size() % 4 != 0)
        return false;
    const char *data = clean.constData();
    if (out) {
        out->resize(0);
        out->reserve(clean.size() / 4 * 3);
    }
    for (qsizetype i = 0; i < clean.size(); i += 4) {
        const bool last = i + 4 == clean.size();
        int v[4];
        int pad = 0;
        for (int j = 0; j < 4; ++j) {
            const uchar c = uchar(data[i + j]);
            if (c == '=' && last && j >= 2) {
                v[j] = 0;
                ++pad;
            } else if (pad > 0 || table[c] < 0) {
                return false;
            } else {
                v[j] = table[c];
            }
        }
        if (!out)
            continue;
        const quint32 bits = quint32(v[0]) << 18 | quint32(v[1]) << 12 | quint32(v[2]) << 6 | quint32(v[3]);
        out->append(char(bits >> 16));
        if (pad < 2)
            out->append(char((bits >> 8) & 0xFF));
        if (pad < 1)
            out->append(char(bits & 0xFF));
    }
    return true;
}

enum Field { FKey, FStatus, FHeaders, FBody, FCreated, FExpires, FHash, FInFlight, FieldCount, FUnknown };

// Go's field matching: an exact name, else one equal under its case folding
// (ASCII upper case; U+212A KELVIN SIGN folds to K, U+017F LONG S to S).
// Compared in place: this runs for every member of every value a scan reads.
Field fieldOf(const QByteArray &name)
{
    static const char *const names[FieldCount] = {"KEY",        "STATUS_CODE", "HEADERS",      "BODY",
                                                  "CREATED_AT", "EXPIRES_AT",  "REQUEST_HASH", "IN_FLIGHT"};
    const auto *p = reinterpret_cast<const uchar *>(name.constData());
    const qsizetype n = name.size();
    for (int f = 0; f < FieldCount; ++f) {
        const char *want = names[f];
        qsizetype i = 0;
        for (; *want && i < n; ++want) {
            const uchar c = p[i];
            if (c < 0x80) {
                if ((c >= 'a' && c <= 'z' ? c - 32 : c) != uchar(*want))
                    break;
                ++i;
                continue;
            }
            const auto [r, size] = decodeRune(p + i, n - i);
            if (!((r == 0x212A && *want == 'K') || (r == 0x17F && *want == 'S')))
                break;
            i += size;
        }
        if (!*want && i == n)
            return Field(f);
    }
    return FUnknown;
}

const char *fieldName(int f)
{
    static const char *const names[FieldCount] = {"key",        "status_code", "headers",      "body",
                                                  "created_at", "expires_at",  "request_hash", "in_flight"};
    return names[f];
}

} // namespace

GoTime GoTime::fromMs(qint64 ms, int offsetSeconds)
{
    GoTime t;
    t.seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000;
    t.nanos = int(ms - t.seconds * 1000) * 1000000;
    t.offsetSeconds = offsetSeconds;
    return t;
}

namespace GoJson {

std::optional<GoTime> parseTime(QByteArrayView s)
{
    bool ok = true;
    auto num = [&](qsizetype at, qsizetype len, int min, int max) {
        int v = 0;
        for (qsizetype i = at; i < at + len; ++i) {
            if (s[i] < '0' || s[i] > '9') {
                ok = false;
                return 0;
            }
            v = v * 10 + (s[i] - '0');
        }
        if (v < min || v > max)
            ok = false;
        return v;
    };
    if (s.size() < 19)
        return std::nullopt;
    const int year = num(0, 4, 0, 9999);
    const int month = num(5, 2, 1, 12);
    const int day = ok ? num(8, 2, 1, daysIn(month, year)) : 0;
    const int hour = num(11, 2, 0, 23);
    const int minute = num(14, 2, 0, 59);
    const int second = num(17, 2, 0, 59);
    if (!ok || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':')
        return std::nullopt;
    qsizetype i = 19;
    int nanos = 0;
    if (s.size() - i >= 2 && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
        int digits = 0;
        for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
            if (digits++ < 9)
                nanos = nanos * 10 + (s[i] - '0');
        }
        for (; digits < 9; ++digits)
            nanos *= 10;
    }
    const QByteArrayView zone = s.sliced(i);
    int offset = 0;
    if (zone != "Z") {
        if (zone.size() != 6 || (zone[0] != '+' && zone[0] != '-') || zone[3] != ':')
            return std::nullopt;
        const int zh = num(i + 1, 2, 0, 23);
        const int zm = num(i + 4, 2, 0, 59);
        if (!ok)
            return std::nullopt;
        offset = (zh * 60 + zm) * 60 * (zone[0] == '-' ? -1 : 1);
    }
    GoTime t;
    t.seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - offset;
    t.nanos = nanos;
    t.offsetSeconds = offset;
    t.text = s.toByteArray();
    return t;
}

QByteArray formatTime(const GoTime &t)
{
    const qint64 local = t.seconds + t.offsetSeconds;
    const qint64 days = local >= 0 ? local / 86400 : (local - 86399) / 86400;
    const qint64 secs = local - days * 86400;
    qint64 year;
    int month, day;
    civilFromDays(days, &year, &month, &day);
    if (year < 0 || year > 9999)
        return QByteArray();
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d", int(year), month, day, int(secs / 3600), int(secs / 60 % 60),
                          int(secs % 60));
    QByteArray out(buf, n);
    if (t.nanos > 0) {
        QByteArray frac = QByteArray::number(t.nanos).rightJustified(9, '0');
        while (frac.endsWith('0'))
            frac.chop(1);
        out += '.' + frac;
    }
    if (t.offsetSeconds == 0) {
        out += 'Z';
    } else {
        const int abs = std::abs(t.offsetSeconds) / 60;
        n = std::snprintf(buf, sizeof buf, "%c%02d:%02d", t.offsetSeconds < 0 ? '-' : '+', abs / 60, abs % 60);
        out.append(buf, n);
    }
    return out;
}

QByteArray quote(QByteArrayView s)
{
    static const char hex[] = "0123456789abcdef";
    QByteArray out;
    out.reserve(s.size() + 2);
    out.append('"');
    const auto *p = reinterpret_cast<const uchar *>(s.data());
    const qsizetype n = s.size();
    for (qsizetype i = 0; i < n;) {
        const uchar b = p[i];
        if (b < 0x80) {
            switch (b) {
            case '"':
                out.append("\\\"");
                break;
            case '\\':
                out.append("\\\\");
                break;
            case '\b':
                out.append("\\b");
                break;
            case '\f':
                out.append("\\f");
                break;
            case '\n':
                out.append("\\n");
                break;
            case '\r':
                out.append("\\r");
                break;
            case '\t':
                out.append("\\t");
                break;
            default:
                if (b < 0x20 || b == '<' || b == '>' || b == '&') {
                    const char esc[] = {'\\', 'u', '0', '0', hex[b >> 4], hex[b & 0xF]};
                    out.append(esc, 6);
                } else {
                    out.append(char(b));
                }
            }
            ++i;
            continue;
        }
        const auto [r, size] = decodeRune(p + i, n - i);
        if (r == 0xFFFD && size == 1)
            out.append("\\ufffd");
        else if (r == 0x2028 || r == 0x2029)
            out.append(r == 0x2028 ? "\\u2028" : "\\u2029");
        else
            out.append(reinterpret_cast<const char *>(p + i), size);
        i += size;
    }
    out.append('"');
    return out;
}

QByteArray encode(const GoRecord &r)
{
    auto time = [](const GoTime &t) -> QByteArray { return '"' + (t.text.isEmpty() ? formatTime(t) : t.text) + '"'; };
    QByteArray out;
    out.reserve(160 + r.key.size() + (r.body ? r.body->size() * 4 / 3 : 0));
    out += "{\"key\":" + quote(r.key) + ",\"status_code\":" + QByteArray::number(r.statusCode) + ",\"headers\":";
    if (!r.headers) {
        out += "null";
    } else {
        out += '{';
        for (auto it = r.headers->cbegin(); it != r.headers->cend(); ++it)
            out += (it == r.headers->cbegin() ? "" : ",") + quote(it.key()) + ':' + quote(it.value());
        out += '}';
    }
    out += ",\"body\":" + (r.body ? '"' + r.body->toBase64() + '"' : QByteArray("null"));
    out += ",\"created_at\":" + time(r.createdAt) + ",\"expires_at\":" + time(r.expiresAt);
    out += ",\"request_hash\":" + quote(r.requestHash) + ",\"in_flight\":" + (r.inFlight ? "true" : "false") + '}';
    return out;
}

namespace {

// One decode pass: the parser, the record it fills, and the first type error
// Go would report (it reports the first and goes on).
class RecordDecoder {
public:
    RecordDecoder(QByteArrayView json, bool summary)
        : m_p(json)
        , m_summary(summary)
    {
    }

    Result<GoRecord> run()
    {
        const Kind top = m_p.kind();
        if (top == Kind::Object)
            m_p.members([this](const QByteArray &name) { return readField(name); });
        else
            m_p.skip();
        m_p.ws();
        if (!m_p.syntaxError && !m_p.atEnd())
            m_p.unexpected();
        return finish(top);
    }

private:
    Parser m_p;
    GoRecord m_r;
    std::optional<QString> m_typeError;
    bool m_present[FieldCount] = {};
    bool m_null[FieldCount] = {};
    const bool m_summary;

    void noteTypeError(const QString &message)
    {
        if (!m_typeError)
            m_typeError = message;
    }

    bool wrongType(int f, Kind kind, const QString &expected)
    {
        noteTypeError(Text::tr("%1 is %2, expected %3").arg(QLatin1String(fieldName(f)), kindName(kind), expected));
        return m_p.skip();
    }

    bool readField(const QByteArray &name)
    {
        const Field f = fieldOf(name);
        if (f == FUnknown)
            return m_p.skip();
        const Kind kind = m_p.kind();
        if (kind == Kind::Null)
            return readNull(f);
        m_null[f] = false;
        switch (f) {
        case FKey:
        case FHash:
            if (kind != Kind::String)
                return wrongType(f, kind, Text::tr("a string"));
            m_present[f] = true;
            return m_p.string(f == FKey ? &m_r.key : (m_summary ? nullptr : &m_r.requestHash));
        case FStatus:
            if (kind != Kind::Number)
                return wrongType(f, kind, Text::tr("a number"));
            return readStatus();
        case FHeaders:
            if (kind != Kind::Object)
                return wrongType(f, kind, Text::tr("an object of strings"));
            return readHeaders();
        case FBody:
            return readBody(kind);
        case FCreated:
        case FExpires:
            if (kind != Kind::String)
                return wrongType(f, kind, Text::tr("an RFC 3339 time string"));
            return readTime(f, f == FCreated ? &m_r.createdAt : &m_r.expiresAt);
        case FInFlight:
            if (kind != Kind::Bool)
                return wrongType(f, kind, Text::tr("true/false"));
            m_present[f] = true;
            return m_p.literal(m_p.peek() == 't' ? "true" : "false", &m_r.inFlight);
        case FieldCount:
        case FUnknown:
            break;
        }
        return m_p.skip();
    }

    // Go leaves the field as it was, and a nil map or slice for headers and body.
    bool readNull(Field f)
    {
        m_null[f] = !m_present[f];
        if (f == FHeaders)
            m_r.headers.reset();
        if (f == FBody)
            m_r.body.reset();
        return m_p.literal("null");
    }

    bool readStatus()
    {
        QByteArrayView text;
        if (!m_p.number(&text))
            return false;
        bool ok = false;
        const qint64 v = text.toLongLong(&ok);
        if (ok && v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max()) {
            m_r.statusCode = v;
            m_present[FStatus] = true;
        } else {
            noteTypeError(
                Text::tr("status_code is %1, expected an integer HTTP status").arg(QString::fromLatin1(text.toByteArray().left(40))));
        }
        return true;
    }

    bool readHeaders()
    {
        if (!m_r.headers)
            m_r.headers.emplace();
        m_present[FHeaders] = true;
        return m_p.members([this](const QByteArray &header) { return readHeader(header); });
    }

    // One header value (summary: checked, not kept).
    bool readHeader(const QByteArray &header)
    {
        const Kind vk = m_p.kind();
        if (vk == Kind::Null) {
            if (!m_summary)
                m_r.headers->insert(header, QByteArray());
            return m_p.literal("null");
        }
        if (vk != Kind::String) {
            noteTypeError(Text::tr("headers[\"%1\"] is %2, expected a string").arg(QString::fromUtf8(header.left(64)), kindName(vk)));
            return m_p.skip();
        }
        if (m_summary)
            return m_p.string(nullptr);
        QByteArray value;
        if (!m_p.string(&value))
            return false;
        m_r.headers->insert(header, value);
        return true;
    }

    bool readBody(Kind kind)
    {
        if (kind == Kind::String)
            return readBodyBase64();
        if (kind == Kind::Array) // Go fills a []byte from an array of numbers too
            return readBodyByteArray();
        return wrongType(FBody, kind, Text::tr("a base64 string"));
    }

    bool readBodyBase64()
    {
        QByteArray text;
        if (!m_p.string(&text))
            return false;
        QByteArray bytes;
        if (decodeBase64(text, m_summary ? nullptr : &bytes)) {
            m_r.body = std::move(bytes);
            m_present[FBody] = true;
        } else {
            noteTypeError(Text::tr("body is not valid base64"));
        }
        return true;
    }

    bool readBodyByteArray()
    {
        QByteArray bytes;
        const bool parsed = m_p.elements([&] { return readBodyByte(&bytes); });
        m_r.body = std::move(bytes);
        m_present[FBody] = true;
        return parsed;
    }

    bool readBodyByte(QByteArray *bytes)
    {
        const Kind ek = m_p.kind();
        if (ek == Kind::Null) {
            bytes->append('\0');
            return m_p.literal("null");
        }
        if (ek != Kind::Number)
            return wrongType(FBody, ek, Text::tr("a base64 string"));
        QByteArrayView text;
        if (!m_p.number(&text))
            return false;
        bool ok = false;
        const int v = text.toInt(&ok);
        if (!ok || v < 0 || v > 255)
            noteTypeError(Text::tr("body holds %1, expected bytes 0 to 255").arg(QString::fromLatin1(text.toByteArray().left(40))));
        bytes->append(char(v));
        return true;
    }

    bool readTime(int f, GoTime *out)
    {
        QByteArrayView raw;
        if (!m_p.string(nullptr, &raw))
            return false;
        if (std::optional<GoTime> t = parseTime(raw)) {
            *out = *t;
            m_present[f] = true;
        } else {
            noteTypeError(Text::tr("%1 is not an RFC 3339 time: \"%2\"")
                              .arg(QLatin1String(fieldName(f)), QString::fromUtf8(raw.toByteArray().left(64))));
        }
        return true;
    }

    // Errors in Go's order: syntax, not an object, the first type error, then required fields.
    Result<GoRecord> finish(Kind top)
    {
        if (m_p.syntaxError)
            return makeError(ErrorKind::Corrupt, *m_p.syntaxError);
        if (top != Kind::Object)
            return makeError(ErrorKind::Corrupt, Text::tr("the value is %1, expected a JSON object").arg(kindName(top)));
        if (m_typeError)
            return makeError(ErrorKind::Corrupt, *m_typeError);
        for (int f : {FKey, FCreated, FExpires, FHash, FInFlight}) {
            if (m_null[f])
                return makeError(ErrorKind::Corrupt, Text::tr("%1 is null").arg(QLatin1String(fieldName(f))));
            if (!m_present[f])
                return makeError(ErrorKind::Corrupt, Text::tr("%1 is missing").arg(QLatin1String(fieldName(f))));
        }
        return std::move(m_r);
    }
};

} // namespace

Result<GoRecord> decode(QByteArrayView json, bool summary)
{
    return RecordDecoder(json, summary).run();
}

} // namespace GoJson
