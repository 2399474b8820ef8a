#include "app/store/keptrequest.h"

#include "app/store/utf8text.h"
#include "app/store/visibletext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QVarLengthArray>

#include <algorithm>
#include <charconv>

namespace {

// Messages of this file, in the "KeptRequest" translation context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(KeptRequest)
};

// Budgets of the parts before the body, in escaped bytes. Together with the
// markers they stay under 4 KiB, so a hostile path or header block can
// crowd out the body but never push the document past its cap.
constexpr qsizetype kMethodBudget = 32;
constexpr qsizetype kPathBudget = 1024;
constexpr qsizetype kHeaderNameBudget = 128;
constexpr qsizetype kHeaderValueBudget = 512;
constexpr qsizetype kHeadersBudget = 1536;
constexpr qsizetype kRedactedPathBudget = 64;
constexpr QByteArrayView kTruncatedMarker = ",\"truncated\":true";

// The length of the strict UTF-8 sequence at p (no overlong forms, no
// surrogates, nothing past U+10FFFF: what QJsonDocument accepts back), or 0.
int utf8Length(const uchar *p, qsizetype left)
{
    const uchar c = p[0];
    if (c < 0x80)
        return 1;
    const auto tail = [&](qsizetype i) { return i < left && (p[i] & 0xc0) == 0x80; };
    if (c >= 0xc2 && c <= 0xdf)
        return tail(1) ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        if (!tail(1) || !tail(2))
            return 0;
        if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] >= 0xa0))
            return 0; // overlong, or a surrogate
        return 3;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        if (!tail(1) || !tail(2) || !tail(3))
            return 0;
        if ((c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] >= 0x90))
            return 0; // overlong, or past U+10FFFF
        return 4;
    }
    return 0;
}

// How many bytes JSON needs for an ASCII byte inside a string.
int escapedSize(uchar c)
{
    if (c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f')
        return 2;
    return c < 0x20 ? 6 : 1;
}

void appendEscaped(QByteArray &out, uchar c)
{
    switch (c) {
    case '"':
        out.append("\\\"");
        return;
    case '\\':
        out.append("\\\\");
        return;
    case '\n':
        out.append("\\n");
        return;
    case '\r':
        out.append("\\r");
        return;
    case '\t':
        out.append("\\t");
        return;
    case '\b':
        out.append("\\b");
        return;
    case '\f':
        out.append("\\f");
        return;
    default:
        break;
    }
    if (c < 0x20) {
        static const char hex[] = "0123456789abcdef";
        const char escape[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
        out.append(escape, 6);
        return;
    }
    out.append(char(c));
}

enum class Written { Whole, Cut, NotUtf8 };

// Appends `text` JSON-escaped (no quotes) while it fits in `budget` bytes,
// cut only between characters. NotUtf8, with `out` as it was, when an
// invalid sequence comes before the budget runs out: what is kept is text
// exactly when it decodes, and a 1 MB body is looked at only as far as fits.
Written appendJsonText(QByteArray &out, QByteArrayView text, qsizetype budget)
{
    const qsizetype start = out.size();
    const auto *p = reinterpret_cast<const uchar *>(text.data());
    const qsizetype n = text.size();
    qsizetype used = 0;
    for (qsizetype i = 0; i < n;) {
        // A run of ASCII that JSON writes as it is goes in one append: the
        // guard encodes a request per claim, and byte-by-byte appends were
        // most of that cost.
        qsizetype run = i;
        const qsizetype runEnd = i + qMin(n - i, budget - used);
        while (run < runEnd && p[run] >= 0x20 && p[run] < 0x80 && p[run] != '"' && p[run] != '\\')
            ++run;
        if (run > i) {
            out.append(text.sliced(i, run - i));
            used += run - i;
            i = run;
            continue;
        }
        const int length = utf8Length(p + i, n - i);
        if (length == 0) {
            out.truncate(start);
            return Written::NotUtf8;
        }
        const int cost = length == 1 ? escapedSize(p[i]) : length;
        if (used + cost > budget)
            return Written::Cut;
        used += cost;
        if (length == 1)
            appendEscaped(out, p[i]);
        else
            out.append(text.sliced(i, length));
        i += length;
    }
    return Written::Whole;
}

// A stored string (always valid UTF-8: it came from a QString) within its
// budget, its bytes made on the stack (writeUtf8): the guard encodes a
// request per claim, and a QByteArray per string was two fifths of it.
bool appendString(QByteArray &out, QStringView text, qsizetype budget)
{
    out.append('"');
    QVarLengthArray<char, 256> utf8;
    appendUtf8(utf8, text);
    const Written written = appendJsonText(out, QByteArrayView(utf8.data(), utf8.size()), budget);
    out.append('"');
    return written == Written::Whole;
}

QString hexDump(const QByteArray &bytes, qsizetype limit)
{
    QString out;
    const qsizetype n = qMin(bytes.size(), limit);
    for (qsizetype offset = 0; offset < n; offset += 16) {
        const QByteArray line = bytes.mid(offset, qMin<qsizetype>(16, n - offset));
        QString ascii;
        for (char c : line)
            ascii += (c >= 0x20 && c < 0x7f) ? QLatin1Char(c) : QLatin1Char('.');
        out +=
            QStringLiteral("%1  %2  %3\n").arg(offset, 8, 16, QLatin1Char('0')).arg(QString::fromLatin1(line.toHex(' ')), -47).arg(ascii);
    }
    return out;
}

// A JSON document re-indented, its members in the order sent and its
// strings and escapes untouched (QJsonDocument would sort the members and
// re-escape them, and the kept body should read as the client sent it,
// masks where they were). The input must be valid JSON.
QByteArray prettyJson(QByteArrayView json)
{
    QByteArray out;
    out.reserve(json.size() * 2);
    int depth = 0;
    const auto newline = [&] { out.append('\n').append(QByteArray(4 * depth, ' ')); };
    const auto nextSolid = [&](qsizetype i) {
        while (i < json.size() && (json[i] == ' ' || json[i] == '\t' || json[i] == '\n' || json[i] == '\r'))
            ++i;
        return i;
    };
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (c == '"') {
            const qsizetype start = i++;
            while (i < json.size() && json[i] != '"')
                i += json[i] == '\\' ? 2 : 1;
            out.append(json.sliced(start, qMin(i + 1, json.size()) - start));
        } else if (c == '{' || c == '[') {
            const qsizetype next = nextSolid(i + 1);
            if (next < json.size() && (json[next] == '}' || json[next] == ']')) {
                out.append(c).append(json[next]); // {} and [] stay on one line
                i = next;
                continue;
            }
            out.append(c);
            ++depth;
            newline();
        } else if (c == '}' || c == ']') {
            --depth;
            newline();
            out.append(c);
        } else if (c == ',') {
            out.append(c);
            newline();
        } else if (c == ':') {
            out.append(": ");
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            out.append(c);
        }
    }
    return out;
}

Error corrupt(const QString &what)
{
    return makeError(ErrorKind::Corrupt, Text::tr("The request kept with this record cannot be read: %1.").arg(what));
}

} // namespace

