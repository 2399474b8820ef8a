#include "kpitile.h"

#include <QLabel>
#include <QVBoxLayout>

KpiTile::KpiTile(const QString &caption, QWidget *parent)
    : QFrame(parent)
    , m_value(new QLabel(QStringLiteral("–"), this))
    , m_caption(new QLabel(caption, this))
{
    setFrameShape(QFrame::StyledPanel);
    setObjectName(QStringLiteral("kpiTile"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    QFont big = m_value->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setBold(true);
    m_value->setFont(big);
    m_caption->setStyleSheet(QStringLiteral("color: palette(mid);"));
    layout->addWidget(m_value);
    layout->addWidget(m_caption);
    setMinimumWidth(150);
}

void KpiTile::setValue(const QString &value, bool alarming)
{
    m_value->setText(value);
    m_value->setStyleSheet(alarming ? QStringLiteral("color: #b01e1e;") : QString());
}

QString KpiTile::value() const
{
    return m_value->text();
}
