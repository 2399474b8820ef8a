#pragma once

// What the store conformance suites share (tst_conformanceclaims,
// tst_conformanceguard, tst_conformancelistings, tst_conformanceactions):
// DESIGN.md's invariants, written once, run once per backend (CTest passes
// IDEM_TEST_BACKEND, TestStore opens it). Times are driven by a fake clock
// passed in each request, so expiry and stuck records need no sleeping.
#include "app/guard/guard.h"
#include "tests/testrequests.h"
#include "tests/teststore.h"

#include <atomic>
#include <memory>
#include <optional>

inline constexpr qint64 T0 = 1'800'000'000'000; // a fixed "now" (2027-01-15)
inline constexpr qint64 Minute = 60'000;

// A claim of `key` in `scope` with `fingerprint` at `now`, by a test owner,
// with the business number SO-<key>.
ClaimRequest claimOf(const QString &scope, const QString &key, const QString &fingerprint, qint64 now = T0);
// A 201 JSON response with a repeated header.
Response okResponse(const QByteArray &body = QByteArrayLiteral("{\"ok\":true}"));

// The store, the scope and the fake clock of a conformance suite. The suite
// derives from it; its initTestCase() calls openStore(), its init()
// startCase().
class ConformanceFixture {
protected:
    TestStore m_env;
    std::unique_ptr<Store> m_store;
    QString m_scope;
    std::atomic<qint64> m_now{T0};
    int m_case = 0;

    Store &store() { return *m_store; }
    // Opens m_store from m_env: fails, or skips when run by hand, without
    // the backend's server (tests/serverrequirement.h).
    void openStore();
    // A fresh scope and the clock at T0.
    void startCase()
    {
        m_scope = freshScope();
        m_now = T0;
    }
    // A fresh scope per test function: no test sees another's records.
    QString freshScope() { return m_env.scope(QStringLiteral("conf%1").arg(++m_case)); }
    Guard::Clock clock()
    {
        return [this] { return m_now.load(); };
    }

    // The scope's counts from fromMinute to toMinute, every buffer written
    // first, summed over rows (a Redis Cluster keeps one per bucket);
    // nullopt when the read fails.
    std::optional<CounterSet> flushedCounts(qint64 fromMinute, qint64 toMinute);

    // The record a claim answered is the one it wrote, field by field
    // (a Redis fresh claim builds it from the request, claim.lua).
    static void compareWhole(const Record &answered, const Record &stored);

    // An operator's action on the record as a preview saw it (DESIGN.md
    // "Operator actions": compare-and-set plus audit entry), with the age
    // just old enough and a test operator, batch and reason.
    static OperatorAction actionOf(OperatorActionKind kind, const Record &seen, qint64 now);
};
