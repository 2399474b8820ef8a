#pragma once

#include <QSize>

class QScrollArea;
class QWidget;

// Operators run the console on 1280×720 laptops as well as on big screens:
// every top-level window is sized from the screen it opens on, never from a
// fixed size that puts its buttons below the screen's edge.
namespace ScreenFit {

// Resizes `window` to `preferred`, capped to the available geometry of the
// screen it opens on (its parent's, else the primary screen) less the room
// a window manager's frame takes, and centres it there (over its parent's
// window when it has one). Its minimum size must allow the cap: long
// content belongs in a scroll area.
void fit(QWidget *window, QSize preferred);

// Moves and shrinks an already sized window (a geometry restored from the
// settings of a bigger screen) back inside its screen's available area.
void keepInside(QWidget *window);

// The largest size a window may take on the screen it opens on (frame excluded).
QSize room(const QWidget *window);

// `content` in a frameless scroll area that resizes it: a pane whose
// content can be taller than a small screen scrolls instead of setting the
// window's minimum height, and its size no longer follows what it shows.
QScrollArea *scrolling(QWidget *content, QWidget *parent);

} // namespace ScreenFit
