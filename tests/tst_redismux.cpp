// RedisMux (app/store/redismux.h), one connection shared by many threads,
// on a redis-server of this test's own (TestServer) so it can be killed:
// every thread gets its own replies, in order, with many threads at once;
// several requests share a server read; commands of one request stay
// together; a killed server fails the requests then in flight, each with an
// error and none with another thread's reply, and the connection comes back
// with the server; the store pool hands threads the configured number of
// connections (CLIENT LIST), or one each with connections=0. A command
// written straight in the protocol (RedisWireSink, the guard's scripts) is
// byte for byte what encode() makes of the same arguments, and the server
// stores exactly those arguments. Arguments packed into one
// (RedisPackingSink, the guard's three scripts) are exactly those arguments
// again once a script unpacks them, at every MessagePack length boundary.
// The compact replies every connection reads (RedisConnection::
// useCompactReplies) are hiredis's own replies again, fed in any pieces,
// and a reply cut short by a protocol error is freed whole.
#include "app/store/redisargs.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/redismux.h"
#include "tests/testserver.h"

#include <QtTest>

#include <hiredis/hiredis.h>
#include <hiredis/read.h>

#include <atomic>
#include <cstring>
#include <limits>
#include <thread>
#include <vector>

namespace {

QByteArray text(const RedisReply &reply)
{
    if (reply->type == REDIS_REPLY_ERROR)
        return RedisConnection::errorText(*reply);
    return RedisConnection::bytes(reply.get());
}

RedisSettings settingsFor(int port)
{
    RedisSettings settings;
    settings.host = "127.0.0.1";
    settings.port = port;
    settings.display = QStringLiteral("redis://127.0.0.1:%1/0").arg(port);
    settings.clientName = "tst_redismux";
    settings.commandTimeoutMs = 2000;
    return settings;
}

// Runs body(thread) on n threads at once and waits for them.
template <typename Body>
void onThreads(int n, Body body)
{
    std::vector<std::thread> threads;
    for (int t = 0; t < n; ++t)
        threads.emplace_back(body, t);
    for (std::thread &thread : threads)
        thread.join();
}

// A random reply in the protocol, up to `depth` arrays deep: every kind
// hiredis reads, strings of any bytes and lengths (0, 1 and 200,000
// included), arrays empty and null.
QByteArray randomReply(QRandomGenerator &random, int depth)
{
    switch (random.bounded(depth > 0 ? 8 : 6)) {
    case 0:
        return "+OK status\r\n";
    case 1:
        return "-ERR wrong kind " + QByteArray::number(random.bounded(1000)) + "\r\n";
    case 2:
        return ":" + QByteArray::number(qint64(random.generate64())) + "\r\n";
    case 3:
        return "$-1\r\n";
    case 4:
    case 5: {
        static constexpr qsizetype kLengths[] = {0, 1, 13, 64, 200000};
        const qsizetype length = random.bounded(4) == 0 ? kLengths[random.bounded(5)] : random.bounded(300);
        QByteArray bytes(length, Qt::Uninitialized);
        for (char &c : bytes)
            c = char(random.bounded(256));
        return "$" + QByteArray::number(length) + "\r\n" + bytes + "\r\n";
    }
    case 6:
        return "*-1\r\n";
    default: {
        const int count = random.bounded(4) == 0 ? 0 : random.bounded(30);
        QByteArray out = "*" + QByteArray::number(count) + "\r\n";
        for (int i = 0; i < count; ++i)
            out += randomReply(random, depth - 1);
        return out;
    }
    }
}

// Feeds wire to reader in random pieces; its replies, or the error text.
QList<void *> readAll(redisReader *reader, const QByteArray &wire, QRandomGenerator &random, QByteArray *error)
{
    QList<void *> replies;
    for (qsizetype at = 0; at < wire.size();) {
        const qsizetype piece = qMin<qsizetype>(wire.size() - at, 1 + random.bounded(random.bounded(2) ? 7 : 70000));
        redisReaderFeed(reader, wire.constData() + at, size_t(piece));
        at += piece;
        for (void *reply = nullptr; redisReaderGetReply(reader, &reply) == REDIS_OK && reply; reply = nullptr)
            replies.append(reply);
        if (reader->err) {
            *error = reader->errstr;
            break;
        }
    }
    return replies;
}

// Where two replies differ, as a path; empty when they are the same.
QString difference(const redisReply *a, const redisReply *b, const QString &path = QStringLiteral("reply"))
{
    if (a->type != b->type)
        return path + QStringLiteral(": type %1 against %2").arg(a->type).arg(b->type);
    if (a->type == REDIS_REPLY_INTEGER && a->integer != b->integer)
        return path + QStringLiteral(": integer");
    if ((a->type == REDIS_REPLY_STRING || a->type == REDIS_REPLY_STATUS || a->type == REDIS_REPLY_ERROR)
        && (a->len != b->len || std::memcmp(a->str, b->str, a->len + 1) != 0)) // the terminating NUL too
        return path + QStringLiteral(": bytes");
    if (a->type == REDIS_REPLY_ARRAY) {
        if (a->elements != b->elements)
            return path + QStringLiteral(": %1 elements against %2").arg(a->elements).arg(b->elements);
        for (size_t i = 0; i < a->elements; ++i) {
            if (const QString d = difference(a->element[i], b->element[i], path + QStringLiteral("[%1]").arg(i)); !d.isEmpty())
                return d;
        }
    }
    return {};
}

} // namespace

