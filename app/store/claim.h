#pragma once

// What the guard asks a store and what it answers: a claim and its
// outcome, and the lease-carrying transitions that finish an attempt.

#include "app/store/record.h"

#include <QString>

#include <functional>
#include <optional>

// What a claim needs to decide in one atomic step (DESIGN.md protocol).
struct ClaimRequest {
    QString scope;
    QString key;
    QString fingerprint;
    QString owner;
    QString bizNo;
    qint64 nowMs = 0;
    // An in-flight record whose current attempt is older than this is stuck;
    // with reclaimStuck it is taken over (attempts+1), otherwise in progress.
    qint64 inFlightTimeoutMs = 10 * 60 * 1000;
    bool reclaimStuck = false;
    // What the claim keeps with the record when it creates it or starts a
    // new attempt (Record::request; the guard builds it, masked, from the
    // scope's policy); empty keeps none. Sent with every claim that runs a
    // write-capable statement or script (the store cannot know before its
    // one round trip whether it will write), stored only by a claim that
    // writes. Stores read it through keptRequest().
    QByteArray request;
    // When set, keptRequest() builds the request with it, once, instead:
    // a claim answered without a write statement (RedisStore's replay read)
    // never builds it. Guard::handle sets it to a builder that refers to the
    // guarded request, so it is valid only during Store::claim.
    std::function<QByteArray()> buildRequest;
    const QByteArray &keptRequest() const
    {
        if (buildRequest && !built)
            built = buildRequest();
        return built ? *built : request;
    }
    mutable std::optional<QByteArray> built; // keptRequest()'s, from buildRequest
    // Redis Cluster only: a new claim is answered Claimed only once this many
    // replicas of its master have it (WAIT, one more round trip), within
    // replicaWaitMs; else the claim is released and the answer is
    // Unavailable, so the business never runs on a claim that a failover
    // could lose (replication is asynchronous). 0: no wait. Ignored by
    // stores whose writes are durable once acknowledged (SQL) and by a
    // single Redis server (no automatic failover to lose it to).
    int replicaAcks = 0;
    qint64 replicaWaitMs = 1000;
};

enum class ClaimOutcome {
    Claimed, // the caller owns the record (new, expired, timed out or reclaimed) and must run
    Replay, // a completed record with the same fingerprint: replay its response
    InProgress, // another attempt holds it
    Mismatch, // the key was used with another request
};

QString claimOutcomeName(ClaimOutcome outcome);

struct ClaimResult {
    ClaimOutcome outcome = ClaimOutcome::Claimed;
    // The record after the claim (Claimed: ours, with our lease and our
    // request). Other outcomes read only what the decision needs, so their
    // record need not carry the kept request (get() reads it).
    Record record;
    bool stuck = false; // InProgress on a record older than the in-flight timeout
};

// A lease-carrying transition: complete, release or mark timed out.
enum class TransitionOutcome {
    Applied, // the record was in flight under this lease and changed
    StaleLease, // the record is there but under another lease or state: nothing changed
    NotFound, // no such record (released, expired or never claimed): nothing changed
};

QString transitionOutcomeName(TransitionOutcome outcome);

struct Transition {
    TransitionOutcome outcome = TransitionOutcome::Applied;
    std::optional<Record> current; // the record as it is now (after the change, or the one that won)
};
