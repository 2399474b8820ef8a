#pragma once

#include <QString>
#include <QStringView>

// Text that came from a store or an operator, made safe to show on one
// terminal line or table cell: an escape sequence stored in an
// owner, key or reason must not retitle, clear or recolour the next
// operator's terminal, and a line break must not forge a line of output.
//
// Line breaks and tabs become \n, \r, \t; other control characters (C0,
// DEL, C1) become \xHH; invisible format and separator characters (bidi
// overrides, zero-width joiners, U+2028) become \u{HHHH}; a backslash
// becomes \\ so the escapes stay unambiguous. Every
// other character, Chinese included, is kept as it is. JSON output does not
// use this: the JSON writer escapes control characters its own way.
QString visibleText(QStringView text);

// For a multi-line block (a reason, a message): the same, but line breaks
// and tabs are kept and backslashes are left alone.
QString visibleBlock(QStringView text);
