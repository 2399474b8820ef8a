// Roles enforced by the servers (`idemctl init --roles`): who the server says
// each login is, what it may do, refusals that name the missing privilege,
// an audit log nobody may rewrite, the server identity in every entry; and a
// store without roles that behaves as before. Real PostgreSQL, MariaDB and
// Redis servers (tools/test.sh).
#include "tests/rolesfixture.h"

using namespace RolesFixture;

class TestRoles : public QObject {
    Q_OBJECT

private slots:
    void whoami_data();
    void whoami();
    void viewerSweepRefusedByServer_data();
    void viewerSweepRefusedByServer();
    void viewerProposalRefusedByServer_data();
    void viewerProposalRefusedByServer();
    void auditRewriteRefusedByServer_data();
    void auditRewriteRefusedByServer();
    void operatorSweepRecordsServerIdentity_data();
    void operatorSweepRecordsServerIdentity();
    void hostileGrantRefused();
    void sqliteWithoutRolesAsBefore();
};

void TestRoles::whoami_data()
{
    backends();
}

void TestRoles::whoami()
{
    ROLES_FIXTURE(f);
    const struct {
        const Login *login;
        const char *role;
    } expected[] = {{&f.viewer, "viewer"}, {&f.operatorLogin, "operator"}, {&f.approver, "approver"}};
    for (const auto &e : expected) {
        const Run r = idemctl(args({QStringLiteral("whoami"), QStringLiteral("--json")}, *e.login), e.login->redisPassword);
        QVERIFY2(r.exitCode == 0, r.all().constData());
        const QJsonObject o = r.json();
        QCOMPARE(o.value(QStringLiteral("role")).toString(), QLatin1String(e.role));
        QVERIFY2(o.value(QStringLiteral("server_user")).toString().startsWith(e.login->user), r.out.constData());
        QVERIFY(o.value(QStringLiteral("has_server_identity")).toBool());
    }
    // The store's owner has every right; the policy `init --roles` set.
    const Run owner = idemctl({QStringLiteral("whoami"), QStringLiteral("--json"), QStringLiteral("--store"), f.ownerUrl});
    QVERIFY2(owner.exitCode == 0, owner.all().constData());
    QCOMPARE(owner.json().value(QStringLiteral("role")).toString(), QStringLiteral("operator+approver"));
    if (backend != QLatin1String("redis")) {
        const QJsonObject policy = owner.json().value(QStringLiteral("four_eyes")).toObject();
        QCOMPARE(policy.value(QStringLiteral("store_wide")).toInt(), 20);
        QCOMPARE(policy.value(QStringLiteral("scopes")).toObject().value(QStringLiteral("payment")).toInt(), 1);
        QCOMPARE(policy.value(QStringLiteral("scopes")).toObject().value(QStringLiteral("callback")).toInt(), 1);
    }
}

void TestRoles::viewerProposalRefusedByServer_data()
{
    backends();
}

// Over the payment scope's threshold the sweep would be proposed: the
// server refuses the viewer the proposal as it refuses the sweep, the error
// names what it lacks, the output holds nothing else (no driver noise about
// the aborted transaction), and no proposal is kept.
void TestRoles::viewerProposalRefusedByServer()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("payment"), 2));
    const Run r = idemctl(args({QStringLiteral("sweep"), QStringLiteral("--scope"), QStringLiteral("payment"),
                                QStringLiteral("--older-than"), QStringLiteral("10m"), QStringLiteral("--operator"), QStringLiteral("vera"),
                                QStringLiteral("--reason"), QStringLiteral("gateway outage")},
                               f.viewer),
                          f.viewer.redisPassword);
    QCOMPARE(r.exitCode, 1);
    if (backend == QLatin1String("redis"))
        QVERIFY2(r.err.contains("NOPERM") || r.err.contains("EVALSHA"), r.err.constData());
    else
        QVERIFY2(r.err.contains("idem_proposals"), r.err.constData());
    QVERIFY2(!r.all().contains("Unable to free statement"), r.all().constData());
    const Run listed = idemctl({QStringLiteral("proposals"), QStringLiteral("--json"), QStringLiteral("--store"), f.ownerUrl});
    QCOMPARE(listed.exitCode, 0);
    QVERIFY2(!listed.out.contains("\"payment\""), listed.out.constData());
}

