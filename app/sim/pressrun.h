#pragma once

#include "app/guard/guard.h"

#include <optional>

// The pre-event press test of the Java article: many clients, few keys (by
// default one), every request guarded; the business action counts how often
// it really ran.
struct PressConfig {
    QString scope = QStringLiteral("press");
    int concurrency = 200;
    int requests = 200;
    int keys = 1; // keys press-0 … press-(keys-1), a fixed body each
    int workMs = 20; // the business action's duration
    bool retryInProgress = false; // wait Retry-After and retry until a final response
    // The scope's replica acknowledgements after a claim (ScopePolicy; a
    // Redis Cluster waits for them); unset: the scope's default policy.
    std::optional<int> replicaAcks;
};

struct PressReport {
    qint64 requests = 0;
    qint64 keys = 0;
    qint64 executed = 0; // business executions, counted inside the action
    qint64 replayed = 0;
    qint64 inProgress = 0; // 409 answers (final ones without retry; every one with retry)
    qint64 mismatch = 0;
    qint64 errors = 0; // store unavailable, corrupt record, …
    bool exactlyOnce = false; // executed == keys and errors == 0
    bool consistent = false; // every executed or replayed response of a key is byte-identical
    double p50Ms = 0;
    double p99Ms = 0;
    double seconds = 0;
    QStringList errorSamples; // the first few error messages, for the operator
};

// Runs the press on `concurrency` threads and returns when every request
// has its final answer.
PressReport runPress(Store &store, const PressConfig &config);
