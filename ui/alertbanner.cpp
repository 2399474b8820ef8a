#include "ui/alertbanner.h"

#include "models/statuscolors.h"

#include <QDateTime>
#include <QLabel>
#include <QVBoxLayout>

AlertBanner::AlertBanner(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("alertBanner"));
    // Red on either palette: the light shades on a dark theme, the dark ones on a light theme.
    setStyleSheet(QStringLiteral("#alertBanner { background: %1; } #alertBanner QLabel { color: %2; }")
                      .arg(StatusColors::alarmBackground(palette()).name(), StatusColors::alarmBannerText(palette()).name()));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    layout->addWidget(m_label);
    setVisible(false);
}

void AlertBanner::setAlerts(const QList<AlertTransition> &active)
{
    setVisible(!active.isEmpty());
    if (active.isEmpty()) {
        m_label->clear();
        return;
    }
    QString html = QStringLiteral("<b>") + tr("%n alert(s) raised", nullptr, int(active.size())).toHtmlEscaped()
                   + QStringLiteral("</b>");
    for (const AlertTransition &alert : active) {
        const QString since = QDateTime::fromMSecsSinceEpoch(alert.atMs).toString(QStringLiteral("HH:mm:ss"));
        html += QStringLiteral("<br>") + tr("since %1: %2").arg(since, alert.message).toHtmlEscaped();
    }
    m_label->setText(html);
}

QString AlertBanner::text() const
{
    return m_label->text();
}
