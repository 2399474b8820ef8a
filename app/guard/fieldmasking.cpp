#include "app/guard/fieldmasking.h"

#include "app/store/keptrequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QVarLengthArray>

#include <optional>

namespace {

using Words = QVarLengthArray<QByteArrayView, 16>;

// Deeper JSON is not parsed (a hostile body must not exhaust the stack): it
// is then treated as text that is withheld if it names a masked field.
constexpr int kMaxJsonDepth = 64;

bool isLower(char c)
{
    return c >= 'a' && c <= 'z';
}
bool isUpper(char c)
{
    return c >= 'A' && c <= 'Z';
}
bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isAlnum(char c)
{
    return isLower(c) || isUpper(c) || isDigit(c);
}
char lower(char c)
{
    return isUpper(c) ? char(c - 'A' + 'a') : c;
}
bool isWordChar(char c)
{
    return isAlnum(c) || c == '_' || c == '-';
}

// The words of a field name: runs of letters and digits, split where the
// case turns upper after lower ("cardNumber"), before the last capital of
// an acronym followed by lower case ("PANNumber") and between letters and
// digits ("cvv2").
Words wordsOf(QByteArrayView field)
{
    Words words;
    const qsizetype n = field.size();
    for (qsizetype i = 0; i < n;) {
        while (i < n && !isAlnum(field[i]))
            ++i;
        if (i >= n)
            break;
        const qsizetype start = i++;
        for (; i < n && isAlnum(field[i]); ++i) {
            const char prev = field[i - 1], c = field[i];
            if ((isLower(prev) && isUpper(c)) || isDigit(prev) != isDigit(c)
                || (isUpper(prev) && isUpper(c) && i + 1 < n && isLower(field[i + 1])))
                break;
        }
        if (words.size() < words.capacity())
            words.append(field.sliced(start, i - start));
    }
    return words;
}

bool sameWord(QByteArrayView a, QByteArrayView lowerB)
{
    if (a.size() != lowerB.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (lower(a[i]) != lowerB[i])
            return false;
    }
    return true;
}

// The field with its separators dropped equals `joined` (lower case).
bool joinedEquals(QByteArrayView field, QByteArrayView joined)
{
    qsizetype j = 0;
    for (const char c : field) {
        if (!isAlnum(c))
            continue;
        if (j >= joined.size() || lower(c) != joined[j++])
            return false;
    }
    return j == joined.size() && j > 0;
}

// A string or form value that may hold an encoding of its own.
bool looksStructured(QByteArrayView text)
{
    for (const char c : text) {
        if (c == '{' || c == '<' || c == '=' || c == ':')
            return true;
    }
    return false;
}

// Finds the values to mask in a JSON document without changing anything
// else: spans of the input, replaced afterwards.
class JsonMasker {
public:
    JsonMasker(QByteArrayView in, const FieldMasking &masking)
        : m_in(in)
        , m_masking(masking)
    {
    }

    // False when the input is not one JSON value (or too deep).
    bool run()
    {
        space();
        if (!value(0, false))
            return false;
        space();
        return m_at == m_in.size();
    }

    QList<std::pair<qsizetype, qsizetype>> spans;
    QStringList paths;

private:
    bool value(int depth, bool masked)
    {
        if (depth > kMaxJsonDepth || m_at >= m_in.size())
            return false;
        const char c = m_in[m_at];
        if (c == '{')
            return object(depth, masked);
        if (c == '[')
            return array(depth, masked);
        if (c == '"') {
            const qsizetype start = m_at;
            QByteArrayView content;
            if (!string(&content))
                return false;
            if (!masked && looksStructured(content) && m_masking.mentions(content))
                mask(start, m_at);
            return true;
        }
        const qsizetype start = m_at;
        while (m_at < m_in.size() && (isAlnum(m_in[m_at]) || m_in[m_at] == '+' || m_in[m_at] == '-' || m_in[m_at] == '.'))
            ++m_at;
        return m_at > start;
    }

