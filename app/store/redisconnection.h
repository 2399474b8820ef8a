#pragma once

#include "app/store/redislink.h"
#include "app/store/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

struct redisContext;
struct redisReader;

// Where and how to reach one Redis server (from a redis:// StoreUrl).
struct RedisSettings {
    QByteArray host;
    int port = 6379;
    QByteArray user; // ACL user (AUTH user password); empty: AUTH password
    QByteArray password; // empty: no AUTH
    int database = 0; // SELECTed after connecting when not 0
    int connectTimeoutMs = 2000;
    int commandTimeoutMs = 5000;
    QString display; // the URL without its password, for messages
    QByteArray clientName; // CLIENT SETNAME, so CLIENT LIST shows whose connection it is
};

// One hiredis context (synchronous API), used by one thread only (DESIGN.md
// "Threading"). It connects on first use; a lost, refused or timed-out
// connection is dropped and re-established on a later call with exponential
// backoff (100 ms doubling to 5 s): inside the backoff window a call fails at
// once with ErrorKind::Unavailable instead of waiting, and no call waits
// longer than the connect or command timeout.
//
// hiredis 0.14 writes with write(): a thread that uses a RedisConnection keeps
// SIGPIPE blocked from then on, so a connection the server closed is an error
// (EPIPE), not the end of the process. Its own writes to a closed pipe or
// socket fail with EPIPE as well.
class RedisConnection final : public RedisLink {
    Q_DISABLE_COPY_MOVE(RedisConnection)
public:
    explicit RedisConnection(RedisSettings settings);
    ~RedisConnection();

    // Sends every command, then reads every reply: one round trip however
    // many commands. A Redis error reply (WRONGTYPE, NOSCRIPT …) is a reply
    // like any other (see errorText()); only a connection failure is an Error.
    Result<QList<RedisReply>> pipeline(const QList<RedisCommand> &commands) override;
    Result<QList<RedisReply>> pipelineWire(const QByteArray &wire, qsizetype replyCount) override;
    // One server: the same as pipeline().
    Result<QList<RedisReply>> pipelineAt(const QByteArray &key, const QList<RedisCommand> &commands) override;
    // Itself, up or down as its last round trip went.
    Result<QList<RedisNodeInfo>> masters() override;
    Result<QList<RedisReply>> pipelineOn(const QString &address, const QList<RedisCommand> &commands) override;
    bool isCluster() const override { return false; }
    // host:port, as masters() and a cluster's map name it.
    QString address() const;
    // What masters() says of it without building the list: false with the
    // reason after a failed connect or round trip, true again after one that
    // worked.
    bool isUp() const { return m_context || m_lastError.isEmpty(); }
    const QString &lastError() const { return m_lastError; }

    // Frees the context for good: the owning store is being destroyed.
    void close() override;
    bool isClosed() const override { return m_closed.load(); }

    // The message of an error reply; empty for any other reply.
    static QByteArray errorText(const redisReply &reply);
    // What exchange() got: the replies read, in order, and the error that
    // stopped it (replies then holds those read before it).
    struct Exchange {
        QList<RedisReply> replies;
        std::optional<Error> error;
    };
    // Sends requests (each encode()d, written at once), then reads
    // replyCount replies: pipeline() for callers that encoded their own
    // commands (RedisMux writes several threads' requests together). After a
    // failure the connection is dropped, never read again.
    Exchange exchange(const QList<QByteArray> &requests, qsizetype replyCount);

    // Has `reader` build its replies in fewer heap blocks than hiredis's own
    // functions (the .cpp says why); such replies are freed by freeReply()
    // only. Every RedisConnection's reader does.
    static void useCompactReplies(redisReader *reader);
    static void freeReply(const redisReply *reply);

    // A string, status or integer reply as bytes; empty for anything else.
    static QByteArray bytes(const redisReply *reply);
    // Commands in the Redis protocol's encoding (RESP arrays of bulk strings).
    static QByteArray encode(const QList<RedisCommand> &commands);

private:
    using Clock = std::chrono::steady_clock;

    Result<void> ensureConnected();
    Error dropConnection(const QString &what);
    void freeContext();

    const RedisSettings m_settings;
    redisContext *m_context = nullptr;
    std::atomic<bool> m_closed{false}; // set by the store's destructor, read by other threads
    int m_failedConnects = 0;
    Clock::time_point m_retryAt{};
    QString m_lastError;
};
