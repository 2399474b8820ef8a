#pragma once

#include <QCheckBox>

class QTimer;

// A record list's "Auto-refresh every N" box: while it is checked and shown
// (its view is the tab on screen), due() comes every interval; the view
// then reads its listed records again.
class AutoRefreshBox final : public QCheckBox {
    Q_OBJECT
public:
    explicit AutoRefreshBox(QWidget *parent);
    // The interval, and the box's text that names it.
    void setIntervalMs(int ms);

signals:
    void due();

private:
    QTimer *m_timer;
};