    bool object(int depth, bool masked)
    {
        ++m_at;
        space();
        if (m_at < m_in.size() && m_in[m_at] == '}') {
            ++m_at;
            return true;
        }
        for (;;) {
            space();
            QByteArrayView key;
            if (m_at >= m_in.size() || m_in[m_at] != '"' || !string(&key))
                return false;
            space();
            if (m_at >= m_in.size() || m_in[m_at] != ':')
                return false;
            ++m_at;
            space();
            const bool hit = !masked && keyMatches(key);
            const qsizetype start = m_at;
            m_path.append(key);
            const bool ok = value(depth + 1, masked || hit);
            if (ok && hit)
                mask(start, m_at);
            m_path.removeLast();
            if (!ok)
                return false;
            space();
            if (m_at < m_in.size() && m_in[m_at] == ',') {
                ++m_at;
                continue;
            }
            if (m_at < m_in.size() && m_in[m_at] == '}') {
                ++m_at;
                return true;
            }
            return false;
        }
    }

    bool array(int depth, bool masked)
    {
        ++m_at;
        space();
        if (m_at < m_in.size() && m_in[m_at] == ']') {
            ++m_at;
            return true;
        }
        m_path.append("[]");
        for (;;) {
            space();
            if (!value(depth + 1, masked))
                return false;
            space();
            if (m_at < m_in.size() && m_in[m_at] == ',') {
                ++m_at;
                continue;
            }
            if (m_at < m_in.size() && m_in[m_at] == ']') {
                ++m_at;
                m_path.removeLast();
                return true;
            }
            return false;
        }
    }

    // At a '"': the bytes up to the closing quote, escapes as written.
    bool string(QByteArrayView *content)
    {
        const qsizetype start = ++m_at;
        while (m_at < m_in.size()) {
            const char c = m_in[m_at];
            if (c == '\\') {
                m_at += 2;
                continue;
            }
            if (c == '"') {
                *content = m_in.sliced(start, m_at - start);
                ++m_at;
                return true;
            }
            ++m_at;
        }
        return false;
    }

    bool keyMatches(QByteArrayView key) const
    {
        if (!key.contains('\\'))
            return m_masking.matches(key);
        // An escaped key ("card\u005fnumber") is compared as it decodes.
        const QJsonDocument doc = QJsonDocument::fromJson("[\"" + key.toByteArray() + "\"]");
        return doc.isArray() && m_masking.matches(doc.array().at(0).toString().toUtf8());
    }

    void space()
    {
        while (m_at < m_in.size() && (m_in[m_at] == ' ' || m_in[m_at] == '\t' || m_in[m_at] == '\n' || m_in[m_at] == '\r'))
            ++m_at;
    }

    void mask(qsizetype start, qsizetype end)
    {
        spans.append({start, end});
        QString path;
        for (const QByteArrayView segment : std::as_const(m_path)) {
            if (segment == "[]")
                path += QStringLiteral("[]");
            else
                path += (path.isEmpty() ? QString() : QStringLiteral(".")) + requestText(segment);
        }
        if (!paths.contains(path) && paths.size() < kMaxRedactedPaths)
            paths << path;
    }

    QByteArrayView m_in;
    const FieldMasking &m_masking;
    qsizetype m_at = 0;
    Words m_path; // the keys (and "[]" for array items) down to the value being read
};

QByteArray percentDecoded(QByteArrayView part)
{
    QByteArray text = part.toByteArray();
    text.replace('+', ' ');
    return QByteArray::fromPercentEncoding(text);
}

// Printable ASCII without quotes, braces or spaces, with a '=': a form.
bool looksLikeForm(QByteArrayView body)
{
    bool equals = false;
    for (const char c : body) {
        if (c <= 0x20 || c >= 0x7f || c == '"' || c == '{' || c == '}' || c == '<' || c == '>' || c == '\\')
            return false;
        equals = equals || c == '=';
    }
    return equals;
}

} // namespace

FieldMasking::FieldMasking(const QStringList &names)
    : m_source(names)
{
    for (const QString &name : names) {
        const QByteArray utf8 = name.toUtf8();
        Name n;
        for (const char c : utf8) {
            if (isAlnum(c))
                n.joined.append(lower(c));
        }
        for (const QByteArrayView word : wordsOf(utf8))
            n.words << word.toByteArray().toLower();
        if (!n.joined.isEmpty())
            m_names.append(n);
    }
}

const FieldMasking &FieldMasking::forNames(const QStringList &names)
{
    thread_local std::optional<FieldMasking> last;
    // The list compares equal at once when it is the same shared list (the
    // policy's); the cached copy keeps that list alive, so its address
    // cannot be reused by another.
    if (!last || last->m_source != names)
        last.emplace(names);
    return *last;
}

