#include "models/appsettings.h"

#include "app/ops/mappingprofiles.h"

#include <QCryptographicHash>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace {

// The keys, in one place. Renaming one orphans what users have saved.
const QString recentStoresKey = QStringLiteral("stores/recent");
const QString nameKey = QStringLiteral("name");
const QString urlKey = QStringLiteral("url");
const QString readOnlyKey = QStringLiteral("readOnly");
const QString passwordSourceKey = QStringLiteral("passwordSource");
const QString passwordVariableKey = QStringLiteral("passwordVariable");
const QString lastStoreKey = QStringLiteral("stores/last");
const QString refreshIntervalKey = QStringLiteral("dashboard/refreshIntervalMs");
const QString rangeKey = QStringLiteral("dashboard/range");
const QString rangeFromKey = QStringLiteral("dashboard/rangeFrom");
const QString rangeToKey = QStringLiteral("dashboard/rangeTo");
const QString hitRateKey = QStringLiteral("alerts/hitRateThreshold");
const QString pageSizeKey = QStringLiteral("inflight/pageSize");
const QString languageKey = QStringLiteral("ui/language");
const QString alertRulesKey = QStringLiteral("alertRules/rules");

int readInt(const QSettings &settings, const QString &key, int fallback, int min, int max)
{
    bool ok = false;
    const int value = settings.value(key).toInt(&ok);
    return ok ? qBound(min, value, max) : fallback;
}

QString sameStore(const QString &url)
{
    return StoreEntry::withoutPassword(url);
}

} // namespace

AppSettings::AppSettings(QSettings *settings)
    : m_settings(settings)
{
    Q_ASSERT(m_settings);
}

QList<StoreEntry> AppSettings::recentStores() const
{
    QList<StoreEntry> entries;
    const int count = m_settings->beginReadArray(recentStoresKey);
    for (int i = 0; i < count; ++i) {
        m_settings->setArrayIndex(i);
        StoreEntry entry;
        entry.name = m_settings->value(nameKey).toString();
        // Stripped on the way in too: the file may have been edited by hand.
        entry.url = StoreEntry::withoutPassword(m_settings->value(urlKey).toString());
        entry.readOnly = m_settings->value(readOnlyKey, false).toBool();
        entry.passwordSource = StoreEntry::passwordSourceFromName(m_settings->value(passwordSourceKey).toString());
        const QString variable = m_settings->value(passwordVariableKey).toString();
        entry.passwordVariable = StoreEntry::isValidVariableName(variable) ? variable : QString();
        const bool duplicate = std::any_of(entries.cbegin(), entries.cend(), [&](const StoreEntry &seen) { return seen.url == entry.url; });
        if (!entry.url.isEmpty() && !duplicate)
            entries << entry;
    }
    m_settings->endArray();
    return entries.mid(0, MaxRecentStores);
}

void AppSettings::setRecentStores(const QList<StoreEntry> &entries)
{
    QList<StoreEntry> kept;
    for (StoreEntry entry : entries) {
        entry.url = sameStore(entry.url);
        if (!StoreEntry::isValidVariableName(entry.passwordVariable))
            entry.passwordVariable.clear();
        const bool duplicate = std::any_of(kept.cbegin(), kept.cend(), [&](const StoreEntry &seen) { return seen.url == entry.url; });
        if (!entry.url.isEmpty() && !duplicate && kept.size() < MaxRecentStores)
            kept << entry;
    }
    m_settings->remove(recentStoresKey); // a shorter list must not leave old rows behind
    m_settings->beginWriteArray(recentStoresKey, int(kept.size()));
    for (int i = 0; i < kept.size(); ++i) {
        const StoreEntry &entry = kept.at(i);
        m_settings->setArrayIndex(i);
        m_settings->setValue(nameKey, entry.name);
        m_settings->setValue(urlKey, entry.url);
        m_settings->setValue(readOnlyKey, entry.readOnly);
        m_settings->setValue(passwordSourceKey, StoreEntry::passwordSourceName(entry.passwordSource));
        m_settings->setValue(passwordVariableKey, entry.passwordVariable);
    }
    m_settings->endArray();
}

void AppSettings::rememberStore(const StoreEntry &entry)
{
    QList<StoreEntry> entries = recentStores();
    const QString url = sameStore(entry.url);
    entries.removeIf([&](const StoreEntry &seen) { return seen.url == url; });
    entries.prepend(entry);
    setRecentStores(entries);
}

void AppSettings::forgetStore(const QString &url)
{
    QList<StoreEntry> entries = recentStores();
    const QString stripped = sameStore(url);
    entries.removeIf([&](const StoreEntry &seen) { return seen.url == stripped; });
    setRecentStores(entries);
    if (lastStoreUrl() == stripped)
        m_settings->remove(lastStoreKey);
}

QString AppSettings::lastStoreUrl() const
{
    return sameStore(m_settings->value(lastStoreKey).toString());
}

void AppSettings::setLastStoreUrl(const QString &url)
{
    m_settings->setValue(lastStoreKey, sameStore(url));
}

int AppSettings::refreshIntervalMs() const
{
    return readInt(*m_settings, refreshIntervalKey, DefaultRefreshIntervalMs, MinRefreshIntervalMs, MaxRefreshIntervalMs);
}

