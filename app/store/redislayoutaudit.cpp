#include "app/store/redislayout.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <hiredis/hiredis.h>

// RedisLayout's audit side: the chain's stream entries and heads
// (resources/lua/chain.lua writes them). Apart from redislayout.cpp, which
// reads records, so that neither does two jobs.

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

} // namespace

RedisCommand RedisLayout::auditFields(const AuditEntry &e)
{
    RedisCommand fields{"scope",    e.scope.toUtf8(),
                        "seq",      QByteArray::number(e.seq),
                        "at",       QByteArray::number(e.atMs),
                        "operator", e.operatorName.toUtf8(),
                        "host",     e.host.toUtf8(),
                        "action",   e.action.toUtf8(),
                        "batch",    e.batchId.toUtf8(),
                        "key",      e.key.toUtf8(),
                        "before",   e.stateBefore.toUtf8(),
                        "after",    e.stateAfter.toUtf8(),
                        "reason",   e.reason.toUtf8(),
                        "evidence", e.evidence.isNull() ? QByteArray("") : e.evidence,
                        "prev",     e.prevHash.toLatin1(),
                        "hash",     e.hash.toLatin1()};
    // The server identity (ACL WHOAMI), in entries that have one only.
    if (!e.serverUser.isEmpty())
        fields << "user" << e.serverUser.toUtf8();
    return fields;
}

AuditEntry RedisLayout::decodeAuditEntry(const redisReply &item)
{
    AuditEntry e;
    if (item.type != REDIS_REPLY_ARRAY || item.elements < 2)
        return e;
    e.storeId = QString::fromLatin1(RedisConnection::bytes(item.element[0]));
    const redisReply &fields = *item.element[1];
    if (fields.type != REDIS_REPLY_ARRAY)
        return e;
    const auto number = [](const QByteArray &text) {
        bool ok = false;
        const qint64 n = text.toLongLong(&ok);
        return ok ? n : 0;
    };
    for (size_t i = 0; i + 1 < fields.elements; i += 2) {
        const QByteArray name = RedisConnection::bytes(fields.element[i]);
        const QByteArray value = RedisConnection::bytes(fields.element[i + 1]);
        if (name == "scope")
            e.scope = QString::fromUtf8(value);
        else if (name == "seq")
            e.seq = number(value);
        else if (name == "at")
            e.atMs = number(value);
        else if (name == "operator")
            e.operatorName = QString::fromUtf8(value);
        else if (name == "host")
            e.host = QString::fromUtf8(value);
        else if (name == "action")
            e.action = QString::fromUtf8(value);
        else if (name == "batch")
            e.batchId = QString::fromUtf8(value);
        else if (name == "key")
            e.key = QString::fromUtf8(value);
        else if (name == "before")
            e.stateBefore = QString::fromUtf8(value);
        else if (name == "after")
            e.stateAfter = QString::fromUtf8(value);
        else if (name == "reason")
            e.reason = QString::fromUtf8(value);
        else if (name == "evidence")
            e.evidence = value;
        else if (name == "prev")
            e.prevHash = QString::fromLatin1(value);
        else if (name == "hash")
            e.hash = QString::fromLatin1(value);
        else if (name == "user")
            e.serverUser = QString::fromUtf8(value);
    }
    return e;
}

Error RedisLayout::corruptAuditKey(const QByteArray &key, const QString &what) const
{
    return makeError(ErrorKind::Corrupt,
                     Text::tr("The audit key %1 in %2 %3. Nothing was changed; inspect it, and run idemctl audit verify.")
                         .arg(QString::fromUtf8(key), m_display, what));
}

Result<AuditChainHead> RedisLayout::decodeHead(const QString &scope, const redisReply &seq, const redisReply &hash) const
{
    const QByteArray key = auditHeadKey(scope);
    for (const redisReply *r : {&seq, &hash}) {
        if (const QByteArray error = RedisConnection::errorText(*r); !error.isEmpty()) {
            if (error.startsWith("WRONGTYPE"))
                return corruptAuditKey(key, Text::tr("holds another type than a hash: another program wrote that key"));
            return replyError(error, Text::tr("Reading the audit chain head"));
        }
    }
    const QByteArray seqText = RedisConnection::bytes(&seq), hashText = RedisConnection::bytes(&hash);
    AuditChainHead head{scope, 0, QString(), QString()};
    if ((seq.type == REDIS_REPLY_NIL || seqText == "0") && (hash.type == REDIS_REPLY_NIL || hashText.isEmpty()))
        return head; // an empty chain
    bool ok = false;
    head.seq = seqText.toLongLong(&ok);
    // Anchored to the very end: '$' also matches before a final line break.
    static const QRegularExpression hex(QRegularExpression::anchoredPattern(QStringLiteral("[0-9a-f]{64}")));
    head.hash = QString::fromLatin1(hashText);
    if (!ok || head.seq < 1 || !hex.match(head.hash).hasMatch())
        return corruptAuditKey(
            key, Text::tr("is not a chain head (seq '%1', hash '%2')").arg(QString::fromUtf8(seqText), QString::fromUtf8(hashText)));
    return head;
}
