// The dashboard's per-scope status table: each scope's own numbers (not the
// all-scopes average), its hit-rate limit from the rules, its stuck records
// and last alert, and the order by trouble.
#include "models/scopestatusmodel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

Q_DECLARE_METATYPE(AlertRule)

namespace {

const qint64 M0 = 30'000'000; // an epoch minute

// One minute of one scope: `replayed` of `total` requests replayed, and anomalies.
CounterRow minute(const QString &scope, qint64 m, qint64 replayed, qint64 total, qint64 conflicts = 0, qint64 mismatches = 0,
                  qint64 released = 0)
{
    CounterRow row;
    row.scope = scope;
    row.minute = m;
    row.counts[Counter::Replayed] = replayed;
    row.counts[Counter::Executed] = total - replayed;
    row.counts[Counter::InProgress] = conflicts;
    row.counts[Counter::Mismatch] = mismatches;
    row.counts[Counter::Released] = released;
    return row;
}

AlertRule hitRateRule(double percent, const QString &scope = QString())
{
    AlertRule r;
    r.kind = AlertRule::Kind::HitRateAbove;
    r.threshold = percent;
    r.scope = scope;
    return r;
}

// The sale of the issue: callback replays 40% (its alarm is 30%) while the
// average of all scopes stays far below; order and payment hold the stuck
// records; payment has mismatches.
DashboardReading saleReading()
{
    DashboardReading r;
    r.readAtMs = (M0 + 5) * 60000 + 5000;
    r.fromMinute = M0 - 9;
    r.toMinute = M0 + 5;
    for (qint64 m = M0 + 1; m <= M0 + 5; ++m) {
        r.counters << minute(QStringLiteral("callback"), m, 40, 100);
        r.counters << minute(QStringLiteral("order"), m, 50, 1000, 2);
        r.counters << minute(QStringLiteral("payment"), m, 100, 1000, 0, 3, 1);
        r.counters << minute(QStringLiteral("refund"), m, 0, 10);
    }
    // Before the 5-minute window: not counted.
    r.counters << minute(QStringLiteral("callback"), M0 - 5, 0, 100000);
    r.stuck = 24;
    r.byScope = {{QStringLiteral("order"), 0, 20}, {QStringLiteral("payment"), 0, 4}};
    return r;
}

QStringList scopesInOrder(const ScopeStatusModel &model)
{
    QStringList scopes;
    for (int row = 0; row < model.rowCount(); ++row)
        scopes << model.index(row, ScopeStatusModel::ScopeColumn).data().toString();
    return scopes;
}

} // namespace

class ScopeStatusModelTest : public QObject {
    Q_OBJECT

private slots:
    void eachScopeHasItsOwnNumbers()
    {
        ScopeStatusModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRules({hitRateRule(30)});
        model.setReading(saleReading(), 5);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(ScopeStatusModel::ColumnCount));

        const ScopeStatusModel::Row &callback = model.rowAt(model.rowOf(QStringLiteral("callback")));
        QCOMPARE(*callback.hitRate, 40.0);
        QCOMPARE(*callback.limit, 30.0);
        QCOMPARE(callback.executionsPerMinute, 60.0);
        QCOMPARE(callback.stuck, 0); // the 24 stuck records are order's and payment's
        QCOMPARE(callback.trouble(), ScopeStatusModel::HitRateOver);
        QCOMPARE(model.index(model.rowOf(QStringLiteral("callback")), ScopeStatusModel::HitRateColumn).data().toString(),
                 QStringLiteral("40% / 30%"));

