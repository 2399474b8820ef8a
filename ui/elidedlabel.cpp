#include "ui/elidedlabel.h"

#include <QPainter>
#include <QStyle>

#include <algorithm>

namespace {
constexpr int kRule = 5; // the rule's distance from either side
}

ElidedLabel::ElidedLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    // Room for a rule on the left: a message clipped beside the label must
    // not read as if it went on into the label's text.
    setContentsMargins(kRule * 2 + 1, 0, 0, 0);
}

QSize ElidedLabel::minimumSizeHint() const
{
    // About a dozen characters: enough to say what the line is about.
    const QSize whole = QLabel::minimumSizeHint();
    return {std::min(whole.width(), fontMetrics().averageCharWidth() * 12), whole.height()};
}

QString ElidedLabel::shownText() const
{
    return fontMetrics().elidedText(text(), Qt::ElideMiddle, contentsRect().width());
}

void ElidedLabel::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event)
    QPainter painter(this);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(kRule, 3, kRule, height() - 4);
    style()->drawItemText(&painter, contentsRect(), int(alignment()) | Qt::TextSingleLine, palette(), isEnabled(), shownText(),
                          foregroundRole());
}
