#include "app/store/visibletext.h"

namespace {

bool isHidden(QChar c)
{
    const ushort u = c.unicode();
    if (u < 0x20 || u == 0x7f || (u >= 0x80 && u < 0xa0))
        return true;
    // Bidi overrides and isolates, zero-width characters, line and paragraph
    // separators: invisible, yet they reorder or break what is shown.
    return c.category() == QChar::Other_Format || c.category() == QChar::Separator_Line || c.category() == QChar::Separator_Paragraph;
}

QString escaped(QStringView text, bool block)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const ushort u = c.unicode();
        if (block && (u == '\n' || u == '\t')) {
            out += c;
        } else if (u == '\\' && !block) {
            out += QLatin1String("\\\\");
        } else if (u == '\n' || u == '\t' || u == '\r') {
            out += u == '\n' ? QLatin1String("\\n") : u == '\t' ? QLatin1String("\\t") : QLatin1String("\\r");
        } else if (u < 0x100 && isHidden(c)) {
            out += QStringLiteral("\\x%1").arg(u, 2, 16, QLatin1Char('0'));
        } else if (isHidden(c)) {
            out += QStringLiteral("\\u{%1}").arg(u, 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace

QString visibleText(QStringView text)
{
    return escaped(text, false);
}

QString visibleBlock(QStringView text)
{
    return escaped(text, true);
}
