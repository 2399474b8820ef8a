#include "app/store/gojsonscanner.h"

namespace GoJsonScan {

// Go's utf8.DecodeRune: the rune and its length, or (U+FFFD, 1) for a byte
// that does not start a valid sequence (overlong, surrogate, > U+10FFFF).
std::pair<char32_t, int> decodeRune(const uchar *p, qsizetype n)
{
    const uchar b0 = p[0];
    if (b0 < 0x80)
        return {b0, 1};
    int size = 0;
    uchar lo = 0x80, hi = 0xBF;
    char32_t r = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        size = 2;
        r = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        size = 3;
        r = b0 & 0x0F;
        if (b0 == 0xE0)
            lo = 0xA0;
        else if (b0 == 0xED)
            hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        size = 4;
        r = b0 & 0x07;
        if (b0 == 0xF0)
            lo = 0x90;
        else if (b0 == 0xF4)
            hi = 0x8F;
    } else {
        return {0xFFFD, 1};
    }
    if (n < size || p[1] < lo || p[1] > hi)
        return {0xFFFD, 1};
    r = (r << 6) | (p[1] & 0x3F);
    for (int i = 2; i < size; ++i) {
        if (p[i] < 0x80 || p[i] > 0xBF)
            return {0xFFFD, 1};
        r = (r << 6) | (p[i] & 0x3F);
    }
    return {r, size};
}

void appendRune(QByteArray &out, char32_t r)
{
    if (r < 0x80) {
        out.append(char(r));
    } else if (r < 0x800) {
        out.append(char(0xC0 | (r >> 6))).append(char(0x80 | (r & 0x3F)));
    } else if (r < 0x10000) {
        out.append(char(0xE0 | (r >> 12))).append(char(0x80 | ((r >> 6) & 0x3F))).append(char(0x80 | (r & 0x3F)));
    } else {
        out.append(char(0xF0 | (r >> 18)))
            .append(char(0x80 | ((r >> 12) & 0x3F)))
            .append(char(0x80 | ((r >> 6) & 0x3F)))
            .append(char(0x80 | (r & 0x3F)));
    }
}

QString kindName(Kind kind)
{
    switch (kind) {
    case Kind::String:
        return Text::tr("a string");
    case Kind::Number:
        return Text::tr("a number");
    case Kind::Object:
        return Text::tr("an object");
    case Kind::Array:
        return Text::tr("an array");
    case Kind::Bool:
        return Text::tr("a boolean");
    case Kind::Null:
        return Text::tr("null");
    case Kind::Invalid:
        break;
    }
    return Text::tr("not a JSON value");
}

} // namespace GoJsonScan
