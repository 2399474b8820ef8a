#include "ui/alertlist.h"

#include "app/ops/agetext.h"
#include "models/statuscolors.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace {

constexpr int KeyRole = Qt::UserRole;
constexpr int RuleKeyRole = Qt::UserRole + 1;
constexpr int SnoozedRole = Qt::UserRole + 2;

QString number(double v)
{
    return QString::number(v, 'f', std::floor(v) == v ? 0 : 1);
}

} // namespace

AlertList::AlertList(QWidget *parent)
    : QFrame(parent)
    , m_list(new QTreeWidget(this))
    , m_title(new QLabel(this))
    , m_acknowledge(new QPushButton(tr("Acknowledge"), this))
    , m_snooze(new QToolButton(this))
    , m_wake(new QPushButton(tr("Wake"), this))
    , m_tick(new QTimer(this))
{
    setObjectName(QStringLiteral("alertList"));
    setFrameShape(QFrame::NoFrame);
    m_list->setObjectName(QStringLiteral("alertRows"));
    m_list->setColumnCount(1);
    m_list->setHeaderHidden(true);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->header()->setStretchLastSection(true);
    m_acknowledge->setObjectName(QStringLiteral("acknowledgeAlert"));
    m_acknowledge->setToolTip(tr("Keep the selected alert listed but quiet until it clears and is raised again"));
    m_snooze->setObjectName(QStringLiteral("snoozeAlert"));
    // The arrow is part of the text: Qt's menu indicator overlapped the
    // translated text of the button.
    m_snooze->setText(tr("Snooze") + QStringLiteral(" ▾"));
    m_snooze->setStyleSheet(QStringLiteral("QToolButton::menu-indicator { image: none; width: 0px; }"));
    m_wake->setObjectName(QStringLiteral("wakeAlert"));
    m_wake->setToolTip(tr("End the selected alert's snooze now"));
    m_snooze->setToolTip(tr("Hide the selected alert's rule for a while"));
    m_snooze->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(m_snooze);
    menu->addAction(tr("15 min"), this, [this] { snoozeSelected(15 * 60000); });
    menu->addAction(tr("1 h"), this, [this] { snoozeSelected(60 * 60000); });
    menu->addAction(tr("4 h"), this, [this] { snoozeSelected(4 * 60 * 60000); });
    m_snooze->setMenu(menu);
    m_title->setObjectName(QStringLiteral("alertTitle"));

    auto *buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_acknowledge);
    buttonRow->addWidget(m_snooze);
    buttonRow->addWidget(m_wake);
    auto *buttons = new QVBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_title);
    buttons->addLayout(buttonRow);
    buttons->addStretch();
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    // A fixed height: ListedRows rows, the rest scroll.
    // (Kept small: the window must still fit 1000 x 700.)
    const int row = m_list->fontMetrics().height() + 4;
    m_list->setFixedHeight(ListedRows * row + 2 * m_list->frameWidth() + 2);
    setFixedHeight(m_list->height());
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

    connect(m_acknowledge, &QPushButton::clicked, this, &AlertList::acknowledgeSelected);
    connect(m_wake, &QPushButton::clicked, this, &AlertList::wakeSelected);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &AlertList::updateButtons);
    // The ages ("5 min") move on by themselves.
    m_tick->setInterval(10000);
    connect(m_tick, &QTimer::timeout, this, [this] { refresh(QDateTime::currentMSecsSinceEpoch()); });
    m_tick->start();
    refresh(QDateTime::currentMSecsSinceEpoch());
}

void AlertList::setMonitor(AlertMonitor *monitor)
{
    if (m_monitor)
        disconnect(m_monitor, nullptr, this, nullptr);
    m_monitor = monitor;
    if (monitor)
        connect(monitor, &AlertMonitor::activeChanged, this, [this] { refresh(QDateTime::currentMSecsSinceEpoch()); });
    refresh(QDateTime::currentMSecsSinceEpoch());
}

QString AlertList::summary(const AlertMonitor::Shown &shown, qint64 nowMs)
{
    const AlertTransition &a = shown.alert;
    const QString limit = number(a.rule.threshold);
    const QString value = number(a.lastAtMs > 0 ? a.lastValue : a.value);
    QString what;
    switch (a.rule.kind) {
    case AlertRule::Kind::HitRateAbove:
        what = tr("%1: hit rate %2% (limit %3%)").arg(a.scope, value, limit);
        break;
    case AlertRule::Kind::MismatchAbovePerMinute:
        what = tr("%1: %2 mismatches (422) a minute (limit %3)").arg(a.scope, value, limit);
        break;
    case AlertRule::Kind::StuckAbove:
        what = tr("%1: %2 stuck records (limit %3)").arg(a.scope, value, limit);
        break;
    case AlertRule::Kind::RoundTripAbove:
        what = tr("store round trip %1 ms (limit %2 ms)").arg(value, limit);
        break;
    }
    const QString since = QDateTime::fromMSecsSinceEpoch(shown.sinceMs).toString(QStringLiteral("HH:mm"));
    // In steps of 10 s, as often as the list is redrawn (the one age
    // formatter, ageText, as everywhere else).
    const QString age = ageText(qMax<qint64>(0, nowMs - shown.sinceMs) / 10000 * 10000);
    QString text = tr("[%1] %2 — since %3 (%4)").arg(AlertRule::severityLabel(a.rule.severity()), what, since, age);
    if (shown.acknowledged)
        text += tr(" · acknowledged");
    return text;
}

