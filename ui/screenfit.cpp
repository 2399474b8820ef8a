#include "ui/screenfit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QScrollArea>
#include <QWidget>

namespace {

// A window manager's title bar and borders, before a window is shown (its
// frameGeometry() is known only then).
constexpr QSize kFrameAllowance(16, 40);

QScreen *screenOf(const QWidget *window)
{
    if (const QWidget *parent = window->parentWidget(); parent && parent->window()->screen())
        return parent->window()->screen();
    if (window->screen())
        return window->screen();
    return QGuiApplication::primaryScreen();
}

QSize frameOf(const QWidget *window)
{
    if (!window->isVisible())
        return kFrameAllowance;
    const QRect frame = window->frameGeometry();
    const QRect inner = window->geometry();
    return QSize(frame.width() - inner.width(), frame.height() - inner.height());
}

} // namespace

namespace ScreenFit {

QSize room(const QWidget *window)
{
    const QScreen *screen = screenOf(window);
    if (!screen)
        return QSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    return screen->availableGeometry().size() - frameOf(window);
}

void fit(QWidget *window, QSize preferred)
{
    const QSize cap = room(window);
    const QSize size = preferred.boundedTo(cap).expandedTo(window->minimumSizeHint().boundedTo(cap));
    window->resize(size);
    const QScreen *screen = screenOf(window);
    if (!screen)
        return;
    const QRect area = screen->availableGeometry();
    const QWidget *parent = window->parentWidget() ? window->parentWidget()->window() : nullptr;
    QPoint centre = parent && parent->isVisible() ? parent->frameGeometry().center() : area.center();
    QRect placed(QPoint(0, 0), window->size() + frameOf(window));
    placed.moveCenter(centre);
    // Inside the area, the frame's top left corner first.
    placed.moveLeft(qBound(area.left(), placed.left(), qMax(area.left(), area.right() - placed.width() + 1)));
    placed.moveTop(qBound(area.top(), placed.top(), qMax(area.top(), area.bottom() - placed.height() + 1)));
    window->move(placed.topLeft());
}

void keepInside(QWidget *window)
{
    const QScreen *screen = screenOf(window);
    if (!screen)
        return;
    const QRect area = screen->availableGeometry();
    const QSize cap = room(window);
    if (window->width() > cap.width() || window->height() > cap.height())
        window->resize(window->size().boundedTo(cap));
    const QSize outer = window->size() + frameOf(window);
    QPoint at = window->pos();
    at.setX(qBound(area.left(), at.x(), qMax(area.left(), area.right() - outer.width() + 1)));
    at.setY(qBound(area.top(), at.y(), qMax(area.top(), area.bottom() - outer.height() + 1)));
    window->move(at);
}

QScrollArea *scrolling(QWidget *content, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

} // namespace ScreenFit
