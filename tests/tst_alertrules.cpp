// Alert rules firing and clearing on counter data: the pure evaluator fed
// minute by minute, the rules' JSON and settings round trip, and the
// console's monitor writing "alert" audit entries to a real SQLite store.
#include "models/alertmonitor.h"
#include "ui/alertlist.h"
#include "ui/alertrulesdialog.h"
#include "models/appsettings.h"
#include "models/storesession.h"

#include "app/store/openstore.h"
#include "app/telemetry/alertrules.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QToolButton>
#include <QTreeWidget>
#include <QSettings>
#include <QTableWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

Q_DECLARE_METATYPE(AlertRule)

namespace {

const qint64 M0 = 30'000'000; // an epoch minute (2027)

AlertRule rule(AlertRule::Kind kind, double threshold, int minutes = 1, const QString &scope = QString())
{
    AlertRule r;
    r.kind = kind;
    r.threshold = threshold;
    r.minutes = minutes;
    r.scope = scope;
    return r;
}

// One minute of traffic in a scope: `percent` replayed out of 100 (negative: no traffic).
CounterRow trafficMinute(const QString &scope, qint64 minute, double percent, qint64 mismatches = 0)
{
    CounterRow row;
    row.scope = scope;
    row.minute = minute;
    if (percent >= 0) {
        row.counts[Counter::Replayed] = qint64(percent);
        row.counts[Counter::Executed] = 100 - qint64(percent);
    }
    row.counts[Counter::Mismatch] = mismatches;
    return row;
}

// Step i completes minute M0 + i; the sample is read 5 s into the next minute.
qint64 stepTime(int step)
{
    return (M0 + step + 1) * 60000 + 5000;
}

QString codes(const QList<AlertTransition> &changes)
{
    if (changes.isEmpty())
        return QStringLiteral(".");
    QString s;
    for (const AlertTransition &t : changes)
        s += t.change == AlertTransition::Change::Raised ? QLatin1Char('R') : QLatin1Char('C');
    return s;
}

} // namespace

class AlertRulesTest : public QObject {
    Q_OBJECT

private slots:
    void transitions_data()
    {
        QTest::addColumn<AlertRule>("rule");
        QTest::addColumn<QString>("trafficScope");
        QTest::addColumn<QList<double>>("values"); // per step: hit %, mismatches, stuck or ms by the rule's kind
        QTest::addColumn<QString>("expected"); // per step: '.' nothing, 'R' raised, 'C' cleared

        using K = AlertRule::Kind;
        const AlertRule hit3 = rule(K::HitRateAbove, 30, 3);
        const QString order = QStringLiteral("order");
        QTest::newRow("35% for 2 min does not fire a 3-min rule") << hit3 << order << QList<double>{5, 35, 35, 5} << QStringLiteral("....");
        QTest::newRow("3 min fires once and stays raised")
            << hit3 << order << QList<double>{35, 35, 35, 40, 50, 36} << QStringLiteral("..R...");
        QTest::newRow("clears when it drops, fires again after 3 more")
            << hit3 << order << QList<double>{35, 35, 35, 10, 35, 35, 35} << QStringLiteral("..RC..R");
        QTest::newRow("at the threshold is not above") << hit3 << order << QList<double>{30, 30, 30, 30} << QStringLiteral("....");
        QTest::newRow("a minute without traffic breaks the run")
            << hit3 << order << QList<double>{35, 35, -1, 35, 35, 35} << QStringLiteral(".....R");
        QTest::newRow("a quiet minute clears") << hit3 << order << QList<double>{35, 35, 35, -1} << QStringLiteral("..RC");
        QTest::newRow("normal callbacks, 5%") << hit3 << order << QList<double>{5, 5, 5, 5, 5} << QStringLiteral(".....");
        QTest::newRow("scope-specific rule ignores other scopes")
            << rule(K::HitRateAbove, 30, 1, QStringLiteral("payment")) << order << QList<double>{50, 50} << QStringLiteral("..");
        QTest::newRow("scope-specific rule fires on its scope")
            << rule(K::HitRateAbove, 30, 1, QStringLiteral("payment")) << QStringLiteral("payment") << QList<double>{50, 10}
            << QStringLiteral("RC");
        QTest::newRow("mismatch above 2 per minute")
            << rule(K::MismatchAbovePerMinute, 2) << order << QList<double>{0, 3, 5, 2, 0} << QStringLiteral(".R.C.");
        QTest::newRow("any mismatch, 2 minutes running")
            << rule(K::MismatchAbovePerMinute, 0, 2) << order << QList<double>{1, 0, 1, 1, 0} << QStringLiteral("...RC");
        QTest::newRow("stuck above 5") << rule(K::StuckAbove, 5) << order << QList<double>{3, 6, 7, 5, 0} << QStringLiteral(".R.C.");
        QTest::newRow("stuck is judged per scope: payment's rule ignores order")
            << rule(K::StuckAbove, 5, 1, QStringLiteral("payment")) << order << QList<double>{6} << QStringLiteral(".");
        QTest::newRow("stuck is judged per scope: payment's rule on payment")
            << rule(K::StuckAbove, 5, 1, QStringLiteral("payment")) << QStringLiteral("payment") << QList<double>{6, 2}
            << QStringLiteral("RC");
        QTest::newRow("round trip above 200 ms")
            << rule(K::RoundTripAbove, 200) << order << QList<double>{50, 250, 300, 200} << QStringLiteral(".R.C");
    }