class RedisMuxTest : public QObject {
    Q_OBJECT

private:
    TestServer m_server{TestServer::Kind::Redis};

private slots:
    void initTestCase()
    {
        IDEM_REQUIRE_SERVER_PROGRAMS(TestServer::Kind::Redis);
        QString error;
        QVERIFY2(m_server.start(&error), qPrintable(error));
    }

    void everyThreadGetsItsOwnRepliesInOrder()
    {
        RedisMux mux(settingsFor(m_server.port()));
        constexpr int kThreads = 48, kRounds = 400;
        std::atomic<int> wrong{0}, failed{0};
        onThreads(kThreads, [&](int t) {
            for (int i = 0; i < kRounds; ++i) {
                // Three commands per request, the middle one this thread's
                // own counter: replies out of step or crossed with another
                // thread's would show at once.
                const QByteArray tag = QByteArray::number(t) + ':' + QByteArray::number(i);
                Result<QList<RedisReply>> replies =
                    mux.pipeline({{"ECHO", "a" + tag}, {"INCR", "mux:count:" + QByteArray::number(t)}, {"ECHO", "b" + tag}});
                if (!replies) {
                    if (++failed < 3)
                        qWarning("failed: %s", qPrintable(replies.error().message));
                    continue;
                }
                if (replies->size() != 3 || text(replies->at(0)) != "a" + tag || replies->at(1)->integer != i + 1
                    || text(replies->at(2)) != "b" + tag) {
                    if (++wrong < 3)
                        qWarning("wrong: %s %s %lld %s", tag.constData(), text(replies->at(0)).constData(), replies->at(1)->integer,
                                 text(replies->at(2)).constData());
                }
            }
        });
        QCOMPARE(failed.load(), 0);
        QCOMPARE(wrong.load(), 0);
        // Requests that arrived while a batch was out went together.
        qInfo("%d requests in %lld round trips", kThreads * kRounds, mux.roundTrips());
        QVERIFY(mux.roundTrips() < kThreads * kRounds);

        RedisConnection check(settingsFor(m_server.port()));
        QCOMPARE(text(check.command({"GET", "mux:count:7"}).value()), QByteArray::number(kRounds));
    }

    void aThreadAloneMakesOneRoundTripPerRequest()
    {
        RedisMux mux(settingsFor(m_server.port()));
        for (int i = 0; i < 50; ++i)
            QVERIFY(mux.pipeline({{"PING"}, {"PING"}}));
        QCOMPARE(mux.roundTrips(), 50);
    }

    void aTransactionStaysTogether()
    {
        RedisMux mux(settingsFor(m_server.port()));
        std::atomic<int> broken{0};
        onThreads(16, [&](int t) {
            const QByteArray key = "mux:tx:" + QByteArray::number(t);
            for (int i = 0; i < 200; ++i) {
                Result<QList<RedisReply>> r = mux.pipeline({{"MULTI"}, {"INCR", key}, {"INCR", key}, {"EXEC"}});
                if (!r || r->size() != 4 || r->at(3)->type != REDIS_REPLY_ARRAY || r->at(3)->elements != 2
                    || r->at(3)->element[1]->integer != 2 * (i + 1))
                    ++broken;
            }
        });
        QCOMPARE(broken.load(), 0);
    }

