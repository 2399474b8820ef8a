#include "models/storeentry.h"

#include "app/store/storeurl.h"

#include <QRegularExpression>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

namespace {

bool isPasswordItem(const QString &name)
{
    return StoreUrl::isSecretOption(name);
}

bool isNestedUrl(const QString &name)
{
    return name == QLatin1String("audit") || name == QLatin1String("cache");
}

// For text QUrl cannot parse: cut everything between the first ':' of the
// userinfo and the last '@'. It may mangle such a URL, which is fine: it
// was not valid, and no password survives.
QString strippedText(QString text)
{
    const qsizetype schemeEnd = text.indexOf(QLatin1String("://"));
    const qsizetype start = schemeEnd < 0 ? 0 : schemeEnd + 3;
    const qsizetype at = text.lastIndexOf(QLatin1Char('@'));
    if (at > start && text.at(start) != QLatin1Char('/')) {
        const qsizetype colon = text.indexOf(QLatin1Char(':'), start);
        if (colon >= 0 && colon < at)
            text.remove(colon, at - colon);
        if (text.at(start) == QLatin1Char('@')) // no user left: no userinfo
            text.remove(start, 1);
    }
    const qsizetype query = text.indexOf(QLatin1Char('?'));
    if (query < 0)
        return text;
    QStringList kept;
    for (const QString &item : text.mid(query + 1).split(QLatin1Char('&'), Qt::SkipEmptyParts)) {
        const QString name = QUrl::fromPercentEncoding(item.section(QLatin1Char('='), 0, 0).toUtf8());
        if (!isPasswordItem(name))
            kept << item;
    }
    return text.left(query) + (kept.isEmpty() ? QString() : QLatin1Char('?') + kept.join(QLatin1Char('&')));
}

} // namespace

QString StoreEntry::displayName() const
{
    return name.trimmed().isEmpty() ? url : name.trimmed();
}

QString StoreEntry::effectivePasswordVariable() const
{
    return passwordVariable.isEmpty() ? defaultPasswordVariable(url) : passwordVariable;
}

QString StoreEntry::withoutPassword(const QString &text)
{
    const QString trimmed = text.trimmed();
    QUrl url(trimmed, QUrl::StrictMode);
    // Without "//" QUrl reads "user:secret@host" as a scheme and a path, so
    // only a URL with an authority part is left to it.
    if (!url.isValid() || url.scheme().isEmpty() || !trimmed.contains(QLatin1String("://")))
        return StoreUrl::masked(strippedText(trimmed));

    bool changed = false;
    if (!url.password().isEmpty() || trimmed.contains(QLatin1Char('@'))) {
        // "user:@host" has an empty password QUrl still prints as "user:@"
        const QString before = url.toString(QUrl::FullyEncoded);
        url.setPassword(QString());
        if (url.userName().isEmpty())
            url.setUserInfo(QString()); // "redis://:pw@host" must not become "redis://@host"
        changed = url.toString(QUrl::FullyEncoded) != before;
    }
    if (url.hasQuery()) {
        // Password-like options go; a nested audit=/cache= URL keeps
        // everything but its own password, which is never saved.
        QUrlQuery kept;
        bool queryChanged = false;
        for (const auto &[name, value] : QUrlQuery(url).queryItems(QUrl::FullyDecoded)) {
            const QString plain = isNestedUrl(name) ? withoutPassword(value) : value;
            queryChanged |= isPasswordItem(name) || plain != value;
            if (!isPasswordItem(name))
                kept.addQueryItem(QString::fromLatin1(QUrl::toPercentEncoding(name)), QString::fromLatin1(QUrl::toPercentEncoding(plain)));
        }
        if (queryChanged) {
            url.setQuery(kept);
            changed = true;
        }
    }
    // Anything still password-shaped (a form no rule above knows) is masked.
    return StoreUrl::masked(changed ? url.toString(QUrl::FullyEncoded) : trimmed);
}

QString StoreEntry::withPassword(const QString &text, const QString &password)
{
    if (password.isEmpty())
        return text;
    QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid())
        return text; // StoreUrl::parse reports what is wrong with it
    url.setPassword(password, QUrl::DecodedMode);
    return url.toString(QUrl::FullyEncoded);
}

QString StoreEntry::defaultPasswordVariable(const QString &url)
{
    const QString scheme = url.section(QLatin1Char(':'), 0, 0).trimmed().toLower();
    if (scheme == QLatin1String("postgresql") || scheme == QLatin1String("postgres"))
        return QStringLiteral("IDEM_PG_PASSWORD");
    if (scheme == QLatin1String("mysql") || scheme == QLatin1String("mariadb"))
        return QStringLiteral("IDEM_MYSQL_PASSWORD");
    if (scheme == QLatin1String("redis"))
        return QStringLiteral("IDEM_REDIS_PASSWORD");
    return QString();
}

bool StoreEntry::isValidVariableName(const QString &name)
{
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,127}")));
    return pattern.match(name).hasMatch();
}

QString StoreEntry::passwordSourceName(PasswordSource source)
{
    switch (source) {
    case PasswordSource::None:
        return QStringLiteral("none");
    case PasswordSource::Keychain:
        return QStringLiteral("keychain");
    case PasswordSource::Environment:
        return QStringLiteral("environment");
    }
    return QStringLiteral("none");
}

StoreEntry::PasswordSource StoreEntry::passwordSourceFromName(const QString &name)
{
    if (name == QLatin1String("keychain"))
        return PasswordSource::Keychain;
    if (name == QLatin1String("environment"))
        return PasswordSource::Environment;
    return PasswordSource::None;
}