QString requestText(QByteArrayView bytes)
{
    const auto *p = reinterpret_cast<const uchar *>(bytes.data());
    if (std::all_of(p, p + bytes.size(), [](uchar c) { return c < 0x80; }))
        return QString::fromLatin1(bytes); // ASCII, as most methods, paths and headers are: the same text either way
    for (qsizetype i = 0; i < bytes.size();) {
        const int length = utf8Length(p + i, bytes.size() - i);
        if (length == 0)
            return QString::fromLatin1(bytes);
        i += length;
    }
    return QString::fromUtf8(bytes);
}

QByteArray KeptRequest::encode(qsizetype maxBytes) const
{
    maxBytes = qMax(maxBytes, kMaxKeptRequestBytes); // the parts before the body are budgeted for 4 KiB
    bool cut = truncated;
    QByteArray out;
    out.reserve(qMin<qsizetype>(maxBytes, 512 + body.size() + body.size() / 3));
    out.append("{\"method\":");
    cut = !appendString(out, method, kMethodBudget) || cut;
    out.append(",\"path\":");
    cut = !appendString(out, path, kPathBudget) || cut;
    out.append(",\"headers\":[");
    const qsizetype headersStart = out.size();
    for (const auto &[name, value] : headers) {
        const qsizetype pairStart = out.size();
        const bool first = pairStart == headersStart;
        if (!first)
            out.append(',');
        out.append('[');
        bool pairCut = !appendString(out, name, kHeaderNameBudget);
        out.append(',');
        pairCut = !appendString(out, value, kHeaderValueBudget) || pairCut;
        out.append(']');
        // The pair and a comma after it must fit, or it and the rest of the headers are left out.
        if (out.size() - headersStart + (first ? 1 : 0) > kHeadersBudget) {
            out.truncate(pairStart);
            cut = true;
            break;
        }
        cut = pairCut || cut;
    }
    out.append(']');

    // Everything after the body, known before it: its size is the body's budget.
    QByteArray tail;
    tail.reserve(64);
    tail.append(",\"original_bytes\":");
    char digits[24];
    tail.append(digits, std::to_chars(digits, digits + sizeof digits, originalBytes).ptr - digits);
    if (!redacted.isEmpty()) {
        tail.append(",\"redacted\":[");
        for (qsizetype i = 0; i < qMin<qsizetype>(redacted.size(), kMaxRedactedPaths); ++i) {
            if (i > 0)
                tail.append(',');
            appendString(tail, redacted.at(i), kRedactedPathBudget);
        }
        tail.append(']');
    }
    if (bodyWithheld)
        tail.append(",\"body_withheld\":true");
    tail.append('}');

    if (hasBody && !bodyWithheld) {
        const qsizetype reserved = out.size() + tail.size() + kTruncatedMarker.size() + 2; // the body's quotes
        const qsizetype room = maxBytes - reserved - qsizetype(sizeof(",\"body_base64\":") - 1);
        if (room <= 0) {
            cut = cut || !body.isEmpty();
        } else {
            out.append(",\"body\":\"");
            const qsizetype keyStart = out.size() - 9;
            const Written text = appendJsonText(out, body, room);
            if (text == Written::NotUtf8) {
                out.truncate(keyStart);
                out.append(",\"body_base64\":\"");
                const qsizetype keep = qMin(body.size(), room / 4 * 3);
                out.append(body.first(keep).toBase64());
                cut = cut || keep < body.size();
            } else {
                cut = cut || text == Written::Cut;
            }
            out.append('"');
        }
    }
    if (cut)
        out.append(kTruncatedMarker);
    out.append(tail);
    return out;
}

