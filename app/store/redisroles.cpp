// RedisStore's roles (`idemctl init --roles`; README "Roles and four
// eyes"): three ACL users. Redis checks every command a script runs
// against the caller's ACL, so what a user may write is said per command
// and key pattern: a viewer reads; an operator runs the store's scripts,
// which change records and append to the audit; an approver appends to the
// audit. Nobody may delete or trim an audit stream.
#include "app/store/redisstore.h"
#include "app/store/redisstoredetail.h"

#include <QCoreApplication>

using namespace RedisStoreDetail;

namespace {
struct Text {
    Q_DECLARE_TR_FUNCTIONS(RedisStore)
};

// Reading, and what a connection needs to be made and to find its way
// around a cluster. Passwords and on/off are left as they are: an existing
// user keeps its password; a new one is off until an administrator gives it
// one (README).
const QByteArray kCommon = "resetkeys resetchannels clearselectors -@all +@read +auth +hello +ping +echo +select +readonly +readwrite "
                           "+client|setname +client|getname +client|id +info +time +dbsize +acl|whoami "
                           "+cluster|slots +cluster|shards +cluster|nodes +cluster|info +cluster|myid +asking "
                           "%R~idem:* %R~{idem:scopes}:buckets";
// Running the store's scripts: EVALSHA and loading them. The keys a script
// is called with are all under idem:*; what the script then does is checked
// command by command against the selectors below.
const QByteArray kScripts = "+evalsha +script|load ~idem:* ~{idem:scopes}:buckets";
// Changing records, their indexes, counters and the scope registry.
const QByteArray kRecordWrites = "(+hset +hdel +del +zadd +zrem +zremrangebyscore +sadd +hincrby +pexpire +pexpireat +persist +expire +set "
                                 "~idem:{*}:r:* ~idem:{*}:inflight ~idem:{*}:completed ~idem:{*}:timedout ~idem:{*}:minutes "
                                 "~idem:{*}:c:* ~idem:scopes ~{idem:scopes}:buckets)";
// Appending to an audit chain: XADD to the stream, moving its head.
const QByteArray kAuditAppend = "(+xadd ~idem:{*}:audit) (+hset ~idem:{*}:audit:head)";
// Deciding a proposal (its keys under the scope's hash tag).
const QByteArray kDecide = "(+hset ~idem:{*}:pd:*)";
// Proposing and recording an outcome: the proposal's and outcome's hashes, the index.
const QByteArray kPropose = "(+hset +zadd ~idem:{*}:p:* ~idem:{*}:po:* ~idem:{*}:proposals)";

QList<QByteArrayList> roleRules()
{
    const auto rules = [](const QByteArray &user, const QByteArray &text) {
        QByteArrayList command{"ACL", "SETUSER", user};
        // Selectors are one argument each: split on spaces outside parentheses.
        QByteArray word;
        int depth = 0;
        for (const char ch : text) {
            if (ch == '(')
                ++depth;
            if (ch == ')')
                --depth;
            if (ch == ' ' && depth == 0) {
                if (!word.isEmpty())
                    command << word;
                word.clear();
                continue;
            }
            word += ch;
        }
        if (!word.isEmpty())
            command << word;
        return command;
    };
    return {rules("idem-viewer", kCommon),
            rules("idem-operator", kCommon + ' ' + kScripts + ' ' + kRecordWrites + ' ' + kAuditAppend + ' ' + kPropose),
            rules("idem-approver", kCommon + ' ' + kScripts + ' ' + kAuditAppend + ' ' + kDecide)};
}

} // namespace

Result<QStringList> RedisStore::setUpRoles(const RoleSetup &setup)
{
    if (!setup.grants.isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("Redis has no grants of a role to a user: the roles are the ACL users idem-viewer, idem-operator and "
                                  "idem-approver. Give each a password (ACL SETUSER idem-viewer on >PASSWORD) and connect as it."));
    QStringList shown;
    const QList<QByteArrayList> commands = roleRules();
    for (const QByteArrayList &command : commands) {
        QStringList words;
        for (const QByteArray &word : command)
            words << (word.contains(' ') ? QStringLiteral("\"%1\"").arg(QString::fromUtf8(word)) : QString::fromUtf8(word));
        shown << words.join(QLatin1Char(' '));
    }
    if (setup.dryRun)
        return shown;
    Result<RedisLink *> c = connection();
    if (!c)
        return c.error();
    // Every master of a cluster keeps its own users: each gets them (its
    // replicas: README).
    QStringList nodes{QString()};
    if (c.value()->isCluster()) {
        Result<QList<RedisNodeInfo>> masters = c.value()->masters();
        if (!masters)
            return masters.error();
        nodes.clear();
        for (const RedisNodeInfo &master : masters.value())
            nodes << master.address;
    }
    for (const QString &node : nodes) {
        QList<RedisCommand> batch;
        for (const QByteArrayList &command : commands)
            batch.append(RedisCommand(command.begin(), command.end()));
        Result<QList<RedisReply>> replies = node.isEmpty() ? c.value()->pipeline(batch) : c.value()->pipelineOn(node, batch);
        if (!replies)
            return replies.error();
        for (const RedisReply &reply : replies.value()) {
            const QByteArray error = RedisConnection::errorText(*reply);
            if (!error.isEmpty())
                return m_layout.replyError(error, Text::tr("Setting up the ACL users (ACL SETUSER; run as an administrator)"));
        }
    }
    return shown;
}
