// The connection form on stores in a foreign layout: the layout options
// and their URL round trip, hostile values refused with the field named, a
// URL with a bad option not loaded, the layout fields shown, recent stores
// keeping the layout options.
#include "models/appsettings.h"
#include "models/countertimelinemodel.h"
#include "ui/dashboardview.h"
#include "models/inflightrecordmodel.h"
#include "ui/inflightview.h"
#include "ui/kpitile.h"
#include "ui/elidedlabel.h"
#include "ui/mainwindow.h"
#include "models/passwordvault.h"
#include "ui/recorddetailview.h"
#include "models/statuscolors.h"
#include "ui/storeentryform.h"
#include "models/storesession.h"
#include "models/storeurlfields.h"

#include "app/store/foreignstore.h"
#include "app/store/layout.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/storeurl.h"
#include "tests/foreignconsolefixture.h"
#include "tests/serverrequirement.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QComboBox>
#include <QDateTime>
#include <QFont>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QUrl>

class TestForeignConsoleForm final : public QObject, private ForeignConsoleFixture {
    Q_OBJECT

private slots:
    void initTestCase() { setUpSuite(); }

    void cleanupTestCase() { cleanUpSuite(); }

    void urlFieldsRoundTrip_data()
    {
        QTest::addColumn<StoreUrlFields>("fields");
        StoreUrlFields go = redisFields(QStringLiteral("go-middleware"));
        go.scanCount = 500;
        QTest::newRow("go-middleware on Redis, scan count") << go;
        StoreUrlFields audited = redisFields(QStringLiteral("java-handler"));
        audited.audit = QStringLiteral("sqlite:///var/lib/idem/audit%20logs/java%20%26%20co.db?busy_timeout_ms=500");
        QTest::newRow("audit file with encoded spaces and &, and a query") << audited;
        StoreUrlFields mysql = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        mysql.cache = QStringLiteral("redis://cache.internal:6380/2");
        mysql.audit = QStringLiteral("postgresql://auditor@audit.internal:5432/audit?sslmode=require&connect_timeout=5");
        QTest::newRow("java-handler on MySQL, cache, audit with its own query") << mysql;
        StoreUrlFields pg = sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("go-middleware"));
        pg.sslMode = QStringLiteral("require");
        QTest::newRow("go-middleware on PostgreSQL") << pg;
        QTest::newRow("layout file, path with spaces, & and ü") << redisFields(m_goodLayout);
        QTest::newRow("native") << redisFields(QString());
    }

    void urlFieldsRoundTrip()
    {
        QFETCH(StoreUrlFields, fields);
        const Result<QString> url = fields.toUrl();
        QVERIFY2(url.ok(), qPrintable(url.error().message));
        // The engine reads back exactly what the fields said.
        const Result<StoreUrl> parsed = StoreUrl::parse(url.value());
        QVERIFY2(parsed.ok(), qPrintable(parsed.error().message));
        QCOMPARE(parsed->options.value(QStringLiteral("layout")), fields.layout);
        QCOMPARE(parsed->options.value(QStringLiteral("audit")), fields.audit);
        QCOMPARE(parsed->options.value(QStringLiteral("cache")), fields.cache);
        QCOMPARE(parsed->options.value(QStringLiteral("scan_count")), fields.scanCount ? QString::number(fields.scanCount) : QString());
        // And the form's fields come back from it, making the same URL again.
        const Result<StoreUrlFields> back = StoreUrlFields::fromUrl(url.value());
        QVERIFY(back.ok());
        QCOMPARE(back->layout, fields.layout);
        QCOMPARE(back->audit, fields.audit);
        QCOMPARE(back->cache, fields.cache);
        QCOMPARE(back->scanCount, fields.scanCount);
        QVERIFY(back->extraOptions.isEmpty() || fields.kind == StoreUrl::Kind::Postgres);
        QCOMPARE(back->toUrl().value(), url.value());
    }

    void urlFieldsRefused_data()
    {
        QTest::addColumn<StoreUrlFields>("fields");
        QTest::addColumn<StoreUrlFields::Field>("field");
        QTest::addColumn<QString>("message");

        StoreUrlFields sqlite;
        sqlite.path = QStringLiteral("/tmp/x.db");
        sqlite.layout = QStringLiteral("go-middleware");
        QTest::newRow("go-middleware on SQLite") << sqlite << Field::Layout << QStringLiteral("Redis or PostgreSQL");
        QTest::newRow("java-handler on PostgreSQL")
            << sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("java-handler")) << Field::Layout << QStringLiteral("Redis or MySQL");
        QTest::newRow("unknown layout") << redisFields(QStringLiteral("nosuch")) << Field::Layout << QStringLiteral("Unknown layout");
        QTest::newRow("relative layout file") << redisFields(QStringLiteral("layouts/x.json")) << Field::Layout
                                              << QStringLiteral("absolute path");
        QTest::newRow("missing layout file") << redisFields(m_dir.filePath(QStringLiteral("missing.json"))) << Field::Layout
                                             << Layout::fromFile(m_dir.filePath(QStringLiteral("missing.json"))).error().message;
        QTest::newRow("layout file that does not parse")
            << redisFields(m_brokenLayout) << Field::Layout << Layout::fromFile(m_brokenLayout).error().message;
        QTest::newRow("control character in the layout")
            << redisFields(QStringLiteral("go-middleware\n")) << Field::Layout << QStringLiteral("control or invisible character");

        const auto withAudit = [](const QString &layout, const QString &audit) {
            StoreUrlFields f = redisFields(layout);
            f.audit = audit;
            return f;
        };
        QTest::newRow("audit on a native store")
            << withAudit(QString(), QStringLiteral("sqlite:///tmp/a.db")) << Field::Audit << QStringLiteral("foreign layout only");
        QTest::newRow("audit in Redis") << withAudit(QStringLiteral("go-middleware"), QStringLiteral("redis://h:6379/0")) << Field::Audit
                                        << QStringLiteral("not Redis");
        QTest::newRow("audit with a password") << withAudit(QStringLiteral("go-middleware"),
                                                            QStringLiteral("postgresql://a:secret@h:5432/audit"))
                                               << Field::Audit << QStringLiteral("password");
        QTest::newRow("audit with ?password=") << withAudit(QStringLiteral("go-middleware"),
                                                            QStringLiteral("mysql://a@h:3306/audit?password=secret"))
                                               << Field::Audit << QStringLiteral("password");
        QTest::newRow("audit with a raw space")
            << withAudit(QStringLiteral("go-middleware"), QStringLiteral("sqlite:///var/lib/audit logs/a.db")) << Field::Audit
            << QStringLiteral("not a store URL");
        QTest::newRow("audit not a URL") << withAudit(QStringLiteral("go-middleware"), QStringLiteral("audit.db")) << Field::Audit
                                         << QStringLiteral("not a store URL");
        QTest::newRow("audit with a control character")
            << withAudit(QStringLiteral("go-middleware"), QStringLiteral("sqlite:///tmp/a\x01.db")) << Field::Audit
            << QStringLiteral("control or invisible character");
        QTest::newRow("audit naming a layout") << withAudit(QStringLiteral("go-middleware"),
                                                            QStringLiteral("sqlite:///tmp/a.db?layout=go-middleware"))
                                               << Field::Audit << QStringLiteral("layout");
        QTest::newRow("audit far too long") << withAudit(QStringLiteral("go-middleware"),
                                                         QStringLiteral("sqlite:///") + QString(5000, QLatin1Char('a')))
                                            << Field::Audit << QStringLiteral("characters long");

        StoreUrlFields goCache = sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("go-middleware"));
        goCache.cache = QStringLiteral("redis://c:6379/0");
        QTest::newRow("cache on go-middleware") << goCache << Field::Cache << QStringLiteral("java-handler layout on MySQL only");
        StoreUrlFields sqlCache = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        sqlCache.cache = QStringLiteral("mysql://c@h:3306/x");
        QTest::newRow("cache not Redis") << sqlCache << Field::Cache << QStringLiteral("must be a Redis URL");
        StoreUrlFields secretCache = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        secretCache.cache = QStringLiteral("redis://:hunter2@c:6379/0");
        QTest::newRow("cache with a password") << secretCache << Field::Cache << QStringLiteral("password");

        StoreUrlFields low = redisFields(QStringLiteral("go-middleware"));
        low.scanCount = 5;
        QTest::newRow("scan count too low") << low << Field::ScanCount << QStringLiteral("between 10 and 100000");
        StoreUrlFields high = redisFields(QStringLiteral("go-middleware"));
        high.scanCount = 200000;
        QTest::newRow("scan count too high") << high << Field::ScanCount << QStringLiteral("between 10 and 100000");
        StoreUrlFields nativeScan = redisFields(QString());
        nativeScan.scanCount = 100;
        QTest::newRow("scan count on a native store") << nativeScan << Field::ScanCount << QStringLiteral("foreign layout on Redis only");
        StoreUrlFields sqlScan = sqlFields(StoreUrl::Kind::Postgres, QStringLiteral("go-middleware"));
        sqlScan.scanCount = 100;
        QTest::newRow("scan count on PostgreSQL") << sqlScan << Field::ScanCount << QStringLiteral("foreign layout on Redis only");
    }

    // A loaded URL whose option the engine refuses does not
    // reach the form's fields at all: the engine's message names it.
    void urlWithABadOptionIsNotLoaded()
    {
        const Result<StoreUrlFields> loaded =
            StoreUrlFields::fromUrl(QStringLiteral("redis://h:6379/0?layout=go-middleware&scan_count=1e3;DROP"));
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error().message.contains(QStringLiteral("scan_count")), qPrintable(loaded.error().message));
    }

    void urlFieldsRefused()
    {
        QFETCH(StoreUrlFields, fields);
        QFETCH(StoreUrlFields::Field, field);
        QFETCH(QString, message);
        Field bad = Field::None;
        const Result<QString> url = fields.toUrl(&bad);
        QVERIFY2(!url.ok(), qPrintable(url.ok() ? url.value() : QString()));
        QCOMPARE(bad, field);
        QVERIFY2(url.error().message.contains(message), qPrintable(url.error().message));
    }

    void formShowsTheLayoutFields()
    {
        StoreEntryForm form;
        auto *kind = form.findChild<QComboBox *>(QStringLiteral("kind"));
        auto *layout = form.findChild<QComboBox *>(QStringLiteral("layout"));
        auto *layoutFile = form.findChild<QLineEdit *>(QStringLiteral("layoutFile"));
        auto *audit = form.findChild<QLineEdit *>(QStringLiteral("audit"));
        auto *cache = form.findChild<QLineEdit *>(QStringLiteral("cache"));
        auto *scanCount = form.findChild<QSpinBox *>(QStringLiteral("scanCount"));
        auto *problem = form.findChild<QLabel *>(QStringLiteral("problem"));
        QVERIFY(kind && layout && layoutFile && audit && cache && scanCount && problem);

        kind->setCurrentIndex(kind->findData(int(StoreUrl::Kind::Redis)));
        form.findChild<QLineEdit *>(QStringLiteral("host"))->setText(QStringLiteral("127.0.0.1"));
        QVERIFY(!audit->isVisibleTo(&form));
        QVERIFY(!scanCount->isVisibleTo(&form));

        layout->setCurrentIndex(layout->findData(QStringLiteral("go-middleware")));
        QVERIFY(audit->isVisibleTo(&form));
        QVERIFY(scanCount->isVisibleTo(&form));
        QVERIFY(!cache->isVisibleTo(&form));
        QVERIFY(!layoutFile->isVisibleTo(&form));
        // Empty means the default file, which the placeholder names.
        const QString defaultAudit =
            ForeignStore::auditUrl(StoreUrl::parse(QStringLiteral("redis://127.0.0.1:6379/0?layout=go-middleware")).value(),
                                   Layout::builtin(QStringLiteral("go-middleware")).value());
        QVERIFY2(audit->placeholderText().contains(defaultAudit),
                 qPrintable(audit->placeholderText() + QStringLiteral(" / ") + defaultAudit));
        scanCount->setValue(250);
        QCOMPARE(form.entry().value().url, QStringLiteral("redis://127.0.0.1:6379/0?layout=go-middleware&scan_count=250"));

        // A layout file that does not parse: its own message, at the field.
        layout->setCurrentIndex(layout->findData(QStringLiteral("file")));
        QVERIFY(layoutFile->isVisibleTo(&form));
        QVERIFY(!form.entry().ok()); // no file chosen yet: not silently native
        QVERIFY(problem->text().contains(QStringLiteral("layout file")));
        layoutFile->setText(m_brokenLayout);
        QVERIFY(!form.entry().ok());
        QCOMPARE(problem->text(), Layout::fromFile(m_brokenLayout).error().message);
        QVERIFY(layoutFile->property("invalid").toBool());

        // java-handler on MySQL has the cache; switching to it keeps the URL valid.
        layoutFile->setText(m_goodLayout);
        kind->setCurrentIndex(kind->findData(int(StoreUrl::Kind::Mysql)));
        form.findChild<QLineEdit *>(QStringLiteral("database"))->setText(QStringLiteral("orders"));
        QVERIFY(cache->isVisibleTo(&form));
        QVERIFY(!scanCount->isVisibleTo(&form)); // not Redis: the hidden count is left out
        cache->setText(QStringLiteral("redis://:pw@cache:6379/0"));
        QVERIFY(!form.entry().ok());
        QVERIFY(cache->property("invalid").toBool());
        cache->setText(QStringLiteral("redis://cache:6379/1"));
        audit->setText(QStringLiteral("sqlite:///var/lib/idem/orders%20audit.db"));
        const Result<StoreEntry> entry = form.entry();
        QVERIFY2(entry.ok(), qPrintable(entry.ok() ? QString() : entry.error().message));
        const StoreUrl url = StoreUrl::parse(entry->url).value();
        QCOMPARE(url.options.value(QStringLiteral("layout")), m_goodLayout);
        QCOMPARE(url.options.value(QStringLiteral("cache")), QStringLiteral("redis://cache:6379/1"));
        QCOMPARE(url.options.value(QStringLiteral("audit")), QStringLiteral("sqlite:///var/lib/idem/orders%20audit.db"));
        QVERIFY(!url.options.contains(QStringLiteral("scan_count")));

        // Loading the entry back shows the same fields and makes the same URL.
        StoreEntryForm again;
        again.setEntry(entry.value());
        QCOMPARE(again.findChild<QComboBox *>(QStringLiteral("layout"))->currentData().toString(), QStringLiteral("file"));
        QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("layoutFile"))->text(), m_goodLayout);
        QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("cache"))->text(), QStringLiteral("redis://cache:6379/1"));
        QCOMPARE(again.entry().value().url, entry->url);
    }

    void recentStoresKeepTheLayoutOptions()
    {
        QSettings ini(m_dir.filePath(QStringLiteral("recent.ini")), QSettings::IniFormat);
        AppSettings settings(&ini);
        StoreUrlFields fields = sqlFields(StoreUrl::Kind::Mysql, QStringLiteral("java-handler"));
        fields.cache = QStringLiteral("redis://cache:6379/1");
        fields.audit = QStringLiteral("sqlite:///var/lib/idem/a&b.db");
        StoreEntry entry;
        entry.url = fields.toUrl().value();
        settings.rememberStore(entry);
        QCOMPARE(settings.recentStores().constFirst().url, entry.url);
        const StoreUrlFields back = StoreUrlFields::fromUrl(settings.recentStores().constFirst().url).value();
        QCOMPARE(back.cache, fields.cache);
        QCOMPARE(back.audit, fields.audit);
        QCOMPARE(back.layout, fields.layout);
    }
};

QTEST_MAIN(TestForeignConsoleForm)
#include "tst_foreignconsoleform.moc"
