#pragma once

#include "app/store/layout.h"
#include "app/store/store.h"
#include "app/store/storeurl.h"

#include <QMutex>

#include <memory>

// A store written by another service in its own layout (DESIGN.md "Existing
// deployments"). The console reads it and applies operator actions in the
// way that service understands; it never claims or finishes requests there,
// because the service's own code does that and the console would only race
// it. claim/complete/release therefore refuse.
//
// A foreign store keeps no counters and no audit log of its own. The audit
// log lives in a SQL database the operator chooses with the URL option
// `audit=` (a SQLite file by default, see auditUrl()), as a native chain.
// So an action and its entry cannot share one transaction; the order is:
//   1. read the record and check the state and lease the preview saw;
//   2. append the audit entry (the entry exists before the change);
//   3. change the record with a compare-and-set on the lease, which for a
//      foreign record is a digest of its stored value (writeAction());
//   4. if the change did not happen (changed meanwhile, store error), append
//      a second entry "<action>-not-applied" saying why.
// A crash between 2 and 3 leaves an entry for a change that did not happen;
// the record is then still as the preview saw it, which `idemctl get` shows.
class ForeignStore : public Store {
public:
    ForeignStore(const StoreUrl &url, Layout layout);
    ~ForeignStore() override;

    QString displayUrl() const override { return m_display; }
    QString layoutName() const override { return m_layout.name; }
    bool keepsCounters() const override { return false; }
    // go-middleware keeps no request (its hash only); java-handler its body
    // (request_body, in its SQL table; its Redis cache keeps a status only).
    QString requestNote() const override;
    const Layout &layout() const { return m_layout; }

    // Opens the backend (openBackend()) and then the audit database.
    Result<void> open() override;

    Result<ClaimResult> claim(const ClaimRequest &request) override;
    Result<Transition> complete(const QString &scope, const QString &key, const QString &lease, const Response &response, qint64 nowMs,
                                qint64 retentionMs) override;
    Result<Transition> release(const QString &scope, const QString &key, const QString &lease, qint64 nowMs) override;

    Result<std::optional<Record>> get(const QString &scope, const QString &key) override { return readRecord(scope, key); }
    Result<QList<CounterRow>> counters(const QString &, qint64, qint64) override { return QList<CounterRow>(); }
    Result<void> flushCounters() override { return {}; }
    // The owning service (or Redis TTL) expires these records, not the console.
    Result<qint64> purgeExpired(qint64) override { return qint64(0); }

    Result<ActionResult> applyAction(const OperatorAction &action) override;
    Result<AuditEntry> appendAudit(const AuditEntry &entry) override;
    Result<void> retryFollowUp(const OperatorAction &action) override;
    Result<QList<AuditEntry>> auditEntries(const AuditQuery &query) override;
    Result<QList<AuditEntry>> auditChain(const QString &scope, const QString &afterStoreId, int limit) override;
    Result<QList<AuditChainHead>> auditHeads() override;

    // Where the audit log of this store is kept: the URL option `audit`
    // (sqlite:///…, postgresql://…, mysql://…), else a SQLite file under
    // $XDG_DATA_HOME/idem-console/audit/ named after the store's identity
    // (storeIdentity(): store-<hash>.db), the same for the console and
    // idemctl and whatever the layout is called. A log named after the
    // layout (by earlier versions) is used where it is while it exists.
    static QString auditUrl(const StoreUrl &url, const Layout &layout);
    // What the default audit log is named after: server, database and
    // table (SQL) or key prefix (Redis); never the layout's name.
    static QString storeIdentity(const StoreUrl &url, const Layout &layout);
    QString auditDisplayUrl() const;

protected:
    virtual Result<void> openBackend() = 0;
    // The record as stored now; nullopt when there is none. A value that
    // cannot be read comes back with readError set (and the raw bytes in
    // body), not as an error: one bad record must not hide the others.
    virtual Result<std::optional<Record>> readRecord(const QString &scope, const QString &key) = 0;
    // Makes the change `action` stands for in this layout, only if the
    // record's lease is still action.lease (one atomic compare-and-set).
    // `current` is the record step 1 read. The audit entry is already written.
    virtual Result<TransitionOutcome> writeAction(const OperatorAction &action, const Record &current) = 0;
    // After an applied writeAction: what else the service needs changed (the
    // java-handler's Redis cache). An error makes the action a failure
    // (ActionResult::followUpError) though the record was changed.
    virtual Result<void> followUp(const OperatorAction &) { return {}; }

    // ErrorKind::Refused: what the layout cannot express.
    Error refused(const QString &what) const;

    const StoreUrl m_url;
    const QString m_display; // made once, as SqlStore's
    const Layout m_layout;

private:
    // The audit log, kept open once found or created. Read: nullptr while it
    // does not exist yet (no SQLite file, no audit tables), which reads as an
    // empty log; nothing is created. Write: created where it is missing (in
    // a service's own database only idem_audit and idem_audit_head);
    // nullptr when the store was opened read-only.
    enum class AuditAccess { Read, Write };
    Result<Store *> auditStore(AuditAccess access);

    QMutex m_auditMutex;
    std::unique_ptr<Store> m_audit;
};
