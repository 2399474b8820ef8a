#include "app/ops/mappingprofiles.h"

#include "app/store/storeurl.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QUrl>

#include <algorithm>

namespace {

// Messages of this file, in the "MappingProfiles" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(MappingProfiles)
};

const QString &group()
{
    static const QString name = QStringLiteral("reconcileProfiles");
    return name;
}

// The given settings, else the console's file for the duration of a call.
class SettingsRef {
public:
    explicit SettingsRef(QSettings *given)
        : m_owned(given ? nullptr : MappingProfiles::consoleSettings())
        , m_settings(given ? given : m_owned.get())
    {
    }
    QSettings *operator->() const { return m_settings; }

private:
    std::unique_ptr<QSettings> m_owned;
    QSettings *m_settings;
};

// The URL's password or that of a URL nested in it (audit=, cache=).
bool holdsPassword(const StoreUrl &url)
{
    if (!url.password.isEmpty())
        return true;
    for (const QString &option : {QStringLiteral("audit"), QStringLiteral("cache")}) {
        const Result<StoreUrl> nested = StoreUrl::parse(url.options.value(option));
        if (nested && holdsPassword(nested.value()))
            return true;
    }
    return false;
}

} // namespace

std::unique_ptr<QSettings> MappingProfiles::consoleSettings()
{
    // app/console/main.cpp names the application "idem-console" and reads
    // QSettings' default file for it; idemctl names itself "idemctl".
    return std::make_unique<QSettings>(QCoreApplication::organizationName(), QStringLiteral("idem-console"));
}

QList<OrderMapping> MappingProfiles::load(QSettings *settings)
{
    const SettingsRef file(settings);
    QList<OrderMapping> out;
    file->beginGroup(group());
    const QStringList names = file->childKeys();
    for (const QString &name : names) {
        const QJsonDocument doc = QJsonDocument::fromJson(file->value(name).toString().toUtf8());
        if (!doc.isObject())
            continue;
        // The name is the entry's key, validated with the rest: a
        // hand-edited key may hold a control character.
        QJsonObject json = doc.object();
        json.insert(QStringLiteral("name"), name);
        Result<OrderMapping> mapping = OrderMapping::fromJson(json);
        if (!mapping)
            continue;
        out.append(mapping.value());
    }
    file->endGroup();
    std::sort(out.begin(), out.end(), [](const OrderMapping &a, const OrderMapping &b) { return a.name < b.name; });
    return out;
}

Result<void> MappingProfiles::save(const OrderMapping &mapping, QSettings *settings)
{
    const SettingsRef file(settings);
    const QString name = mapping.name.trimmed();
    if (name.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("A profile needs a name."));
    if (name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\')))
        return makeError(ErrorKind::InvalidArgument, Text::tr("A profile name cannot contain / or \\."));
    if (Result<void> valid = mapping.validate(); !valid)
        return valid;
    OrderMapping stored = mapping;
    stored.name = name;
    // Never a password in a settings file (DESIGN.md): taken out of the URL
    // as given, so that it still parses (displayString() shows "my%20db" as
    // "my db", which does not, and load() would drop the profile); one in a
    // nested URL (?cache=…) goes with displayString().
    if (const Result<StoreUrl> url = StoreUrl::parse(mapping.ordersUrl); url && holdsPassword(url.value())) {
        QUrl withoutPassword(mapping.ordersUrl.trimmed(), QUrl::StrictMode);
        withoutPassword.setPassword(QString());
        stored.ordersUrl = withoutPassword.toString(QUrl::FullyEncoded);
        if (const Result<StoreUrl> left = StoreUrl::parse(stored.ordersUrl); !left || holdsPassword(left.value()))
            stored.ordersUrl = url->displayString();
    }
    // QSettings reports AccessError from the start for an application
    // without an organisation name (the console's case): only a change counts.
    const bool wasFine = file->status() == QSettings::NoError;
    file->beginGroup(group());
    file->setValue(name, QString::fromUtf8(QJsonDocument(stored.toJson()).toJson(QJsonDocument::Compact)));
    file->endGroup();
    file->sync();
    if (wasFine && file->status() != QSettings::NoError)
        return makeError(ErrorKind::Refused, Text::tr("Cannot write the settings file %1.").arg(file->fileName()));
    return {};
}

void MappingProfiles::remove(const QString &name, QSettings *settings)
{
    const SettingsRef file(settings);
    file->beginGroup(group());
    file->remove(name);
    file->endGroup();
    file->sync();
}

std::optional<OrderMapping> MappingProfiles::find(const QString &name, QSettings *settings)
{
    for (const OrderMapping &m : load(settings)) {
        if (m.name == name)
            return m;
    }
    return std::nullopt;
}