void TestRoles::viewerSweepRefusedByServer_data()
{
    backends();
}

void TestRoles::viewerSweepRefusedByServer()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("orders"), 2));
    const Run r = idemctl(args({QStringLiteral("sweep"), QStringLiteral("--scope"), QStringLiteral("orders"),
                                QStringLiteral("--older-than"), QStringLiteral("10m"), QStringLiteral("--operator"), QStringLiteral("vera"),
                                QStringLiteral("--reason"), QStringLiteral("stuck"), QStringLiteral("--json")},
                               f.viewer),
                          f.viewer.redisPassword);
    QCOMPARE(r.exitCode, 1);
    const QJsonObject o = r.json();
    QCOMPARE(o.value(QStringLiteral("applied")).toInt(), 0);
    QCOMPARE(o.value(QStringLiteral("failed")).toInt(), 2);
    const QString message = o.value(QStringLiteral("failed_keys")).toArray().first().toObject().value(QStringLiteral("message")).toString();
    // The server refused, and the refusal names the privilege.
    if (backend == QLatin1String("redis")) {
        // The first write command the user may not run (the scope registry's SADD or EVALSHA).
        QVERIFY2(message.contains(QLatin1String("NOPERM")) && message.contains(QLatin1String("no permissions to run the '")),
                 qPrintable(message));
    } else {
        QVERIFY2(message.contains(QLatin1String("UPDATE")) && message.contains(QLatin1String("idem_records")), qPrintable(message));
    }
    // Nothing half-done: the records as they were, no audit entry.
    for (const QString &key : {QStringLiteral("stuck-0"), QStringLiteral("stuck-1")}) {
        const std::optional<Record> now = record(f.ownerUrl, QStringLiteral("orders"), key);
        QVERIFY(now);
        QCOMPARE(now->state, RecordState::InFlight);
    }
    const Run audit =
        idemctl({QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), f.ownerUrl});
    QCOMPARE(audit.json().value(QStringLiteral("count")).toInt(), 0);
}

void TestRoles::auditRewriteRefusedByServer_data()
{
    backends();
}

