// The console on a real Redis (IDEM_TEST_REDIS_URL) with records written as
// the Go middleware writes them: the in-flight list with its scan line,
// Cancel and COUNT, an unreadable value in red with its raw bytes, the
// dashboard's no-counters mode, the layout in the window title, passwords
// never in the window or the settings.
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

class TestForeignConsoleRedis final : public QObject, private ForeignConsoleFixture {
    Q_OBJECT

private slots:
    void initTestCase() { setUpSuite(); }

    void cleanupTestCase() { cleanUpSuite(); }

    void inFlightViewListsGoRecords()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        StoreSession session(m_redisUrl);
        InFlightView view(&session);
        InFlightRecordModel *model = view.model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(model, &InFlightRecordModel::pageLoaded);
        QSignalSpy failed(model, &InFlightRecordModel::loadFailed);
        QSignalSpy counted(model, &InFlightRecordModel::matchingCountChanged);
        view.show();
        QVERIFY2(loaded.wait(30000), qPrintable(failed.isEmpty() ? QString() : failed.constFirst().constFirst().toString()));

        // Three in flight and the unreadable one; the completed record is not listed.
        QCOMPARE(model->rowCount(), 4);
        QVERIFY(rowOfKey(*model, QStringLiteral("done1")) < 0);
        for (const QString &key : {QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")}) {
            const int row = rowOfKey(*model, key);
            QVERIFY2(row >= 0, qPrintable(key));
            QVERIFY(model->index(row, 0).data(InFlightRecordModel::ReadErrorRole).toString().isEmpty());
            QVERIFY(!model->index(row, 0).data(Qt::FontRole).value<QFont>().italic());
        }
        const int k1 = rowOfKey(*model, QStringLiteral("k1"));
        QCOMPARE(model->recordAt(k1).fingerprint, QStringLiteral("9f86d081884c7d65"));
        QCOMPARE(model->recordAt(k1).createdAt,
                 QDateTime::fromString(QStringLiteral("2026-11-30T14:20:00.123+08:00"), Qt::ISODateWithMs).toMSecsSinceEpoch());

        // The malformed value: red italics, the reason as tooltip on every cell.
        const int bad = rowOfKey(*model, QStringLiteral("bad"));
        QVERIFY(bad >= 0);
        const QString reason = model->index(bad, 0).data(InFlightRecordModel::ReadErrorRole).toString();
        QVERIFY(!reason.isEmpty());
        for (int column = 0; column < InFlightRecordModel::ColumnCount; ++column) {
            const QModelIndex cell = model->index(bad, column);
            QCOMPARE(cell.data(Qt::ForegroundRole).value<QColor>(), StatusColors::alarmText(QGuiApplication::palette()));
            QVERIFY(cell.data(Qt::FontRole).value<QFont>().italic());
            QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(reason));
        }
        // Its details: the reason up front and the raw value as the body.
        view.table()->selectRow(bad);
        QVERIFY(view.detail()->readErrorText().contains(reason));
        QVERIFY2(view.detail()->bodyText().contains(QStringLiteral("\"in_flight\":tru")), qPrintable(view.detail()->bodyText()));
        view.table()->selectRow(k1);
        QVERIFY(view.detail()->readErrorText().isEmpty());

