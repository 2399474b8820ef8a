// Four eyes through idemctl on real PostgreSQL, MariaDB and Redis servers:
// a sweep or a reconcile over its scope's threshold is proposed, not applied; its proposer
// cannot approve it (refused by the engine and by the server); a second
// role approves, an operator applies with compare-and-set (records changed
// meanwhile are skipped and listed); two approvers at once; expiry; every
// step in the audit chain.
#include "tests/reconcileoptions.h"
#include "tests/rolesfixture.h"

using namespace RolesFixture;

class TestProposals : public QObject {
    Q_OBJECT

private slots:
    void approveThenApply_data();
    void approveThenApply();
    void selfApprovalRefused_data();
    void selfApprovalRefused();
    void changedRecordsSkipped_data();
    void changedRecordsSkipped();
    void twoApproversAtOnce_data();
    void twoApproversAtOnce();
    void expired_data();
    void expired();
    void rejectNeedsReasonAndEndsIt_data();
    void rejectNeedsReasonAndEndsIt();
    void reconcileProposedThenApplied_data();
    void reconcileProposedThenApplied();
    void hostileIdRefused();
};

namespace {

// A sweep of `scope` by `login`: returns the proposal's id ("" when none was made).
QString proposeSweep(const Login &login, const QString &scope, Run *out = nullptr)
{
    const Run r = idemctl(args({QStringLiteral("sweep"), QStringLiteral("--scope"), scope, QStringLiteral("--older-than"),
                                QStringLiteral("10m"), QStringLiteral("--operator"), QStringLiteral("olga"), QStringLiteral("--reason"),
                                QStringLiteral("gateway outage"), QStringLiteral("--json")},
                               login),
                          login.redisPassword);
    if (out)
        *out = r;
    return r.json().value(QStringLiteral("proposals")).toArray().first().toObject().value(QStringLiteral("id")).toString();
}

Run decide(const char *verb, const QString &id, const Login &login, const QString &reason = QString())
{
    QStringList a{QLatin1String(verb), id, QStringLiteral("--operator"), login.user, QStringLiteral("--json")};
    if (!reason.isEmpty())
        a << QStringLiteral("--reason") << reason;
    a << QStringLiteral("--store") << login.url;
    return idemctl(a, login.redisPassword);
}

QJsonObject show(const Fixture &f, const QString &id)
{
    return idemctl({QStringLiteral("proposals"), id, QStringLiteral("--json"), QStringLiteral("--store"), f.ownerUrl}).json();
}

QStringList auditActions(const Fixture &f, const QString &scope)
{
    const Run r = idemctl({QStringLiteral("audit"), QStringLiteral("list"), QStringLiteral("--scope"), scope, QStringLiteral("--json"),
                           QStringLiteral("--store"), f.ownerUrl});
    QStringList actions;
    for (const QJsonValue &v : r.json().value(QStringLiteral("entries")).toArray())
        actions.prepend(v.toObject().value(QStringLiteral("action")).toString());
    return actions;
}

} // namespace

void TestProposals::approveThenApply_data()
{
    backends();
}

