#include "ui/translators.h"

#include <QCoreApplication>
#include <QLibraryInfo>

UiTranslators::~UiTranslators()
{
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_own);
        QCoreApplication::removeTranslator(&m_qt);
    }
}

QStringList UiTranslators::install(const QString &lang)
{
    if (!lang.startsWith(QLatin1String("zh")))
        return {};
    QStringList missing;
    if (m_own.load(QStringLiteral(":/i18n/idem-console_zh_CN.qm")))
        QCoreApplication::installTranslator(&m_own);
    else
        missing << QStringLiteral(":/i18n/idem-console_zh_CN.qm");
    const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    if (m_qt.load(QStringLiteral("qtbase_zh_CN"), qtDir))
        QCoreApplication::installTranslator(&m_qt);
    else
        missing << qtDir + QStringLiteral("/qtbase_zh_CN.qm (Debian package qt6-translations-l10n)");
    m_installed = true;
    return missing;
}
