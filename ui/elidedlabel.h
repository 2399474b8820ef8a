#pragma once

#include <QLabel>

// A one-line label that gives way in a crowded row (the status bar): it asks
// for its whole text's width, accepts less, and then paints the text elided
// in the middle, so its start (what the line is about) and its end (the
// latest figure) stay readable. A rule on its left sets it apart from what
// stands before it. Whoever sets the text also sets a tooltip that holds it
// whole.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    // The text as painted at the current width (the whole text when it fits).
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent *event) override;
};