        // The scan line says what the listing's scan did, once it is over.
        QVERIFY(view.scanRow()->isVisibleTo(&view));
        const std::optional<ListingScan> scan = model->listingScan();
        QVERIFY(scan.has_value());
        QVERIFY(!scan->cancelled);
        QVERIFY(scan->scanned >= 5);
        const QString expected =
            QStringLiteral("Scanned %1 keys, found %2 in flight").arg(QLocale().toString(scan->scanned), QLocale().toString(scan->found));
        if (view.scanLine()->text() != expected) {
            QSignalSpy line(&view, &InFlightView::scanLineChanged);
            while (view.scanLine()->text() != expected)
                QVERIFY2(line.wait(10000), qPrintable(view.scanLine()->text()));
        }
        QVERIFY(!view.scanBar()->isVisibleTo(&view));
        QVERIFY(!view.scanCancelButton()->isEnabled());
        if (model->matchingCount() < 0)
            QVERIFY(counted.wait(60000));
        QCOMPARE(model->matchingCount(), 4);
        QVERIFY(!model->isCountPartial());
    }

    void cancelledScanListsWhatItFound()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        // Enough keys that a scan at COUNT 10 takes thousands of round trips.
        {
            RedisWriter redis(StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL")).value());
            QVERIFY(redis.setMany(m_fillerPrefix, kFillerKeys));
        }
        // Replies may take the 5 s of the pause below: well inside this
        // session's command timeout (the default, 5 s, would race it).
        StoreSession session(m_redisUrl + QStringLiteral("&timeout_ms=30000"));
        InFlightView view(&session);
        QSignalSpy available(view.model(), &InFlightRecordModel::scanProgressAvailable);
        QSignalSpy counted(view.model(), &InFlightRecordModel::matchingCountChanged);
        QVERIFY(available.wait(30000));
        // The first listing (page, then count) runs to its end first: the
        // scan cancelled below must be the next listing's.
        QVERIFY(counted.wait(60000));
        const std::shared_ptr<ScanProgress> progress = view.model()->scanProgress();
        QVERIFY(progress);
        QCOMPARE(view.scanCountBox()->value(), progress->count.load());
        // COUNT applies to the next scan: the listing after a reload.
        view.scanCountBox()->setValue(10);
        QCOMPARE(progress->count.load(), 10);
        QSignalSpy loaded(view.model(), &InFlightRecordModel::pageLoaded);
        QSignalSpy line(&view, &InFlightView::scanLineChanged);
        QSignalSpy failed(view.model(), &InFlightRecordModel::loadFailed);
        {
            // The server holds every command for 5 s: the reload's scan
            // stays in its first round trip, running, long enough to be seen
            // and cancelled however fast the scan would otherwise be (a
            // whole scan at COUNT 10 can end between two of the view's
            // 200 ms updates on a fast machine, and then there is nothing
            // to cancel). CLIENT UNPAUSE would be held too: the pause ends
            // by itself.
            RedisWriter redis(StoreUrl::parse(qEnvironmentVariable("IDEM_TEST_REDIS_URL")).value());
            QVERIFY(redis.command({"CLIENT", "PAUSE", "5000", "ALL"}));
        }
        view.model()->reload();
        // Wait until the view shows a running scan of this listing, then
        // cancel it. Polled, not awaited as a line change: a running scan's
        // line may read exactly as the finished listing's did ("Scanned 5
        // keys, found 4 in flight"), and then no change comes.
        QTRY_VERIFY2_WITH_TIMEOUT(
            progress->running.load() && view.scanCancelButton()->isEnabled(),
            qPrintable(
                view.scanLine()->text()
                + (failed.isEmpty() ? QString() : QStringLiteral("; the listing failed: ") + failed.constFirst().constFirst().toString())),
            30000);
        QVERIFY(view.scanLine()->text().startsWith(QStringLiteral("Scanned ")));
        QVERIFY(view.scanBar()->isVisibleTo(&view));
        QTest::mouseClick(view.scanCancelButton(), Qt::LeftButton);
        if (loaded.isEmpty())
            QVERIFY2(loaded.wait(30000),
                     qPrintable(failed.isEmpty() ? QStringLiteral("no page, no error")
                                                 : QStringLiteral("the listing failed: ") + failed.constFirst().constFirst().toString()));
        const std::optional<ListingScan> scan = view.model()->listingScan();
        QVERIFY(scan.has_value());
        QVERIFY(scan->cancelled);
        QVERIFY(scan->scanned < kFillerKeys);
        const QString partial =
            QStringLiteral("Cancelled after scanning %1 keys: the list is partial").arg(QLocale().toString(scan->scanned));
        while (view.scanLine()->text() != partial)
            QVERIFY2(line.wait(30000), qPrintable(view.scanLine()->text()));
        QVERIFY(view.model()->rowCount() <= 4);
        // The count comes from the same cancelled scan: a lower bound, said so.
        if (view.model()->matchingCount() < 0)
            QVERIFY(counted.wait(60000));
        QVERIFY(view.model()->isCountPartial());
        QVERIFY(view.countLabel()->text().startsWith(QStringLiteral("At least")));
    }

    void dashboardWithoutCounters()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        StoreSession session(m_redisUrl);
        DashboardView dashboard(&session);
        dashboard.setPaused(true); // reads when told, for a fixed number of samples
        CounterTimelineModel *model = dashboard.model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy shown(&dashboard, &DashboardView::readingShown);
        QSignalSpy failed(&dashboard, &DashboardView::readFailed);
        dashboard.show();
        QVERIFY2(shown.wait(60000), qPrintable(failed.isEmpty() ? QString() : failed.constFirst().constFirst().toString()));

        QVERIFY(!model->keepsCounters());
        QVERIFY(!dashboard.showsCounters());
        QVERIFY(dashboard.noCountersNotice()->isVisibleTo(&dashboard));
        QVERIFY(dashboard.noCountersNotice()->text().startsWith(QStringLiteral("This layout keeps no counters")));
        const auto noHitRate = dashboard.findChild<QLabel *>(QStringLiteral("noHitRate"));
        QVERIFY(noHitRate && noHitRate->isVisibleTo(&dashboard));
        QVERIFY(noHitRate->text().contains(QStringLiteral("this layout keeps no counters")));
        for (KpiTile *tile : dashboard.findChildren<KpiTile *>()) {
            if (tile->isVisibleTo(&dashboard))
                QVERIFY2(tile->value() != QStringLiteral("0.0%"), "a counter tile shows a zero instead of saying there are none");
        }
        QVERIFY(dashboard.trafficChart()->title().contains(QStringLiteral("created")));

        // The counter columns are empty, not zero; the created columns hold
        // k2, k3 (in flight) and done1 (completed) of the last minutes.
        qint64 inFlight = 0;
        qint64 completed = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            QVERIFY(!model->index(row, CounterTimelineModel::ExecutedColumn).data(CounterTimelineModel::RawValueRole).isValid());
            QVERIFY(!model->index(row, CounterTimelineModel::HitRateColumn).data(CounterTimelineModel::RawValueRole).isValid());
            inFlight +=
                model->index(row, CounterTimelineModel::CreatedInFlightColumn).data(CounterTimelineModel::RawValueRole).toLongLong();
            completed +=
                model->index(row, CounterTimelineModel::CreatedCompletedColumn).data(CounterTimelineModel::RawValueRole).toLongLong();
        }
        QCOMPARE(inFlight, 2);
        QCOMPARE(completed, 1);
        const CounterTimelineModel::Kpis k = model->kpis(5);
        QCOMPARE(k.inFlight, 4);
        QVERIFY(k.stuck >= 1); // k1, hours old
        QVERIFY(!k.hitRate.has_value());

        // Every poll adds a sample of the in-flight and stuck counts.
        QCOMPARE(model->samples().size(), 1);
        dashboard.refresh();
        QVERIFY(shown.wait(60000));
        QCOMPARE(model->samples().size(), 2);
        QCOMPARE(model->samples().constLast().inFlight, 4);
    }

    void windowTitleNamesTheLayout()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        QSettings ini(m_dir.filePath(QStringLiteral("window.ini")), QSettings::IniFormat);
        AppSettings settings(&ini);
        PasswordVault vault;
        MainWindow window(&settings, &vault);
        StoreEntry entry;
        entry.url = m_redisUrl;
        window.openUrl(entry, m_redisUrl);
        const QString base = m_redisUrl.section(QLatin1Char('?'), 0, 0);
        QCOMPARE(window.windowTitle(), QStringLiteral("idem-console — %1 · go-fgui").arg(base)); // the file's name until the store answers
        QSignalSpy shown(window.dashboard(), &DashboardView::readingShown);
        QVERIFY(shown.wait(60000));
        QCOMPARE(window.windowTitle(), QStringLiteral("idem-console — %1 · go-fgui-test").arg(base));
        QVERIFY2(window.connectionLabel()->text().contains(base + QStringLiteral(" · go-fgui-test")),
                 qPrintable(window.connectionLabel()->text()));
    }

    // A password in the nested audit URL (or an option that
    // looks like one) appears in no window title, label or tooltip, and not
    // in the settings file, even when that audit store fails to open.
    void passwordsNeverInTheWindowOrSettings()
    {
        IDEM_REQUIRE_SERVER_URL("IDEM_TEST_REDIS_URL");
        prepareRedis();
        const QString ini = m_dir.filePath(QStringLiteral("secrets.ini"));
        {
            QSettings file(ini, QSettings::IniFormat);
            AppSettings settings(&file);
            PasswordVault vault;
            MainWindow window(&settings, &vault);
            const QString base = m_redisUrl.section(QLatin1Char('?'), 0, 0);
            const QString layout = StoreUrl::parse(m_redisUrl).value().options.value(QStringLiteral("layout"));
            const QString url =
                base + QStringLiteral("?layout=") + QString::fromLatin1(QUrl::toPercentEncoding(layout)) + QStringLiteral("&audit=")
                + QString::fromLatin1(QUrl::toPercentEncoding(QStringLiteral("postgresql://auditor:S3cretPW@127.0.0.1:1/audit")));
            StoreEntry entry;
            entry.url = url;
            window.openUrl(entry, url);
            window.show();
            QSignalSpy shown(window.dashboard(), &DashboardView::readingShown);
            shown.wait(5000); // the reading may fail (the audit store is unreachable): what is shown then counts too
            QTest::qWait(500);
            QStringList texts{window.windowTitle()};
            for (const QWidget *w : window.findChildren<QWidget *>()) {
                texts << w->windowTitle() << w->toolTip() << w->statusTip();
                if (const auto *label = qobject_cast<const QLabel *>(w))
                    texts << label->text();
            }
            for (const QString &text : texts)
                QVERIFY2(!text.contains(QStringLiteral("S3cret")), qPrintable(text));
            QVERIFY2(window.windowTitle().contains(base), qPrintable(window.windowTitle()));
            settings.sync();
        }
        QFile written(ini);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray text = written.readAll();
        QVERIFY2(!text.isEmpty() && !text.contains("S3cret") && !QUrl::fromPercentEncoding(text).contains(QStringLiteral("S3cret")),
                 text.constData());
        QVERIFY2(text.contains("auditor"), text.constData()); // the audit location is kept, without its password
    }
};

QTEST_MAIN(TestForeignConsoleRedis)
#include "tst_foreignconsoleredis.moc"
