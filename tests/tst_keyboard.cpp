// The console by keyboard, offscreen: each record table takes one Tab stop,
// so Tab from the In flight list reaches the buttons beside and after it
// ("Stuck only", "Reload", "Mark timed out…", auto-refresh), and the same
// on the Records tab.
#include "models/appsettings.h"
#include "models/inflightrecordmodel.h"
#include "models/recordbrowsermodel.h"
#include "models/passwordvault.h"
#include "ui/inflightview.h"
#include "ui/mainwindow.h"
#include "ui/recordbrowserview.h"

#include "app/store/openstore.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

class KeyboardTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // The widgets Tab visits from `start`, one full round (at most 60 steps).
    static QList<QWidget *> tabRound(QWidget *start)
    {
        QList<QWidget *> visited;
        start->setFocus(Qt::TabFocusReason);
        for (int i = 0; i < 60; ++i) {
            QWidget *now = QApplication::focusWidget();
            if (!now || (i > 0 && now == start))
                break;
            visited << now;
            QTest::keyClick(now, Qt::Key_Tab);
        }
        return visited;
    }

private slots:
    void tablesTakeOneTabStop()
    {
        const QString url = QStringLiteral("sqlite://") + m_dir.filePath(QStringLiteral("keys.db"));
        Result<std::unique_ptr<Store>> store = openStore(url);
        QVERIFY(store);
        for (int i = 0; i < 5; ++i) {
            ClaimRequest c;
            c.scope = QStringLiteral("payment");
            c.key = QStringLiteral("k%1").arg(i);
            c.fingerprint = QStringLiteral("fp");
            c.nowMs = QDateTime::currentMSecsSinceEpoch() - 20 * 60000;
            QVERIFY(store.value()->claim(c));
        }
        QSettings ini(m_dir.filePath(QStringLiteral("keys.ini")), QSettings::IniFormat);
        AppSettings settings(&ini);
        PasswordVault vault;
        MainWindow window(&settings, &vault);
        StoreEntry entry;
        entry.url = url;
        window.openUrl(entry, url);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        InFlightView *inFlight = window.inFlight();
        window.findChild<QTabWidget *>()->setCurrentWidget(inFlight);
        QTRY_VERIFY_WITH_TIMEOUT(inFlight->model()->rowCount() == 5, 10000);
        inFlight->table()->selectRow(0);

        const QList<QWidget *> round = tabRound(inFlight->table());
        QCOMPARE(round.count(inFlight->table()), 1);
        QStringList reached;
        for (QWidget *w : round) {
            if (auto *button = qobject_cast<QAbstractButton *>(w))
                reached << button->text();
        }
        for (const char *wanted : {"Stuck only", "Reload", "Mark timed out…"})
            QVERIFY2(reached.contains(QString::fromUtf8(wanted)), qPrintable(reached.join(QStringLiteral(" | "))));
        QVERIFY(round.contains(inFlight->autoRefreshBox()));

        RecordBrowserView *records = window.records();
        window.findChild<QTabWidget *>()->setCurrentWidget(records);
        QTRY_VERIFY_WITH_TIMEOUT(records->model()->rowCount() == 5, 10000);
        const QList<QWidget *> again = tabRound(records->table());
        QCOMPARE(again.count(records->table()), 1);
        QVERIFY(again.contains(records->autoRefreshBox()));
    }
};

QTEST_MAIN(KeyboardTest)
#include "tst_keyboard.moc"