void TestProposals::approveThenApply()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("payment"), 3));
    Run swept;
    const QString id = proposeSweep(f.operatorLogin, QStringLiteral("payment"), &swept);
    QVERIFY2(Proposal::isValidId(id), swept.all().constData());
    QCOMPARE(swept.exitCode, 0);
    QCOMPARE(swept.json().value(QStringLiteral("applied")).toInt(), 0);
    // Proposed, not applied.
    QCOMPARE(record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-0"))->state, RecordState::InFlight);
    QJsonObject p = show(f, id);
    QCOMPARE(p.value(QStringLiteral("status")).toString(), QStringLiteral("proposed"));
    QCOMPARE(p.value(QStringLiteral("records")).toInt(), 3);
    QVERIFY(p.value(QStringLiteral("proposer_user")).toString().startsWith(f.operatorLogin.user));
    // A viewer may not approve: the server grants it nothing to write.
    const Run byViewer = decide("approve", id, f.viewer);
    QCOMPARE(byViewer.exitCode, 1);
    QVERIFY2(byViewer.err.contains(backend == QLatin1String("redis") ? QByteArray("EVALSHA")
                                                                     : QByteArray("UPDATE (decision) on idem_proposals")),
             byViewer.err.constData());
    // Applying before approval: refused.
    const Run early = decide("apply", id, f.operatorLogin);
    QCOMPARE(early.exitCode, 1);
    QVERIFY2(early.err.contains("not approved"), early.err.constData());

    const Run approved = decide("approve", id, f.approver);
    QVERIFY2(approved.exitCode == 0, approved.all().constData());
    QCOMPARE(approved.json().value(QStringLiteral("status")).toString(), QStringLiteral("approved"));
    QVERIFY(approved.json().value(QStringLiteral("decided_user")).toString().startsWith(f.approver.user));
    const Run applied = decide("apply", id, f.operatorLogin);
    QVERIFY2(applied.exitCode == 0, applied.all().constData());
    QCOMPARE(applied.json().value(QStringLiteral("applied")).toInt(), 3);
    QCOMPARE(applied.json().value(QStringLiteral("status")).toString(), QStringLiteral("applied"));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-%1").arg(i))->state, RecordState::TimedOut);
    // Applied once: again is refused.
    QCOMPARE(decide("apply", id, f.operatorLogin).exitCode, 1);
    // Every step in the chain, which verifies.
    QCOMPARE(auditActions(f, QStringLiteral("payment")),
             (QStringList{QStringLiteral("proposal-proposed"), QStringLiteral("proposal-approved"), QStringLiteral("timeout"),
                          QStringLiteral("timeout"), QStringLiteral("timeout"), QStringLiteral("proposal-applied")}));
    const Run verify = idemctl({QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--store"), f.ownerUrl});
    QVERIFY2(verify.exitCode == 0, verify.all().constData());
}

void TestProposals::selfApprovalRefused_data()
{
    backends();
}

void TestProposals::selfApprovalRefused()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("callback"), 2));
    // The owner may do everything, and proposes: it may not approve its own.
    const Login owner{backend == QLatin1String("redis") ? QStringLiteral("default") : QStringLiteral("idem"), f.ownerUrl, {}};
    const QString id = proposeSweep(owner, QStringLiteral("callback"));
    QVERIFY(Proposal::isValidId(id));
    const Run self = decide("approve", id, owner);
    QCOMPARE(self.exitCode, 1);
    QVERIFY2(self.err.contains("may not approve or reject its own proposal"), self.err.constData());
    // Nor behind the engine's back: the server's trigger refuses it.
    const QString hash = show(f, id).value(QStringLiteral("hash")).toString();
    if (backend == QLatin1String("redis")) {
        // An operator (who proposes) may not write a decision at all.
        const Login proposer = f.operatorLogin;
        QByteArray out;
        redisCli(f.ownerUrl,
                 {QStringLiteral("-n"), QStringLiteral("3"), QStringLiteral("HSET"), QStringLiteral("idem:{callback}:pd:") + id,
                  QStringLiteral("decision"), QStringLiteral("approved")},
                 &out, proposer.user, proposer.redisPassword);
        QVERIFY2(out.contains("NOPERM"), out.constData());
    } else {
        QString error;
        QVERIFY(!sqlExec(
            f.ownerUrl,
            {QStringLiteral("UPDATE idem_proposals SET decision = 'approved', approved_hash = '%1', decided_by = 'x' WHERE id = '%2'")
                 .arg(hash, id)},
            &error));
        QVERIFY2(error.contains(QLatin1String("four eyes")), qPrintable(error));
    }
    QCOMPARE(show(f, id).value(QStringLiteral("status")).toString(), QStringLiteral("proposed"));
    // A second identity may.
    const Run other = decide("approve", id, f.approver);
    QVERIFY2(other.exitCode == 0, other.all().constData());
}

void TestProposals::changedRecordsSkipped_data()
{
    backends();
}

