#pragma once

// The JSON syntax pass under GoJson::decode() (gojson.cpp), kept apart from
// the record mapping: one pass over the text that checks the syntax as Go's
// scanner does and hands the values of the known fields to typed readers.
// Internal to the go-middleware layout; not a general JSON parser.

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>

#include <optional>
#include <utility>

namespace GoJsonScan {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(GoJson)
};

constexpr int kMaxDepth = 10000; // Go's scanner nesting limit

// Go's utf8.DecodeRune: the rune and its length, or (U+FFFD, 1) for a byte
// that does not start a valid sequence (overlong, surrogate, > U+10FFFF).
std::pair<char32_t, int> decodeRune(const uchar *p, qsizetype n);
// Appends a rune as UTF-8.
void appendRune(QByteArray &out, char32_t r);

enum class Kind { String, Number, Object, Array, Bool, Null, Invalid };
QString kindName(Kind kind);

// One pass over the text: checks the syntax as Go's scanner does and hands
// the values of the known fields to typed readers.
class Parser {
public:
    explicit Parser(QByteArrayView text)
        : m_p(text.data())
        , m_begin(text.data())
        , m_end(text.data() + text.size())
    {
    }

    std::optional<QString> syntaxError;

    void ws()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\n' || *m_p == '\r'))
            ++m_p;
    }
    bool atEnd() const { return m_p >= m_end; }
    char peek() const { return m_p < m_end ? *m_p : '\0'; }

    Kind kind()
    {
        ws();
        switch (peek()) {
        case '"':
            return Kind::String;
        case '{':
            return Kind::Object;
        case '[':
            return Kind::Array;
        case 't':
        case 'f':
            return Kind::Bool;
        case 'n':
            return Kind::Null;
        default:
            break;
        }
        const char c = peek();
        return c == '-' || (c >= '0' && c <= '9') ? Kind::Number : Kind::Invalid;
    }

    bool fail(const QString &what)
    {
        if (!syntaxError)
            syntaxError = Text::tr("not valid JSON (%1 at byte %2)").arg(what).arg(m_p - m_begin);
        m_p = m_end;
        return false;
    }
    bool unexpected()
    {
        if (atEnd())
            return fail(Text::tr("unexpected end"));
        return fail(Text::tr("unexpected character '%1'")
                        .arg(QString::fromLatin1(QByteArray(1, *m_p).toPercentEncoding(" !#$%&'()*+,-./:;<=>?@[]^_`{|}~"))));
    }

    bool expect(char c)
    {
        ws();
        if (peek() != c)
            return unexpected();
        ++m_p;
        return true;
    }

    bool literal(const char *word, bool *value = nullptr)
    {
        ws();
        const qsizetype n = qsizetype(qstrlen(word));
        if (m_end - m_p < n || memcmp(m_p, word, size_t(n)) != 0)
            return unexpected();
        m_p += n;
        if (value)
            *value = word[0] == 't';
        return true;
    }

    // A string: its decoded UTF-8 (Go's replacements) and its raw text.
    bool string(QByteArray *out, QByteArrayView *raw = nullptr)
    {
        ws();
        if (peek() != '"')
            return unexpected();
        const char *start = ++m_p;
        if (out)
            out->resize(0); // keeps the capacity: member names reuse one buffer
        const char *run = m_p; // bytes copied as they are
        auto flush = [&] {
            if (out && m_p > run)
                out->append(run, m_p - run);
        };
        while (true) {
            if (m_p >= m_end)
                return fail(Text::tr("unterminated string"));
            const uchar c = uchar(*m_p);
            if (c == '"')
                break;
            if (c < 0x20)
                return fail(Text::tr("control character in a string"));
            if (c == '\\') {
                flush();
                if (!escape(out))
                    return false;
                run = m_p;
                continue;
            }
            if (c < 0x80) {
                ++m_p;
                continue;
            }
            const auto [r, size] = decodeRune(reinterpret_cast<const uchar *>(m_p), m_end - m_p);
            if (r == 0xFFFD && size == 1) {
                flush();
                if (out)
                    appendRune(*out, 0xFFFD);
                run = ++m_p;
                continue;
            }
            m_p += size;
        }
        flush();
        if (raw)
            *raw = QByteArrayView(start, m_p - start);
        ++m_p;
        return true;
    }

    bool number(QByteArrayView *text)
    {
        ws();
        const char *start = m_p;
        auto digits = [&] {
            const char *from = m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            return m_p > from;
        };
        if (peek() == '-')
            ++m_p;
        if (peek() == '0')
            ++m_p;
        else if (!digits())
            return unexpected();
        if (peek() == '.') {
            ++m_p;
            if (!digits())
                return unexpected();
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_p;
            if (peek() == '+' || peek() == '-')
                ++m_p;
            if (!digits())
                return unexpected();
        }
        if (text)
            *text = QByteArrayView(start, m_p - start);
        return true;
    }

    // Any value, checked and dropped.
    bool skip(int depth = 0)
    {
        if (depth > kMaxDepth)
            return fail(Text::tr("nested too deeply"));
        switch (kind()) {
        case Kind::String:
            return string(nullptr);
        case Kind::Number:
            return number(nullptr);
        case Kind::Bool:
            return literal(peek() == 't' ? "true" : "false");
        case Kind::Null:
            return literal("null");
        case Kind::Object:
            return members([&](const QByteArray &) { return skip(depth + 1); }, false);
        case Kind::Array:
            return elements([&] { return skip(depth + 1); });
        case Kind::Invalid:
            break;
        }
        return unexpected();
    }

    // {"name": value, …}: calls onMember(name) with the parser at the value.
    template <typename F>
    bool members(F onMember, bool decodeNames = true)
    {
        if (!expect('{'))
            return false;
        ws();
        if (peek() == '}') {
            ++m_p;
            return true;
        }
        QByteArray name;
        while (true) {
            if (!string(decodeNames ? &name : nullptr) || !expect(':') || !onMember(name))
                return false;
            ws();
            if (peek() == ',') {
                ++m_p;
                continue;
            }
            return expect('}');
        }
    }

    template <typename F>
    bool elements(F onElement)
    {
        if (!expect('['))
            return false;
        ws();
        if (peek() == ']') {
            ++m_p;
            return true;
        }
        while (true) {
            if (!onElement())
                return false;
            ws();
            if (peek() == ',') {
                ++m_p;
                continue;
            }
            return expect(']');
        }
    }