    void theWireFormIsWhatEncodeMakes()
    {
        // Every kind of argument a script call carries: bytes (empty,
        // binary, protocol characters), numbers at both ends, and text after
        // a prefix: ASCII, empty, Chinese, an emoji (a surrogate pair) and a
        // lone surrogate, which UTF-8 cannot carry (both forms replace it).
        const QByteArray binary("\0\r\n$*\xff", 6);
        const auto write = [&](RedisArgSink &sink) {
            sink.add("RPUSH");
            sink.add("mux:wire");
            sink.add("");
            sink.add(binary);
            sink.add(qint64(0));
            sink.add(qint64(-1));
            sink.add(std::numeric_limits<qint64>::min());
            sink.add(std::numeric_limits<qint64>::max());
            sink.add(QByteArrayView("idem:{s}:r:"), u"order-42");
            sink.add(QByteArrayView("p:"), u"");
            sink.add(QByteArrayView(), QStringLiteral("支付回调-订单号"));
            sink.add(QByteArrayView("k:"), QStringView(u"a\U0001F600b"));
            sink.add(QByteArrayView("k:"), QStringView(QString(QChar(0xD800))));
        };
        constexpr qsizetype kArgs = 13;
        RedisCommand list;
        RedisCommandSink listSink(list);
        write(listSink);
        QCOMPARE(list.size(), kArgs);
        QByteArray wire;
        RedisWireSink wireSink(wire, kArgs);
        write(wireSink);
        QCOMPARE(wireSink.written(), kArgs);
        QCOMPARE(wire, RedisConnection::encode({list}));

        // Sent as it is, through the mux and a plain connection: the server
        // holds the list's arguments, byte for byte.
        RedisMux mux(settingsFor(m_server.port()));
        RedisConnection c(settingsFor(m_server.port()));
        QVERIFY(c.command({"DEL", "mux:wire"}));
        Result<QList<RedisReply>> pushed = mux.pipelineWire(wire + RedisConnection::encode({{"PING"}}), 2);
        QVERIFY2(pushed, pushed ? "" : qPrintable(pushed.error().message));
        QCOMPARE(pushed->at(0)->integer, kArgs - 2);
        QCOMPARE(text(pushed->at(1)), QByteArray("PONG"));
        pushed = c.pipelineWire(wire, 1);
        QVERIFY(pushed);
        QCOMPARE(pushed->at(0)->integer, 2 * (kArgs - 2));
        Result<RedisReply> stored = c.command({"LRANGE", "mux:wire", "0", "-1"});
        QVERIFY(stored);
        QCOMPARE(qsizetype(stored.value()->elements), 2 * (kArgs - 2));
        for (qsizetype i = 0; i < 2 * (kArgs - 2); ++i)
            QCOMPARE(RedisConnection::bytes(stored.value()->element[i]), list.at(2 + i % (kArgs - 2)));
    }

    // A cluster link decodes what it sent only to follow a redirect: the
    // decoding gives the commands back exactly, and anything that is not
    // whole, well-formed requests is refused rather than guessed at.
    void theWireFormReadsBackToItsCommands()
    {
        const QList<RedisCommand> commands{{"SADD", "idem:scopes", "pay\r\n"},
                                           {"EVALSHA", QByteArray(40, 'a'), "2", "{pay}:k1", "{pay}:k2", QByteArray("\0\x01\xff", 3), ""},
                                           {"PING"}};
        const QByteArray wire = RedisConnection::encode(commands);
        const std::optional<QList<RedisCommand>> decoded = redisWireCommands(wire);
        QVERIFY(decoded);
        QCOMPARE(*decoded, commands);
        const QByteArray eval = RedisConnection::encode({commands.at(1)});
        QCOMPARE(redisWireArgument(eval, 3).value_or(QByteArrayView()), QByteArrayView("{pay}:k1"));
        QCOMPARE(redisWireArgument(eval, 0).value_or(QByteArrayView()), QByteArrayView("EVALSHA"));
        QVERIFY(!redisWireArgument(eval, 7));
        QCOMPARE(redisWireCommands(QByteArray())->size(), qsizetype(0));
        for (const QByteArray &bad :
             {wire.first(wire.size() - 1), QByteArray("PING\r\n"), QByteArray("*1\r\n$5\r\nPING\r\n"), QByteArray("*1\r\n$-1\r\n"),
              QByteArray("*1\r\n:4\r\n"), QByteArray("*1\r\n$4\r\nPINGxx"), QByteArray("*99999999999999999999\r\n")})
            QVERIFY2(!redisWireCommands(bad), bad.constData());
    }

