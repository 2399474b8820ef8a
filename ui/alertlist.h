#pragma once

#include "models/alertmonitor.h"

#include <QFrame>
#include <QPointer>

class QLabel;
class QPushButton;
class QTimer;
class QToolButton;
class QTreeWidget;

// The raised alerts over the views, in a fixed height (ListedRows rows; more
// scroll), so the tabs below never move however many are raised. The most
// severe first; each row says what, where, the value now against its limit
// and how long it has been raised ("since 19:05 (5 min)"), redrawn every
// 10 s and on every change. Acknowledge marks the selected alert (quiet
// until it clears and is raised again); Snooze quiets its rule's alerts for
// 15 min, 1 h or 4 h: they stay listed after the others, greyed, with when
// the snooze ends, and Wake ends it early. All go through the monitor, which
// audits each once.
class AlertList final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertList)
public:
    static constexpr int ListedRows = 3;

    explicit AlertList(QWidget *parent = nullptr);

    // The open store's monitor; nullptr when none is open.
    void setMonitor(AlertMonitor *monitor);
    // Redraws from the monitor at this time (the timer passes now).
    void refresh(qint64 nowMs);

    QTreeWidget *list() const { return m_list; }
    QPushButton *acknowledgeButton() const { return m_acknowledge; }
    QToolButton *snoozeButton() const { return m_snooze; }
    QPushButton *wakeButton() const { return m_wake; }
    int alertCount() const; // rows that are alerts (not the "none" line)
    QString rowText(int row) const;
    QString alertKeyAt(int row) const;

    // The row's text: "[critical] callback: hit rate 38.5% (limit 30%) — since 19:05 (5 min)".
    static QString summary(const AlertMonitor::Shown &alert, qint64 nowMs);

    // Acknowledges / snoozes the selected alert's rule (the buttons' work).
    void acknowledgeSelected();
    void snoozeSelected(qint64 durationMs);
    void wakeSelected();
    // Whether a row is a snoozed alert (listed greyed after the others).
    bool isSnoozedRow(int row) const;

private:
    void updateButtons();

    QPointer<AlertMonitor> m_monitor;
    QTreeWidget *m_list;
    QLabel *m_title;
    QPushButton *m_acknowledge;
    QToolButton *m_snooze;
    QPushButton *m_wake;
    QTimer *m_tick;
};
