// Every window, wizard page and dialog fits a 1280×720 laptop screen, with
// its buttons on the screen, in English and in zh_CN: run on an offscreen
// screen of that size (tests/laptop-screen.json, given through
// QT_QPA_PLATFORM), on a SQLite store with stuck records.
#include "models/appsettings.h"
#include "models/passwordvault.h"
#include "ui/alertrulesdialog.h"
#include "ui/connectiondialog.h"
#include "ui/mainwindow.h"
#include "ui/reconciledryrunpage.h"
#include "ui/reconcilewizard.h"
#include "ui/reportdialog.h"
#include "ui/timeoutwizard.h"
#include "ui/translators.h"

#include "app/store/openstore.h"
#include "app/telemetry/alertrules.h"

#include <QAbstractButton>
#include <QApplication>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStatusBar>
#include <QTabWidget>
#include <QTranslator>
#include <QtTest>

namespace {

QString describe(const QRect &r)
{
    return QStringLiteral("%1,%2 %3×%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

} // namespace

class ScreenFitTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_url;
    UiTranslators m_qt;
    QTranslator m_own;
    QString m_lang;

    QRect screenArea() const { return QGuiApplication::primaryScreen()->availableGeometry(); }

    // The window's frame and every visible button in it lie on the screen.
    void checkOnScreen(QWidget *window, const QString &what)
    {
        QVERIFY2(QTest::qWaitForWindowExposed(window), qPrintable(what));
        QCoreApplication::processEvents();
        const QRect area = screenArea();
        QVERIFY2(area.contains(window->frameGeometry()),
                 qPrintable(QStringLiteral("%1 (%2): frame %3 is off the screen %4; minimum %5×%6")
                                .arg(what, m_lang, describe(window->frameGeometry()), describe(area))
                                .arg(window->minimumSizeHint().width())
                                .arg(window->minimumSizeHint().height())));
        // Under a window manager whose frame takes 16×40 px, it still fits.
        const QSize least = window->minimumSize().expandedTo(window->minimumSizeHint()) + QSize(16, 40);
        QVERIFY2(least.width() <= area.width() && least.height() <= area.height(),
                 qPrintable(QStringLiteral("%1 (%2): its minimum %3×%4 and a window frame do not fit %5")
                                .arg(what, m_lang)
                                .arg(least.width() - 16)
                                .arg(least.height() - 40)
                                .arg(describe(area))));
        for (QAbstractButton *button : window->findChildren<QAbstractButton *>()) {
            if (!button->isVisible() || button->window() != window)
                continue;
            const QRect global(button->mapToGlobal(QPoint(0, 0)), button->size());
            QVERIFY2(area.contains(global), qPrintable(QStringLiteral("%1 (%2): the button \"%3\" at %4 is off the screen %5")
                                                           .arg(what, m_lang, button->text(), describe(global), describe(area))));
        }
    }

private slots:
    void initTestCase()
    {
        QCOMPARE(QGuiApplication::primaryScreen()->size(), QSize(1280, 720));
        m_url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("fit.db"));
        Result<std::unique_ptr<Store>> store = openStore(m_url);
        QVERIFY(store);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (int i = 0; i < 40; ++i) {
            ClaimRequest c;
            c.scope = i % 2 ? QStringLiteral("payment") : QStringLiteral("callback");
            c.key = QStringLiteral("key-%1").arg(i);
            c.fingerprint = QStringLiteral("fp");
            c.owner = QStringLiteral("pay-svc:%1").arg(i % 3);
            c.bizNo = QStringLiteral("SO%1").arg(i);
            c.nowMs = now - 20 * 60000 + i;
            QVERIFY(store.value()->claim(c));
        }
        {
            // Its orders beside the records: half of the stuck callbacks are paid.
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("orders"));
            db.setDatabaseName(m_dir.filePath(QStringLiteral("fit.db")));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("CREATE TABLE orders (order_no TEXT PRIMARY KEY, status TEXT)")));
            for (int i = 0; i < 40; i += 4)
                QVERIFY(q.exec(QStringLiteral("INSERT INTO orders VALUES ('SO%1', 'PAID')").arg(i)));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("orders"));
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
    }

    void init()
    {
        // One language per pass: the test binary runs every function in
        // English first, then again in zh_CN (main() below).
        m_lang = qEnvironmentVariable("IDEM_TEST_LANG", QStringLiteral("en"));
        if (m_lang == QLatin1String("zh_CN") && m_own.isEmpty()) {
            QVERIFY(m_qt.install(m_lang).filter(QStringLiteral("qtbase")).isEmpty());
            QVERIFY2(m_own.load(QStringLiteral(IDEM_ZH_CN_QM)), IDEM_ZH_CN_QM);
            QCoreApplication::installTranslator(&m_own);
        }
    }

    void mainWindowAndItsTabs()
    {
        QSettings ini(m_dir.filePath(QStringLiteral("main-%1.ini").arg(m_lang)), QSettings::IniFormat);
        AppSettings settings(&ini);
        PasswordVault vault;
        MainWindow window(&settings, &vault);
        StoreEntry entry;
        entry.url = m_url;
        window.openUrl(entry, m_url);
        window.show();
        checkOnScreen(&window, QStringLiteral("main window"));
        QVERIFY(screenArea().contains(QRect(window.statusBar()->mapToGlobal(QPoint(0, 0)), window.statusBar()->size())));
        auto *tabs = window.findChild<QTabWidget *>();
        QVERIFY(tabs);
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            checkOnScreen(&window, QStringLiteral("main window, tab %1").arg(tabs->tabText(i)));
        }
    }

    // A geometry saved on a bigger screen is brought back onto this one.
    void aSavedBigGeometryIsKeptOnScreen()
    {
        QSettings ini(m_dir.filePath(QStringLiteral("big-%1.ini").arg(m_lang)), QSettings::IniFormat);
        AppSettings settings(&ini);
        PasswordVault vault;
        {
            MainWindow big(&settings, &vault);
            big.setGeometry(200, 150, 1900, 1000);
            big.show();
            QVERIFY(QTest::qWaitForWindowExposed(&big));
            big.close(); // saves its geometry
        }
        MainWindow window(&settings, &vault);
        window.show();
        checkOnScreen(&window, QStringLiteral("main window with a saved 1900×1000 geometry"));
    }

    void timeoutWizardPages()
    {
        TimeoutWizard wizard(m_url, OpenMode::ReadWrite);
        wizard.show();
        checkOnScreen(&wizard, QStringLiteral("timeout wizard, scope page"));
        wizard.next();
        QTRY_VERIFY_WITH_TIMEOUT(wizard.currentPage()->isComplete(), 20000);
        checkOnScreen(&wizard, QStringLiteral("timeout wizard, preview"));
        wizard.next();
        checkOnScreen(&wizard, QStringLiteral("timeout wizard, identity"));
    }

    void reconcileWizardPages()
    {
        QSettings ini(m_dir.filePath(QStringLiteral("rec-%1.ini").arg(m_lang)), QSettings::IniFormat);
        AppSettings settings(&ini);
        ReconcileWizard wizard(m_url, OpenMode::ReadWrite, &settings);
        wizard.show();
        checkOnScreen(&wizard, QStringLiteral("reconcile wizard, mapping"));
        OrderMapping mapping;
        mapping.ordersUrl = m_url;
        mapping.table = QStringLiteral("orders");
        mapping.keyColumn = QStringLiteral("order_no");
        mapping.statusColumn = QStringLiteral("status");
        mapping.doneValues = {QStringLiteral("PAID")};
        wizard.setMapping(mapping);
        QVERIFY(wizard.currentPage()->isComplete());
        wizard.next();
        checkOnScreen(&wizard, QStringLiteral("reconcile wizard, dry run"));
        wizard.dryRunPage()->runButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(wizard.dryRunPage()->isComplete(), 30000);
        checkOnScreen(&wizard, QStringLiteral("reconcile wizard, dry run done"));
        wizard.next();
        checkOnScreen(&wizard, QStringLiteral("reconcile wizard, plan"));
        wizard.next();
        checkOnScreen(&wizard, QStringLiteral("reconcile wizard, identity"));
    }

    void dialogs()
    {
        QSettings ini(m_dir.filePath(QStringLiteral("dialogs-%1.ini").arg(m_lang)), QSettings::IniFormat);
        AppSettings settings(&ini);
        PasswordVault vault;
        {
            ConnectionDialog dialog(&settings, &vault);
            dialog.show();
            checkOnScreen(&dialog, QStringLiteral("connection dialog"));
        }
        {
            AlertRulesDialog dialog(AlertRule::defaults(), {QStringLiteral("payment"), QStringLiteral("callback")});
            dialog.show();
            checkOnScreen(&dialog, QStringLiteral("alert rules dialog"));
        }
        {
            ReportDialog dialog(m_url);
            dialog.show();
            checkOnScreen(&dialog, QStringLiteral("report dialog"));
        }
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int failed = 0;
    for (const char *lang : {"en", "zh_CN"}) {
        qputenv("IDEM_TEST_LANG", lang);
        ScreenFitTest test;
        failed += QTest::qExec(&test, argc, argv);
    }
    return failed;
}

#include "tst_screenfit.moc"
