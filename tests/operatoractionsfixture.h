#pragma once

// What the operator action suites share (tst_operatorraces,
// tst_operatorsweeps, tst_operatoraudit): run on every backend (CTest passes
// IDEM_TEST_BACKEND), a scope of their own per test function, times from a
// fake clock passed in each call.
#include "app/guard/guard.h"
#include "app/ops/auditverifier.h"
#include "app/ops/timeoutsweep.h"
#include "tests/teststore.h"

#include <memory>
#include <optional>

inline constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
inline constexpr qint64 Minute = 60'000;
inline constexpr qint64 Retention = 3600'000;

// The night shift's operator on console-1, with `reason`.
OperatorIdentity operatorOf(const QString &reason = QStringLiteral("stuck after the 04:00 failover"));
// A 200 JSON response.
Response okResponse(const QByteArray &body = QByteArrayLiteral("{\"paid\":true}"));
// The night shift's timeout of `target` in `batch`, just old enough.
OperatorAction timeoutOf(const ActionTarget &target, qint64 now, const QString &batch);

// The store and the scope of an operator action suite. The suite derives
// from it; its initTestCase() opens m_store from m_env, its init() takes a
// fresh scope.
class OperatorActionsFixture {
protected:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_scope;
    int m_case = 0;

    Store &store() { return *m_store; }

    // `key` claimed in the test's scope at `now` by `owner`; fails the run when it is not.
    Record claim(const QString &key, qint64 now = T0, const QString &owner = QStringLiteral("svc-a:1"));
    std::optional<Record> get(const QString &key);
    // The scope's counters, every buffer written first, summed over rows.
    CounterSet counters();

    // The whole chain of the test's scope in store order. On a Redis
    // Cluster a scope has a chain per bucket: every one of them, ordered by
    // time (each chain's entries in its own order).
    QList<AuditEntry> chain() { return scopeAudit(store(), m_scope); }

    AuditVerdict verifyScope();
    qint64 count(RecordState state);
};
