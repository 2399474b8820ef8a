// The PDF report an auditor reads, through pdftotext (poppler-utils) page
// by page: operator actions of two batches apart from alert handling, each
// entry with the operator and host it recorded, both batch ids, the chain
// heads verified (the store's own heads, in the PDF, the JSON and the CSV),
// and tables that never split a row across pages.
#include "app/ops/pdftable.h"
#include "app/ops/report.h"
#include "app/ops/reportcsv.h"
#include "app/ops/reportfile.h"
#include "app/ops/reportjson.h"
#include "app/ops/reportpdf.h"
#include "app/ops/timeoutsweep.h"
#include "tests/teststore.h"

#include <QtTest>

#include <QJsonArray>
#include <QRegularExpression>

namespace {

constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
constexpr qint64 Minute = 60'000;

const QString AlertActions[] = {QStringLiteral("alert"), QStringLiteral("alert-acknowledged"), QStringLiteral("alert-snoozed")};

QString withoutSpace(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("\\s")));
    return text;
}

// The text of each page: pdftotext ends every page with a form feed.
QStringList pdfPages(const QByteArray &pdf)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(pdf) != pdf.size())
        return {};
    file.close();
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    // NFKC: the PDF's fi/fl ligatures come out as single characters.
    QStringList pages = QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).split(QLatin1Char('\f'));
    if (!pages.isEmpty() && pages.constLast().trimmed().isEmpty())
        pages.removeLast();
    return pages;
}

// The pages (from 0) whose text holds `token`.
QList<int> pagesWith(const QStringList &pages, const QString &token)
{
    QList<int> found;
    for (int i = 0; i < pages.size(); ++i) {
        if (pages.at(i).contains(token))
            found << i;
    }
    return found;
}

AuditEntry entry(qint64 seq, const QString &batch, const QString &key, const QString &reason)
{
    AuditEntry e;
    e.scope = QStringLiteral("payment");
    e.seq = seq;
    e.atMs = T0 + seq * 1000;
    e.operatorName = QStringLiteral("night-ops");
    e.host = QStringLiteral("console-1");
    e.action = QStringLiteral("timeout");
    e.batchId = batch;
    e.key = key;
    e.stateBefore = QStringLiteral("IN_FLIGHT");
    e.stateAfter = QStringLiteral("TIMED_OUT");
    e.reason = reason;
    return e;
}

// A report of no store, for the layout alone.
ReportData layoutOnly(const QList<AuditEntry> &actions)
{
    ReportData d;
    d.store = QStringLiteral("sqlite:///tmp/layout.db");
    d.fromMs = T0 - 60 * Minute;
    d.toMs = T0 + 60 * Minute;
    d.generatedAtMs = T0 + 61 * Minute;
    d.operatorName = QStringLiteral("auditor-ann");
    d.stuckAfterMs = 10 * Minute;
    d.actions = actions;
    d.audit.entries = actions.size();
    d.audit.chains = 1;
    return d;
}

} // namespace

class ReportPdfTest : public QObject {
    Q_OBJECT

private:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_scope;
    QString m_batchA;
    QString m_batchB;
    ReportData m_data;
    QStringList m_pages;
    QList<AuditChainHead> m_heads; // the store's heads of the report's scope

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_STORE_SERVER(m_env);
        QString why;
        m_store = m_env.open(&why);
        QVERIFY2(m_store, qPrintable(QStringLiteral("backend %1 unavailable: %2").arg(m_env.backend(), why)));
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QFAIL("pdftotext is missing: install poppler-utils (tools/lib/common.sh lists it)");
        m_scope = m_env.scope(QStringLiteral("payment"));

