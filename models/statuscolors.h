#pragma once

#include <QColor>
#include <QPalette>

// Colours for states (alarm, warning, fine) that stay readable on the
// palette they are drawn on: a light palette gets the dark shade, a dark
// palette (the system's dark theme) the light one.
namespace StatusColors {

inline bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}
// Text that needs attention: stuck rows, an alarming KPI, a lost connection.
inline QColor alarmText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x1e, 0x1e);
}
inline QColor okText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x81, 0xc7, 0x84) : QColor(0x1b, 0x5e, 0x20);
}
// A banner: background and text, amber.
inline QColor warningBackground(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x4d, 0x3b, 0x00) : QColor(0xff, 0xf3, 0xcd);
}
inline QColor warningText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0xe0, 0x82) : QColor(0x66, 0x4d, 0x03);
}

// Row shades of a plan (reconcile: complete / release), with the
// palette's own text on them: light tints on a light palette, dark ones on
// a dark palette, so text and check marks (drawn in the text colour) show.
inline QColor okBackground(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x1f, 0x3d, 0x26) : QColor(0xe3, 0xf4, 0xe6);
}
inline QColor infoBackground(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x1c, 0x2f, 0x4a) : QColor(0xe4, 0xee, 0xfb);
}

// A banner for raised alerts: background and text, red.
inline QColor alarmBackground(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x5c, 0x1a, 0x1f) : QColor(0xf8, 0xd7, 0xda);
}
inline QColor alarmBannerText(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0xcd, 0xd2) : QColor(0x58, 0x15, 0x1c);
}

// The dark palette IDEM_PALETTE=dark switches to (Fusion), for looking at
// the dark theme where the platform offers none (Xvfb, CI, screenshots).
inline QPalette darkPalette()
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    dark.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::ToolTipBase, QColor(0x35, 0x35, 0x35));
    dark.setColor(QPalette::ToolTipText, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    dark.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
    dark.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb2));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    dark.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
    // Fusion's bevels: without these a dark button has no edge to lose when disabled.
    dark.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    dark.setColor(QPalette::Midlight, QColor(0x3e, 0x3e, 0x3e));
    dark.setColor(QPalette::Dark, QColor(0x1a, 0x1a, 0x1a));
    dark.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x10));
    // Disabled looks disabled: dim text on the window's own grey, not a
    // field or button that only lost some contrast.
    for (const QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText, QPalette::HighlightedText})
        dark.setColor(QPalette::Disabled, role, QColor(0x6e, 0x6e, 0x6e));
    dark.setColor(QPalette::Disabled, QPalette::Base, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::Disabled, QPalette::Button, QColor(0x2e, 0x2e, 0x2e));
    dark.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x3a, 0x3a, 0x3a));
    return dark;
}

} // namespace StatusColors

// The dashboard charts' series colours, by what a series means: one hue per
// outcome, the same on every chart (matplotlib's "tab10" hues, which the PDF
// report's counterColor() in app/ops/reportpdf.cpp uses for the same
// counters). The chart theme, not the palette, handles dark mode.
namespace ChartColors {

inline constexpr QColor Primary{0x1f, 0x77, 0xb4}; // executed, the hit rate, sampled in-flight counts
inline constexpr QColor Completed{0x2c, 0xa0, 0x2c}; // replayed, records completed
inline constexpr QColor Pending{0xff, 0x7f, 0x0e}; // in progress (409), records still in flight
inline constexpr QColor Alarm{0xd6, 0x27, 0x28}; // mismatch, the alert threshold, unreadable, stuck
inline constexpr QColor Released{0x94, 0x67, 0xbd}; // released (5xx)
inline constexpr QColor TimedOut{0x8c, 0x56, 0x4b}; // timed out
inline constexpr QColor AlertRaised{0xff, 0xbf, 0x00}; // the marker of a raised alert (never the mismatch red)
inline constexpr QColor AlertRaisedBorder{0x5a, 0x3e, 0x00};

} // namespace ChartColors
