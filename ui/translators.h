#pragma once

#include <QString>
#include <QStringList>
#include <QTranslator>

// The interface language's catalogues, installed for the application's
// lifetime: the console's own (:/i18n, compiled from translations/) and
// Qt's (qtbase_<lang>.qm from Debian's qt6-translations-l10n), which holds
// the texts Qt draws itself: QWizard's "< Back / Next > / Cancel", the
// "Close" and "OK" of QDialogButtonBox and QMessageBox, the file dialogs.
// Without Qt's catalogue a zh_CN console showed those in English.
class UiTranslators final {
    Q_DISABLE_COPY_MOVE(UiTranslators)
public:
    UiTranslators() = default;
    ~UiTranslators();

    // Installs both catalogues for `lang` ("zh_CN", or "en": nothing to
    // install). Returns what could not be loaded, for the log; the window
    // then shows those texts in English.
    QStringList install(const QString &lang);

private:
    QTranslator m_own;
    QTranslator m_qt;
    bool m_installed = false;
};
