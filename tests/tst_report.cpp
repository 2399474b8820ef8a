// Reports: a store filled through the Guard on a fake clock, an
// audited timeout sweep and free-text audit entries, then the PDF's text
// (pdftotext, poppler-utils), the CSV's formula-injection escaping and the
// JSON schema, each checked against the store's own numbers.
#include "app/guard/guard.h"
#include "app/ops/report.h"
#include "app/ops/reportcsv.h"
#include "app/ops/reportfile.h"
#include "app/ops/reportjson.h"
#include "app/ops/reportpdf.h"
#include "app/ops/timeoutsweep.h"
#include "tests/teststore.h"

#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>

#include <csignal>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;

const QString Operator = QStringLiteral("auditor-ann");

// Texts a spreadsheet would evaluate, and free text that needs quoting.
const QStringList Hostile = {QStringLiteral("=SUM(A1)"),
                             QStringLiteral("+1"),
                             QStringLiteral("-1"),
                             QStringLiteral("@x"),
                             QStringLiteral("\tX"),
                             QStringLiteral("\rY"),
                             QStringLiteral("said \"no\", twice\nthen =1")};

bool evaluable(const QString &s)
{
    return !s.isEmpty() && QStringLiteral("=+-@\t\r").contains(s.front());
}

// RFC 4180: rows of cells, quoted cells may hold commas, quotes and line breaks.
QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    cell += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                cell += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << cell;
            cell.clear();
        } else if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
            row << cell;
            cell.clear();
            rows << row;
            row.clear();
            ++i;
        } else {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !row.isEmpty())
        rows << (row << cell);
    return rows;
}

} // namespace

class ReportTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_checkout;
    QString m_callback;
    ReportRequest m_request;
    ReportData m_data;
    qint64 m_guardExecuted = 0;
    qint64 m_guardReplayed = 0;
    qint64 m_guardMismatch = 0;
    qint64 m_now = T0;

    // The store's own totals for one scope over the report's range.
    CounterSet storeTotals(const QString &scope)
    {
        const Result<QList<CounterRow>> rows = m_store->counters(scope, m_request.fromMs / Minute, m_request.toMs / Minute);
        if (!rows)
            qFatal("counters failed: %s", qPrintable(rows.error().message));
        CounterSet sum;
        for (const CounterRow &r : rows.value())
            sum += r.counts;
        return sum;
    }

    QString pdfText(const QString &pdf)
    {
        QProcess p;
        p.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return {};
        // NFKC: the PDF's fi/fl ligatures come out as single characters.
        return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
    }

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_STORE_SERVER(m_env);
        QString why;
        m_store = m_env.open(&why);
        QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
        m_checkout = m_env.scope(QStringLiteral("checkout"));
        m_callback = m_env.scope(QStringLiteral("callback"));

        // Ten minutes of checkout traffic: 5 new requests a minute, 2 of them
        // retried (replays), every other minute a key reused with another body.
        Guard guard(*m_store, {}, [this] { return m_now; });
        const auto send = [&](const QString &key, const QByteArray &body) {
            GuardRequest r;
            r.scope = m_checkout;
            r.key = key;
            r.path = "/orders";
            r.body = body;
            r.bizNo = QStringLiteral("SO-") + key;
            const GuardResult g = guard.handle(r, [] { return Response{201, {{"Content-Type", "application/json"}}, "{\"ok\":true}"}; });
            m_guardExecuted += g.outcome == GuardOutcome::Executed;
            m_guardReplayed += g.outcome == GuardOutcome::Replayed;
            m_guardMismatch += g.outcome == GuardOutcome::Mismatch;
        };
        for (int minute = 0; minute < 10; ++minute) {
            m_now = T0 + minute * Minute + 1000;
            for (int k = 0; k < 5; ++k) {
                const QString key = QStringLiteral("co-%1-%2").arg(minute).arg(k);
                send(key, "{\"sku\":1}");
                if (k < 2)
                    send(key, "{\"sku\":1}");
                if (k == 4 && minute % 2 == 0)
                    send(key, "{\"sku\":2}");
            }
        }
        QCOMPARE(m_guardExecuted, 50);
        QCOMPARE(m_guardReplayed, 20);
        QCOMPARE(m_guardMismatch, 5);

        // Three payment callbacks whose service died: claimed, never finished.
        QList<Record> stuck;
        for (int i = 0; i < 3; ++i) {
            ClaimRequest c;
            c.scope = m_callback;
            c.key = QStringLiteral("cb-%1").arg(i);
            c.fingerprint = QStringLiteral("fp");
            c.owner = QStringLiteral("pay-1:42");
            c.nowMs = T0 + i;
            const Result<ClaimResult> claimed = m_store->claim(c);
            QVERIFY2(claimed && claimed->outcome == ClaimOutcome::Claimed, "claim");
            stuck << claimed->record;
        }
        // The night operator times two of them out (two audited actions).
        const OperatorIdentity who{QStringLiteral("night-ops"), QStringLiteral("console-1"), QStringLiteral("stuck after failover")};
        const Result<ActionReport> swept =
            TimeoutSweep::apply(*m_store, {ActionTarget::of(stuck[0], T0 + 20 * Minute), ActionTarget::of(stuck[1], T0 + 20 * Minute)}, who,
                                {}, T0 + 25 * Minute);
        QVERIFY2(swept, swept ? "" : qPrintable(swept.error().message));
        QCOMPARE(swept->applied, 2);
        // Free text an operator typed: what a spreadsheet must never evaluate.
        for (const QString &text : Hostile) {
            AuditEntry e;
            e.scope = m_checkout;
            e.atMs = T0 + 26 * Minute;
            e.operatorName = text;
            e.host = QStringLiteral("console-1");
            e.action = QStringLiteral("note");
            e.reason = text;
            const Result<AuditEntry> appended = m_store->appendAudit(e);
            QVERIFY2(appended, appended ? "" : qPrintable(appended.error().message));
        }
        // Outside the range: not in the report's actions.
        AuditEntry late;
        late.scope = m_checkout;
        late.atMs = T0 + 90 * Minute;
        late.operatorName = QStringLiteral("later");
        late.action = QStringLiteral("note");
        late.reason = QStringLiteral("after the range");
        QVERIFY(m_store->appendAudit(late));

        m_request.fromMs = T0 - 60 * Minute;
        m_request.toMs = T0 + 29 * Minute;
        m_request.scopes = {m_checkout, m_callback};
        m_request.operatorName = Operator;
        m_request.nowMs = T0 + 30 * Minute;
        qint64 lastDone = -1, lastTotal = -1;
        ActionControl control;
        control.progress = [&](qint64 done, qint64 total) {
            lastDone = done;
            lastTotal = total;
        };
        Result<ReportData> data = ReportBuilder::gather(*m_store, m_request, control);
        QVERIFY2(data, data ? "" : qPrintable(data.error().message));
        m_data = data.value();
        QVERIFY(!m_data.cancelled);
        QVERIFY(lastTotal > 0);
        QCOMPARE(lastDone, lastTotal);
    }

    void gathered()
    {
        QCOMPARE(m_data.scopes.size(), 2);
        const CounterSet checkout = storeTotals(m_checkout);
        const CounterSet callback = storeTotals(m_callback);
        QCOMPARE(checkout[Counter::Executed], m_guardExecuted);
        QCOMPARE(checkout[Counter::Replayed], m_guardReplayed);
        QCOMPARE(checkout[Counter::Mismatch], m_guardMismatch);
        QCOMPARE(callback[Counter::TimedOut], 2);
        for (const ReportScope &s : m_data.scopes) {
            const CounterSet expected = s.scope == m_checkout ? checkout : callback;
            QCOMPARE(s.totals.values, expected.values);
            QCOMPARE(s.stuck, s.scope == m_callback ? 1 : 0);
        }
        CounterSet seriesSum;
        for (const ReportMinute &m : m_data.series)
            seriesSum += m.counts;
        QCOMPARE(seriesSum.values, m_data.total().values);
        QCOMPARE(m_data.actions.size(), 2 + Hostile.size());
        QVERIFY(m_data.audit.ok);
        QCOMPARE(m_data.audit.entries, 2 + Hostile.size() + 1);
    }

    void cancelled()
    {
        std::atomic_bool cancel{true};
        ActionControl control;
        control.cancel = &cancel;
        const Result<ReportData> data = ReportBuilder::gather(*m_store, m_request, control);
        QVERIFY(data);
        QVERIFY(data->cancelled);
    }

    // The one export path of idemctl report and the console:
    // gathered and written whole, its summary quoting the report's numbers;
    // stopped, it writes nothing.
    void exportReportWritesOrNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("export.json"));
        const Result<ReportSummary> exported = exportReport(*m_store, m_request, ReportFormat::Json, path);
        QVERIFY2(exported, exported ? "" : qPrintable(exported.error().message));
        QVERIFY(!exported->cancelled);
        QCOMPARE(exported->scopes, qint64(m_data.scopes.size()));
        QCOMPARE(exported->executed, m_data.total()[Counter::Executed]);
        QCOMPARE(exported->replayed, m_data.total()[Counter::Replayed]);
        QCOMPARE(exported->actions, qint64(m_data.actions.size()));
        QCOMPARE(exported->auditOk, m_data.audit.ok);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject written = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(written.value(QStringLiteral("actions")).toArray().size(), m_data.actions.size());

        std::atomic_bool cancel{true};
        ActionControl control;
        control.cancel = &cancel;
        const QString stopped = dir.filePath(QStringLiteral("stopped.json"));
        const Result<ReportSummary> cancelled = exportReport(*m_store, m_request, ReportFormat::Json, stopped, control);
        QVERIFY(cancelled);
        QVERIFY(cancelled->cancelled);
        QVERIFY(!QFileInfo::exists(stopped));
    }

    void badRange()
    {
        ReportRequest r = m_request;
        r.toMs = r.fromMs - 1;
        const Result<ReportData> data = ReportBuilder::gather(*m_store, r);
        QVERIFY(!data);
        QCOMPARE(data.error().kind, ErrorKind::InvalidArgument);
    }

    void pdfText()
    {
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        const Result<void> written = ReportFile::save(m_data, ReportFormat::Pdf, pdf);
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        QVERIFY(QFileInfo(pdf).size() > 1000);
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QFAIL("pdftotext is missing: install poppler-utils (tools/lib/common.sh lists it)");
        const QString text = pdfText(pdf);
        QVERIFY(!text.isEmpty());
        const CounterSet total = m_data.total();
        const double hitRate = double(total[Counter::Replayed]) / double(total[Counter::Replayed] + total[Counter::Executed]);
        const QStringList expected = {
            QStringLiteral("Executed: %1").arg(total[Counter::Executed]),
            QStringLiteral("Replayed: %1").arg(total[Counter::Replayed]),
            QStringLiteral("Hit rate: %1%").arg(hitRate * 100.0, 0, 'f', 1),
            QStringLiteral("Stuck at report time (in flight over 10 min): 1"),
            QStringLiteral("Operator actions: %1").arg(m_data.actions.size()),
            QStringLiteral("Operator: %1").arg(Operator),
            m_store->displayUrl(),
            QStringLiteral("intact: %1 entries").arg(m_data.audit.entries),
            QStringLiteral("stuck after failover"),
            QStringLiteral("Page 1 of"),
        };
        for (const QString &e : expected)
            QVERIFY2(text.contains(e), qPrintable(QStringLiteral("'%1' not in the PDF text:\n%2").arg(e, text)));
        // Footer on every page: as many "Operator: <name> · generated" as pages.
        const int pages = text.count(QStringLiteral("Page "));
        QVERIFY(pages >= 1);
        QCOMPARE(int(text.count(QStringLiteral("Operator: %1 · generated").arg(Operator))), pages);
    }

    // A report to a full disk once said "Report written" and left a
    // truncated file. Every format, onto a device that is always full, onto a
    // file size limit (what a full disk or a quota does to write()) and, as
    // root, onto a real 12 KiB tmpfs: an error, and the target keeps what it
    // had (no partial file, no temporary file left beside it).
    void fullDiskIsAnErrorAndLeavesNoPartialFile_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("pdf") << int(ReportFormat::Pdf);
        QTest::newRow("csv") << int(ReportFormat::Csv);
        QTest::newRow("json") << int(ReportFormat::Json);
    }
    void fullDiskIsAnErrorAndLeavesNoPartialFile()
    {
        QFETCH(int, format);
        const ReportFormat as = ReportFormat(format);
        const QByteArray whole = ReportFile::render(m_data, as).value();
        QVERIFY(whole.size() > 64);

        // /dev/full: written in place (never renamed over: it stays a device) and refused.
        if (QFileInfo::exists(QStringLiteral("/dev/full"))) {
            const Result<void> full = ReportFile::save(m_data, as, QStringLiteral("/dev/full"));
            QVERIFY(!full);
            QVERIFY2(full.error().message.contains(QStringLiteral("/dev/full")), qPrintable(full.error().message));
            struct stat st { };
            QVERIFY(::stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode));
        }

        // A file size limit of half the report: write() fails part way (EFBIG, SIGXFSZ ignored).
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("old-report"));
        const QString fresh = dir.filePath(QStringLiteral("new-report"));
        QFile previous(old);
        QVERIFY(previous.open(QIODevice::WriteOnly) && previous.write("the previous report\n") > 0);
        previous.close();
        rlimit saved{};
        QVERIFY(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = saved;
        small.rlim_cur = rlim_t(whole.size() / 2);
        QVERIFY(::setrlimit(RLIMIT_FSIZE, &small) == 0);
        const Result<void> overOld = ReportFile::writeWhole(old, whole);
        const Result<void> overNew = ReportFile::writeWhole(fresh, whole);
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY(!overOld);
        QVERIFY(!overNew);
        QCOMPARE(overOld.error().kind, ErrorKind::Refused);
        QVERIFY2(overOld.error().message.contains(old), qPrintable(overOld.error().message));
        QVERIFY(previous.open(QIODevice::ReadOnly));
        QCOMPARE(previous.readAll(), QByteArray("the previous report\n"));
        previous.close();
        QVERIFY(!QFileInfo::exists(fresh));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("old-report")});
        // Without the limit the same call writes the whole report.
        QVERIFY(ReportFile::writeWhole(fresh, whole));
        QFile written(fresh);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), whole);

        // A real 12 KiB tmpfs, where the machine lets root mount one.
        if (::geteuid() != 0)
            return;
        QTemporaryDir mountPoint;
        if (::mount("tmpfs", QFile::encodeName(mountPoint.path()).constData(), "tmpfs", 0, "size=12k") != 0) {
            qInfo("no tmpfs (mount: %s): the file size limit above stood in for a full disk", strerror(errno));
            return;
        }
        const QString onTiny = mountPoint.filePath(QStringLiteral("report"));
        QByteArray big = whole;
        while (big.size() < 64 * 1024)
            big += whole; // more than the tmpfs holds, whatever the format's size
        const Result<void> tiny = ReportFile::writeWhole(onTiny, big);
        const QStringList left = QDir(mountPoint.path()).entryList(QDir::Files | QDir::Hidden);
        ::umount(QFile::encodeName(mountPoint.path()).constData());
        QVERIFY(!tiny);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(u',')));
    }

    void csvCell_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("cell");
        QTest::newRow("plain") << QStringLiteral("abc") << QStringLiteral("abc");
        QTest::newRow("empty") << QString() << QString();
        QTest::newRow("formula") << QStringLiteral("=SUM(A1)") << QStringLiteral("'=SUM(A1)");
        QTest::newRow("plus") << QStringLiteral("+1") << QStringLiteral("'+1");
        QTest::newRow("minus") << QStringLiteral("-1") << QStringLiteral("'-1");
        QTest::newRow("at") << QStringLiteral("@x") << QStringLiteral("'@x");
        QTest::newRow("tab") << QStringLiteral("\tX") << QStringLiteral("'\tX");
        QTest::newRow("cr") << QStringLiteral("\rY") << QStringLiteral("\"'\rY\"");
        QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
        QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
        QTest::newRow("formula, quoted") << QStringLiteral("=HYPERLINK(\"x\",1)") << QStringLiteral("\"'=HYPERLINK(\"\"x\"\",1)\"");
        QTest::newRow("inner equals") << QStringLiteral("a=1") << QStringLiteral("a=1");
    }

    void csvCell()
    {
        QFETCH(QString, text);
        QFETCH(QString, cell);
        QCOMPARE(ReportCsv::cell(text), cell);
    }

    void csvInjection_data()
    {
        QTest::addColumn<QString>("text");
        for (const QString &t : Hostile)
            QTest::newRow(qPrintable(QString(t)
                                         .replace(QLatin1Char('\t'), QStringLiteral("\\t"))
                                         .replace(QLatin1Char('\r'), QStringLiteral("\\r"))
                                         .replace(QLatin1Char('\n'), QStringLiteral("\\n"))))
                << t;
    }

    void csvInjection()
    {
        QFETCH(QString, text);
        const QList<QStringList> rows = parseCsv(QString::fromUtf8(ReportCsv::write(m_data)));
        // The actions section: its header row, then one row per entry.
        qsizetype header = -1;
        for (qsizetype i = 0; i < rows.size(); ++i) {
            if (rows[i].value(0) == QLatin1String("at") && rows[i].value(10) == QLatin1String("reason"))
                header = i;
        }
        QVERIFY(header >= 0);
        const QString expected = evaluable(text) ? QLatin1Char('\'') + text : text;
        bool found = false;
        for (qsizetype i = header + 1; i < rows.size() && rows[i].size() == 12; ++i) {
            if (rows[i][5] != QLatin1String("note") || rows[i][10] != expected)
                continue;
            found = true;
            QCOMPARE(rows[i][3], expected); // the operator column too
            // Round trip: dropping the escape gives the text back.
            QString back = rows[i][10];
            if (evaluable(text))
                back.remove(0, 1);
            QCOMPARE(back, text);
        }
        QVERIFY2(found, qPrintable(QStringLiteral("no escaped row for '%1'").arg(text)));
        // No cell of the whole file can be evaluated.
        for (const QStringList &row : rows) {
            for (const QString &cell : row)
                QVERIFY2(!evaluable(cell), qPrintable(cell));
        }
    }

    void csvSections()
    {
        const QByteArray csv = ReportCsv::write(m_data);
        const QList<QStringList> rows = parseCsv(QString::fromUtf8(csv));
        QCOMPARE(rows.value(0).value(0), QStringLiteral("schema"));
        QCOMPARE(rows.value(1).value(0), QStringLiteral("idem-report/1"));
        QCOMPARE(rows.value(1).value(1), m_store->displayUrl());
        QCOMPARE(rows.value(1).value(5), Operator);
        // The scope rows carry the store's numbers.
        for (const QStringList &row : rows) {
            if (row.value(0) != m_checkout || row.size() != 1 + CounterCount + 2)
                continue;
            QCOMPARE(row[1].toLongLong(), m_guardExecuted);
            QCOMPARE(row[2].toLongLong(), m_guardReplayed);
        }
    }

    void json()
    {
        const QJsonObject o = ReportJson::write(m_data);
        for (const char *key : {"schema", "store", "from", "to", "generated_at", "operator", "scopes", "series", "actions", "audit"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("idem-report/1"));
        QCOMPARE(o.value(QStringLiteral("store")).toString(), m_store->displayUrl());
        QCOMPARE(o.value(QStringLiteral("operator")).toString(), Operator);
        QCOMPARE(o.value(QStringLiteral("from")).toString(), QStringLiteral("2027-01-15T07:00:00.000Z"));
        const QJsonArray scopes = o.value(QStringLiteral("scopes")).toArray();
        QCOMPARE(scopes.size(), 2);
        for (const QJsonValue &v : scopes) {
            const QJsonObject s = v.toObject();
            const CounterSet expected = storeTotals(s.value(QStringLiteral("scope")).toString());
            for (int i = 0; i < CounterCount; ++i) {
                const auto c = static_cast<Counter>(i);
                QCOMPARE(s.value(counterName(c)).toInteger(), expected[c]);
            }
            const std::optional<double> rate = expected.hitRate();
            if (rate)
                QCOMPARE(s.value(QStringLiteral("hit_rate")).toDouble(), *rate);
            else
                QVERIFY(s.value(QStringLiteral("hit_rate")).isNull());
            QCOMPARE(s.value(QStringLiteral("stuck")).toInteger(), s.value(QStringLiteral("scope")).toString() == m_callback ? 1 : 0);
        }
        qint64 executed = 0;
        for (const QJsonValue &v : o.value(QStringLiteral("series")).toArray())
            executed += v.toObject().value(QStringLiteral("executed")).toInteger();
        QCOMPARE(executed, m_data.total()[Counter::Executed]);
        const QJsonArray actions = o.value(QStringLiteral("actions")).toArray();
        QCOMPARE(actions.size(), 2 + Hostile.size());
        // Every field of an entry, as idemctl audit list --json writes it.
        const QStringList entryKeys = {QStringLiteral("action"),       QStringLiteral("at"),          QStringLiteral("at_ms"),
                                       QStringLiteral("batch_id"),     QStringLiteral("evidence"),    QStringLiteral("hash"),
                                       QStringLiteral("host"),         QStringLiteral("key"),         QStringLiteral("operator"),
                                       QStringLiteral("prev_hash"),    QStringLiteral("reason"),      QStringLiteral("scope"),
                                       QStringLiteral("seq"),          QStringLiteral("server_user"), QStringLiteral("state_after"),
                                       QStringLiteral("state_before"), QStringLiteral("store_id")};
        for (const QJsonValue &v : actions)
            QCOMPARE(v.toObject().keys(), entryKeys);
        const AuditEntry &first = m_data.actions.constFirst();
        QCOMPARE(actions.first().toObject().value(QStringLiteral("hash")).toString(), first.hash);
        QCOMPARE(actions.first().toObject().value(QStringLiteral("prev_hash")).toString(), first.prevHash);
        const QJsonObject audit = o.value(QStringLiteral("audit")).toObject();
        QCOMPARE(audit.keys(), (QStringList{QStringLiteral("chains"), QStringLiteral("empty"), QStringLiteral("entries"),
                                            QStringLiteral("first_bad"), QStringLiteral("heads"), QStringLiteral("ok")}));
        // One head per chain verified, as the verifier read it.
        QCOMPARE(qint64(audit.value(QStringLiteral("heads")).toArray().size()), m_data.audit.chains);
        QCOMPARE(audit.value(QStringLiteral("ok")).toBool(), true);
        QVERIFY(audit.value(QStringLiteral("first_bad")).isNull());
        const Result<AuditVerdict> verdict = AuditVerifier::verify(*m_store, {}, m_request.scopes);
        QVERIFY(verdict);
        QCOMPARE(audit.value(QStringLiteral("entries")).toInteger(), verdict->entries);
    }
};

QTEST_MAIN(ReportTest)
#include "tst_report.moc"