private:
    static int hexValue(char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }
    // \uXXXX at m_p, or -1.
    int u4(const char *p) const
    {
        if (m_end - p < 6 || p[0] != '\\' || p[1] != 'u')
            return -1;
        int v = 0;
        for (int i = 2; i < 6; ++i) {
            const int h = hexValue(p[i]);
            if (h < 0)
                return -1;
            v = v * 16 + h;
        }
        return v;
    }
    bool escape(QByteArray *out)
    {
        if (m_end - m_p < 2)
            return fail(Text::tr("unterminated string"));
        const char c = m_p[1];
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        if (const char *at = c ? strchr(from, c) : nullptr) {
            if (out)
                out->append(to[at - from]);
            m_p += 2;
            return true;
        }
        if (c != 'u')
            return fail(Text::tr("invalid escape '\\%1'").arg(QLatin1Char(c)));
        int r = u4(m_p);
        if (r < 0)
            return fail(Text::tr("invalid \\u escape"));
        m_p += 6;
        if (r >= 0xD800 && r < 0xE000) {
            const int r1 = u4(m_p);
            if (r < 0xDC00 && r1 >= 0xDC00 && r1 < 0xE000) {
                r = 0x10000 + ((r - 0xD800) << 10) + (r1 - 0xDC00);
                m_p += 6;
            } else {
                r = 0xFFFD; // a lone surrogate, as Go decodes it
            }
        }
        if (out)
            appendRune(*out, char32_t(r));
        return true;
    }

    const char *m_p;
    const char *m_begin;
    const char *m_end;
};

} // namespace GoJsonScan
