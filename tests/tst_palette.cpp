// The dark palette (IDEM_PALETTE=dark): disabled fields and buttons look
// disabled, not like enabled ones with a little less contrast.
#include "models/statuscolors.h"

#include <QtTest>

class PaletteTest : public QObject {
    Q_OBJECT

private slots:
    void disabledLooksDisabledInTheDark()
    {
        const QPalette dark = StatusColors::darkPalette();
        QVERIFY(StatusColors::isDark(dark));
        for (const QPalette::ColorRole background : {QPalette::Base, QPalette::Button})
            QVERIFY2(dark.color(QPalette::Disabled, background) != dark.color(QPalette::Active, background),
                     qPrintable(QString::number(background)));
        // A disabled field is the window's own grey.
        QCOMPARE(dark.color(QPalette::Disabled, QPalette::Base), dark.color(QPalette::Active, QPalette::Window));
        for (const QPalette::ColorRole text : {QPalette::Text, QPalette::ButtonText, QPalette::WindowText}) {
            const int active = dark.color(QPalette::Active, text).lightness() - dark.color(QPalette::Active, QPalette::Base).lightness();
            const int disabled =
                dark.color(QPalette::Disabled, text).lightness() - dark.color(QPalette::Disabled, QPalette::Base).lightness();
            QVERIFY2(disabled < active / 2, qPrintable(QStringLiteral("%1: %2 vs %3").arg(text).arg(disabled).arg(active)));
        }
    }
};

QTEST_MAIN(PaletteTest)
#include "tst_palette.moc"
