#include "app/store/redisscripts.h"

#include <QCoreApplication>

#include <hiredis/hiredis.h>

namespace {

// Messages of this file, in the "RedisStore" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

} // namespace

bool RedisScopeRegistry::isRegistered(const QString &scope) const
{
    // Every guarded request asks, from up to as many threads as the
    // service runs, so a thread first looks at the last scope it found
    // registered here (which cannot go stale) before it takes the lock.
    struct Last {
        quint64 registry = 0;
        QString scope;
    };
    thread_local Last last;
    if (last.registry == m_instance && last.scope == scope)
        return true;
    QReadLocker lock(&m_lock);
    if (!m_scopes.contains(scope))
        return false;
    last = Last{m_instance, scope};
    return true;
}

void RedisScopeRegistry::markRegistered(const QString &scope)
{
    QWriteLocker lock(&m_lock);
    m_scopes.insert(scope);
}

RedisScripts::RedisScripts(const RedisLayout &layout, const QString &displayUrl, RedisScopeRegistry &registry)
    : m_layout(layout)
    , m_display(displayUrl)
    , m_registry(registry)
{
    const char *files[ScriptCount] = {"claim", "complete", "release", "purge", "action", "audit", "rights", "proposal"};
    for (int i = 0; i < ScriptCount; ++i) {
        // record.lua first in every script; chain.lua in those that append to an audit chain.
        const bool chained = i == Action || i == Audit || i == ProposalStep;
        m_scripts[i].lua =
            chained ? LuaScript::fromResources({"record", "chain", files[i]}) : LuaScript::fromResources({"record", files[i]});
        m_scripts[i].packed = i == Claim || i == Complete || i == Release;
        if (Result<void> present = m_scripts[i].lua.present(); !present && !m_missing)
            m_missing = present.error();
    }
}

Result<bool> RedisScripts::load(RedisLink &c) const
{
    QList<RedisCommand> loads;
    for (const ScriptCall &script : m_scripts)
        loads.append(RedisCommand{"SCRIPT", "LOAD", script.lua.text()});
    Result<QList<RedisReply>> replies = c.pipeline(loads);
    if (!replies)
        return replies.error();
    bool loaded = true;
    for (qsizetype i = 0; i < replies->size(); ++i) {
        const QByteArray error = RedisConnection::errorText(*replies->at(i));
        if (error.startsWith("NOPERM")) {
            loaded = false;
            continue;
        }
        if (!error.isEmpty())
            return m_layout.replyError(error, Text::tr("Loading the Lua scripts (may this user run SCRIPT and EVALSHA?)"));
        if (RedisConnection::bytes(replies->at(i).get()) != m_scripts[i].lua.sha())
            return makeError(ErrorKind::Internal,
                             Text::tr("Redis %1 computed another SHA1 for a Lua script than this build.").arg(m_display));
    }
    return loaded;
}

Result<RedisReply> RedisScripts::run(RedisLink &c, Script script, const QString &scope, const RedisCommand &keys, const RedisCommand &args)
{
    return run(c, script, scope, keys.size(), args.size(), [&](RedisArgSink &sink) {
        for (const QByteArray &key : keys)
            sink.add(key);
        for (const QByteArray &arg : args)
            sink.add(arg);
    });
}

Result<RedisReply> RedisScripts::run(RedisLink &c, Script script, const QString &scope, qsizetype keyCount, qsizetype argCount,
                                     RedisArgWriter write, qsizetype sizeHint)
{
    // Every guarded request comes here twice. The EVALSHA is written in the
    // protocol as its arguments are made (RedisWireSink: one buffer) and
    // sent as it is, on a cluster to the master of its first key's slot
    // (every key of a script shares it). Only a scope's first call, which
    // also registers the scope in another slot, goes as RedisCommands for
    // a cluster's routing to split.
    const bool cluster = c.isCluster();
    const bool packed = m_scripts[script].packed;
    const qsizetype count = 3 + keyCount + (packed ? 1 : argCount);
    // The scope registry lives in another slot: never inside a script, and
    // pipelined with the first script call of the scope (no extra round trip).
    const bool registering = !m_registry.isRegistered(scope);
    const bool asCommands = cluster && (registering || keyCount == 0);
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
    if (asCommands) {
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
    // The slot's key on a cluster: the script's first (EVALSHA sha numkeys key …).
    const QByteArrayView routeKey = asCommands || !cluster ? QByteArrayView() : redisWireArgument(evalWire, 3).value_or(QByteArrayView());
    QList<RedisCommand> batch;
    if (registering)
        batch.append(RedisCommand{"SADD", RedisLayout::scopesKey(), scope.toUtf8()});
    if (asCommands)
        batch.append(eval);
    for (int attempt = 0; attempt < 2; ++attempt) {
        Result<QList<RedisReply>> replies = asCommands ? c.pipeline(batch)
                                            : batch.isEmpty()
                                                ? c.pipelineWireAt(routeKey, evalWire, 1)
                                                : c.pipelineWireAt(routeKey, RedisConnection::encode(batch) + evalWire, batch.size() + 1);
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
            m_registry.markRegistered(scope);
        if (!noScript)
            return replies->constLast();
        // The server lost its script cache (restart, SCRIPT FLUSH, failover)
        // or never had it: load it and retry once. On one server in the
        // same round trip. On a cluster where the EVALSHA was answered, which
        // during a slot move is the importing node (reached by ASK, which the
        // map does not name) or a new owner the map lags behind (MOVED): a
        // SCRIPT LOAD to the map's master would miss it.
        const RedisCommand load{"SCRIPT", "LOAD", m_scripts[script].lua.text()};
        batch.clear();
        const QByteArray slotKey = !cluster     ? QByteArray()
                                   : asCommands ? (keyCount > 0 ? eval.at(3) : QByteArray())
                                                : routeKey.toByteArray();
        if (!slotKey.isEmpty()) {
            Result<QList<RedisReply>> loaded = c.pipelineAt(slotKey, {load});
            if (!loaded)
                return loaded.error();
            if (const QByteArray error = RedisConnection::errorText(*loaded->constFirst()); !error.isEmpty())
                return m_layout.replyError(error, Text::tr("A Lua script"));
        } else {
            batch.append(load);
        }
        if (asCommands)
            batch.append(eval);
    }
    return makeError(ErrorKind::Internal, Text::tr("Redis %1 kept answering NOSCRIPT.").arg(m_display));
}