bool FieldMasking::matches(QByteArrayView field) const
{
    if (m_names.isEmpty() || field.isEmpty())
        return false;
    const Words words = wordsOf(field);
    for (const Name &name : m_names) {
        if (joinedEquals(field, name.joined))
            return true;
        for (qsizetype start = 0; start + name.words.size() <= words.size(); ++start) {
            qsizetype i = 0;
            while (i < name.words.size() && sameWord(words[start + i], name.words.at(i)))
                ++i;
            if (i == name.words.size() && i > 0)
                return true;
        }
    }
    return false;
}

bool FieldMasking::mentions(QByteArrayView text) const
{
    for (qsizetype i = 0; i < text.size();) {
        if (!isWordChar(text[i])) {
            ++i;
            continue;
        }
        const qsizetype start = i;
        while (i < text.size() && isWordChar(text[i]))
            ++i;
        if (matches(text.sliced(start, i - start)))
            return true;
    }
    return false;
}

QByteArray FieldMasking::maskForm(QByteArrayView form, QStringList *paths, bool *changed) const
{
    QByteArray out;
    out.reserve(form.size());
    for (qsizetype start = 0; start <= form.size();) {
        qsizetype end = form.indexOf('&', start);
        if (end < 0)
            end = form.size();
        const QByteArrayView part = form.sliced(start, end - start);
        const qsizetype eq = part.indexOf('=');
        if (start > 0)
            out.append('&');
        const QByteArray name = percentDecoded(eq < 0 ? part : part.first(eq));
        bool hit = eq >= 0 && matches(name);
        if (eq >= 0 && !hit) {
            const QByteArray value = percentDecoded(part.sliced(eq + 1));
            hit = looksStructured(value) && mentions(value);
        }
        if (hit) {
            out.append(part.first(eq + 1)).append(kRedactionMask);
            const QString shown = requestText(name);
            if (!paths->contains(shown) && paths->size() < kMaxRedactedPaths)
                *paths << shown;
            *changed = true;
        } else {
            out.append(part);
        }
        start = end + 1;
    }
    return out;
}

FieldMasking::Masked FieldMasking::maskBody(const QByteArray &body) const
{
    if (m_names.isEmpty() || body.isEmpty())
        return Masked{body, {}, false};
    qsizetype first = 0;
    while (first < body.size() && (body[first] == ' ' || body[first] == '\t' || body[first] == '\n' || body[first] == '\r'))
        ++first;
    if (first < body.size() && (body[first] == '{' || body[first] == '[')) {
        JsonMasker json(body, *this);
        if (json.run()) {
            if (json.spans.isEmpty())
                return Masked{body, {}, false};
            QByteArray out;
            out.reserve(body.size());
            qsizetype copied = 0;
            for (const auto &[start, end] : std::as_const(json.spans)) {
                out.append(QByteArrayView(body).sliced(copied, start - copied)).append('"').append(kRedactionMask).append('"');
                copied = end;
            }
            out.append(QByteArrayView(body).sliced(copied));
            return Masked{out, json.paths, false};
        }
    } else if (looksLikeForm(body)) {
        Masked masked;
        bool changed = false;
        masked.body = maskForm(body, &masked.paths, &changed);
        if (!changed)
            masked.body = body;
        return masked;
    }
    // Neither (or JSON that does not parse): kept only if it names nothing masked.
    for (qsizetype i = 0; i < body.size();) {
        if (!isWordChar(body[i])) {
            ++i;
            continue;
        }
        const qsizetype start = i;
        while (i < body.size() && isWordChar(body[i]))
            ++i;
        const QByteArrayView word = QByteArrayView(body).sliced(start, i - start);
        if (matches(word))
            return Masked{QByteArray(), {requestText(word)}, true};
    }
    return Masked{body, {}, false};
}

QByteArray FieldMasking::maskQuery(const QByteArray &path, QStringList *paths) const
{
    const qsizetype query = path.indexOf('?');
    if (query < 0 || m_names.isEmpty())
        return path;
    qsizetype end = path.indexOf('#', query);
    if (end < 0)
        end = path.size();
    bool changed = false;
    const QByteArray masked = maskForm(QByteArrayView(path).sliced(query + 1, end - query - 1), paths, &changed);
    if (!changed)
        return path;
    return path.left(query + 1) + masked + path.mid(end);
}
