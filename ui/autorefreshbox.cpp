#include "ui/autorefreshbox.h"

#include "app/ops/agetext.h"

#include <QTimer>

AutoRefreshBox::AutoRefreshBox(QWidget *parent)
    : QCheckBox(parent)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("autoRefresh"));
    setChecked(true);
    setToolTip(tr("Read the listed records again every few seconds while this tab is shown, keeping the selection"));
    setIntervalMs(10000);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (isVisible())
            emit due();
    });
    connect(this, &QCheckBox::toggled, this, [this](bool on) {
        if (on)
            m_timer->start();
        else
            m_timer->stop();
    });
    m_timer->start();
}

void AutoRefreshBox::setIntervalMs(int ms)
{
    m_timer->setInterval(ms);
    setText(tr("Auto-refresh every %1").arg(ageText(ms)));
}
