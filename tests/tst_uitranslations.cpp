// The zh_CN console shows Qt's own texts in Chinese too: QWizard's
// "< Back / Next > / Cancel" and a dialog's "Close" come from Qt's catalogue
// (qtbase_zh_CN.qm, Debian's qt6-translations-l10n), which UiTranslators
// installs beside the console's. (The console's own catalogue is checked
// complete by tst_translations, and loads in idem-console, whose resource
// holds it.)
#include "ui/translators.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QTest>
#include <QWizard>

class TestUiTranslations final : public QObject {
    Q_OBJECT

private slots:
    void englishNeedsNothing()
    {
        UiTranslators translators;
        QVERIFY(translators.install(QStringLiteral("en")).isEmpty());
        QWizard wizard;
        QCOMPARE(wizard.buttonText(QWizard::NextButton), QStringLiteral("&Next >"));
    }

    void qtTextsAreChinese()
    {
        UiTranslators translators;
        // The console's own catalogue is compiled into idem-console (its
        // resource :/i18n), not into this test: only Qt's must be found.
        const QStringList missing = translators.install(QStringLiteral("zh_CN"));
        QVERIFY2(missing.filter(QStringLiteral("qtbase")).isEmpty(), qPrintable(missing.join(QStringLiteral("; "))));

        QWizard wizard;
        for (const QWizard::WizardButton which : {QWizard::BackButton, QWizard::NextButton, QWizard::CancelButton, QWizard::FinishButton}) {
            const QString text = wizard.buttonText(which);
            QVERIFY2(text.contains(QRegularExpression(QStringLiteral("\\p{Han}"))), qPrintable(text));
        }
        QDialogButtonBox box(QDialogButtonBox::Close);
        const QString close = box.button(QDialogButtonBox::Close)->text();
        QVERIFY2(close.contains(QRegularExpression(QStringLiteral("\\p{Han}"))), qPrintable(close));
        // A missing catalogue is named, not passed over in silence.
        QCOMPARE(missing, QStringList{QStringLiteral(":/i18n/idem-console_zh_CN.qm")});
    }

    void removedWithItsOwner()
    {
        {
            UiTranslators translators;
            QVERIFY(translators.install(QStringLiteral("zh_CN")).filter(QStringLiteral("qtbase")).isEmpty());
            QVERIFY(QWizard().buttonText(QWizard::NextButton) != QLatin1String("&Next >"));
        }
        QWizard wizard;
        QCOMPARE(wizard.buttonText(QWizard::NextButton), QStringLiteral("&Next >"));
    }
};

QTEST_MAIN(TestUiTranslations)
#include "tst_uitranslations.moc"