void TestProposals::changedRecordsSkipped()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("payment"), 3));
    const QString id = proposeSweep(f.operatorLogin, QStringLiteral("payment"));
    QVERIFY(Proposal::isValidId(id));
    QVERIFY(decide("approve", id, f.approver).exitCode == 0);
    // Meanwhile the service completes stuck-1.
    {
        Result<std::unique_ptr<Store>> store = openStore(f.ownerUrl, OpenMode::ReadWrite);
        QVERIFY(store);
        const std::optional<Record> r = record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-1"));
        QVERIFY(r);
        Response response;
        response.status = 200;
        response.body = "{}";
        QVERIFY(store.value()
                    ->complete(QStringLiteral("payment"), QStringLiteral("stuck-1"), r->lease, response,
                               QDateTime::currentMSecsSinceEpoch(), 3600000)
                    .ok());
    }
    const Run applied = decide("apply", id, f.operatorLogin);
    QVERIFY2(applied.exitCode == 0, applied.all().constData());
    const QJsonObject o = applied.json();
    QCOMPARE(o.value(QStringLiteral("applied")).toInt(), 2);
    QCOMPARE(o.value(QStringLiteral("skipped")).toInt(), 1);
    QCOMPARE(o.value(QStringLiteral("skipped_keys")).toArray().first().toObject().value(QStringLiteral("key")).toString(),
             QStringLiteral("stuck-1"));
    QCOMPARE(record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-1"))->state, RecordState::Completed);
    const QJsonObject summary = show(f, id).value(QStringLiteral("outcome_summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("skipped_keys")).toArray().first().toString(), QStringLiteral("stuck-1"));
}

void TestProposals::twoApproversAtOnce_data()
{
    backends();
}

void TestProposals::twoApproversAtOnce()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("payment"), 2));
    const QString id = proposeSweep(f.operatorLogin, QStringLiteral("payment"));
    QVERIFY(Proposal::isValidId(id));
    QProcess a, b;
    const auto start = [&](QProcess &p, const Login &login, const char *verb) {
        p.start(QStringLiteral(IDEMCTL_PATH),
                QStringList{QLatin1String(verb), id, QStringLiteral("--operator"), login.user, QStringLiteral("--reason"),
                            QStringLiteral("looked at it"), QStringLiteral("--store"), login.url});
    };
    start(a, f.approver, "approve");
    start(b, f.approver2, "reject");
    QVERIFY(a.waitForFinished(60000) && b.waitForFinished(60000));
    // One decides; the other is refused, told who decided.
    QCOMPARE(a.exitCode() + b.exitCode(), 1);
    QProcess &loser = a.exitCode() == 1 ? a : b;
    QVERIFY2(loser.readAllStandardError().contains("already"), "the refused approver is told it was decided already");
    const QString status = show(f, id).value(QStringLiteral("status")).toString();
    QVERIFY2(status == QLatin1String(a.exitCode() == 0 ? "approved" : "rejected"), qPrintable(status));
    QCOMPARE(auditActions(f, QStringLiteral("payment")).size(), 2);
}

void TestProposals::expired_data()
{
    backends();
}

void TestProposals::expired()
{
    ROLES_FIXTURE(f);
    const Run ttl =
        idemctl({QStringLiteral("init"), QStringLiteral("--store"), f.ownerUrl, QStringLiteral("--proposal-ttl"), QStringLiteral("1s")});
    QVERIFY2(ttl.exitCode == 0, ttl.all().constData());
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("payment"), 2));
    const QString id = proposeSweep(f.operatorLogin, QStringLiteral("payment"));
    QVERIFY(Proposal::isValidId(id));
    // Approved in time, applied too late.
    QVERIFY(decide("approve", id, f.approver).exitCode == 0);
    QTest::qWait(1500);
    const Run late = decide("apply", id, f.operatorLogin);
    QCOMPARE(late.exitCode, 1);
    QVERIFY2(late.err.contains("expired"), late.err.constData());
    QCOMPARE(show(f, id).value(QStringLiteral("status")).toString(), QStringLiteral("expired"));
    QCOMPARE(record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-0"))->state, RecordState::InFlight);
    // Proposed and left: it cannot be approved once expired.
    const QString second = proposeSweep(f.operatorLogin, QStringLiteral("payment"));
    QVERIFY(Proposal::isValidId(second));
    QTest::qWait(1500);
    const Run tooLate = decide("approve", second, f.approver);
    QCOMPARE(tooLate.exitCode, 1);
    QVERIFY2(tooLate.err.contains("expired"), tooLate.err.constData());
    QVERIFY(auditActions(f, QStringLiteral("payment")).contains(QStringLiteral("proposal-expired")));
}

void TestProposals::rejectNeedsReasonAndEndsIt_data()
{
    backends();
}

void TestProposals::rejectNeedsReasonAndEndsIt()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("payment"), 2));
    const QString id = proposeSweep(f.operatorLogin, QStringLiteral("payment"));
    QVERIFY(Proposal::isValidId(id));
    QCOMPARE(decide("reject", id, f.approver).exitCode, 2);
    const Run rejected = decide("reject", id, f.approver, QStringLiteral("not these records"));
    QVERIFY2(rejected.exitCode == 0, rejected.all().constData());
    QCOMPARE(rejected.json().value(QStringLiteral("status")).toString(), QStringLiteral("rejected"));
    const Run apply = decide("apply", id, f.operatorLogin);
    QCOMPARE(apply.exitCode, 1);
    QVERIFY2(apply.err.contains("rejected"), apply.err.constData());
}

void TestProposals::reconcileProposedThenApplied_data()
{
    backends();
}