    void transitions()
    {
        QFETCH(AlertRule, rule);
        QFETCH(QString, trafficScope);
        QFETCH(QList<double>, values);
        QFETCH(QString, expected);
        QCOMPARE(values.size(), expected.size());

        AlertEvaluator evaluator({rule});
        QList<CounterRow> rows;
        QString got;
        for (int step = 0; step < values.size(); ++step) {
            AlertSample sample;
            sample.nowMs = stepTime(step);
            const double v = values.at(step);
            switch (rule.kind) {
            case AlertRule::Kind::HitRateAbove:
                rows << trafficMinute(trafficScope, M0 + step, v);
                break;
            case AlertRule::Kind::MismatchAbovePerMinute:
                rows << trafficMinute(trafficScope, M0 + step, 5, qint64(v));
                break;
            case AlertRule::Kind::StuckAbove:
                rows << trafficMinute(trafficScope, M0 + step, 5);
                sample.stuck = qint64(v);
                if (v > 0)
                    sample.stuckByScope.insert(trafficScope, qint64(v));
                break;
            case AlertRule::Kind::RoundTripAbove:
                rows << trafficMinute(trafficScope, M0 + step, 5);
                sample.roundTripMs = qint64(v);
                break;
            }
            // The partial current minute is in the reading too; it is never judged.
            sample.rows = rows;
            sample.rows << trafficMinute(trafficScope, M0 + step + 1, 100, 99);
            const QList<AlertTransition> changes = evaluator.evaluate(sample);
            got += codes(changes);
            for (const AlertTransition &t : changes) {
                QCOMPARE(t.rule, rule);
                QCOMPARE(t.atMs, sample.nowMs);
                QVERIFY(!t.message.isEmpty());
                QCOMPARE(t.scope, rule.storeWide() ? QString() : trafficScope);
                if (rule.perMinute())
                    QCOMPARE(t.minute, M0 + step);
                QCOMPARE(t.value, v < 0 ? 0.0 : v);
            }
            QCOMPARE(evaluator.active().size(), got.count(QLatin1Char('R')) - got.count(QLatin1Char('C')));
        }
        QCOMPARE(got, expected);
    }

    void everyScopeIsJudgedOnItsOwn()
    {
        AlertEvaluator evaluator({rule(AlertRule::Kind::HitRateAbove, 30, 1)});
        const QString order = QStringLiteral("order");
        const QString payment = QStringLiteral("payment");
        AlertSample sample;
        sample.nowMs = stepTime(0);
        sample.rows = {trafficMinute(order, M0, 50), trafficMinute(payment, M0, 40), trafficMinute(QStringLiteral("cart"), M0, 5)};
        QList<AlertTransition> changes = evaluator.evaluate(sample);
        QCOMPARE(changes.size(), 2);
        QCOMPARE(changes.at(0).scope, order);
        QCOMPARE(changes.at(1).scope, payment);
        QVERIFY(changes.at(0).message.contains(order));
        QVERIFY(changes.at(0).message.contains(QStringLiteral("50%")));

        // payment drops, order goes quiet (no row at all): both clear.
        sample.nowMs = stepTime(1);
        sample.rows << trafficMinute(payment, M0 + 1, 10);
        changes = evaluator.evaluate(sample);
        QCOMPARE(codes(changes), QStringLiteral("CC"));
        QVERIFY(evaluator.active().isEmpty());

        // A combined total under the threshold does not hide one scope over it.
        sample.nowMs = stepTime(2);
        sample.rows << trafficMinute(order, M0 + 2, 0) << trafficMinute(order, M0 + 2, 0) << trafficMinute(payment, M0 + 2, 60);
        changes = evaluator.evaluate(sample);
        QCOMPARE(codes(changes), QStringLiteral("R"));
        QCOMPARE(changes.at(0).scope, payment);

        // New rules forget what was raised.
        evaluator.setRules(AlertRule::defaults());
        QVERIFY(evaluator.active().isEmpty());
    }

