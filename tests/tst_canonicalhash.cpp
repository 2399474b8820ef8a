#include "app/store/auditentry.h"
#include "app/store/proposal.h"

#include <QtTest>

// Stores keep these hashes: an audit chain or a proposal written by an
// earlier build must still verify. The expected values come from a Python
// rendering of the canonical form (hashlib.sha256 over each field as
// "<name>=<byte length>:<bytes>\n"; an audit entry's hash is taken over the
// previous hash and then those bytes), not from this code.
class CanonicalHashTest : public QObject {
    Q_OBJECT

private slots:
    void auditEntryKeepsItsHash()
    {
        AuditEntry e;
        e.scope = QStringLiteral("payment");
        e.seq = 42;
        e.atMs = 1764812345678;
        e.operatorName = QStringLiteral("张三");
        e.host = QStringLiteral("ops-01");
        e.action = QStringLiteral("timeout");
        e.batchId = QStringLiteral("b-1");
        e.key = QStringLiteral("order-9");
        e.stateBefore = QStringLiteral("IN_FLIGHT");
        e.stateAfter = QStringLiteral("TIMED_OUT");
        e.reason = QStringLiteral("渠道超时\n重试");
        e.evidence = QByteArray("{\"a\":1}\0\xff", 9);
        e.serverUser = QStringLiteral("idem_operator");
        e.prevHash = QString(64, QLatin1Char('7'));
        QCOMPARE(e.computeHash(), QStringLiteral("6e3440988685d8ff2be8ab1d348777f0679879024417b7a6af59b4a1f9cee521"));
        // Without a server identity the field is left out, not written empty.
        e.serverUser.clear();
        QVERIFY(!e.canonical().contains("user="));
        QVERIFY(e.computeHash() != QStringLiteral("6e3440988685d8ff2be8ab1d348777f0679879024417b7a6af59b4a1f9cee521"));
    }

    void proposalKeepsItsHash()
    {
        Proposal p;
        p.id = QStringLiteral("p-20261130T041502-3fa9c2d1");
        p.scope = QStringLiteral("callback");
        p.action = QStringLiteral("reconcile");
        p.reason = QStringLiteral("回调已由渠道重推");
        p.proposer = QStringLiteral("alice");
        p.proposerHost = QStringLiteral("ops-02");
        p.proposerUser = QStringLiteral("bob");
        p.createdAtMs = 1764812345000;
        p.expiresAtMs = 1764815945000;
        ProposalItem item;
        item.scope = QStringLiteral("callback");
        item.key = QStringLiteral("cb-1");
        item.lease = QStringLiteral("L1");
        item.state = RecordState::InFlight;
        item.updatedAt = 1764812300000;
        item.action = QStringLiteral("reconcile-complete");
        item.owner = QStringLiteral("shown, not hashed");
        item.response.status = 200;
        item.response.headers = {{"Content-Type", "application/json"}};
        item.response.body = "{\"ok\":true}";
        item.evidence = "{\"order\":\"o-1\"}";
        p.items = {item};
        QCOMPARE(p.computeHash(), QStringLiteral("101c4437df94531ed780cdd0638fa6f027dd438e30e82387903b55d25dd84693"));
    }
};

QTEST_GUILESS_MAIN(CanonicalHashTest)
#include "tst_canonicalhash.moc"