        const ScopeStatusModel::Row &payment = model.rowAt(model.rowOf(QStringLiteral("payment")));
        QCOMPARE(*payment.hitRate, 10.0);
        QCOMPARE(payment.mismatchPerMinute, 3.0);
        QCOMPARE(payment.releasedPerMinute, 1.0);
        QCOMPARE(payment.stuck, 4);
        const ScopeStatusModel::Row &order = model.rowAt(model.rowOf(QStringLiteral("order")));
        QCOMPARE(order.inProgressPerMinute, 2.0);
        QCOMPARE(order.stuck, 20);
        QCOMPARE(model.index(model.rowOf(QStringLiteral("order")), ScopeStatusModel::StuckColumn)
                     .data(ScopeStatusModel::RawValueRole)
                     .toLongLong(),
                 20);
        QCOMPARE(model.rowAt(model.rowOf(QStringLiteral("refund"))).trouble(), ScopeStatusModel::Fine);
    }

    void sortedByTrouble_data()
    {
        QTest::addColumn<QList<AlertRule>>("rules");
        QTest::addColumn<QStringList>("order");
        // Hit rate over its limit first; then stuck plus anomalies per minute
        // (order 20 + 2, payment 4 + 3 + 1); then the rest by name.
        QTest::newRow("every scope 30%") << QList<AlertRule>{hitRateRule(30)}
                                         << QStringList{QStringLiteral("callback"), QStringLiteral("order"), QStringLiteral("payment"),
                                                        QStringLiteral("refund")};
        // payment's own limit of 5% puts it over, 5 points over; callback 10 over.
        QTest::newRow("payment's own limit") << QList<AlertRule>{hitRateRule(30), hitRateRule(5, QStringLiteral("payment"))}
                                             << QStringList{QStringLiteral("callback"), QStringLiteral("payment"), QStringLiteral("order"),
                                                            QStringLiteral("refund")};
        // No hit-rate rule: no limit, so only stuck and anomalies sort.
        QTest::newRow("no hit-rate rule") << QList<AlertRule>{}
                                          << QStringList{QStringLiteral("order"), QStringLiteral("payment"), QStringLiteral("callback"),
                                                         QStringLiteral("refund")};
    }

    void sortedByTrouble()
    {
        QFETCH(QList<AlertRule>, rules);
        QFETCH(QStringList, order);
        ScopeStatusModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRules(rules);
        model.setReading(saleReading(), 5);
        QCOMPARE(scopesInOrder(model), order);
        QCOMPARE(model.index(0, ScopeStatusModel::ScopeColumn).data(ScopeStatusModel::TroubleRole).toInt(),
                 int(rules.isEmpty() ? ScopeStatusModel::OtherTrouble : ScopeStatusModel::HitRateOver));
    }

    void aRaisedAlertIsTroubleAndTheLastAlertIsShown()
    {
        ScopeStatusModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRules({hitRateRule(30)});
        DashboardReading quiet;
        quiet.readAtMs = (M0 + 5) * 60000;
        quiet.fromMinute = M0;
        quiet.toMinute = M0 + 5;
        quiet.counters = {minute(QStringLiteral("alpha"), M0 + 5, 0, 10), minute(QStringLiteral("beta"), M0 + 5, 0, 10)};
        model.setReading(quiet, 5);
        QCOMPARE(scopesInOrder(model), (QStringList{QStringLiteral("alpha"), QStringLiteral("beta")}));

        AlertTransition old;
        old.rule = hitRateRule(30);
        old.scope = QStringLiteral("alpha");
        old.atMs = (M0 + 1) * 60000;
        old.message = QStringLiteral("alpha was over");
        AlertTransition now = old;
        now.scope = QStringLiteral("beta");
        now.atMs = (M0 + 4) * 60000;
        model.setAlerts({old, now}, {now});
        // beta's alert is raised now: trouble, first; alpha's is history only.
        QCOMPARE(scopesInOrder(model), (QStringList{QStringLiteral("beta"), QStringLiteral("alpha")}));
        QVERIFY(model.rowAt(0).alertRaised);
        QCOMPARE(model.rowAt(1).trouble(), ScopeStatusModel::Fine);
        QCOMPARE(model.index(1, ScopeStatusModel::LastAlertColumn).data(ScopeStatusModel::RawValueRole).toLongLong(), old.atMs);
        QCOMPARE(model.index(1, ScopeStatusModel::LastAlertColumn).data(Qt::ToolTipRole).toString(), old.message);
        QVERIFY(!model.index(0, ScopeStatusModel::LastAlertColumn).data().toString().isEmpty());
    }
};

QTEST_MAIN(ScopeStatusModelTest)
#include "tst_scopestatusmodel.moc"
