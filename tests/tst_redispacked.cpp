// The claim script's packed record (app/store/redispacked.h): the reader
// takes every string length cmsgpack writes and refuses anything else
// (another type, a length past the end, bytes left over); and on a real
// Redis (IDEM_TEST_REDIS_URL) responses of every length class and of every
// byte value come back from a replay byte for byte, a claimed and an
// in-flight record too.
#include "app/guard/guard.h"
#include "app/store/redispacked.h"
#include "app/store/redisstore.h"
#include "tests/serverrequirement.h"

#include <QtTest>

namespace {

QByteArray str(const QByteArray &bytes)
{
    const qsizetype n = bytes.size();
    QByteArray out;
    if (n < 32)
        out.append(char(0xa0 | n));
    else if (n <= 0xff)
        out.append(char(0xd9)).append(char(n));
    else if (n <= 0xffff)
        out.append(char(0xda)).append(char(n >> 8)).append(char(n));
    else
        out.append(char(0xdb)).append(char(n >> 24)).append(char(n >> 16)).append(char(n >> 8)).append(char(n));
    return out + bytes;
}

QByteArray allBytes(qsizetype size)
{
    QByteArray out(size, Qt::Uninitialized);
    for (qsizetype i = 0; i < size; ++i)
        out[i] = char(i * 7 % 256);
    return out;
}

} // namespace

class RedisPackedTest : public QObject {
    Q_OBJECT

private slots:
    void readsEveryLengthClass()
    {
        const QByteArrayList strings{"",
                                     "COMPLETED",
                                     QByteArray(31, 'a'),
                                     QByteArray(32, 'b'),
                                     QByteArray(255, 'c'),
                                     QByteArray(256, 'd'),
                                     allBytes(65535),
                                     allBytes(65536)};
        QByteArray packed(1, char(0x90 | (strings.size() + 2)));
        for (const QByteArray &s : strings)
            packed += str(s);
        packed += QByteArray("\xc2\xc0", 2); // false, nil
        const std::optional<QList<PackedField>> fields = unpackFields(packed);
        QVERIFY(fields);
        QCOMPARE(fields->size(), strings.size() + 2);
        for (qsizetype i = 0; i < strings.size(); ++i) {
            QVERIFY(fields->at(i).has_value());
            QCOMPARE(fields->at(i)->toByteArray(), strings.at(i));
        }
        QVERIFY(!fields->at(strings.size()).has_value());
        QVERIFY(!fields->at(strings.size() + 1).has_value());

        // array 16 and bin 8, which cmsgpack does not write but MessagePack allows.
        const QByteArray wide = QByteArray("\xdc\x00\x01\xc4\x02hi", 7);
        QCOMPARE(unpackFields(wide).value().constFirst()->toByteArray(), QByteArray("hi"));
    }

    void refusesWhatIsNotAnArrayOfStrings_data()
    {
        QTest::addColumn<QByteArray>("packed");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("a string, not an array") << QByteArray("\xa2hi", 3);
        QTest::newRow("a map") << QByteArray("\x81\xa1k\xa1v", 5);
        QTest::newRow("an integer item") << QByteArray("\x91\x05", 2);
        QTest::newRow("true") << QByteArray("\x91\xc3", 2);
        QTest::newRow("a nested array") << QByteArray("\x91\x90", 2);
        QTest::newRow("fewer items than said") << QByteArray("\x93\xa1x\xa1y", 5);
        QTest::newRow("a string past the end") << QByteArray("\x91\xa5hi", 4);
        QTest::newRow("str8 without its length") << QByteArray("\x91\xd9", 2);
        QTest::newRow("str32 of 4 GB") << QByteArray("\x91\xdb\xff\xff\xff\xffxx", 8);
        QTest::newRow("array32 of 4 G items") << QByteArray("\xdd\xff\xff\xff\xff\xa1x", 7);
        QTest::newRow("bytes left over") << QByteArray("\x91\xa1x\xa1y", 5);
    }

    void refusesWhatIsNotAnArrayOfStrings()
    {
        QFETCH(QByteArray, packed);
        QVERIFY(!unpackFields(packed).has_value());
    }

    void responsesComeBackByteForByte_data()
    {
        QTest::addColumn<int>("size");
        for (int size : {0, 1, 31, 32, 255, 256, 65535, 65536, 300000})
            QTest::addRow("%d bytes", size) << size;
    }

    void responsesComeBackByteForByte()
    {
        QFETCH(int, size);
        IDEM_FETCH_SERVER_URL(url, "IDEM_TEST_REDIS_URL");
        RedisStore store(StoreUrl::parse(url).value());
        QVERIFY(store.open());
        Guard guard(store);
        GuardRequest request;
        request.scope = QStringLiteral("packed-%1").arg(QCoreApplication::applicationPid());
        request.key = QStringLiteral("body-%1").arg(size);
        request.path = "/api/pay";
        request.body = "{}";
        const Response response{201, {{"X-Bytes", QByteArray(300, 'h')}}, allBytes(size)};

        // In flight: a second claim sees the in-flight record, packed too.
        GuardResult whileRunning;
        const GuardResult first = guard.handle(request, [&] {
            whileRunning = guard.handle(request, [] { return Response{500, {}, "ran twice"}; });
            return response;
        });
        QCOMPARE(first.outcome, GuardOutcome::Executed);
        QCOMPARE(whileRunning.outcome, GuardOutcome::InProgress);

        const GuardResult replay = guard.handle(request, [] { return Response{500, {}, "ran twice"}; });
        QCOMPARE(replay.outcome, GuardOutcome::Replayed);
        QCOMPARE(replay.response.status, 201);
        QCOMPARE(replay.response.body, response.body);
        bool headerKept = false;
        for (const auto &[name, value] : replay.response.headers)
            headerKept = headerKept || (name == "X-Bytes" && value == QByteArray(300, 'h'));
        QVERIFY(headerKept);

        GuardRequest other = request;
        other.body = "{\"other\":1}";
        QCOMPARE(guard.handle(other, [] { return Response{500, {}, "ran twice"}; }).outcome, GuardOutcome::Mismatch);
    }
};

QTEST_GUILESS_MAIN(RedisPackedTest)
#include "tst_redispacked.moc"
