// The go-middleware JSON codec: golden bytes as Go 1.22's encoding/json
// writes them, values it accepts and values it refuses as corrupt.
// Runs twice: against IDEM_TEST_REDIS_URL (TestLayoutRedisCodec), then
// against the Redis Cluster of IDEM_TEST_REDIS_CLUSTER_URL
// (TestLayoutRedisCodecCluster: the same cases). Without its URL a pass fails
// under tools/test.sh and is skipped when run by hand
// (tests/serverrequirement.h).
#include "tests/layoutredisfixture.h"

using namespace Qt::StringLiterals;

class TestLayoutRedisCodec : public LayoutRedisFixture {
    Q_OBJECT

public:
    explicit TestLayoutRedisCodec(const char *urlVariable = "IDEM_TEST_REDIS_URL")
        : LayoutRedisFixture(urlVariable)
    {
    }

private slots:
    void encoderGolden()
    {
        const QByteArray in = "a\"b\\c\n\r\t\b\f\x01\x1f<>&\x7f\xc3\xa9\xe2\x80\xa8\xe2\x80\xa9\xff\xed\xa0\x80\xef\xbf\xbd/"_ba;
        QCOMPARE(
            GoJson::quote(in),
            "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f\\u003c\\u003e\\u0026\x7f\xc3\xa9\\u2028\\u2029\\ufffd\\ufffd\\ufffd\\ufffd\xef\xbf\xbd/\""_ba);

        GoTime t = GoTime::fromMs(k0620123, 0);
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T06:20:00.123Z"_ba);
        t.nanos = 120000000;
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T06:20:00.12Z"_ba);
        t.nanos = 0;
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T06:20:00Z"_ba);
        t.nanos = 1;
        t.offsetSeconds = -(5 * 3600 + 30 * 60);
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T00:50:00.000000001-05:30"_ba);
        t.offsetSeconds = 8 * 3600;
        QCOMPARE(GoJson::formatTime(t), "2026-11-30T14:20:00.000000001+08:00"_ba);

        GoRecord r;
        r.key = "k<1>";
        r.statusCode = 200;
        r.createdAt = GoTime::fromMs(k0625, 0);
        r.expiresAt = GoTime::fromMs(k0625 + 86400000, 0);
        r.requestHash = "h";
        QCOMPARE(
            GoJson::encode(r),
            R"({"key":"k\u003c1\u003e","status_code":200,"headers":null,"body":null,"created_at":"2026-11-30T06:25:00Z","expires_at":"2026-12-01T06:25:00Z","request_hash":"h","in_flight":false})"_ba);
        r.body = QByteArray(""); // empty, not nil
        r.headers.emplace();
        QVERIFY(GoJson::encode(r).contains(R"("headers":{},"body":"",)"));
        r.headers->insert("b", "2");
        r.headers->insert("a", "1");
        r.headers->insert("B", "\n");
        r.body = QByteArray("\x00\xff", 2);
        QVERIFY(GoJson::encode(r).contains(R"("headers":{"B":"\n","a":"1","b":"2"},"body":"AP8=",)"));

        // Decoding Go's bytes and encoding them again gives the same bytes.
        for (const QByteArray &stored : {kInFlight1001, kInFlight1003, kDone1000}) {
            Result<GoRecord> decoded = GoJson::decode(stored);
            QVERIFY2(decoded.ok(), qPrintable(decoded.error().message));
            QCOMPARE(GoJson::encode(decoded.value()), stored);
            decoded->createdAt.text.clear(); // formatted instead of kept: Go's output too
            decoded->expiresAt.text.clear();
            QCOMPARE(GoJson::encode(decoded.value()), stored);
        }
    }

