// RedisStore's Lua scripts (resources/lua/*.lua): loading them, and calling
// one: EVALSHA with its arguments written straight into the protocol (or
// packed into one, RedisPackingSink), NOSCRIPT answered by loading it again;
// kept apart from the claim protocol in redisstore.cpp.
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
    QList<RedisCommand> loads;
    for (const ScriptCall &script : m_scripts)
        loads.append(RedisCommand{"SCRIPT", "LOAD", script.lua.text()});
    Result<QList<RedisReply>> replies = c.value()->pipeline(loads);
    if (!replies)
        return replies.error();
    // A user the server lets only read (a viewer of `idemctl init --roles`)
    // may not load scripts: it opens, reads, and the server refuses the rest.
    bool loaded = true;
    for (qsizetype i = 0; i < replies->size(); ++i) {
        const QByteArray error = RedisConnection::errorText(*replies->at(i));
        if (error.startsWith("NOPERM")) {
            loaded = false;
            continue;
        }
        if (!error.isEmpty())
            return m_layout.replyError(error, Text::tr("Loading the Lua scripts (may this user run SCRIPT and EVALSHA?)"));
        if (bytes(replies->at(i).get()) != m_scripts[i].lua.sha())
            return makeError(ErrorKind::Internal,
                             Text::tr("Redis %1 computed another SHA1 for a Lua script than this build.").arg(displayUrl()));
    }
    Result<StoreAccess> access = probeAccess(*c.value(), loaded);
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
    Result<QList<RedisReply>> rights = c.pipelineAt(
        tag + "r:probe",
        {RedisCommand{"SCRIPT", "LOAD", m_scripts[Rights].lua.text()},
         RedisCommand{"EVALSHA", m_scripts[Rights].lua.sha(), "4", tag + "r:probe", tag + "audit", tag + "audit:head", tag + "pd:probe"}});
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

Result<RedisReply> RedisStore::runScript(RedisLink &c, Script script, const QString &scope, const RedisCommand &keys,
                                         const RedisCommand &args)
{
    return runScript(c, script, scope, keys.size(), args.size(), [&](RedisArgSink &sink) {
        for (const QByteArray &key : keys)
            sink.add(key);
        for (const QByteArray &arg : args)
            sink.add(arg);
    });
}

Result<RedisReply> RedisStore::runScript(RedisLink &c, Script script, const QString &scope, qsizetype keyCount, qsizetype argCount,
                                         RedisArgWriter write, qsizetype sizeHint)
{
    // Every guarded request comes here twice. On one server the EVALSHA is
    // written in the protocol as its arguments are made (RedisWireSink: one
    // buffer); a cluster's routing reads RedisCommands.
    const bool cluster = c.isCluster();
    const bool packed = m_scripts[script].packed;
    const qsizetype count = 3 + keyCount + (packed ? 1 : argCount);
    // A count that disagrees would leave the server waiting for an argument,
    // take the next request's as this one's, or hand a script's arguments to
    // the wrong locals: never sent.
    qsizetype argsWritten = argCount;
    const auto writeArgs = [&](RedisArgSink &sink) {
        if (!packed) {
            write(sink);
            return;
        }
        RedisPackingSink packing(sink, keyCount, sizeHint);
        write(packing);
        packing.finish();
        argsWritten = packing.packed();
    };
    RedisCommand eval;
    QByteArray evalWire;
    qsizetype written = count;
    if (cluster) {
        eval.reserve(count);
        eval << "EVALSHA" << m_scripts[script].lua.sha() << QByteArray::number(keyCount);
        RedisCommandSink sink(eval);
        writeArgs(sink);
        written = eval.size();
    } else {
        evalWire.reserve(1024 + sizeHint); // a claim is about 600 bytes
        RedisWireSink sink(evalWire, count);
        sink.add("EVALSHA");
        sink.add(m_scripts[script].lua.sha());
        sink.add(keyCount);
        writeArgs(sink);
        written = sink.written();
    }
    if (written != count || argsWritten != argCount)
        return makeError(
            ErrorKind::Internal,
            Text::tr("A Lua script call was built with %1 arguments instead of %2.").arg(written - count + argsWritten).arg(argCount));
    QList<RedisCommand> batch;
    // The scope registry lives in another slot: never inside a script, and
    // pipelined with the first script call of the scope (no extra round trip).
    const bool registering = !isRegistered(scope);
    if (registering)
        batch.append(RedisCommand{"SADD", RedisLayout::scopesKey(), scope.toUtf8()});
    if (cluster)
        batch.append(eval);
    for (int attempt = 0; attempt < 2; ++attempt) {
        Result<QList<RedisReply>> replies = cluster           ? c.pipeline(batch)
                                            : batch.isEmpty() ? c.pipelineWire(evalWire, 1)
                                                              : c.pipelineWire(RedisConnection::encode(batch) + evalWire, batch.size() + 1);
        if (!replies)
            return replies.error();
        bool noScript = false;
        for (const RedisReply &reply : replies.value()) {
            const QByteArray error = RedisConnection::errorText(*reply);
            if (error.startsWith("NOSCRIPT") && attempt == 0)
                noScript = true;
            else if (!error.isEmpty())
                return m_layout.replyError(error, Text::tr("A Lua script"));
        }
        if (registering)
            markRegistered(scope);
        if (!noScript)
            return replies->constLast();
        // The server lost its script cache (restart, SCRIPT FLUSH, failover):
        // load it again and retry once, in one round trip.
        batch = {RedisCommand{"SCRIPT", "LOAD", m_scripts[script].lua.text()}};
        if (cluster)
            batch.append(eval);
    }
    return makeError(ErrorKind::Internal, Text::tr("Redis %1 kept answering NOSCRIPT.").arg(displayUrl()));
}
