#include "app/store/redisargs.h"

#include <charconv>
#include <cstring>
#include <utility>

namespace {

bool isAscii(QStringView text)
{
    for (const QChar ch : text) {
        if (ch.unicode() >= 0x80)
            return false;
    }
    return true;
}

// Appends ASCII text, one byte per UTF-16 unit, written in place.
void appendAscii(QByteArray &out, QStringView text)
{
    const qsizetype at = out.size();
    out.resize(at + text.size());
    char *p = out.data() + at;
    for (const QChar ch : text)
        *p++ = char(ch.unicode());
}

} // namespace

void RedisArgSink::add(qint64 number)
{
    char digits[24];
    add(QByteArrayView(digits, std::to_chars(digits, digits + sizeof digits, number).ptr - digits));
}

void RedisCommandSink::add(QByteArrayView bytes)
{
    m_command << bytes.toByteArray();
}

void RedisCommandSink::add(QByteArrayView prefix, QStringView text)
{
    QByteArray arg;
    arg.reserve(prefix.size() + text.size());
    arg.append(prefix).append(text.toUtf8());
    m_command << arg;
}

RedisWireSink::RedisWireSink(QByteArray &out, qsizetype argumentCount)
    : m_out(out)
{
    header('*', argumentCount);
}

void RedisWireSink::header(char kind, qsizetype n)
{
    char text[24];
    text[0] = kind;
    char *end = std::to_chars(text + 1, text + sizeof text - 2, n).ptr;
    *end++ = '\r';
    *end++ = '\n';
    m_out.append(text, end - text);
}

void RedisWireSink::add(QByteArrayView bytes)
{
    header('$', bytes.size());
    m_out.append(bytes).append("\r\n", 2);
    ++m_written;
}

void RedisWireSink::add(QByteArrayView prefix, QStringView text)
{
    if (!isAscii(text)) {
        // Rare (keys and owners are ASCII in practice): one conversion.
        const QByteArray utf8 = text.toUtf8();
        header('$', prefix.size() + utf8.size());
        m_out.append(prefix).append(utf8).append("\r\n", 2);
        ++m_written;
        return;
    }
    header('$', prefix.size() + text.size());
    m_out.append(prefix);
    appendAscii(m_out, text);
    m_out.append("\r\n", 2);
    ++m_written;
}

RedisPackingSink::RedisPackingSink(RedisArgSink &out, qsizetype plain, qsizetype sizeHint)
    : m_out(out)
    , m_plain(plain)
{
    m_packed.reserve(128 + sizeHint);
}

void RedisPackingSink::header(qsizetype length)
{
    // MessagePack's str family: fixstr, str 8, str 16, str 32 (big-endian length).
    char head[5];
    int size = 0;
    if (length < 32) {
        head[size++] = char(0xa0 | length);
    } else if (length < 0x100) {
        head[size++] = char(0xd9);
        head[size++] = char(length);
    } else if (length < 0x10000) {
        head[size++] = char(0xda);
        head[size++] = char(length >> 8);
        head[size++] = char(length);
    } else {
        head[size++] = char(0xdb);
        for (int shift = 24; shift >= 0; shift -= 8)
            head[size++] = char(quint64(length) >> shift);
    }
    m_packed.append(head, size);
    ++m_packedCount;
}

void RedisPackingSink::add(QByteArrayView bytes)
{
    if (m_passed < m_plain) {
        ++m_passed;
        m_out.add(bytes);
        return;
    }
    header(bytes.size());
    m_packed.append(bytes);
}

void RedisPackingSink::add(const QByteArray &bytes)
{
    if (m_passed < m_plain) {
        ++m_passed;
        m_out.add(bytes);
        return;
    }
    add(QByteArrayView(bytes));
}

void RedisPackingSink::add(QByteArrayView prefix, QStringView text)
{
    if (m_passed < m_plain) {
        ++m_passed;
        m_out.add(prefix, text);
        return;
    }
    if (!isAscii(text)) {
        const QByteArray utf8 = text.toUtf8();
        header(prefix.size() + utf8.size());
        m_packed.append(prefix).append(utf8);
        return;
    }
    header(prefix.size() + text.size());
    m_packed.append(prefix);
    appendAscii(m_packed, text);
}

void RedisPackingSink::finish()
{
    m_out.add(std::as_const(m_packed));
}