    void defaultsFollowTheArticle()
    {
        const QList<AlertRule> defaults = AlertRule::defaults();
        QVERIFY(!defaults.isEmpty());
        QCOMPARE(defaults.first().kind, AlertRule::Kind::HitRateAbove);
        QCOMPARE(defaults.first().threshold, 30.0);
        QCOMPARE(defaults.first().minutes, 3);
        QVERIFY(defaults.first().scope.isEmpty());
        QCOMPARE(defaults.first().severity(), AlertRule::Severity::Critical);
    }

    void defaultsStayQuietOnOrdinaryTroubles()
    {
        // One stray mismatch a minute and a few stuck records (what a sale
        // always has) raise nothing; a client reusing keys for 3 minutes and
        // a pile of stuck records do.
        AlertEvaluator evaluator(AlertRule::defaults());
        AlertSample sample;
        for (int step = 0; step < 5; ++step) {
            sample.nowMs = stepTime(step);
            sample.rows << trafficMinute(QStringLiteral("order"), M0 + step, 5, 1);
            sample.stuck = 3;
            sample.stuckByScope = {{QStringLiteral("order"), 3}};
            sample.roundTripMs = 40;
            QCOMPARE(codes(evaluator.evaluate(sample)), QStringLiteral("."));
        }
        sample.rows.clear();
        QString changes;
        for (int step = 5; step < 8; ++step) {
            sample.nowMs = stepTime(step);
            sample.rows << trafficMinute(QStringLiteral("order"), M0 + step, 5, 12);
            sample.stuck = 25;
            sample.stuckByScope = {{QStringLiteral("order"), 25}};
            changes += codes(evaluator.evaluate(sample));
        }
        QCOMPARE(changes, QStringLiteral("R.R")); // stuck at once, mismatches after 3 minutes
    }

    void activeAlertsCarryTheNewestValue()
    {
        AlertEvaluator evaluator({rule(AlertRule::Kind::HitRateAbove, 30, 1)});
        AlertSample sample;
        sample.nowMs = stepTime(0);
        sample.rows = {trafficMinute(QStringLiteral("callback"), M0, 41)};
        QCOMPARE(codes(evaluator.evaluate(sample)), QStringLiteral("R"));
        sample.nowMs = stepTime(1);
        sample.rows << trafficMinute(QStringLiteral("callback"), M0 + 1, 38);
        QCOMPARE(codes(evaluator.evaluate(sample)), QStringLiteral("."));
        const AlertTransition active = evaluator.active().constFirst();
        QCOMPARE(active.value, 41.0); // as raised
        QCOMPARE(active.lastValue, 38.0); // now
        QCOMPARE(active.lastAtMs, stepTime(1));
    }

    void rulesJsonRoundTrip()
    {
        const QList<AlertRule> rules = {rule(AlertRule::Kind::HitRateAbove, 12.5, 4, QStringLiteral("payment")),
                                        rule(AlertRule::Kind::StuckAbove, 10), rule(AlertRule::Kind::MismatchAbovePerMinute, 0, 2),
                                        rule(AlertRule::Kind::RoundTripAbove, 750)};
        bool ok = false;
        QCOMPARE(alertRulesFromJson(alertRulesToJson(rules), &ok), rules);
        QVERIFY(ok);

        // Unknown kinds and non-numbers are dropped, minutes clamped; not JSON: ok false.
        const QList<AlertRule> read = alertRulesFromJson(
            R"([{"kind":"bogus","threshold":1},{"kind":"stuckAbove","threshold":"x"},{"kind":"hitRateAbove","threshold":40,"minutes":999}])",
            &ok);
        QVERIFY(ok);
        QCOMPARE(read.size(), 1);
        QCOMPARE(read.first().minutes, AlertRule::MaxMinutes);
        QVERIFY(alertRulesFromJson("{not json", &ok).isEmpty());
        QVERIFY(!ok);
    }

