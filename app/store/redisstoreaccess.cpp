// RedisStore's opening (its scripts loaded, RedisScripts) and what the
// server lets this connection's user do (StoreAccess, probed with
// rights.lua); kept apart from the claim protocol in redisstore.cpp.
#include "app/store/redisstore.h"
#include "app/store/redisstoredetail.h"

#include <QCoreApplication>

#include <hiredis/hiredis.h>

using namespace RedisStoreDetail;

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

} // namespace

Result<void> RedisStore::open()
{
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    // A user the server lets only read (a viewer of `idemctl init --roles`)
    // may not load scripts: it opens, reads, and the server refuses the rest.
    Result<bool> loaded = m_scripts.load(*c.value());
    if (!loaded)
        return loaded.error();
    Result<StoreAccess> access = probeAccess(*c.value(), loaded.value());
    if (!access)
        return access.error();
    QMutexLocker lock(&m_accessMutex);
    m_access = access.value();
    return {};
}

StoreAccess RedisStore::access() const
{
    QMutexLocker lock(&m_accessMutex);
    return m_access;
}

Result<StoreAccess> RedisStore::probeAccess(RedisLink &c, bool scriptsLoaded)
{
    StoreAccess access;
    access.hasServerIdentity = true;
    Result<RedisReply> who = c.command({"ACL", "WHOAMI"});
    if (!who)
        return who.error();
    // A server or user that will not say (ACL WHOAMI refused): unknown.
    if (RedisConnection::errorText(*who.value()).isEmpty())
        access.serverUser = QString::fromUtf8(bytes(who.value().get()));
    const QString evalsha = Text::tr("the command EVALSHA (the store's scripts)");
    if (!scriptsLoaded) {
        access.mayAct = access.mayApprove = false;
        access.missingToAct << evalsha;
        access.missingToApprove << evalsha;
        return access;
    }
    // A tag no scope has (scope names cannot hold braces): nothing is read or written.
    const QByteArray tag = "idem:{rights}probe}:";
    // Loaded on the node that answers (on a cluster: the probe slot's master).
    Result<QList<RedisReply>> rights =
        c.pipelineAt(tag + "r:probe", {RedisCommand{"SCRIPT", "LOAD", m_scripts.lua(RedisScripts::Rights).text()},
                                       RedisCommand{"EVALSHA", m_scripts.lua(RedisScripts::Rights).sha(), "4", tag + "r:probe",
                                                    tag + "audit", tag + "audit:head", tag + "pd:probe"}});
    if (!rights)
        return rights.error();
    const redisReply &r = *rights.value().constLast();
    const QByteArray error = RedisConnection::errorText(r);
    if (error.startsWith("NOPERM")) {
        access.mayAct = access.mayApprove = false;
        access.missingToAct << evalsha;
        access.missingToApprove << evalsha;
        return access;
    }
    if (!error.isEmpty() || r.type != REDIS_REPLY_ARRAY || r.elements < 3)
        return access; // cannot tell: the server decides when an action runs
    const bool records = r.element[0]->integer == 1, audit = r.element[1]->integer == 1, decide = r.element[2]->integer == 1;
    const QString recordWrites = Text::tr("writes to the record keys (HSET, DEL, ZADD on idem:{scope}:*)");
    const QString auditAppend = Text::tr("XADD to the audit streams");
    access.mayAct = records && audit;
    access.mayApprove = audit && decide;
    if (!records)
        access.missingToAct << recordWrites;
    if (!decide)
        access.missingToApprove << Text::tr("writes to the proposal keys (HSET on idem:{scope}:pd:*)");
    if (!audit) {
        access.missingToAct << auditAppend;
        access.missingToApprove << auditAppend;
    }
    return access;
}