Result<std::optional<KeptRequest>> KeptRequest::decode(const QByteArray &document)
{
    if (document.isEmpty())
        return std::optional<KeptRequest>();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(document, &error);
    if (error.error != QJsonParseError::NoError)
        return corrupt(Text::tr("not JSON (%1 at offset %2)").arg(error.errorString()).arg(error.offset));
    if (!doc.isObject())
        return corrupt(Text::tr("not a JSON object"));
    const QJsonObject o = doc.object();
    KeptRequest r;
    const auto string = [&o](const char *name, QString *to) {
        const QJsonValue v = o.value(QLatin1String(name));
        if (v.isUndefined())
            return true;
        *to = v.toString();
        return v.isString();
    };
    if (!string("method", &r.method) || !string("path", &r.path))
        return corrupt(Text::tr("the method or path is not a string"));
    for (const QJsonValue &pair : o.value(QLatin1String("headers")).toArray()) {
        const QJsonArray p = pair.toArray();
        if (p.size() != 2 || !p.at(0).isString() || !p.at(1).isString())
            return corrupt(Text::tr("a header is not a pair of strings"));
        r.headers.append({p.at(0).toString(), p.at(1).toString()});
    }
    if (o.contains(QLatin1String("body"))) {
        const QJsonValue v = o.value(QLatin1String("body"));
        if (!v.isString())
            return corrupt(Text::tr("the body is not a string"));
        r.body = v.toString().toUtf8();
        r.hasBody = true;
    } else if (o.contains(QLatin1String("body_base64"))) {
        const QByteArray::FromBase64Result bytes = QByteArray::fromBase64Encoding(
            o.value(QLatin1String("body_base64")).toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!bytes)
            return corrupt(Text::tr("the binary body is not base64"));
        r.body = *bytes;
        r.hasBody = true;
        r.binary = true;
    }
    r.originalBytes = qint64(o.value(QLatin1String("original_bytes")).toDouble(double(r.body.size())));
    r.truncated = o.value(QLatin1String("truncated")).toBool();
    r.bodyWithheld = o.value(QLatin1String("body_withheld")).toBool();
    for (const QJsonValue &path : o.value(QLatin1String("redacted")).toArray())
        r.redacted << path.toString();
    return std::optional<KeptRequest>(std::move(r));
}

bool KeptRequest::bodyIsJson() const
{
    if (!hasBody || binary || body.isEmpty())
        return false;
    QJsonParseError error;
    QJsonDocument::fromJson(body, &error);
    return error.error == QJsonParseError::NoError;
}

QString KeptRequest::bodyText() const
{
    if (bodyWithheld)
        return Text::tr("(not kept)");
    if (!hasBody || body.isEmpty())
        return originalBytes > 0 ? Text::tr("(not kept)") : Text::tr("(empty)");
    if (binary)
        return Text::tr("%n byte(s), not UTF-8 text:", nullptr, int(body.size())) + QLatin1Char('\n') + hexDump(body, kMaxKeptRequestBytes);
    if (bodyIsJson())
        return visibleBlock(QString::fromUtf8(prettyJson(body)));
    return visibleBlock(QString::fromUtf8(body));
}

QStringList KeptRequest::notes() const
{
    QStringList out;
    if (truncated)
        out << Text::tr("Cut to the %1 KiB kept per record: %2 of the body's %3 bytes are kept.")
                   .arg(kMaxKeptRequestBytes / 1024)
                   .arg(body.size())
                   .arg(originalBytes);
    if (bodyWithheld)
        out << Text::tr("The body (%1 bytes) was not kept: it names a masked field (%2) but is neither JSON nor a form, "
                        "so it could not be masked safely.")
                   .arg(originalBytes)
                   .arg(visibleText(redacted.join(QStringLiteral(", "))));
    else if (!redacted.isEmpty())
        out << Text::tr("Masked before it was stored: %1.").arg(visibleText(redacted.join(QStringLiteral(", "))));
    return out;
}

QString KeptRequest::displayText() const
{
    QString out = visibleText(method) + QLatin1Char(' ') + visibleText(path) + QLatin1Char('\n');
    for (const auto &[name, value] : headers)
        out += visibleText(name) + QStringLiteral(": ") + visibleText(value) + QLatin1Char('\n');
    out += QLatin1Char('\n') + bodyText() + QLatin1Char('\n');
    for (const QString &note : notes())
        out += QStringLiteral("-- ") + note + QLatin1Char('\n');
    return out;
}