        QList<ActionTarget> stuck;
        for (int i = 0; i < 5; ++i) {
            ClaimRequest c;
            c.scope = m_scope;
            c.key = QStringLiteral("pay-%1").arg(i);
            c.fingerprint = QStringLiteral("fp");
            c.owner = QStringLiteral("pay-1:42");
            c.nowMs = T0 + i;
            const Result<ClaimResult> claimed = m_store->claim(c);
            QVERIFY2(claimed && claimed->outcome == ClaimOutcome::Claimed, "claim");
            stuck << ActionTarget::of(claimed->record, T0 + 20 * Minute);
        }
        // Two batches by two operators on two hosts.
        const Result<ActionReport> a = TimeoutSweep::apply(
            *m_store, stuck.mid(0, 3),
            {QStringLiteral("night-ops"), QStringLiteral("console-1"), QStringLiteral("stuck after the failover")}, {}, T0 + 25 * Minute);
        QVERIFY2(a && a->applied == 3, a ? "" : qPrintable(a.error().message));
        const Result<ActionReport> b =
            TimeoutSweep::apply(*m_store, stuck.mid(3),
                                {QStringLiteral("day-ops"), QStringLiteral("console-2"), QStringLiteral("second sweep after the release")},
                                {}, T0 + 40 * Minute);
        QVERIFY2(b && b->applied == 2, b ? "" : qPrintable(b.error().message));
        m_batchA = a->batchId;
        m_batchB = b->batchId;
        QVERIFY(m_batchA != m_batchB);
        // The console's own entries: an alert raised, acknowledged, snoozed.
        for (int i = 0; i < 3; ++i) {
            AuditEntry e;
            e.scope = m_scope;
            e.atMs = T0 + (30 + i) * Minute;
            e.operatorName = QStringLiteral("root");
            e.host = QStringLiteral("ops-host");
            e.action = AlertActions[i];
            e.reason = QStringLiteral("hit rate above 30 percent, step %1").arg(i);
            QVERIFY(m_store->appendAudit(e));
        }

        ReportRequest request;
        request.fromMs = T0 - 60 * Minute;
        request.toMs = T0 + 59 * Minute;
        request.scopes = {m_scope};
        request.operatorName = QStringLiteral("auditor-ann");
        request.nowMs = T0 + 60 * Minute;
        Result<ReportData> data = ReportBuilder::gather(*m_store, request);
        QVERIFY2(data, data ? "" : qPrintable(data.error().message));
        m_data = data.value();

        const Result<QList<AuditChainHead>> heads = m_store->auditHeads();
        QVERIFY(heads);
        for (const AuditChainHead &h : heads.value()) {
            if (h.scope == m_scope)
                m_heads << h;
        }
        QVERIFY(!m_heads.isEmpty());