    void packedArgumentsAreTheArgumentsAgainInLua()
    {
        // The lengths where MessagePack's str header changes (fixstr, str 8,
        // str 16, str 32), on both sides, and every kind of argument the
        // wire test sends.
        QByteArrayList lengths;
        for (const qsizetype n : {0, 31, 32, 255, 256, 65535, 65536, 300000}) {
            QByteArray bytes(n, Qt::Uninitialized);
            for (qsizetype i = 0; i < n; ++i)
                bytes[i] = char((i * 7 + n) & 0xff);
            lengths << bytes;
        }
        const auto write = [&](RedisArgSink &sink) {
            sink.add("k:plain"); // passed on: the script's one key
            for (const QByteArray &bytes : lengths)
                sink.add(bytes);
            sink.add(QByteArrayView("\0\r\n$*\xff", 6));
            sink.add(std::numeric_limits<qint64>::min());
            sink.add(QByteArrayView("idem:{s}:r:"), u"order-42");
            sink.add(QByteArrayView(), QStringLiteral("支付回调-订单号"));
            sink.add(QByteArrayView("k:"), QStringView(u"a\U0001F600b"));
        };
        RedisCommand expected;
        RedisCommandSink plainSink(expected);
        write(plainSink);

        // Each argument back as the script's own list, in order.
        const QByteArray script = "local values = {cmsgpack.unpack(ARGV[1])}\n"
                                  "redis.call('DEL', KEYS[1])\n"
                                  "for _, v in ipairs(values) do redis.call('RPUSH', KEYS[1], v) end\n"
                                  "return #values";
        for (const bool wire : {false, true}) {
            RedisCommand command{"EVAL", script, "1"};
            QByteArray sent;
            RedisWireSink wireSink(sent, 4 + 1);
            if (wire) {
                wireSink.add("EVAL");
                wireSink.add(script);
                wireSink.add("1");
            }
            RedisCommandSink listSink(command);
            RedisPackingSink packing(wire ? static_cast<RedisArgSink &>(wireSink) : listSink, 1);
            write(packing);
            packing.finish();
            QCOMPARE(packing.packed(), expected.size() - 1);
            if (wire)
                QCOMPARE(wireSink.written(), 5);
            RedisConnection c(settingsFor(m_server.port()));
            Result<QList<RedisReply>> r = wire ? c.pipelineWire(sent, 1) : c.pipeline({command});
            QVERIFY2(r, r ? "" : qPrintable(r.error().message));
            QVERIFY2(r->at(0)->type == REDIS_REPLY_INTEGER, text(r->at(0)).constData());
            QCOMPARE(r->at(0)->integer, expected.size() - 1);
            Result<RedisReply> stored = c.command({"LRANGE", "k:plain", "0", "-1"});
            QVERIFY(stored);
            QCOMPARE(qsizetype(stored.value()->elements), expected.size() - 1);
            for (qsizetype i = 1; i < expected.size(); ++i)
                QVERIFY2(RedisConnection::bytes(stored.value()->element[i - 1]) == expected.at(i),
                         qPrintable(QStringLiteral("argument %1 (%2 bytes) came back otherwise").arg(i).arg(expected.at(i).size())));
        }
    }

    void compactRepliesAreHiredisRepliesAgain()
    {
        QRandomGenerator random(20261203);
        for (int round = 0; round < 300; ++round) {
            QByteArray wire;
            const int count = 1 + random.bounded(5);
            for (int i = 0; i < count; ++i)
                wire += randomReply(random, 3);
            const bool broken = round % 5 == 4; // a protocol error somewhere after the first byte
            if (broken)
                wire.insert(1 + random.bounded(wire.size() - 1), "\r\n!bad\r\n");
            redisReader *plain = redisReaderCreate();
            redisReader *compact = redisReaderCreate();
            RedisConnection::useCompactReplies(compact);
            QByteArray plainError, compactError;
            QList<void *> expected = readAll(plain, wire, random, &plainError);
            QList<void *> actual = readAll(compact, wire, random, &compactError);
            QCOMPARE(compactError, plainError);
            QCOMPARE(actual.size(), expected.size());
            if (!broken) {
                QVERIFY(plainError.isEmpty());
                QCOMPARE(actual.size(), qsizetype(count));
            }
            for (qsizetype i = 0; i < actual.size(); ++i) {
                const QString d = difference(static_cast<redisReply *>(expected.at(i)), static_cast<redisReply *>(actual.at(i)));
                QVERIFY2(d.isEmpty(), qPrintable(QStringLiteral("round %1, reply %2: %3").arg(round).arg(i).arg(d)));
                freeReplyObject(expected.at(i));
                RedisConnection::freeReply(static_cast<redisReply *>(actual.at(i)));
            }
            redisReaderFree(plain); // with it any reply left half read, by its own functions
            redisReaderFree(compact);
        }
    }

