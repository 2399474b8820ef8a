#include "app/store/redispacked.h"

namespace {

// Reads a big-endian unsigned integer of `size` bytes at `at`; false past the end.
bool readLength(QByteArrayView in, qsizetype &at, int size, qsizetype &length)
{
    if (at + size > in.size())
        return false;
    quint64 n = 0;
    for (int i = 0; i < size; ++i)
        n = (n << 8) | quint8(in[at + i]);
    at += size;
    if (n > quint64(in.size()))
        return false;
    length = qsizetype(n);
    return true;
}

} // namespace

std::optional<QList<PackedField>> unpackFields(QByteArrayView in)
{
    qsizetype at = 0;
    if (in.isEmpty())
        return std::nullopt;
    const quint8 head = quint8(in[at++]);
    qsizetype count = 0;
    bool isArray = true;
    if ((head & 0xf0) == 0x90)
        count = head & 0x0f; // fixarray
    else if (head == 0xdc)
        isArray = readLength(in, at, 2, count); // array 16
    else if (head == 0xdd)
        isArray = readLength(in, at, 4, count); // array 32
    else
        isArray = false;
    if (!isArray)
        return std::nullopt;
    QList<PackedField> fields;
    fields.reserve(count);
    for (qsizetype i = 0; i < count; ++i) {
        if (at >= in.size())
            return std::nullopt;
        const quint8 type = quint8(in[at++]);
        qsizetype length = 0;
        bool ok = true;
        if (type == 0xc0 || type == 0xc2) { // nil, false
            fields.append(std::nullopt);
            continue;
        }
        if ((type & 0xe0) == 0xa0)
            length = type & 0x1f; // fixstr
        else if (type == 0xd9 || type == 0xc4) // str 8, bin 8
            ok = readLength(in, at, 1, length);
        else if (type == 0xda || type == 0xc5) // str 16, bin 16
            ok = readLength(in, at, 2, length);
        else if (type == 0xdb || type == 0xc6) // str 32, bin 32
            ok = readLength(in, at, 4, length);
        else
            return std::nullopt;
        if (!ok || at + length > in.size())
            return std::nullopt;
        fields.append(in.sliced(at, length));
        at += length;
    }
    if (at != in.size())
        return std::nullopt;
    return fields;
}