    void rulesPersistInSettings()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("settings.ini"));
        const QList<AlertRule> rules = {rule(AlertRule::Kind::HitRateAbove, 8, 2, QStringLiteral("order"))};
        {
            QSettings ini(path, QSettings::IniFormat);
            AppSettings settings(&ini);
            QCOMPARE(settings.alertRules(), AlertRule::defaults());
            settings.setAlertRules(rules);
            settings.sync();
        }
        QSettings ini(path, QSettings::IniFormat);
        QVERIFY(ini.childGroups().contains(QStringLiteral("alertRules")));
        AppSettings settings(&ini);
        QCOMPARE(settings.alertRules(), rules);
        settings.setAlertRules({}); // no rules is a choice, not "defaults"
        QVERIFY(settings.alertRules().isEmpty());
        ini.setValue(QStringLiteral("alertRules/rules"), QStringLiteral("{broken"));
        QCOMPARE(settings.alertRules(), AlertRule::defaults());
    }

    void rulesDialogEditsRules()
    {
        const QList<AlertRule> rules = {rule(AlertRule::Kind::HitRateAbove, 12.5, 4, QStringLiteral("payment")),
                                        rule(AlertRule::Kind::RoundTripAbove, 750), rule(AlertRule::Kind::MismatchAbovePerMinute, 0, 2)};
        AlertRulesDialog dialog(rules, {QStringLiteral("order"), QStringLiteral("payment")});
        QCOMPARE(dialog.rules(), rules);
        QCOMPARE(dialog.table()->rowCount(), 3);
        // The round trip is the store's: no scope, no minutes.
        QVERIFY(!dialog.table()->cellWidget(1, AlertRulesDialog::ScopeColumn)->isEnabled());
        QVERIFY(!dialog.table()->cellWidget(1, AlertRulesDialog::MinutesColumn)->isEnabled());
        // Stuck records are per scope, judged on each reading: a scope, no minutes.
        auto *kind = static_cast<QComboBox *>(dialog.table()->cellWidget(0, AlertRulesDialog::KindColumn));
        kind->setCurrentIndex(kind->findData(int(AlertRule::Kind::StuckAbove)));
        QVERIFY(dialog.table()->cellWidget(0, AlertRulesDialog::ScopeColumn)->isEnabled());
        QVERIFY(!dialog.table()->cellWidget(0, AlertRulesDialog::MinutesColumn)->isEnabled());
        // Records are whole: the threshold shows (and is kept) without decimals.
        QCOMPARE(static_cast<QDoubleSpinBox *>(dialog.table()->cellWidget(0, AlertRulesDialog::ThresholdColumn))->decimals(), 0);
        const AlertRule stuck = dialog.rules().first();
        QCOMPARE(stuck.kind, AlertRule::Kind::StuckAbove);
        QCOMPARE(stuck.scope, QStringLiteral("payment"));
        QCOMPARE(stuck.threshold, std::round(stuck.threshold));
        dialog.addRule(AlertRule{});
        QCOMPARE(dialog.rules().last(), AlertRule{});
    }

    void monitorWritesAnAlertAuditEntry()
    {
        QTemporaryDir dir;
        const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("alerts.db"));
        QVERIFY(openStore(url, OpenMode::Create).ok()); // a service's store: the console does not create it
        StoreSession session(url);
        AlertMonitor monitor(&session, {rule(AlertRule::Kind::HitRateAbove, 30, 1), rule(AlertRule::Kind::StuckAbove, 0)});
        monitor.setIdentity(QStringLiteral("alice"), QStringLiteral("ops-1"));
        QSignalSpy raised(&monitor, &AlertMonitor::raised);
        QSignalSpy written(&monitor, &AlertMonitor::auditWritten);

        DashboardReading reading;
        reading.readAtMs = stepTime(0);
        reading.fromMinute = M0 - 14;
        reading.toMinute = M0 + 1;
        reading.counters = {trafficMinute(QStringLiteral("order"), M0, 45)};
        reading.stuck = 3;
        reading.byScope = {{QStringLiteral("payment"), 3, 3}};
        monitor.evaluate(reading);
        QCOMPARE(raised.size(), 2);
        QCOMPARE(monitor.active().size(), 2);
        while (written.size() < 2)
            QVERIFY(written.wait(10000));
        QVERIFY2(written.at(0).at(0).toBool(), qPrintable(written.at(0).at(1).toString()));
        QVERIFY2(written.at(1).at(0).toBool(), qPrintable(written.at(1).at(1).toString()));

        // Still raised on the next poll: no second entry.
        reading.readAtMs += 2000;
        monitor.evaluate(reading);
        QCOMPARE(raised.size(), 2);
        QVERIFY(!written.wait(300));

        Result<std::unique_ptr<Store>> store = openStore(url);
        QVERIFY2(store.ok(), qPrintable(store.error().message));
        AuditQuery query;
        query.action = QStringLiteral("alert");
        const Result<QList<AuditEntry>> entries = store.value()->auditEntries(query);
        QVERIFY2(entries.ok(), qPrintable(entries.error().message));
        QCOMPARE(entries->size(), 2);
        QStringList scopes;
        for (const AuditEntry &e : entries.value()) {
            scopes << e.scope;
            QCOMPARE(e.operatorName, QStringLiteral("alice"));
            QCOMPARE(e.host, QStringLiteral("ops-1"));
            QCOMPARE(e.atMs, stepTime(0));
            QVERIFY(!e.reason.isEmpty());
            QCOMPARE(e.hash.size(), 64);
        }
        scopes.sort();
        // The stuck alert is payment's own, in payment's chain.
        QCOMPARE(scopes, (QStringList{QStringLiteral("order"), QStringLiteral("payment")}));
    }

    void acknowledgeSnoozeAndRestartAreAuditedOnce()
    {
        QTemporaryDir dir;
        const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("ack.db"));
        QVERIFY(openStore(url, OpenMode::Create).ok());
        const QList<AlertRule> rules = {rule(AlertRule::Kind::RoundTripAbove, 500), rule(AlertRule::Kind::StuckAbove, 10),
                                        rule(AlertRule::Kind::HitRateAbove, 30, 1)};
        DashboardReading reading;
        reading.readAtMs = stepTime(0);
        reading.fromMinute = M0 - 14;
        reading.toMinute = M0 + 1;
        reading.counters = {trafficMinute(QStringLiteral("callback"), M0, 40)};
        reading.stuck = 24;
        reading.byScope = {{QStringLiteral("callback"), 24, 24}};
        reading.roundTripMs = 900;
        const auto entries = [&url](const QString &action) -> qsizetype {
            Result<std::unique_ptr<Store>> store = openStore(url);
            AuditQuery q;
            q.action = action;
            const Result<QList<AuditEntry>> found = store ? store.value()->auditEntries(q) : Result<QList<AuditEntry>>(store.error());
            return found ? found->size() : -1;
        };

        StoreSession session(url);
        QByteArray saved;
        {
            AlertMonitor monitor(&session, rules);
            QSignalSpy written(&monitor, &AlertMonitor::auditWritten);
            QSignalSpy notified(&monitor, &AlertMonitor::notify);
            monitor.evaluate(reading);
            while (written.size() < 3)
                QVERIFY(written.wait(10000));
            QCOMPARE(notified.size(), 3);

            // The most severe first: hit rate (critical), stuck (warning), round trip (notice).
            QList<AlertMonitor::Shown> shown = monitor.shown(reading.readAtMs);
            QCOMPARE(shown.size(), 3);
            QCOMPARE(shown.at(0).alert.rule.kind, AlertRule::Kind::HitRateAbove);
            QCOMPARE(shown.at(1).alert.rule.kind, AlertRule::Kind::StuckAbove);
            QCOMPARE(shown.at(2).alert.rule.kind, AlertRule::Kind::RoundTripAbove);
            QVERIFY(!shown.at(0).acknowledged);

            // Acknowledge: listed, marked, one entry; a second time changes nothing.
            const QString hitKey = shown.at(0).alert.alertKey();
            QVERIFY(monitor.acknowledge(hitKey, reading.readAtMs));
            QVERIFY(!monitor.acknowledge(hitKey, reading.readAtMs));
            QVERIFY(!monitor.acknowledge(QStringLiteral("no such alert"), reading.readAtMs));
            QVERIFY(written.wait(10000));
            QVERIFY(monitor.shown(reading.readAtMs).at(0).acknowledged);

            // Snooze the round-trip rule for 15 min: hidden, then back.
            const QString roundTrip = shown.at(2).alert.rule.key();
            QVERIFY(monitor.snooze(roundTrip, 15 * 60000, reading.readAtMs));
            QVERIFY(written.wait(10000));
            QCOMPARE(monitor.shown(reading.readAtMs).size(), 2);
            QCOMPARE(monitor.snoozedCount(reading.readAtMs), 1);
            QCOMPARE(monitor.shown(reading.readAtMs + 15 * 60000).size(), 3);
            for (const QVariantList &w : std::as_const(written))
                QVERIFY2(w.at(0).toBool(), qPrintable(w.at(1).toString()));
            saved = monitor.saveState(reading.readAtMs + 60000);
        }
        QCOMPARE(entries(QStringLiteral("alert")), 3);
        QCOMPARE(entries(QStringLiteral("alert-acknowledged")), 1);
        QCOMPARE(entries(QStringLiteral("alert-snoozed")), 1);

        // A restart two minutes later: the same alerts are raised again, but
        // they were audited and have not cleared: no new entry, the first
        // raise time and the acknowledgement kept, the snooze still on.
        reading.readAtMs = stepTime(2);
        reading.toMinute = M0 + 3;
        reading.counters << trafficMinute(QStringLiteral("callback"), M0 + 1, 40) << trafficMinute(QStringLiteral("callback"), M0 + 2, 40);
        {
            AlertMonitor monitor(&session, rules);
            monitor.restoreState(saved, reading.readAtMs);
            QSignalSpy written(&monitor, &AlertMonitor::auditWritten);
            QSignalSpy raised(&monitor, &AlertMonitor::raised);
            QSignalSpy notified(&monitor, &AlertMonitor::notify);
            monitor.evaluate(reading);
            QCOMPARE(raised.size(), 3);
            QCOMPARE(notified.size(), 0);
            QVERIFY(!written.wait(300));
            const QList<AlertMonitor::Shown> shown = monitor.shown(reading.readAtMs);
            QCOMPARE(shown.size(), 2); // round trip still snoozed
            QCOMPARE(shown.at(0).sinceMs, stepTime(0));
            QVERIFY(shown.at(0).acknowledged);
            saved = monitor.saveState(reading.readAtMs);
        }
        QCOMPARE(entries(QStringLiteral("alert")), 3);

        // A state older than the restart window is not trusted: audited anew.
        reading.readAtMs += AlertMonitor::RestartWindowMs + 60000;
        reading.toMinute = reading.readAtMs / 60000;
        reading.counters = {trafficMinute(QStringLiteral("callback"), reading.toMinute - 1, 40)};
        {
            AlertMonitor monitor(&session, rules);
            monitor.restoreState(saved, reading.readAtMs);
            QSignalSpy written(&monitor, &AlertMonitor::auditWritten);
            monitor.evaluate(reading);
            while (written.size() < 3)
                QVERIFY(written.wait(10000));
            QVERIFY(!monitor.shown(reading.readAtMs).at(0).acknowledged);
        }
        QCOMPARE(entries(QStringLiteral("alert")), 6);
    }

    // A snoozed alert stays listed, greyed with when the snooze ends, and
    // can be woken (audited); its Acknowledge and Snooze do not apply.
    void snoozedAlertsAreListedAndCanBeWoken()
    {
        QTemporaryDir dir;
        const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("wake.db"));
        QVERIFY(openStore(url, OpenMode::Create).ok());
        StoreSession session(url);
        AlertMonitor monitor(&session, {rule(AlertRule::Kind::RoundTripAbove, 500)});
        QSignalSpy written(&monitor, &AlertMonitor::auditWritten);
        DashboardReading reading;
        reading.readAtMs = QDateTime::currentMSecsSinceEpoch();
        reading.toMinute = reading.readAtMs / 60000;
        reading.fromMinute = reading.toMinute - 14;
        reading.roundTripMs = 900;
        monitor.evaluate(reading);
        QVERIFY(written.wait(10000));
        AlertList list;
        list.setMonitor(&monitor);
        QCOMPARE(list.alertCount(), 1);
        list.list()->setCurrentItem(list.list()->topLevelItem(0));
        list.snoozeSelected(60 * 60000);
        QVERIFY(written.wait(10000));
        QCOMPARE(monitor.shown(QDateTime::currentMSecsSinceEpoch()).size(), 0);
        QCOMPARE(list.alertCount(), 1); // still listed
        QVERIFY(list.isSnoozedRow(0));
        const QString until = QDateTime::fromMSecsSinceEpoch(monitor.snoozed(QDateTime::currentMSecsSinceEpoch()).first().snoozedUntilMs)
                                  .toString(QStringLiteral("HH:mm"));
        QVERIFY2(list.rowText(0).contains(QStringLiteral("snoozed until ") + until), qPrintable(list.rowText(0)));
        list.list()->setCurrentItem(list.list()->topLevelItem(0));
        QVERIFY(list.wakeButton()->isEnabled());
        QVERIFY(!list.acknowledgeButton()->isEnabled());
        QVERIFY(!list.snoozeButton()->isEnabled());
        list.wakeButton()->click();
        QVERIFY(written.wait(10000));
        QCOMPARE(monitor.shown(QDateTime::currentMSecsSinceEpoch()).size(), 1);
        QVERIFY(!list.isSnoozedRow(0));
        Result<std::unique_ptr<Store>> store = openStore(url);
        AuditQuery woken;
        woken.action = QStringLiteral("alert-woken");
        QCOMPARE(store.value()->auditEntries(woken)->size(), 1);
    }

    void alertListTextIsLive()
    {
        AlertMonitor::Shown shown;
        shown.alert.rule = rule(AlertRule::Kind::HitRateAbove, 30, 3, QStringLiteral("callback"));
        shown.alert.scope = QStringLiteral("callback");
        shown.alert.value = 41;
        shown.alert.lastValue = 38;
        shown.alert.lastAtMs = stepTime(5);
        shown.sinceMs = stepTime(0);
        const QString since = QDateTime::fromMSecsSinceEpoch(stepTime(0)).toString(QStringLiteral("HH:mm"));
        const QString fiveMinutesOn = AlertList::summary(shown, stepTime(5));
        QVERIFY2(fiveMinutesOn.contains(QStringLiteral("38%")), qPrintable(fiveMinutesOn)); // the value now, not at the raise
        QVERIFY2(fiveMinutesOn.contains(QStringLiteral("since %1 (5 min 0 s)").arg(since)), qPrintable(fiveMinutesOn));
        QVERIFY(fiveMinutesOn.startsWith(QStringLiteral("[critical]")));
        QVERIFY2(AlertList::summary(shown, stepTime(70)).contains(QStringLiteral("(1 h 10 min)")),
                 qPrintable(AlertList::summary(shown, stepTime(70))));
        shown.acknowledged = true;
        QVERIFY(AlertList::summary(shown, stepTime(5)).contains(QStringLiteral("acknowledged")));
    }

    void readOnlySessionRaisesWithoutWriting()
    {
        QTemporaryDir dir;
        const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("ro.db"));
        QVERIFY(openStore(url).ok()); // the schema exists
        StoreSession session(url, OpenMode::ReadOnly);
        AlertMonitor monitor(&session, {rule(AlertRule::Kind::StuckAbove, 0)});
        QSignalSpy raised(&monitor, &AlertMonitor::raised);
        QSignalSpy written(&monitor, &AlertMonitor::auditWritten);
        DashboardReading reading;
        reading.readAtMs = stepTime(0);
        reading.toMinute = M0 + 1;
        reading.stuck = 1;
        reading.byScope = {{QStringLiteral("payment"), 1, 1}};
        monitor.evaluate(reading);
        QCOMPARE(raised.size(), 1);
        QVERIFY(!written.wait(300));
    }

    void readingOfThePastIsNotJudged()
    {
        QTemporaryDir dir;
        StoreSession session(QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("past.db")), OpenMode::ReadOnly);
        AlertMonitor monitor(&session, {rule(AlertRule::Kind::StuckAbove, 0)});
        QSignalSpy raised(&monitor, &AlertMonitor::raised);
        DashboardReading reading;
        reading.readAtMs = stepTime(10);
        reading.toMinute = M0; // a custom range that ended ten minutes ago
        reading.stuck = 1;
        monitor.evaluate(reading);
        QCOMPARE(raised.size(), 0);
    }
};

QTEST_MAIN(AlertRulesTest)
#include "tst_alertrules.moc"
