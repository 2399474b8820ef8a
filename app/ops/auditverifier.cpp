#include "app/ops/auditverifier.h"

#include <QCoreApplication>

#include <algorithm>

namespace {

constexpr int PageSize = 1000;

// Messages of this file, in the "AuditVerifier" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(AuditVerifier)
};

// The checks of one chain, entry by entry in the store's order. Only the
// chain's first break is kept: after it every link may look wrong.
class ChainCheck {
public:
    // `chain`: where a break is reported; the scope itself, or one of its
    // chains on a Redis Cluster ("payment#07"), whose entries name the scope.
    ChainCheck(const QString &scope, const QString &chain)
        : m_scope(scope)
        , m_chain(chain)
    {
    }

    void check(const AuditEntry &entry)
    {
        ++m_read;
        const qint64 expected = m_lastSeq + 1;
        if (!m_break) {
            if (entry.scope != m_scope) {
                fail(entry.seq, entry.storeId,
                     Text::tr("the entry at seq %1 names scope '%2' but is stored in the chain of '%3': it was moved or inserted")
                         .arg(entry.seq)
                         .arg(entry.scope, m_scope));
            } else if (entry.seq > expected) {
                fail(expected, entry.storeId,
                     Text::tr("gap: seq %1 expected, %2 found: the entries in between were deleted, or entries were reordered")
                         .arg(expected)
                         .arg(entry.seq));
            } else if (entry.seq < expected) {
                fail(entry.seq, entry.storeId,
                     Text::tr("seq %1 found after seq %2: an entry was duplicated, inserted or reordered").arg(entry.seq).arg(m_lastSeq));
            } else if (entry.prevHash != m_lastHash) {
                fail(entry.seq, entry.storeId,
                     Text::tr("the entry at seq %1 does not link to the entry before it (previous hash differs): "
                              "an entry before it was replaced, or entries were reordered")
                         .arg(entry.seq));
            } else if (entry.hash != entry.computeHash()) {
                fail(entry.seq, entry.storeId,
                     Text::tr("hash mismatch at seq %1: the entry was edited after it was written").arg(entry.seq));
            }
        }
        m_lastSeq = entry.seq;
        m_lastHash = entry.hash;
        m_lastStoreId = entry.storeId;
    }

    // The head is written with every entry: a chain that ends before its
    // head lost its newest entries; one that goes past it got extra ones.
    void finish(const AuditChainHead &head)
    {
        if (m_break)
            return;
        if (head.seq == 0 && m_read > 0) {
            // The stores report a chain whose head row is gone as a head of seq 0.
            fail(m_lastSeq, m_lastStoreId,
                 Text::tr("the chain has %1 entries but no head: the head was deleted, so the newest entries cannot be vouched for")
                     .arg(m_read));
        } else if (m_read == 0 && head.seq > 0) {
            fail(1, QString(), Text::tr("the chain is empty but its head records seq %1: every entry was deleted").arg(head.seq));
        } else if (m_lastSeq < head.seq) {
            fail(m_lastSeq + 1, QString(),
                 Text::tr("the chain ends at seq %1 but its head records seq %2: the newest entries were deleted")
                     .arg(m_lastSeq)
                     .arg(head.seq));
        } else if (m_lastSeq > head.seq) {
            fail(head.seq + 1, m_lastStoreId,
                 Text::tr("the chain goes on to seq %1 past its head at seq %2: entries were appended outside the store")
                     .arg(m_lastSeq)
                     .arg(head.seq));
        } else if (m_read > 0 && head.hash != m_lastHash) {
            fail(m_lastSeq, m_lastStoreId,
                 Text::tr("the head's hash differs from the last entry's (seq %1): the last entry or the head was changed").arg(m_lastSeq));
        }
    }

    const QString &lastStoreId() const { return m_lastStoreId; }
    qint64 read() const { return m_read; }
    const std::optional<AuditBreak> &firstBreak() const { return m_break; }

private:
    void fail(qint64 seq, const QString &storeId, const QString &reason) { m_break = AuditBreak{m_chain, seq, storeId, reason}; }

    const QString m_scope;
    const QString m_chain;
    qint64 m_read = 0;
    qint64 m_lastSeq = 0;
    QString m_lastHash = AuditEntry::genesisHash();
    QString m_lastStoreId;
    std::optional<AuditBreak> m_break;
};

} // namespace

Result<AuditVerdict> AuditVerifier::verify(Store &store, const ActionControl &control, const QStringList &scopes)
{
    Result<QList<AuditChainHead>> heads = store.auditHeads();
    if (!heads)
        return heads.error();
    QList<AuditChainHead> chains = std::move(heads).value();
    if (!scopes.isEmpty())
        chains.removeIf([&scopes](const AuditChainHead &head) { return !scopes.contains(head.scope); });
    std::sort(chains.begin(), chains.end(), [](const AuditChainHead &a, const AuditChainHead &b) {
        return a.scope != b.scope ? a.scope < b.scope : a.chainName() < b.chainName();
    });

    qint64 announced = 0;
    for (const AuditChainHead &head : std::as_const(chains))
        announced += qMax<qint64>(head.seq, 0);

    AuditVerdict verdict;
    verdict.chains = chains.size();
    control.report(0, announced);
    for (const AuditChainHead &head : std::as_const(chains)) {
        ChainCheck chain(head.scope, head.chainName());
        for (;;) {
            if (control.cancelled()) {
                verdict.cancelled = true;
                verdict.ok = false;
                return verdict;
            }
            const QString after = chain.lastStoreId();
            const Result<QList<AuditEntry>> page = store.auditChain(head.chainName(), after, PageSize);
            if (!page)
                return page.error();
            // A full page that does not move the position would loop forever.
            if (page->size() >= PageSize && page->constLast().storeId == after)
                return makeError(
                    ErrorKind::Internal,
                    Text::tr("Reading the audit chain of '%1' does not advance past position '%2'.").arg(head.chainName(), after));
            for (const AuditEntry &entry : page.value())
                chain.check(entry);
            verdict.entries += page->size();
            control.report(verdict.entries, qMax(announced, verdict.entries));
            if (page->size() < PageSize)
                break;
        }
        chain.finish(head);
        if (chain.firstBreak() && !verdict.firstBad)
            verdict.firstBad = chain.firstBreak();
        verdict.verified.append(AuditChainVerdict{head, chain.read(), chain.firstBreak()});
    }
    verdict.ok = !verdict.firstBad;
    return verdict;
}
