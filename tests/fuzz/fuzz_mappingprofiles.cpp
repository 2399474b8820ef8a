// Reconcile profiles as a settings file holds them, hand-edited or not:
// the bytes as the INI file MappingProfiles::load reads through QSettings,
// and the same bytes as one profile's JSON (OrderMapping::fromJson).
// Checks the promises of mappingprofiles.h and ordermapping.h: load keeps
// only valid profiles, sorted by name; a profile saved comes back as it was
// saved, naming the same database and without a password; a mapping read
// from JSON is valid, names its table and columns plainly and survives
// toJson → fromJson.
#include "tests/fuzz/fuzzinput.h"

#include "app/ops/mappingprofiles.h"
#include "app/store/storeurl.h"

#include <QFile>
#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>

#include <algorithm>

namespace {

// A file name of its own per input: QSettings caches what it read by path.
QString freshFile(const char *what)
{
    static QTemporaryDir dir;
    static quint64 count = 0;
    return dir.filePath(QStringLiteral("%1-%2.ini").arg(QLatin1String(what)).arg(++count));
}

void removeFile(const QString &path)
{
    QFile::remove(path);
    QFile::remove(path + QStringLiteral(".lock"));
}

// The URL's password, or that of a URL nested in it (audit=, cache=).
bool holdsPassword(const QString &text, int depth = 0)
{
    const Result<StoreUrl> url = StoreUrl::parse(text);
    if (!url || depth > 4)
        return false;
    return !url->password.isEmpty() || holdsPassword(url->options.value(QStringLiteral("audit")), depth + 1)
           || holdsPassword(url->options.value(QStringLiteral("cache")), depth + 1);
}

// The same database; the password save() leaves out aside.
bool sameDatabase(const QString &saved, const QString &given)
{
    const Result<StoreUrl> a = StoreUrl::parse(saved);
    const Result<StoreUrl> b = StoreUrl::parse(given);
    return a && b && a->kind == b->kind && a->path == b->path && a->user == b->user && a->host == b->host && a->port == b->port
           && a->database == b->database;
}

void checkSavedAsLoaded(const OrderMapping &m)
{
    const QString path = freshFile("saved");
    {
        QSettings settings(path, QSettings::IniFormat);
        if (MappingProfiles::save(m, &settings)) {
            const std::optional<OrderMapping> back = MappingProfiles::find(m.name.trimmed(), &settings);
            Fuzz::require(back.has_value(), "a profile saved is found");
            Fuzz::require(!holdsPassword(back->ordersUrl), "no password lands in a settings file");
            Fuzz::require(sameDatabase(back->ordersUrl, m.ordersUrl), "a profile saved names the same orders database");
            OrderMapping expected = m;
            expected.name = back->name;
            expected.ordersUrl = back->ordersUrl;
            Fuzz::require(back->toJson() == expected.toJson(), "a profile saved comes back as it was saved");
        }
    }
    removeFile(path);
}

void checkSettingsFile(const QByteArray &bytes)
{
    const QString path = freshFile("profiles");
    QFile file(path);
    Fuzz::require(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size(), "the settings file is written");
    file.close();
    {
        QSettings settings(path, QSettings::IniFormat);
        const QList<OrderMapping> profiles = MappingProfiles::load(&settings);
        for (qsizetype i = 0; i < profiles.size(); ++i) {
            Fuzz::require(profiles.at(i).validate().ok(), "load keeps only valid profiles");
            Fuzz::require(i == 0 || profiles.at(i - 1).name <= profiles.at(i).name, "load sorts profiles by name");
            checkSavedAsLoaded(profiles.at(i));
        }
    }
    removeFile(path);
}

void checkJson(const QByteArray &bytes)
{
    const Result<OrderMapping> m = OrderMapping::fromJson(QJsonDocument::fromJson(bytes).object());
    if (!m)
        return;
    Fuzz::require(m->validate().ok(), "a mapping read from JSON is valid");
    const QStringList table = m->table.split(u'.');
    Fuzz::require(table.size() <= 2 && std::all_of(table.cbegin(), table.cend(), Fuzz::plainName) && Fuzz::plainName(m->keyColumn)
                      && Fuzz::plainName(m->statusColumn),
                  "a valid mapping's table and columns are plain names");
    const Result<OrderMapping> again = OrderMapping::fromJson(m->toJson());
    Fuzz::require(again && again->toJson() == m->toJson(), "fromJson(toJson(mapping)) is the mapping");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = Fuzz::bytes(data, size);
    checkSettingsFile(bytes);
    checkJson(bytes);
    return 0;
}
