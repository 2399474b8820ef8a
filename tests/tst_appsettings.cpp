// AppSettings: defaults in one place, round trips, clamping of a hand-edited
// file, the recent list's order and dedup, and no password ever in the file.
#include "models/appsettings.h"

#include "app/ops/mappingprofiles.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

class TestAppSettings final : public QObject {
    Q_OBJECT

private:
    QString iniPath() const { return m_dir.filePath(QStringLiteral("idem-console.ini")); }
    std::unique_ptr<QSettings> openIni() const { return std::make_unique<QSettings>(iniPath(), QSettings::IniFormat); }
    QString iniText() const
    {
        QFile file(iniPath());
        if (!file.open(QIODevice::ReadOnly))
            return QString();
        return QString::fromUtf8(file.readAll());
    }
    static StoreEntry entry(const QString &name, const QString &url)
    {
        StoreEntry e;
        e.name = name;
        e.url = url;
        return e;
    }

    QTemporaryDir m_dir;

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QFile::remove(iniPath());
    }

    void defaults()
    {
        auto ini = openIni();
        const AppSettings settings(ini.get());
        QCOMPARE(settings.refreshIntervalMs(), 2000);
        QCOMPARE(settings.dashboardRange().preset, DashboardRange::Preset::Last15Minutes);
        QCOMPARE(settings.dashboardRange().window(1'000'000'000).first, 1'000'000'000 - 15 * 60 * 1000);
        QCOMPARE(settings.hitRateAlertThreshold(), 0.30);
        QCOMPARE(settings.inFlightPageSize(), AppSettings::DefaultInFlightPageSize);
        QCOMPARE(settings.language(), AppSettings::Language::System);
        QVERIFY(settings.recentStores().isEmpty());
        QVERIFY(settings.lastStoreUrl().isEmpty());
    }

    // The console keeps reconcile profiles through AppSettings,
    // in the file and format idemctl reads (MappingProfiles); no password.
    void reconcileProfilesAreTheOnesIdemctlReads()
    {
        auto ini = openIni();
        AppSettings settings(ini.get());
        OrderMapping m;
        m.name = QStringLiteral("shop orders");
        m.ordersUrl = QStringLiteral("postgresql://ops:S3cretPW@db:5432/shop");
        m.table = QStringLiteral("orders");
        m.keyColumn = QStringLiteral("order_no");
        m.statusColumn = QStringLiteral("status");
        m.doneValues = {QStringLiteral("PAID")};
        QVERIFY(settings.saveReconcileProfile(m).ok());
        settings.sync();
        QVERIFY(!iniText().contains(QStringLiteral("S3cretPW")));
        const std::optional<OrderMapping> asIdemctlReadsIt = MappingProfiles::find(m.name, ini.get());
        QVERIFY(asIdemctlReadsIt);
        QCOMPARE(asIdemctlReadsIt->table, m.table);
        QCOMPARE(settings.reconcileProfiles().size(), 1);
        QCOMPARE(settings.reconcileProfile(m.name)->keyColumn, m.keyColumn);
        settings.removeReconcileProfile(m.name);
        QVERIFY(settings.reconcileProfiles().isEmpty());
        QVERIFY(!MappingProfiles::find(m.name, ini.get()));
    }

    void roundTrip()
    {
        StoreEntry pg = entry(QStringLiteral("Payments"), QStringLiteral("postgresql://ops@db.internal:5432/idem?sslmode=require"));
        pg.readOnly = true;
        pg.passwordSource = StoreEntry::PasswordSource::Environment;
        pg.passwordVariable = QStringLiteral("PAYMENTS_PG_PASSWORD");
        StoreEntry redis = entry(QString(), QStringLiteral("redis://cache:6379/2"));
        redis.passwordSource = StoreEntry::PasswordSource::Keychain;
        DashboardRange incident;
        incident.preset = DashboardRange::Preset::Custom;
        incident.from = QDateTime(QDate(2024, 11, 11), QTime(0, 0), Qt::UTC);
        incident.to = QDateTime(QDate(2024, 11, 11), QTime(2, 30), Qt::UTC);
        {
            auto ini = openIni();
            AppSettings settings(ini.get());
            settings.setRecentStores({pg, redis});
            settings.setLastStoreUrl(redis.url);
            settings.setRefreshIntervalMs(5000);
            settings.setDashboardRange(incident);
            settings.setHitRateAlertThreshold(0.45);
            settings.setInFlightPageSize(1000);
            settings.setLanguage(AppSettings::Language::Chinese);
            settings.sync();
        }
        auto ini = openIni();
        const AppSettings settings(ini.get());
        QCOMPARE(settings.recentStores(), (QList<StoreEntry>{pg, redis}));
        QCOMPARE(settings.lastStoreUrl(), redis.url);
        QCOMPARE(settings.refreshIntervalMs(), 5000);
        QCOMPARE(settings.dashboardRange(), incident);
        QCOMPARE(settings.dashboardRange().window(0), std::make_pair(incident.from.toMSecsSinceEpoch(), incident.to.toMSecsSinceEpoch()));
        QCOMPARE(settings.hitRateAlertThreshold(), 0.45);
        QCOMPARE(settings.inFlightPageSize(), 1000);
        QCOMPARE(settings.language(), AppSettings::Language::Chinese);
        QVERIFY(iniText().contains(QStringLiteral("zh_CN")));
    }

    void presetsRoundTrip_data()
    {
        QTest::addColumn<DashboardRange::Preset>("preset");
        QTest::addColumn<qint64>("lengthMs");
        QTest::newRow("1h") << DashboardRange::Preset::LastHour << qint64(3600'000);
        QTest::newRow("6h") << DashboardRange::Preset::Last6Hours << qint64(6 * 3600'000);
        QTest::newRow("24h") << DashboardRange::Preset::Last24Hours << qint64(24 * 3600'000);
    }

    void presetsRoundTrip()
    {
        QFETCH(DashboardRange::Preset, preset);
        QFETCH(qint64, lengthMs);
        {
            auto ini = openIni();
            AppSettings settings(ini.get());
            DashboardRange range;
            range.preset = preset;
            settings.setDashboardRange(range);
        }
        auto ini = openIni();
        const AppSettings settings(ini.get());
        QCOMPARE(settings.dashboardRange().preset, preset);
        const auto [from, to] = settings.dashboardRange().window(10 * lengthMs);
        QCOMPARE(to - from, lengthMs);
    }

    // A hand-edited or damaged file reads back as defaults or clamped values.
    void malformedValues()
    {
        {
            auto ini = openIni();
            ini->setValue(QStringLiteral("dashboard/refreshIntervalMs"), QStringLiteral("soon"));
            ini->setValue(QStringLiteral("dashboard/range"), QStringLiteral("custom")); // without from/to
            ini->setValue(QStringLiteral("alerts/hitRateThreshold"), 7.5);
            ini->setValue(QStringLiteral("inflight/pageSize"), -3);
            ini->setValue(QStringLiteral("ui/language"), QStringLiteral("fr"));
        }
        auto ini = openIni();
        AppSettings settings(ini.get());
        QCOMPARE(settings.refreshIntervalMs(), AppSettings::DefaultRefreshIntervalMs);
        QCOMPARE(settings.dashboardRange().preset, DashboardRange::Preset::Last15Minutes);
        QCOMPARE(settings.hitRateAlertThreshold(), 1.0);
        QCOMPARE(settings.inFlightPageSize(), AppSettings::MinInFlightPageSize);
        QCOMPARE(settings.language(), AppSettings::Language::System);

        settings.setRefreshIntervalMs(1);
        QCOMPARE(settings.refreshIntervalMs(), AppSettings::MinRefreshIntervalMs);
        DashboardRange backwards;
        backwards.preset = DashboardRange::Preset::Custom;
        backwards.from = QDateTime::currentDateTimeUtc();
        backwards.to = backwards.from.addSecs(-60);
        settings.setDashboardRange(backwards); // refused: from after to
        QCOMPARE(settings.dashboardRange().preset, DashboardRange::Preset::Last15Minutes);
    }

    void passwordNeverInFile_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("kept"); // what must survive the stripping
        QTest::newRow("postgresql") << QStringLiteral("postgresql://idem:s3cr3tPW@db.internal:5432/idem?sslmode=require")
                                    << QStringLiteral("postgresql://idem@db.internal:5432/idem?sslmode=require");
        QTest::newRow("mysql encoded") << QStringLiteral("mysql://root:s3cr3tPW%40%3A%2F@10.0.0.5:3306/orders")
                                       << QStringLiteral("mysql://root@10.0.0.5:3306/orders");
        QTest::newRow("redis no user") << QStringLiteral("redis://:s3cr3tPW@cache:6379/0") << QStringLiteral("redis://cache:6379/0");
        QTest::newRow("query item") << QStringLiteral("postgresql://ops@db/idem?password=s3cr3tPW&sslmode=verify-full")
                                    << QStringLiteral("sslmode=verify-full");
        QTest::newRow("invalid url") << QStringLiteral("postgresql://ops:s3cr3tPW@bad host name/idem")
                                     << QStringLiteral("ops@bad host name/idem");
        QTest::newRow("raw @ in password") << QStringLiteral("redis://admin:s3cr3tPW@x@cache:6379/0") << QStringLiteral("cache");
        QTest::newRow("raw ? in password") << QStringLiteral("redis://:s3c?r3tPW@cache:6379/0") << QStringLiteral("cache:6379/0");
        QTest::newRow("no scheme") << QStringLiteral("ops:s3cr3tPW@db/idem") << QStringLiteral("db/idem");
        // A nested audit=/cache= URL's password, encoded or not.
        QTest::newRow("nested audit") << QStringLiteral(
            "redis://cache:6379/0?layout=go-middleware&audit=postgresql://a:s3cr3tPW@h:5432/audit")
                                      << QStringLiteral("layout=go-middleware");
        QTest::newRow("nested audit, encoded") << QStringLiteral(
            "redis://cache:6379/0?layout=go-middleware&audit=postgresql%3A%2F%2Fa%3As3cr3tPW%40h%3A5432%2Faudit")
                                               << QStringLiteral("layout=go-middleware");
        QTest::newRow("nested cache") << QStringLiteral("mysql://ops@db:3306/idem?layout=java-handler&cache=redis://:s3cr3tPW@cache:6379/0")
                                      << QStringLiteral("layout=java-handler");
        QTest::newRow("secret option") << QStringLiteral("postgresql://ops@db/idem?sslmode=require&secret_key=s3cr3tPW")
                                       << QStringLiteral("sslmode=require");
    }

    void passwordNeverInFile()
    {
        QFETCH(QString, url);
        QFETCH(QString, kept);
        {
            auto ini = openIni();
            AppSettings settings(ini.get());
            settings.rememberStore(entry(QStringLiteral("with password"), url));
            settings.setLastStoreUrl(url);
            settings.sync();
            QVERIFY(!settings.recentStores().constFirst().url.contains(QStringLiteral("s3c")));
            QVERIFY2(settings.recentStores().constFirst().url.contains(kept), qPrintable(settings.recentStores().constFirst().url));
        }
        const QString text = iniText();
        QVERIFY2(!text.isEmpty(), "the settings file was not written");
        QVERIFY2(text.contains(QStringLiteral("with password")), qPrintable(text));
        // Neither the password nor a recognisable part of it, raw or encoded.
        QVERIFY2(!text.contains(QStringLiteral("s3c"), Qt::CaseInsensitive), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("r3tPW"), Qt::CaseInsensitive), qPrintable(text));
    }

    void recentListOrderAndDedup()
    {
        auto ini = openIni();
        AppSettings settings(ini.get());
        const QString a = QStringLiteral("sqlite:///var/lib/idem/a.db");
        const QString b = QStringLiteral("postgresql://ops@db:5432/idem");
        const QString c = QStringLiteral("redis://cache:6379/0");
        settings.rememberStore(entry(QStringLiteral("A"), a));
        settings.rememberStore(entry(QStringLiteral("B"), b));
        settings.rememberStore(entry(QStringLiteral("C"), c));
        auto urls = [&] {
            QStringList list;
            for (const StoreEntry &e : settings.recentStores())
                list << e.url;
            return list;
        };
        QCOMPARE(urls(), (QStringList{c, b, a}));

        // The same store again (here with a password typed into the URL)
        // moves to the front and replaces the old entry.
        settings.rememberStore(entry(QStringLiteral("B renamed"), QStringLiteral("postgresql://ops:pw@db:5432/idem")));
        QCOMPARE(urls(), (QStringList{b, c, a}));
        QCOMPARE(settings.recentStores().constFirst().name, QStringLiteral("B renamed"));

        settings.setLastStoreUrl(c);
        settings.forgetStore(c);
        QCOMPARE(urls(), (QStringList{b, a}));
        QVERIFY(settings.lastStoreUrl().isEmpty());

        for (int i = 0; i < 30; ++i)
            settings.rememberStore(entry(QString(), QStringLiteral("sqlite:///tmp/store-%1.db").arg(i)));
        QCOMPARE(settings.recentStores().size(), AppSettings::MaxRecentStores);
        QCOMPARE(settings.recentStores().constFirst().url, QStringLiteral("sqlite:///tmp/store-29.db"));

        // Duplicates written by hand collapse to the first.
        settings.setRecentStores({entry(QStringLiteral("one"), a), entry(QStringLiteral("two"), a), entry(QString(), QString())});
        QCOMPARE(settings.recentStores().size(), 1);
        QCOMPARE(settings.recentStores().constFirst().name, QStringLiteral("one"));
    }

    void variableNamesAreChecked()
    {
        auto ini = openIni();
        AppSettings settings(ini.get());
        StoreEntry e = entry(QString(), QStringLiteral("mysql://app@h:3306/idem"));
        e.passwordSource = StoreEntry::PasswordSource::Environment;
        e.passwordVariable = QStringLiteral("$(rm -rf /)");
        settings.rememberStore(e);
        QVERIFY(settings.recentStores().constFirst().passwordVariable.isEmpty());
        QCOMPARE(settings.recentStores().constFirst().effectivePasswordVariable(), QStringLiteral("IDEM_MYSQL_PASSWORD"));
    }
};

QTEST_GUILESS_MAIN(TestAppSettings)
#include "tst_appsettings.moc"