void AppSettings::setRefreshIntervalMs(int ms)
{
    m_settings->setValue(refreshIntervalKey, qBound(MinRefreshIntervalMs, ms, MaxRefreshIntervalMs));
}

DashboardRange AppSettings::dashboardRange() const
{
    DashboardRange range;
    range.preset = DashboardRange::presetFromName(m_settings->value(rangeKey).toString()).value_or(range.preset);
    if (range.preset == DashboardRange::Preset::Custom) {
        range.from = QDateTime::fromString(m_settings->value(rangeFromKey).toString(), Qt::ISODateWithMs);
        range.to = QDateTime::fromString(m_settings->value(rangeToKey).toString(), Qt::ISODateWithMs);
        if (!range.isValid())
            return DashboardRange{};
    }
    return range;
}

void AppSettings::setDashboardRange(const DashboardRange &range)
{
    if (!range.isValid())
        return;
    m_settings->setValue(rangeKey, DashboardRange::presetName(range.preset));
    if (range.preset == DashboardRange::Preset::Custom) {
        m_settings->setValue(rangeFromKey, range.from.toUTC().toString(Qt::ISODateWithMs));
        m_settings->setValue(rangeToKey, range.to.toUTC().toString(Qt::ISODateWithMs));
    } else {
        m_settings->remove(rangeFromKey);
        m_settings->remove(rangeToKey);
    }
}

double AppSettings::hitRateAlertThreshold() const
{
    bool ok = false;
    const double value = m_settings->value(hitRateKey).toDouble(&ok);
    return ok && std::isfinite(value) ? qBound(0.0, value, 1.0) : DefaultHitRateAlertThreshold;
}

void AppSettings::setHitRateAlertThreshold(double threshold)
{
    if (std::isfinite(threshold))
        m_settings->setValue(hitRateKey, qBound(0.0, threshold, 1.0));
}

QList<AlertRule> AppSettings::alertRules() const
{
    if (!m_settings->contains(alertRulesKey))
        return AlertRule::defaults();
    bool ok = false;
    const QList<AlertRule> rules = alertRulesFromJson(m_settings->value(alertRulesKey).toString().toUtf8(), &ok);
    return ok ? rules : AlertRule::defaults(); // an empty array is a choice: no alerts
}

void AppSettings::setAlertRules(const QList<AlertRule> &rules)
{
    m_settings->setValue(alertRulesKey, QString::fromUtf8(alertRulesToJson(rules)));
}

int AppSettings::inFlightPageSize() const
{
    return readInt(*m_settings, pageSizeKey, DefaultInFlightPageSize, MinInFlightPageSize, MaxInFlightPageSize);
}

void AppSettings::setInFlightPageSize(int rows)
{
    m_settings->setValue(pageSizeKey, qBound(MinInFlightPageSize, rows, MaxInFlightPageSize));
}

AppSettings::Language AppSettings::language() const
{
    return languageFromCode(m_settings->value(languageKey).toString()).value_or(DefaultLanguage);
}

void AppSettings::setLanguage(Language language)
{
    m_settings->setValue(languageKey, languageCode(language));
}

QString AppSettings::languageCode(Language language)
{
    switch (language) {
    case Language::System:
        return QStringLiteral("system");
    case Language::Chinese:
        return QStringLiteral("zh_CN");
    case Language::English:
        return QStringLiteral("en");
    }
    return QStringLiteral("system");
}

std::optional<AppSettings::Language> AppSettings::languageFromCode(const QString &code)
{
    for (Language language : {Language::System, Language::Chinese, Language::English}) {
        if (languageCode(language) == code)
            return language;
    }
    return std::nullopt;
}

namespace {

// A settings key must not carry a URL's slashes and colons.
QString alertStateKey(const QString &storeUrl)
{
    return QStringLiteral("alertState/")
           + QString::fromLatin1(QCryptographicHash::hash(storeUrl.toUtf8(), QCryptographicHash::Sha1).toHex());
}

} // namespace

QByteArray AppSettings::alertState(const QString &storeUrl) const
{
    return m_settings->value(alertStateKey(storeUrl)).toByteArray();
}

void AppSettings::setAlertState(const QString &storeUrl, const QByteArray &state)
{
    m_settings->setValue(alertStateKey(storeUrl), state);
}

QByteArray AppSettings::layoutState(const QString &part) const
{
    return m_settings->value(QStringLiteral("layout/") + part).toByteArray();
}

void AppSettings::setLayoutState(const QString &part, const QByteArray &state)
{
    m_settings->setValue(QStringLiteral("layout/") + part, state);
}

void AppSettings::sync()
{
    m_settings->sync();
}

QList<OrderMapping> AppSettings::reconcileProfiles() const
{
    return MappingProfiles::load(m_settings);
}

std::optional<OrderMapping> AppSettings::reconcileProfile(const QString &name) const
{
    return MappingProfiles::find(name, m_settings);
}

Result<void> AppSettings::saveReconcileProfile(const OrderMapping &mapping)
{
    return MappingProfiles::save(mapping, m_settings);
}

void AppSettings::removeReconcileProfile(const QString &name)
{
    MappingProfiles::remove(name, m_settings);
}