    void decodeAccepted()
    {
        // Go matches names case-insensitively (K and ſ fold to ASCII), the last duplicate wins,
        // unknown fields are skipped, headers merge, a body may be an array of bytes.
        const QByteArray json = R"({"KEY":"first","\u212aey":"k2","\u017ftatus_code":7,"Created_At":"2026-11-30T06:20:00.123456789999Z",
            "EXPIRES_AT":"2026-11-30T06:20:00Z","request_hash":"h","In_Flight":true,"extra":{"a":[1,2,{"b":null}],"c":-1.5e3},
            "headers":{"a":"1"},"headers":{"b":"2","c":null},"body":[104,105]} )"_ba;
        Result<GoRecord> r = GoJson::decode(json);
        QVERIFY2(r.ok(), qPrintable(r.error().message));
        QCOMPARE(r->key, "k2"_ba);
        QCOMPARE(r->statusCode, 7);
        QCOMPARE(r->createdAt.nanos, 123456789); // digits past nine are dropped
        QCOMPARE(r->createdAt.msSinceEpoch(), k0620123);
        QVERIFY(r->inFlight);
        QCOMPARE(r->headers->value("a"), "1"_ba);
        QCOMPARE(r->headers->value("b"), "2"_ba);
        QVERIFY(r->headers->contains("c"));
        QCOMPARE(r->body.value(), "hi"_ba);

        Result<GoRecord> escaped = GoJson::decode(
            R"({"key":"\ud83d\ude00\ud800x","created_at":"2026-11-30T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":false,"body":"aGk\u003d\n"})"_ba);
        QVERIFY2(escaped.ok(), qPrintable(escaped.error().message));
        QCOMPARE(escaped->key, "\xf0\x9f\x98\x80\xef\xbf\xbdx"_ba);
        QCOMPARE(escaped->body.value(), "hi"_ba);
    }

    void decodeRejected_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        const QByteArray rest = R"("created_at":"2026-11-30T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h")"_ba;
        QTest::newRow("invalid json") << "{not json"_ba << u"not valid JSON"_s;
        QTest::newRow("trailing") << R"({"key":"k"} x)"_ba << u"not valid JSON"_s;
        QTest::newRow("control char") << "{\"key\":\"a\x01\"}"_ba << u"control character"_s;
        QTest::newRow("array") << "[1,2]"_ba << u"the value is an array, expected a JSON object"_s;
        QTest::newRow("in_flight string") << R"({"key":"k",)" + rest + R"(,"in_flight":"yes"})"
                                          << u"in_flight is a string, expected true/false"_s;
        QTest::newRow("missing created_at") << R"({"key":"k","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":true})"_ba
                                            << u"created_at is missing"_s;
        QTest::newRow("null key") << R"({"key":null,)" + rest + R"(,"in_flight":true})" << u"key is null"_s;
        QTest::newRow("bad base64") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"body":"!!!!"})" << u"body is not valid base64"_s;
        QTest::newRow("no padding") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"body":"aGk"})" << u"body is not valid base64"_s;
        QTest::newRow("bad time")
            << R"({"key":"k","created_at":"2026-11-30 06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":true})"_ba
            << u"created_at is not an RFC 3339 time"_s;
        QTest::newRow("no such day")
            << R"({"key":"k","created_at":"2026-02-29T06:20:00Z","expires_at":"2026-11-30T06:20:00Z","request_hash":"h","in_flight":true})"_ba
            << u"created_at is not an RFC 3339 time"_s;
        QTest::newRow("status fraction") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"status_code":1.5})" << u"status_code is 1.5"_s;
        QTest::newRow("status string") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"status_code":"200"})"
                                       << u"status_code is a string"_s;
        QTest::newRow("header number") << R"({"key":"k",)" + rest + R"(,"in_flight":true,"headers":{"a":1}})"
                                       << u"headers[\"a\"] is a number"_s;
    }

    void decodeRejected()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        Result<GoRecord> r = GoJson::decode(json);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, ErrorKind::Corrupt);
        QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    }
};

// The same cases on a Redis Cluster.
class TestLayoutRedisCodecCluster final : public TestLayoutRedisCodec {
    Q_OBJECT

public:
    TestLayoutRedisCodecCluster()
        : TestLayoutRedisCodec("IDEM_TEST_REDIS_CLUSTER_URL")
    {
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    TestLayoutRedisCodec single;
    const int failed = QTest::qExec(&single, argc, argv);
    TestLayoutRedisCodecCluster cluster;
    return failed + QTest::qExec(&cluster, argc, argv);
}
#include "tst_layoutrediscodec.moc"