    void errorRepliesAreRepliesLikeAnyOther()
    {
        RedisMux mux(settingsFor(m_server.port()));
        RedisConnection c(settingsFor(m_server.port()));
        QVERIFY(c.command({"SET", "mux:string", "x"}));
        Result<QList<RedisReply>> r = mux.pipeline({{"HGET", "mux:string", "f"}, {"ECHO", "after"}});
        QVERIFY(r);
        QVERIFY(text(r->at(0)).startsWith("WRONGTYPE"));
        QCOMPARE(text(r->at(1)), QByteArray("after"));
    }

    void aKilledServerFailsTheRequestsInFlightAndComesBack()
    {
        RedisMux mux(settingsFor(m_server.port()));
        std::atomic<bool> stop{false};
        std::atomic<int> ok{0}, failed{0}, wrong{0}, emptyMessage{0};
        std::thread killer;
        std::vector<std::thread> threads;
        for (int t = 0; t < 24; ++t) {
            threads.emplace_back([&, t] {
                for (int i = 0; !stop; ++i) {
                    const QByteArray tag = QByteArray::number(t) + ':' + QByteArray::number(i);
                    Result<QList<RedisReply>> r = mux.pipeline({{"ECHO", tag}, {"ECHO", tag + "!"}});
                    if (!r) {
                        ++failed;
                        if (r.error().kind != ErrorKind::Unavailable || r.error().message.isEmpty())
                            ++emptyMessage;
                        std::this_thread::sleep_for(std::chrono::milliseconds(5));
                    } else if (r->size() != 2 || text(r->at(0)) != tag || text(r->at(1)) != tag + "!") {
                        ++wrong;
                    } else {
                        ++ok;
                    }
                }
            });
        }
        QTest::qWait(300);
        const int before = ok.load();
        QString error;
        QVERIFY2(m_server.kill(&error), qPrintable(error));
        QTest::qWait(300);
        const int failedWhileDown = failed.load();
        // The status bar's view of the node follows.
        const RedisNodeInfo down = mux.masters().value().constFirst();
        QVERIFY(!down.up);
        QVERIFY(!down.lastError.isEmpty());
        QVERIFY2(m_server.start(&error), qPrintable(error));
        // Back within the reconnect backoff (at most 5 s and a quarter).
        QTRY_VERIFY_WITH_TIMEOUT(ok.load() > before + 1000, 15000);
        stop = true;
        for (std::thread &thread : threads)
            thread.join();
        QVERIFY(mux.masters().value().constFirst().up);
        QVERIFY(before > 0);
        QVERIFY(failedWhileDown > 0);
        QCOMPARE(wrong.load(), 0);
        QCOMPARE(emptyMessage.load(), 0);
    }

    void thePoolSharesTheConfiguredNumberOfConnections_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<int>("connections");
        QTest::newRow("default") << QString() << 4;
        QTest::newRow("connections=3") << QStringLiteral("?connections=3") << 3;
        QTest::newRow("connections=0: one per thread") << QStringLiteral("?connections=0") << 12;
    }

    void thePoolSharesTheConfiguredNumberOfConnections()
    {
        QFETCH(QString, option);
        QFETCH(int, connections);
        Result<StoreUrl> url = StoreUrl::parse(m_server.url() + option);
        QVERIFY2(url, qPrintable(url.error().message));
        RedisConnection admin(settingsFor(m_server.port()));
        const auto ours = [&] {
            const QByteArray list = text(admin.command({"CLIENT", "LIST"}).value());
            const QByteArray name = "name=idem-" + QByteArray::number(QCoreApplication::applicationPid()) + ' ';
            const QList<QByteArray> lines = list.split('\n');
            return int(std::count_if(lines.cbegin(), lines.cend(), [&](const QByteArray &line) { return line.contains(name); }));
        };
        RedisConnectionPool pool(url.value());
        constexpr int kThreads = 12;
        std::atomic<int> failed{0}, ready{0};
        std::atomic<bool> counted{false};
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
                Result<RedisLink *> link = pool.connection();
                if (!link || !link.value()->command({"SET", "mux:pool:" + QByteArray::number(t), "1"}))
                    ++failed;
                ++ready;
                // Each thread stays until the connections are counted: one
                // that ended would take a connection of its own with it.
                while (!counted)
                    std::this_thread::sleep_for(std::chrono::milliseconds(1));
            });
        }
        QTRY_COMPARE_WITH_TIMEOUT(ready.load(), kThreads, 10000);
        const int seen = ours();
        counted = true;
        for (std::thread &thread : threads)
            thread.join();
        QCOMPARE(failed.load(), 0);
        QCOMPARE(seen, connections);
    }
};

QTEST_GUILESS_MAIN(RedisMuxTest)
#include "tst_redismux.moc"
