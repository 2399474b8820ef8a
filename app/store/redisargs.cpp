#include "app/store/redisargs.h"

#include <charconv>
#include <cstring>

namespace {

bool isAscii(QStringView text)
{
    for (const QChar ch : text) {
        if (ch.unicode() >= 0x80)
            return false;
    }
    return true;
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
    // ASCII: one byte per UTF-16 unit, written in place.
    header('$', prefix.size() + text.size());
    m_out.append(prefix);
    const qsizetype at = m_out.size();
    m_out.resize(at + text.size());
    char *p = m_out.data() + at;
    for (const QChar ch : text)
        *p++ = char(ch.unicode());
    m_out.append("\r\n", 2);
    ++m_written;
}
