#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QStringView>

#include <algorithm>
#include <cstring>

// Writes prefix, then text in UTF-8, where grow(their length in bytes)
// makes room for them and returns where they go: ASCII (keys, scopes,
// owners, methods, paths, most headers) one byte per UTF-16 unit, in place;
// anything else through one conversion. The hot paths that turn QStrings
// into bytes per request (Redis arguments, PostgreSQL parameters, the kept
// request) write through this rather than making a QByteArray per string.
template <typename Grow>
void writeUtf8(QByteArrayView prefix, QStringView text, const Grow &grow)
{
    const bool ascii = std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x80; });
    if (!ascii) {
        const QByteArray utf8 = text.toUtf8();
        char *p = grow(prefix.size() + utf8.size());
        if (!prefix.isEmpty())
            std::memcpy(p, prefix.data(), prefix.size());
        std::memcpy(p + prefix.size(), utf8.constData(), utf8.size());
        return;
    }
    char *p = grow(prefix.size() + text.size());
    if (!prefix.isEmpty())
        std::memcpy(p, prefix.data(), prefix.size());
    p += prefix.size();
    for (const QChar c : text)
        *p++ = char(c.unicode());
}

// The same at the end of a byte buffer (QVarLengthArray<char, N>, QByteArray).
template <typename Buffer>
void appendUtf8(Buffer &out, QStringView text)
{
    writeUtf8({}, text, [&out](qsizetype length) {
        const qsizetype at = out.size();
        out.resize(at + length);
        return out.data() + at;
    });
}
