#pragma once

#include <QFrame>

class QLabel;

// A big number with a caption, readable at a glance from across the room.
class KpiTile final : public QFrame {
    Q_OBJECT
public:
    explicit KpiTile(const QString &caption, QWidget *parent = nullptr);

    void setValue(const QString &value, bool alarming = false);
    QString value() const;
    // A line under the caption (e.g. the scope that is worse than the total); empty: none.
    void setDetail(const QString &detail, bool alarming = false);
    QString detail() const;

private:
    QLabel *m_value;
    QLabel *m_caption;
    QLabel *m_detail;
};
