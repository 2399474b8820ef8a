#pragma once

#include "app/telemetry/alertrules.h"

#include <QFrame>

class QLabel;

// A banner over the views listing the alerts that are raised now, each with
// its message; hidden while none is.
class AlertBanner final : public QFrame {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertBanner)
public:
    explicit AlertBanner(QWidget *parent = nullptr);

    void setAlerts(const QList<AlertTransition> &active);
    QString text() const;

private:
    QLabel *m_label;
};