void TestRoles::auditRewriteRefusedByServer()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("orders"), 1));
    const Run swept = idemctl(args({QStringLiteral("sweep"), QStringLiteral("--scope"), QStringLiteral("orders"),
                                    QStringLiteral("--older-than"), QStringLiteral("10m"), QStringLiteral("--operator"),
                                    QStringLiteral("otto"), QStringLiteral("--reason"), QStringLiteral("stuck"), QStringLiteral("--json")},
                                   f.operatorLogin),
                              f.operatorLogin.redisPassword);
    QVERIFY2(swept.exitCode == 0, swept.all().constData());
    QCOMPARE(swept.json().value(QStringLiteral("applied")).toInt(), 1);
    // The operator (who appends entries) and the approver may not change or delete one.
    for (const Login *login : {&f.operatorLogin, &f.approver}) {
        if (backend == QLatin1String("redis")) {
            for (const QStringList &command : {QStringList{QStringLiteral("DEL"), QStringLiteral("idem:{orders}:audit")},
                                               QStringList{QStringLiteral("XTRIM"), QStringLiteral("idem:{orders}:audit"),
                                                           QStringLiteral("MAXLEN"), QStringLiteral("0")}}) {
                QByteArray out;
                redisCli(f.ownerUrl, QStringList{QStringLiteral("-n"), QStringLiteral("3")} + command, &out, login->user,
                         login->redisPassword);
                QVERIFY2(out.contains("NOPERM"), out.constData());
            }
        } else {
            for (const QString &statement :
                 {QStringLiteral("UPDATE idem_audit SET reason = 'edited'"), QStringLiteral("DELETE FROM idem_audit")}) {
                QString error;
                QVERIFY2(!sqlExec(login->url, {statement}, &error), qPrintable(statement));
                QVERIFY2(error.contains(statement.section(QLatin1Char(' '), 0, 0), Qt::CaseInsensitive)
                             || error.contains(QLatin1String("permission denied")),
                         qPrintable(error));
            }
        }
    }
    const Run verify = idemctl({QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--store"), f.ownerUrl});
    QVERIFY2(verify.exitCode == 0, verify.all().constData());
}

void TestRoles::operatorSweepRecordsServerIdentity_data()
{
    backends();
}

void TestRoles::operatorSweepRecordsServerIdentity()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("orders"), 1));
    const Run swept = idemctl(args({QStringLiteral("sweep"), QStringLiteral("--scope"), QStringLiteral("orders"),
                                    QStringLiteral("--older-than"), QStringLiteral("10m"), QStringLiteral("--operator"),
                                    QStringLiteral("typed-name"), QStringLiteral("--reason"), QStringLiteral("stuck")},
                                   f.operatorLogin),
                              f.operatorLogin.redisPassword);
    QVERIFY2(swept.exitCode == 0, swept.all().constData());
    const Run audit =
        idemctl({QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), f.ownerUrl});
    const QJsonObject entry = audit.json().value(QStringLiteral("entries")).toArray().first().toObject();
    QCOMPARE(entry.value(QStringLiteral("operator")).toString(), QStringLiteral("typed-name"));
    QVERIFY2(entry.value(QStringLiteral("server_user")).toString().startsWith(f.operatorLogin.user), audit.out.constData());
    const Run text = idemctl({QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--store"), f.ownerUrl});
    QVERIFY2(QString::fromUtf8(text.out).contains(QStringLiteral("typed-name (server: ") + f.operatorLogin.user), text.out.constData());
    // The identity is in the hash: the chain verifies.
    const Run verify = idemctl({QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--store"), f.ownerUrl});
    QVERIFY2(verify.exitCode == 0, verify.all().constData());
}

void TestRoles::hostileGrantRefused()
{
    IDEM_REQUIRE_SERVER_URL("IDEM_TEST_POSTGRESQL_URL");
    const QString url = qEnvironmentVariable("IDEM_TEST_POSTGRESQL_URL");
    for (const QString &grant : {QStringLiteral("viewer:alice\"; DROP TABLE idem_records; --"), QStringLiteral("root:alice"),
                                 QStringLiteral("viewer:1abc"), QStringLiteral("viewer:")}) {
        const Run r =
            idemctl({QStringLiteral("init"), QStringLiteral("--store"), url, QStringLiteral("--roles"), QStringLiteral("--grant"), grant});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--grant takes ROLE:USER"), r.err.constData());
    }
}

void TestRoles::sqliteWithoutRolesAsBefore()
{
    QTemporaryDir dir;
    const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("store.db"));
    QVERIFY(seedStuck(url, QStringLiteral("payment"), 25));
    const Run who = idemctl({QStringLiteral("whoami"), QStringLiteral("--json"), QStringLiteral("--store"), url});
    QVERIFY2(who.exitCode == 0, who.all().constData());
    QCOMPARE(who.json().value(QStringLiteral("has_server_identity")).toBool(), false);
    QCOMPARE(who.json().value(QStringLiteral("role")).toString(), QStringLiteral("operator+approver"));
    QCOMPARE(who.json().value(QStringLiteral("four_eyes")).toObject().value(QStringLiteral("off")).toBool(), true);
    // No threshold: a sweep of 25 payment records applies at once, as ever.
    const Run swept = idemctl({QStringLiteral("sweep"), QStringLiteral("--store"), url, QStringLiteral("--older-than"),
                               QStringLiteral("10m"), QStringLiteral("--reason"), QStringLiteral("stuck"), QStringLiteral("--json")});
    QVERIFY2(swept.exitCode == 0, swept.all().constData());
    QCOMPARE(swept.json().value(QStringLiteral("applied")).toInt(), 25);
    QVERIFY(!swept.json().contains(QStringLiteral("proposals")));
    // Its entries say that SQLite has no server identity.
    const Run audit = idemctl({QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--store"), url});
    QCOMPARE(audit.json().value(QStringLiteral("entries")).toArray().first().toObject().value(QStringLiteral("server_user")).toString(),
             AuditEntry::noServerIdentity());
    // Roles are the servers': SQLite has none.
    const Run roles = idemctl({QStringLiteral("init"), QStringLiteral("--store"), url, QStringLiteral("--roles")});
    QCOMPARE(roles.exitCode, 1);
    QVERIFY2(roles.err.contains("SQLite has no"), roles.err.constData());
}

QTEST_GUILESS_MAIN(TestRoles)
#include "tst_roles.moc"
