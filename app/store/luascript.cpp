#include "app/store/luascript.h"

#include "app/store/redisconnection.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(LuaScript)
};

} // namespace

LuaScript LuaScript::fromResources(std::initializer_list<const char *> names)
{
    LuaScript script;
    for (const char *name : names) {
        QFile file(QStringLiteral(":/lua/%1.lua").arg(QLatin1String(name)));
        if (!file.open(QIODevice::ReadOnly)) {
            script.m_missing = file.fileName();
            break;
        }
        if (!script.m_text.isEmpty())
            script.m_text += '\n';
        script.m_text += file.readAll();
    }
    script.m_sha = QCryptographicHash::hash(script.m_text, QCryptographicHash::Sha1).toHex();
    return script;
}

Result<void> LuaScript::present() const
{
    if (!m_missing.isEmpty())
        return makeError(ErrorKind::Internal, Text::tr("The Lua script %1 is missing from this build.").arg(m_missing));
    return {};
}

Result<RedisReply> LuaScript::run(RedisLink &link, const RedisCommand &keys, const RedisCommand &args) const
{
    if (Result<void> ok = present(); !ok)
        return ok.error();
    RedisCommand call;
    call.reserve(3 + keys.size() + args.size());
    call << "EVALSHA" << m_sha << QByteArray::number(keys.size()) << keys << args;
    Result<RedisReply> reply = link.command(call);
    if (reply && RedisConnection::errorText(*reply.value()).startsWith("NOSCRIPT")) {
        call[0] = "EVAL";
        call[1] = m_text;
        reply = link.command(call);
    }
    return reply;
}
