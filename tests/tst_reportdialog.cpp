// The console's report dialog, which exports from the GUI what idemctl
// report exports from the command line: a SQLite store with traffic through
// the Guard, the fields set as an operator would, then CSV and JSON exports
// on the dialog's own read-only session (checked against the Guard's counts)
// and a stopped export that writes nothing. Offscreen.
#include "app/guard/guard.h"
#include "ui/jobprogresswidget.h"
#include "ui/reportdialog.h"
#include "ui/scopechooser.h"
#include "tests/teststore.h"

#include <QtTest>

#include <algorithm>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15), minute-aligned
constexpr qint64 Minute = 60'000;
constexpr int Timeout = 30000;

} // namespace

class ReportDialogTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    QTemporaryDir m_out;
    std::unique_ptr<Store> m_store;
    QString m_checkout;
    QString m_callback;
    qint64 m_now = T0;
    qint64 m_checkoutExecuted = 0;
    qint64 m_callbackExecuted = 0;

    void configure(ReportDialog &dialog, ReportDialog::Format format, const QString &file, const QString &scope)
    {
        dialog.setRange(QDateTime::fromMSecsSinceEpoch(T0 - 60 * Minute), QDateTime::fromMSecsSinceEpoch(T0 + 60 * Minute));
        dialog.setScope(scope);
        dialog.setFormat(format);
        dialog.setOutputFile(m_out.filePath(file));
        dialog.setOperatorName(QStringLiteral("auditor-ann"));
    }

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_STORE_SERVER(m_env);
        QString why;
        m_store = m_env.open(&why);
        QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
        QVERIFY(m_out.isValid());
        m_checkout = m_env.scope(QStringLiteral("checkout"));
        m_callback = m_env.scope(QStringLiteral("callback"));

        // Five minutes of traffic: checkout 4 new requests a minute, one retried; callback 2 a minute.
        Guard guard(*m_store, {}, [this] { return m_now; });
        const auto send = [&](const QString &scope, const QString &key) {
            GuardRequest r;
            r.scope = scope;
            r.key = key;
            r.path = "/orders";
            r.body = "{\"sku\":1}";
            r.bizNo = QStringLiteral("SO-") + key;
            const GuardResult g = guard.handle(r, [] { return Response{201, {{"Content-Type", "application/json"}}, "{\"ok\":true}"}; });
            if (g.outcome == GuardOutcome::Executed)
                ++(scope == m_checkout ? m_checkoutExecuted : m_callbackExecuted);
        };
        for (int minute = 0; minute < 5; ++minute) {
            m_now = T0 + minute * Minute + 1000;
            for (int k = 0; k < 4; ++k) {
                send(m_checkout, QStringLiteral("co-%1-%2").arg(minute).arg(k));
                if (k == 0)
                    send(m_checkout, QStringLiteral("co-%1-%2").arg(minute).arg(k));
            }
            for (int k = 0; k < 2; ++k)
                send(m_callback, QStringLiteral("cb-%1-%2").arg(minute).arg(k));
        }
        QCOMPARE(m_checkoutExecuted, 20);
        QCOMPARE(m_callbackExecuted, 10);
        // The store keeps the current minute's counts in memory: write them for the dialog's session.
        const Result<void> flushed = m_store->flushCounters();
        QVERIFY2(flushed, flushed ? "" : qPrintable(flushed.error().message));
    }

    void defaults()
    {
        ReportDialog dialog(m_env.url());
        const qint64 span = dialog.from().msecsTo(dialog.to());
        QVERIFY(qAbs(span - 24 * 60 * Minute) < Minute); // the edits show minutes
        QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("reportOperator"))->text(), OperatorIdentity::defaultOperatorName());
        dialog.setFormat(ReportDialog::Format::Json);
        const QString name = dialog.suggestedFileName();
        QVERIFY2(name.startsWith(QLatin1String("idem-report-")) && name.endsWith(QLatin1String(".json")), qPrintable(name));
        QVERIFY(dialog.outputFile().endsWith(name));
        dialog.setLastHours(1);
        QVERIFY(qAbs(dialog.from().msecsTo(dialog.to()) - 60 * Minute) < Minute);
        // The scopes arrive from the worker thread.
        QSignalSpy loaded(dialog.scopeChooser(), &ScopeChooser::loaded);
        QVERIFY(loaded.wait(Timeout) || loaded.count() == 1);
        QVERIFY(dialog.scopeChooser()->findData(m_checkout) >= 0);
        QVERIFY(dialog.scopeChooser()->findData(m_callback) >= 0);
    }

    void exportsCsvOfOneScope()
    {
        ReportDialog dialog(m_env.url());
        configure(dialog, ReportDialog::Format::Csv, QStringLiteral("one.csv"), m_checkout);
        QSignalSpy exported(&dialog, &ReportDialog::exported);
        QSignalSpy failed(&dialog, &ReportDialog::exportFailed);
        dialog.startExport();
        QVERIFY(dialog.isExporting());
        QTRY_VERIFY_WITH_TIMEOUT(exported.count() + failed.count() == 1, Timeout);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        QVERIFY(!dialog.isExporting());
        QCOMPARE(exported.first().first().toString(), m_out.filePath(QStringLiteral("one.csv")));
        QVERIFY(dialog.resultLabel()->text().contains(QStringLiteral("%1 executed").arg(m_checkoutExecuted)));

        QFile file(m_out.filePath(QStringLiteral("one.csv")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"));
        const auto at = std::find_if(lines.cbegin(), lines.cend(), [](const QString &l) { return l.startsWith(QLatin1String("scope,")); });
        QVERIFY(at != lines.cend());
        const qsizetype header = at - lines.cbegin();
        const int executed = int(lines[header].split(QLatin1Char(',')).indexOf(QStringLiteral("executed")));
        QVERIFY(executed > 0);
        const QStringList row = lines[header + 1].split(QLatin1Char(','));
        QCOMPARE(row.first(), m_checkout);
        QCOMPARE(row[executed].toLongLong(), m_checkoutExecuted);
        QVERIFY(lines[header + 2].isEmpty()); // one scope only
    }

    void exportsJsonOfEveryScope()
    {
        ReportDialog dialog(m_env.url());
        configure(dialog, ReportDialog::Format::Json, QStringLiteral("all.json"), QString());
        QSignalSpy exported(&dialog, &ReportDialog::exported);
        QSignalSpy failed(&dialog, &ReportDialog::exportFailed);
        dialog.startExport();
        QTRY_VERIFY_WITH_TIMEOUT(exported.count() + failed.count() == 1, Timeout);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));

        QFile file(m_out.filePath(QStringLiteral("all.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(json.value(QStringLiteral("schema")).toString(), QStringLiteral("idem-report/1"));
        QCOMPARE(json.value(QStringLiteral("operator")).toString(), QStringLiteral("auditor-ann"));
        QCOMPARE(json.value(QStringLiteral("from_ms")).toInteger(), T0 - 60 * Minute);
        qint64 executed = 0;
        QStringList scopes;
        for (const QJsonValue &scope : json.value(QStringLiteral("scopes")).toArray()) {
            scopes << scope[QStringLiteral("scope")].toString();
            executed += scope[QStringLiteral("executed")].toInteger();
        }
        QVERIFY(scopes.contains(m_checkout) && scopes.contains(m_callback));
        QCOMPARE(executed, m_checkoutExecuted + m_callbackExecuted);
    }

    void stoppedExportWritesNoFile()
    {
        // Stop lands before the worker's checks unless the machine preempts
        // this thread for longer than a whole (tiny) export: retry then.
        bool stopped = false;
        for (int attempt = 0; attempt < 20 && !stopped; ++attempt) {
            const QString path = m_out.filePath(QStringLiteral("stopped-%1.json").arg(attempt));
            ReportDialog dialog(m_env.url());
            configure(dialog, ReportDialog::Format::Json, QStringLiteral("stopped-%1.json").arg(attempt), QString());
            QSignalSpy cancelled(&dialog, &ReportDialog::exportCancelled);
            QSignalSpy exported(&dialog, &ReportDialog::exported);
            QSignalSpy failed(&dialog, &ReportDialog::exportFailed);
            dialog.startExport();
            dialog.progress()->cancel(); // Stop
            QTRY_VERIFY_WITH_TIMEOUT(cancelled.count() + failed.count() + exported.count() == 1, Timeout);
            QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
            QVERIFY(!dialog.isExporting());
            if (cancelled.count() == 1) {
                QVERIFY(!QFile::exists(path));
                stopped = true;
            }
        }
        QVERIFY(stopped);
    }

    void refusesAnEmptyOperator()
    {
        ReportDialog dialog(m_env.url());
        configure(dialog, ReportDialog::Format::Csv, QStringLiteral("nobody.csv"), QString());
        dialog.setOperatorName(QStringLiteral("  "));
        dialog.startExport();
        QVERIFY(!dialog.isExporting());
        QVERIFY(!dialog.resultLabel()->text().isEmpty());
    }
};

QTEST_MAIN(ReportDialogTest)
#include "tst_reportdialog.moc"
