#pragma once

#include "app/store/redislink.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QStringView>

#include <optional>

// Where a command's arguments go as they are made: into a RedisCommand (a
// list of QByteArray, as a cluster's routing reads it), or written at once
// in the Redis protocol (RESP) into one buffer, as the single-server links
// send it (RedisLink::pipelineWire).
//
// Why: a guarded request sends two scripts of 19 arguments each.
// Made as QByteArrays (the key's UTF-8, each number's digits, the lists
// around them) and then encoded, they were two fifths of a first request's
// allocations on the client (heaptrack: 75 per first request, 46 after);
// the wire form writes the same bytes into one buffer.
class RedisArgSink {
public:
    virtual ~RedisArgSink() = default;
    virtual void add(QByteArrayView bytes) = 0;
    // One argument: prefix, then text in UTF-8.
    virtual void add(QByteArrayView prefix, QStringView text) = 0;
    // A QByteArray the sink may share instead of copying (a list does).
    virtual void add(const QByteArray &bytes) { add(QByteArrayView(bytes)); }
    void add(qint64 number);
    // Disambiguates string literals from the number.
    void add(const char *text) { add(QByteArrayView(text)); }
    void add(const QString &text) { add(QByteArrayView(), QStringView(text)); }
};

// Appends each argument to a RedisCommand.
class RedisCommandSink final : public RedisArgSink {
public:
    explicit RedisCommandSink(RedisCommand &command)
        : m_command(command)
    {
    }
    using RedisArgSink::add;
    void add(QByteArrayView bytes) override;
    void add(QByteArrayView prefix, QStringView text) override;
    // Shared, not copied: the keys a thread keeps (writeScriptKeys), the script's SHA1.
    void add(const QByteArray &bytes) override { m_command << bytes; }

private:
    RedisCommand &m_command;
};

// Writes one command in RESP: exactly what RedisConnection::encode() makes
// of the same arguments as a RedisCommand (tst_redismux checks it).
class RedisWireSink final : public RedisArgSink {
public:
    // Starts a command of argumentCount arguments (its name included) at
    // the end of out.
    RedisWireSink(QByteArray &out, qsizetype argumentCount);
    using RedisArgSink::add;
    void add(QByteArrayView bytes) override;
    void add(QByteArrayView prefix, QStringView text) override;
    // Arguments written so far: the caller checks it against the count it gave.
    qsizetype written() const { return m_written; }

private:
    void header(char kind, qsizetype n);
    // Writes the bulk header of an argument of `length` bytes and its CRLF,
    // counts it, and returns where its bytes go.
    char *grow(qsizetype length);
    QByteArray &m_out;
    qsizetype m_written = 0;
};

// Reading back what RedisWireSink (or RedisConnection::encode) wrote: a
// cluster link sends a store's encoded requests as they are and decodes
// them only to follow a redirect (RedisClusterLink::pipelineWireAt).
// Requests in any other form (inline commands, a non-bulk argument, a
// length past the end) are nullopt.
//
// The arguments of every command in `wire`, in order.
std::optional<QList<RedisCommand>> redisWireCommands(QByteArrayView wire);
// Argument `index` (0: the command's name) of the first command in `wire`,
// a view into it.
std::optional<QByteArrayView> redisWireArgument(QByteArrayView wire, qsizetype index);

// Passes the first `plain` arguments on to `out` as they are and packs the
// rest into one MessagePack string (a str per argument, one after another),
// which finish() adds to `out` as a single argument. claim.lua, complete.lua
// and release.lua take theirs so (cmsgpack.unpack, into locals).
//
// Why: Redis makes every script argument a Lua string in ARGV, a
// table it grows one element at a time, so each argument costs the server
// more than one packed string unpacked into locals
// (tools/bench-redis-instructions.sh, docs/benchmarks.md).
class RedisPackingSink final : public RedisArgSink {
public:
    RedisPackingSink(RedisArgSink &out, qsizetype plain, qsizetype sizeHint = 0);
    using RedisArgSink::add;
    void add(QByteArrayView bytes) override;
    void add(QByteArrayView prefix, QStringView text) override;
    void add(const QByteArray &bytes) override;
    // Adds the packed arguments to `out`, once.
    void finish();
    // Arguments packed so far: the caller checks it against the count its script unpacks.
    qsizetype packed() const { return m_packedCount; }

private:
    // Writes the str header of an argument of `length` bytes and makes room
    // for them; returns where they go.
    char *grow(qsizetype length);
    RedisArgSink &m_out;
    qsizetype m_plain;
    qsizetype m_passed = 0;
    qsizetype m_packedCount = 0;
    QByteArray m_packed;
};

// A callable that writes arguments into a sink, passed without a copy or an
// allocation (std::function would allocate for a lambda that captures more
// than two pointers). It refers to the callable: use it only within the call
// it is passed to.
class RedisArgWriter {
public:
    template <typename F>
    RedisArgWriter(const F &write) // NOLINT(google-explicit-constructor): made from a lambda in place
        : m_callable(&write)
        , m_call([](const void *callable, RedisArgSink &sink) { (*static_cast<const F *>(callable))(sink); })
    {
    }
    void operator()(RedisArgSink &sink) const { m_call(m_callable, sink); }

private:
    const void *m_callable;
    void (*m_call)(const void *, RedisArgSink &);
};