void AlertList::refresh(qint64 nowMs)
{
    const QString selected = m_list->currentItem() ? m_list->currentItem()->data(0, KeyRole).toString() : QString();
    const QList<AlertMonitor::Shown> alerts = m_monitor ? m_monitor->shown(nowMs) : QList<AlertMonitor::Shown>();
    const int snoozed = m_monitor ? m_monitor->snoozedCount(nowMs) : 0;
    const QSignalBlocker block(m_list);
    m_list->clear();
    bool loud = false;
    for (const AlertMonitor::Shown &shown : alerts) {
        auto *item = new QTreeWidgetItem(m_list, {summary(shown, nowMs)});
        item->setData(0, KeyRole, shown.alert.alertKey());
        item->setData(0, RuleKeyRole, shown.alert.rule.key());
        item->setToolTip(0, shown.alert.message);
        if (!shown.acknowledged) {
            item->setForeground(0, StatusColors::alarmText(palette()));
            if (shown.alert.rule.severity() != AlertRule::Severity::Notice) {
                QFont bold = item->font(0);
                bold.setBold(true);
                item->setFont(0, bold);
            }
            loud = true;
        }
        if (shown.alert.alertKey() == selected)
            m_list->setCurrentItem(item);
    }
    // Snoozed alerts stay listed, after the others and greyed, so they can be woken.
    const QList<AlertMonitor::Shown> quiet = m_monitor ? m_monitor->snoozed(nowMs) : QList<AlertMonitor::Shown>();
    for (const AlertMonitor::Shown &shown : quiet) {
        const QString until = QDateTime::fromMSecsSinceEpoch(shown.snoozedUntilMs).toString(QStringLiteral("HH:mm"));
        auto *item = new QTreeWidgetItem(m_list, {summary(shown, nowMs) + tr(" · snoozed until %1").arg(until)});
        item->setData(0, KeyRole, shown.alert.alertKey());
        item->setData(0, RuleKeyRole, shown.alert.rule.key());
        item->setData(0, SnoozedRole, true);
        item->setToolTip(0, shown.alert.message);
        item->setForeground(0, palette().color(QPalette::PlaceholderText));
        if (shown.alert.alertKey() == selected)
            m_list->setCurrentItem(item);
    }
    if (alerts.isEmpty() && quiet.isEmpty()) {
        auto *none = new QTreeWidgetItem(m_list, {m_monitor ? tr("No alerts raised.") : tr("No store is open.")});
        none->setFlags(Qt::ItemIsEnabled);
        none->setForeground(0, palette().color(QPalette::PlaceholderText));
    }
    m_title->setText(snoozed > 0
                         ? tr("%n alert(s)", nullptr, int(alerts.size())) + QStringLiteral(" · ") + tr("%n snoozed", nullptr, snoozed)
                         : tr("%n alert(s)", nullptr, int(alerts.size())));
    // Red on either palette while an alert nobody acknowledged is raised.
    setStyleSheet(loud ? QStringLiteral("#alertList { background: %1; }").arg(StatusColors::alarmBackground(palette()).name()) : QString());
    updateButtons();
}

void AlertList::updateButtons()
{
    const QTreeWidgetItem *item = m_list->currentItem();
    const bool alert = item && !item->data(0, KeyRole).toString().isEmpty() && m_monitor;
    const bool snoozed = alert && item->data(0, SnoozedRole).toBool();
    m_acknowledge->setEnabled(alert && !snoozed && !item->text(0).endsWith(tr(" · acknowledged")));
    m_snooze->setEnabled(alert && !snoozed);
    m_wake->setEnabled(snoozed);
}

void AlertList::wakeSelected()
{
    const QTreeWidgetItem *item = m_list->currentItem();
    if (!item || !m_monitor || !item->data(0, SnoozedRole).toBool())
        return;
    m_monitor->wake(item->data(0, RuleKeyRole).toString(), QDateTime::currentMSecsSinceEpoch());
}

bool AlertList::isSnoozedRow(int row) const
{
    const QTreeWidgetItem *item = m_list->topLevelItem(row);
    return item && item->data(0, SnoozedRole).toBool();
}

int AlertList::alertCount() const
{
    int n = 0;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        n += m_list->topLevelItem(i)->data(0, KeyRole).toString().isEmpty() ? 0 : 1;
    return n;
}

QString AlertList::rowText(int row) const
{
    const QTreeWidgetItem *item = m_list->topLevelItem(row);
    return item ? item->text(0) : QString();
}

QString AlertList::alertKeyAt(int row) const
{
    const QTreeWidgetItem *item = m_list->topLevelItem(row);
    return item ? item->data(0, KeyRole).toString() : QString();
}

void AlertList::acknowledgeSelected()
{
    const QTreeWidgetItem *item = m_list->currentItem();
    if (!item || !m_monitor)
        return;
    m_monitor->acknowledge(item->data(0, KeyRole).toString(), QDateTime::currentMSecsSinceEpoch());
}

void AlertList::snoozeSelected(qint64 durationMs)
{
    const QTreeWidgetItem *item = m_list->currentItem();
    if (!item || !m_monitor)
        return;
    m_monitor->snooze(item->data(0, RuleKeyRole).toString(), durationMs, QDateTime::currentMSecsSinceEpoch());
}