        const Result<QByteArray> pdf = ReportPdf::render(m_data);
        QVERIFY2(pdf, pdf ? "" : qPrintable(pdf.error().message));
        m_pages = pdfPages(pdf.value());
        QVERIFY(!m_pages.isEmpty());
    }

    void gathered()
    {
        QCOMPARE(m_data.actions.size(), 8);
        QCOMPARE(m_data.operatorActions().size(), 5);
        QCOMPARE(m_data.alertEntries().size(), 3);
        const QList<ReportBatch> batches = m_data.batches();
        QCOMPARE(batches.size(), 2);
        QCOMPARE(batches[0].batchId, m_batchA);
        QCOMPARE(batches[0].entries.size(), 3);
        QCOMPARE(batches[0].lines.size(), 1);
        QCOMPARE(batches[0].lines[0].count, 3);
        QCOMPARE(batches[0].lines[0].operatorName, QStringLiteral("night-ops"));
        QCOMPARE(batches[0].lines[0].host, QStringLiteral("console-1"));
        QCOMPARE(batches[1].batchId, m_batchB);
        QCOMPARE(batches[1].lines[0].count, 2);
        QCOMPARE(batches[1].lines[0].host, QStringLiteral("console-2"));
    }

    // Operator actions and alert handling in sections of their own, each
    // entry with the operator and host it recorded, both batches named.
    void sectionsApart()
    {
        const QString text = m_pages.join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("Operator actions: 5")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Alert handling entries: 3")), qPrintable(text));
        const qsizetype actionsAt = text.indexOf(QStringLiteral("Operator actions (5)"));
        const qsizetype alertsAt = text.indexOf(QStringLiteral("Alert handling (3)"));
        const qsizetype chainAt = text.indexOf(QStringLiteral("Audit chain"), alertsAt);
        QVERIFY2(actionsAt >= 0 && alertsAt > actionsAt && chainAt > alertsAt, qPrintable(text));
        const QString actions = text.mid(actionsAt, alertsAt - actionsAt);
        const QString alerts = text.mid(alertsAt, chainAt - alertsAt);

        for (const QString &batch : {m_batchA, m_batchB})
            QVERIFY2(withoutSpace(actions).contains(QStringLiteral("Batch") + batch), qPrintable(actions));
        for (const QString &who : {QStringLiteral("night-ops"), QStringLiteral("console-1"), QStringLiteral("day-ops"),
                                   QStringLiteral("console-2"), QStringLiteral("stuck after the failover")})
            QVERIFY2(actions.contains(who), qPrintable(who));
        // Every key, once in its batch.
        for (int i = 0; i < 5; ++i)
            QCOMPARE(actions.count(QStringLiteral("pay-%1").arg(i)), 1);
        QVERIFY2(!actions.contains(QStringLiteral("alert")), qPrintable(actions));
        QVERIFY(!actions.contains(QStringLiteral("root")));
        QVERIFY(!actions.contains(QStringLiteral("ops-host")));

        for (const QString &a : AlertActions)
            QVERIFY2(withoutSpace(alerts).contains(a), qPrintable(a));
        QCOMPARE(alerts.count(QStringLiteral("ops-host")), 3);
        QVERIFY2(!alerts.contains(QStringLiteral("night-ops")) && !alerts.contains(QStringLiteral("timeout")), qPrintable(alerts));
    }

    // The heads the verification checked are the store's heads, and the PDF
    // shows each of them whole: chain, seq and the 64-hex hash.
    void chainHeads()
    {
        const QList<AuditChainVerdict> &verified = m_data.audit.verified;
        QCOMPARE(verified.size(), m_heads.size());
        qint64 entries = 0;
        for (const AuditChainHead &head : std::as_const(m_heads)) {
            const auto it = std::find_if(verified.cbegin(), verified.cend(),
                                         [&head](const AuditChainVerdict &v) { return v.head.chainName() == head.chainName(); });
            QVERIFY2(it != verified.cend(), qPrintable(head.chainName()));
            QCOMPARE(it->head.seq, head.seq);
            QCOMPARE(it->head.hash, head.hash);
            QCOMPARE(it->entries, head.seq);
            QVERIFY(it->ok());
            entries += it->entries;
        }
        QCOMPARE(entries, m_data.audit.entries);

        const QString text = m_pages.join(QLatin1Char('\n'));
        const QString chainSection = withoutSpace(text.mid(text.lastIndexOf(QStringLiteral("Audit chain"))));
        for (const AuditChainHead &head : std::as_const(m_heads)) {
            QCOMPARE(head.hash.size(), 64);
            QVERIFY2(chainSection.contains(head.hash), qPrintable(head.hash + QLatin1Char('\n') + chainSection));
            QVERIFY2(chainSection.contains(withoutSpace(head.chainName())), qPrintable(head.chainName()));
        }
    }

    void jsonAndCsvHeads()
    {
        const QJsonArray heads =
            ReportJson::write(m_data).value(QStringLiteral("audit")).toObject().value(QStringLiteral("heads")).toArray();
        QCOMPARE(heads.size(), m_heads.size());
        for (const AuditChainHead &head : std::as_const(m_heads)) {
            bool found = false;
            for (const QJsonValue &v : heads) {
                const QJsonObject o = v.toObject();
                if (o.value(QStringLiteral("chain")).toString() != head.chainName())
                    continue;
                found = true;
                QCOMPARE(o.keys(), (QStringList{QStringLiteral("chain"), QStringLiteral("entries"), QStringLiteral("hash"),
                                                QStringLiteral("ok"), QStringLiteral("scope"), QStringLiteral("seq")}));
                QCOMPARE(o.value(QStringLiteral("scope")).toString(), head.scope);
                QCOMPARE(o.value(QStringLiteral("seq")).toInteger(), head.seq);
                QCOMPARE(o.value(QStringLiteral("hash")).toString(), head.hash);
                QCOMPARE(o.value(QStringLiteral("ok")).toBool(), true);
            }
            QVERIFY2(found, qPrintable(head.chainName()));
        }

        const QString csv = QString::fromUtf8(ReportCsv::write(m_data));
        QVERIFY(csv.contains(QStringLiteral("chain,scope,head_seq,head_hash,chain_entries,chain_ok\r\n")));
        for (const AuditChainHead &head : std::as_const(m_heads))
            QVERIFY(csv.contains(QStringLiteral("%1,%2,%3,%4,%3,true\r\n").arg(head.chainName(), head.scope).arg(head.seq).arg(head.hash)));
    }

    // Enough entries for several pages, each reason wrapping over one to four
    // lines: every row's first and last words and its key on one page, the
    // header row on every page of the table, a batch going on from one page
    // to the next labelled as continued.
    void rowsNeverSplitAcrossPages()
    {
        QList<AuditEntry> actions;
        const QString words = QStringLiteral("the order service did not answer after the failover drill and the record stayed in flight ");
        for (int i = 0; i < 240; ++i) {
            const QString tag = QStringLiteral("%1").arg(i, 4, 10, QLatin1Char('0'));
            const QString reason = QStringLiteral("Rb%1 ").arg(tag) + words.repeated(i % 4) + QStringLiteral("Re%1").arg(tag);
            actions << entry(i + 1, QStringLiteral("b-batch-%1").arg(i / 90), QStringLiteral("Ky%1").arg(tag), reason);
        }
        const Result<QByteArray> pdf = ReportPdf::render(layoutOnly(actions));
        QVERIFY(pdf);
        const QStringList pages = pdfPages(pdf.value());
        QVERIFY2(pages.size() >= 4, qPrintable(QString::number(pages.size())));
        QSet<int> tablePages;
        for (int i = 0; i < 240; ++i) {
            const QString tag = QStringLiteral("%1").arg(i, 4, 10, QLatin1Char('0'));
            const QList<int> begin = pagesWith(pages, QStringLiteral("Rb") + tag);
            QCOMPARE(begin.size(), 1);
            QCOMPARE(pagesWith(pages, QStringLiteral("Re") + tag), begin);
            QCOMPARE(pagesWith(pages, QStringLiteral("Ky") + tag), begin);
            tablePages.insert(begin.constFirst());
        }
        QVERIFY(tablePages.size() >= 3);
        bool continued = false;
        for (int page : std::as_const(tablePages)) {
            QVERIFY2(pages.at(page).contains(QStringLiteral("At (UTC)")), qPrintable(pages.at(page)));
            continued = continued || pages.at(page).contains(QStringLiteral("(continued)"));
        }
        QVERIFY(continued);
        QVERIFY(!pages.join(QString()).contains(PdfTable::continuesText()));
    }

    // A row taller than a page is the one row that is split: line by line,
    // marked where it breaks off and where it goes on, no word lost.
    void rowTallerThanAPageContinues()
    {
        QStringList words;
        for (int i = 0; i < 1500; ++i)
            words << QStringLiteral("w%1").arg(i, 4, 10, QLatin1Char('0'));
        const QList<AuditEntry> actions{entry(1, QStringLiteral("b-tall"), QStringLiteral("Kytall"), words.join(QLatin1Char(' '))),
                                        entry(2, QStringLiteral("b-tall"), QStringLiteral("Kyafter"), QStringLiteral("Rbafter Reafter"))};
        const Result<QByteArray> pdf = ReportPdf::render(layoutOnly(actions));
        QVERIFY(pdf);
        const QStringList pages = pdfPages(pdf.value());
        const QString text = pages.join(QLatin1Char('\n'));
        QVERIFY2(pagesWith(pages, PdfTable::continuesText()).size() >= 2, qPrintable(text));
        QCOMPARE(pagesWith(pages, PdfTable::continuesText()).size(), pagesWith(pages, PdfTable::continuedText()).size());
        qsizetype at = 0;
        int lastPage = 0;
        for (const QString &word : std::as_const(words)) {
            at = text.indexOf(word, at);
            QVERIFY2(at >= 0, qPrintable(word));
            const QList<int> on = pagesWith(pages, word);
            QCOMPARE(on.size(), 1);
            QVERIFY(on.constFirst() >= lastPage);
            lastPage = on.constFirst();
        }
        // The next row stays whole.
        QCOMPARE(pagesWith(pages, QStringLiteral("Rbafter")), pagesWith(pages, QStringLiteral("Reafter")));
    }
};

QTEST_MAIN(ReportPdfTest)
#include "tst_reportpdf.moc"
