#include "ui/kpitile.h"

#include "models/statuscolors.h"

#include <QLabel>
#include <QPalette>
#include <QVBoxLayout>

KpiTile::KpiTile(const QString &caption, QWidget *parent)
    : QFrame(parent)
    , m_value(new QLabel(QStringLiteral("–"), this))
    , m_caption(new QLabel(caption, this))
    , m_detail(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setObjectName(QStringLiteral("kpiTile"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    QFont big = m_value->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setBold(true);
    m_value->setFont(big);
    // Muted, but readable on a light and on a dark palette.
    QPalette muted = m_caption->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    m_caption->setPalette(muted);
    layout->addWidget(m_value);
    layout->addWidget(m_caption);
    m_detail->setVisible(false);
    m_detail->setWordWrap(true);
    layout->addWidget(m_detail);
    setMinimumWidth(150);
}

void KpiTile::setValue(const QString &value, bool alarming)
{
    m_value->setText(value);
    m_value->setStyleSheet(alarming ? QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()) : QString());
}

QString KpiTile::value() const
{
    return m_value->text();
}

void KpiTile::setDetail(const QString &detail, bool alarming)
{
    m_detail->setText(detail);
    m_detail->setVisible(!detail.isEmpty());
    m_detail->setStyleSheet(alarming ? QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()) : QString());
}

QString KpiTile::detail() const
{
    return m_detail->text();
}