// A reconcile over the threshold is proposed with each record's response and
// order row; the approver's decision binds them; apply completes and
// releases with compare-and-set, every step in the chain.
void TestProposals::reconcileProposedThenApplied()
{
    ROLES_FIXTURE(f);
    QVERIFY(seedStuck(f.ownerUrl, QStringLiteral("payment"), 3));
    QTemporaryDir dir;
    const QString ordersPath = dir.filePath(QStringLiteral("orders.db"));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("orders"));
        db.setDatabaseName(ordersPath);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE orders (order_no TEXT PRIMARY KEY, status TEXT)")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO orders VALUES ('stuck-0', 'PAID'), ('stuck-1', 'FAILED'), ('stuck-2', 'PAID')")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("orders"));
    const Run planned =
        idemctl(args(QStringList{QStringLiteral("reconcile"), QStringLiteral("--scope"), QStringLiteral("payment")}
                         + ordersMapping(QStringLiteral("sqlite://") + ordersPath)
                         + QStringList{QStringLiteral("--failed-values"), QStringLiteral("FAILED"), QStringLiteral("--match"),
                                       QStringLiteral("key"), QStringLiteral("--operator"), QStringLiteral("olga"),
                                       QStringLiteral("--reason"), QStringLiteral("channel outage"), QStringLiteral("--json")},
                     f.operatorLogin),
                f.operatorLogin.redisPassword);
    QVERIFY2(planned.exitCode == 0, planned.all().constData());
    const QJsonObject out = planned.json();
    QCOMPARE(out.value(QStringLiteral("applied")).toInt(), 0);
    QCOMPARE(out.value(QStringLiteral("complete")).toInt(), 2);
    QCOMPARE(out.value(QStringLiteral("release")).toInt(), 1);
    const QString id = out.value(QStringLiteral("proposals")).toArray().first().toObject().value(QStringLiteral("id")).toString();
    QVERIFY2(Proposal::isValidId(id), planned.all().constData());
    QCOMPARE(record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-0"))->state, RecordState::InFlight);
    const QJsonObject shown = show(f, id);
    QCOMPARE(shown.value(QStringLiteral("action")).toString(), QStringLiteral("reconcile"));
    QCOMPARE(shown.value(QStringLiteral("records")).toInt(), 3);
    // The approver sees what each record will become and the order row behind it.
    int paidCompletions = 0;
    for (const QJsonValue &v : shown.value(QStringLiteral("items")).toArray()) {
        const QJsonObject item = v.toObject();
        if (item.value(QStringLiteral("action")).toString() == QLatin1String("reconcile-complete")
            && item.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("order")).toObject().value(QStringLiteral("status"))
                   == QLatin1String("PAID"))
            ++paidCompletions;
    }
    QCOMPARE(paidCompletions, 2);

    QCOMPARE(decide("approve", id, f.operatorLogin).exitCode, 1); // its proposer
    const Run approved = decide("approve", id, f.approver);
    QVERIFY2(approved.exitCode == 0, approved.all().constData());
    const Run applied = decide("apply", id, f.operatorLogin);
    QVERIFY2(applied.exitCode == 0, applied.all().constData());
    QCOMPARE(applied.json().value(QStringLiteral("applied")).toInt(), 3);
    const std::optional<Record> paid = record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-0"));
    QVERIFY(paid);
    QCOMPARE(paid->state, RecordState::Completed);
    QVERIFY(paid->reconciled);
    QVERIFY(!record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-1"))); // failed order: released
    QCOMPARE(record(f.ownerUrl, QStringLiteral("payment"), QStringLiteral("stuck-2"))->state, RecordState::Completed);
    QStringList actions = auditActions(f, QStringLiteral("payment"));
    QCOMPARE(actions.size(), 6);
    QCOMPARE(actions.first(), QStringLiteral("proposal-proposed"));
    QCOMPARE(actions.at(1), QStringLiteral("proposal-approved"));
    QCOMPARE(actions.last(), QStringLiteral("proposal-applied"));
    QCOMPARE(actions.count(QStringLiteral("reconcile-complete")), 2);
    QCOMPARE(actions.count(QStringLiteral("reconcile-release")), 1);
    const Run verify = idemctl({QStringLiteral("audit"), QStringLiteral("verify"), QStringLiteral("--store"), f.ownerUrl});
    QVERIFY2(verify.exitCode == 0, verify.all().constData());
}

void TestProposals::hostileIdRefused()
{
    for (const char *verb : {"approve", "reject", "apply", "proposals"}) {
        const Run r = idemctl({QLatin1String(verb), QStringLiteral("p-1'; DROP TABLE idem_records; --"), QStringLiteral("--store"),
                               QStringLiteral("sqlite:///nonexistent/x.db")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("is not a proposal id"), r.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestProposals)
#include "tst_proposals.moc"
