#include "app/store/redisargs.h"

#include "app/store/utf8text.h"

#include <charconv>
#include <cstring>
#include <utility>

namespace {

// Reads "<kind><number>\r\n" at `at`; moves `at` past it. (Scanning for
// the line's end with QByteArrayView::indexOf cost a cluster's first
// request 2.5 kIr; the digits end where the line does.)
std::optional<qsizetype> wireHeader(QByteArrayView wire, qsizetype &at, char kind)
{
    if (at >= wire.size() || wire[at] != kind)
        return std::nullopt;
    const char *last = wire.data() + wire.size();
    qsizetype n = 0;
    const auto [end, error] = std::from_chars(wire.data() + at + 1, last, n);
    if (error != std::errc() || n < 0 || last - end < 2 || end[0] != '\r' || end[1] != '\n')
        return std::nullopt;
    at = end + 2 - wire.data();
    return n;
}

// One command's arguments from `at`, each handed to `take` (false: stop).
template <typename Take>
bool readWireCommand(QByteArrayView wire, qsizetype &at, const Take &take)
{
    const std::optional<qsizetype> count = wireHeader(wire, at, '*');
    if (!count)
        return false;
    for (qsizetype i = 0; i < *count; ++i) {
        const std::optional<qsizetype> length = wireHeader(wire, at, '$');
        if (!length || *length > wire.size() - at - 2 || wire.sliced(at + *length, 2) != QByteArrayView("\r\n"))
            return false;
        const QByteArrayView argument = wire.sliced(at, *length);
        at += *length + 2;
        if (!take(i, argument))
            return true;
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

char *RedisWireSink::grow(qsizetype length)
{
    // One resize for the bulk header, the bytes and the CRLF, not three
    // appends: each QByteArray::append is an out-of-line insert(), and they
    // were a twentieth of the client's time at 32 threads (perf).
    char head[24];
    head[0] = '$';
    char *end = std::to_chars(head + 1, head + sizeof head - 2, length).ptr;
    *end++ = '\r';
    *end++ = '\n';
    const qsizetype headSize = end - head;
    const qsizetype at = m_out.size();
    m_out.resize(at + headSize + length + 2);
    char *p = m_out.data() + at;
    std::memcpy(p, head, headSize);
    p[headSize + length] = '\r';
    p[headSize + length + 1] = '\n';
    ++m_written;
    return p + headSize;
}

void RedisWireSink::add(QByteArrayView bytes)
{
    char *p = grow(bytes.size());
    if (!bytes.isEmpty())
        std::memcpy(p, bytes.data(), bytes.size());
}

void RedisWireSink::add(QByteArrayView prefix, QStringView text)
{
    writeUtf8(prefix, text, [this](qsizetype length) { return grow(length); });
}

RedisPackingSink::RedisPackingSink(RedisArgSink &out, qsizetype plain, qsizetype sizeHint)
    : m_out(out)
    , m_plain(plain)
{
    m_packed.reserve(128 + sizeHint);
}

char *RedisPackingSink::grow(qsizetype length)
{
    // MessagePack's str family: fixstr, str 8, str 16, str 32 (big-endian
    // length); header and bytes made room for at once, as RedisWireSink does.
    const int headSize = length < 32 ? 1 : length < 0x100 ? 2 : length < 0x10000 ? 3 : 5;
    const qsizetype at = m_packed.size();
    m_packed.resize(at + headSize + length);
    char *p = m_packed.data() + at;
    if (headSize == 1) {
        *p++ = char(0xa0 | length);
    } else {
        *p++ = char(headSize == 2 ? 0xd9 : headSize == 3 ? 0xda : 0xdb);
        for (int shift = 8 * (headSize - 2); shift >= 0; shift -= 8)
            *p++ = char(quint64(length) >> shift);
    }
    ++m_packedCount;
    return p;
}

void RedisPackingSink::add(QByteArrayView bytes)
{
    if (m_passed < m_plain) {
        ++m_passed;
        m_out.add(bytes);
        return;
    }
    char *p = grow(bytes.size());
    if (!bytes.isEmpty())
        std::memcpy(p, bytes.data(), bytes.size());
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
    writeUtf8(prefix, text, [this](qsizetype length) { return grow(length); });
}

void RedisPackingSink::finish()
{
    m_out.add(std::as_const(m_packed));
}

std::optional<QList<RedisCommand>> redisWireCommands(QByteArrayView wire)
{
    QList<RedisCommand> commands;
    for (qsizetype at = 0; at < wire.size();) {
        RedisCommand command;
        if (!readWireCommand(wire, at, [&](qsizetype, QByteArrayView argument) {
                command.append(argument.toByteArray());
                return true;
            }))
            return std::nullopt;
        commands.append(std::move(command));
    }
    return commands;
}

std::optional<QByteArrayView> redisWireArgument(QByteArrayView wire, qsizetype index)
{
    std::optional<QByteArrayView> found;
    qsizetype at = 0;
    readWireCommand(wire, at, [&](qsizetype i, QByteArrayView argument) {
        if (i == index)
            found = argument;
        return i < index;
    });
    return found;
}
