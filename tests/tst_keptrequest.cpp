// The request kept with a record, without a store: what the guard keeps
// under a scope's policy (headers, masking, the 4 KiB cap and its marker),
// the stored document read back, and hostile bodies (NULs, invalid UTF-8,
// 1 MB, control characters, deep nesting) kept safely and shown escaped.
#include "app/guard/fieldmasking.h"
#include "app/guard/requestkeeping.h"
#include "app/store/keptrequest.h"

#include <QtTest>

namespace {

GuardRequest requestOf(const QByteArray &body, const HeaderList &headers = {{"Content-Type", "application/json"}})
{
    GuardRequest r;
    r.scope = QStringLiteral("payment");
    r.key = QStringLiteral("k1");
    r.path = "/api/payments";
    r.headers = headers;
    r.body = body;
    return r;
}

KeptRequest decoded(const QByteArray &document)
{
    const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(document);
    if (!kept || !kept.value()) {
        qWarning() << "not a kept request:" << document.left(200) << (kept ? QString() : kept.error().message);
        return KeptRequest();
    }
    return *kept.value();
}

KeptRequest keep(const GuardRequest &request, const ScopePolicy &policy = ScopePolicy())
{
    return decoded(keptRequestOf(request, policy));
}

} // namespace

class KeptRequestTest : public QObject {
    Q_OBJECT

private slots:
    void keepsMethodPathAllowedHeadersAndBody()
    {
        const QByteArray body = R"({"order_no":"SO1","amount":{"value":"12.30","currency":"CNY"}})";
        const GuardRequest r = requestOf(body, {{"Content-Type", "application/json"},
                                                {"user-agent", "MallApp/8.3"},
                                                {"X-Request-Id", "r-1"},
                                                {"X-Forwarded-For", "223.104.1.2"},
                                                {"X-Forwarded-For", "10.0.0.1"},
                                                {"X-Internal", "not kept"},
                                                {"Idempotency-Key", "k1"}});
        const QByteArray document = keptRequestOf(r, ScopePolicy());
        const KeptRequest kept = decoded(document);
        QCOMPARE(kept.method, QStringLiteral("POST"));
        QCOMPARE(kept.path, QStringLiteral("/api/payments"));
        const QList<QPair<QString, QString>> expected{{QStringLiteral("Content-Type"), QStringLiteral("application/json")},
                                                      {QStringLiteral("user-agent"), QStringLiteral("MallApp/8.3")},
                                                      {QStringLiteral("X-Request-Id"), QStringLiteral("r-1")},
                                                      {QStringLiteral("X-Forwarded-For"), QStringLiteral("223.104.1.2")},
                                                      {QStringLiteral("X-Forwarded-For"), QStringLiteral("10.0.0.1")}};
        QCOMPARE(kept.headers, expected);
        QVERIFY(kept.hasBody && !kept.binary && !kept.truncated && !kept.bodyWithheld);
        QCOMPARE(kept.body, body); // byte for byte: nothing masked, nothing reordered
        QCOMPARE(kept.originalBytes, qint64(body.size()));
        QVERIFY(kept.redacted.isEmpty());
        QVERIFY(!document.contains("truncated") && !document.contains("redacted"));
        QVERIFY(kept.bodyIsJson());
        // Shown indented, in the order sent, strings (and their escapes) as sent.
        KeptRequest shown;
        shown.hasBody = true;
        shown.body = "{\"z\":1, \"a\":[], \"b\":{\"c\":\"x,y:{[\\u0041\"},\"d\":[1,{\"e\":null}]}";
        QCOMPARE(shown.bodyText(),
                 QStringLiteral("{\n    \"z\": 1,\n    \"a\": [],\n    \"b\": {\n        \"c\": \"x,y:{[\\u0041\"\n    },\n"
                                "    \"d\": [\n        1,\n        {\n            \"e\": null\n        }\n    ]\n}"));
    }

    void credentialsAreNeverKeptEvenWhenListed()
    {
        ScopePolicy policy;
        policy.keptHeaders << QStringLiteral("Authorization") << QStringLiteral("cookie") << QStringLiteral("Set-Cookie")
                           << QStringLiteral("Proxy-Authorization") << QStringLiteral("X-Tenant");
        const GuardRequest r = requestOf("{}", {{"AUTHORIZATION", "Bearer secret-token"},
                                                {"Cookie", "session=secret-cookie"},
                                                {"Proxy-Authorization", "Basic c2VjcmV0"},
                                                {"X-Tenant", "t1"}});
        const QByteArray document = keptRequestOf(r, policy);
        QVERIFY2(!document.contains("secret") && !document.contains("c2VjcmV0"), document.constData());
        QCOMPARE(decoded(document).headers, (QList<QPair<QString, QString>>{{QStringLiteral("X-Tenant"), QStringLiteral("t1")}}));
    }

    void keepingOffKeepsNothing()
    {
        ScopePolicy policy;
        policy.keepRequest = false;
        QVERIFY(keptRequestOf(requestOf(R"({"card_number":"6222021234567890"})"), policy).isEmpty());
        const Result<std::optional<KeptRequest>> none = KeptRequest::decode(QByteArray());
        QVERIFY(none.ok() && !none.value());
    }

    void maskingMatchesNames_data()
    {
        QTest::addColumn<QByteArray>("field");
        QTest::addColumn<bool>("masked");
        QTest::newRow("exact") << QByteArray("card_number") << true;
        QTest::newRow("camel") << QByteArray("cardNumber") << true;
        QTest::newRow("pascal") << QByteArray("CardNumber") << true;
        QTest::newRow("kebab upper") << QByteArray("CARD-NUMBER") << true;
        QTest::newRow("joined") << QByteArray("cardnumber") << true;
        QTest::newRow("prefixed") << QByteArray("payer_card_number") << true;
        QTest::newRow("suffixed") << QByteArray("card_number_last4") << true;
        QTest::newRow("acronym") << QByteArray("PAN") << true;
        QTest::newRow("acronym then word") << QByteArray("PANNumber") << true;
        QTest::newRow("digits") << QByteArray("cvv2") << true;
        QTest::newRow("new password") << QByteArray("newPassword") << true;
        QTest::newRow("id card") << QByteArray("idCard") << true;
        QTest::newRow("company is not pan") << QByteArray("company") << false;
        QTest::newRow("span is not pan") << QByteArray("span") << false;
        QTest::newRow("card alone") << QByteArray("card") << false;
        QTest::newRow("number alone") << QByteArray("number") << false;
        QTest::newRow("card holder") << QByteArray("card_holder") << false;
    }

    void maskingMatchesNames()
    {
        QFETCH(QByteArray, field);
        QFETCH(bool, masked);
        QCOMPARE(FieldMasking(ScopePolicy().redactedFields).matches(field), masked);
    }

    void aCardNumberIsMaskedAtAnyDepthAndNothingElseChanges()
    {
        const QByteArray body = "{ \"order_no\" : \"SO1\",\n  \"card\": {\"card_number\": \"6222021234567890\", \"cvv\": 123,"
                                " \"holder\": \"ZHANG WEI\"},\n  \"items\": [{\"pan\": [\"6222\", {\"x\": 1}]}, {\"pan\": null}],"
                                " \"card\\u005fnumber\": \"6222029999999999\", \"note\": \"pan-fried\", \"z\": 1 }";
        const KeptRequest kept = keep(requestOf(body));
        QVERIFY2(!kept.body.contains("6222") && !kept.body.contains("123,"), kept.body.constData());
        const QByteArray expected = "{ \"order_no\" : \"SO1\",\n  \"card\": {\"card_number\": \"[REDACTED]\", \"cvv\": \"[REDACTED]\","
                                    " \"holder\": \"ZHANG WEI\"},\n  \"items\": [{\"pan\": \"[REDACTED]\"}, {\"pan\": \"[REDACTED]\"}],"
                                    " \"card\\u005fnumber\": \"[REDACTED]\", \"note\": \"pan-fried\", \"z\": 1 }";
        QCOMPARE(kept.body, expected);
        QCOMPARE(kept.redacted, (QStringList{QStringLiteral("card.card_number"), QStringLiteral("card.cvv"), QStringLiteral("items[].pan"),
                                             QStringLiteral("card\\u005fnumber")}));
        QVERIFY(kept.notes().join(QLatin1Char(' ')).contains(QLatin1String("card.card_number")));
        QVERIFY(kept.bodyText().contains(QLatin1String("[REDACTED]")));
    }

    void embeddedEncodingsNamingAMaskedFieldAreMaskedWhole()
    {
        // A gateway's biz_content: JSON inside a JSON string.
        // (Not a raw string: moc misreads a backslash-quote inside one.)
        const QByteArray body = "{\"app_id\":\"2021\",\"biz_content\":\"{\\\"card_number\\\":\\\"6222021234567890\\\",\\\"amount\\\":"
                                "\\\"1.00\\\"}\",\"sign\":\"abc\"}";
        const KeptRequest kept = keep(requestOf(body));
        QCOMPARE(kept.body, QByteArray(R"({"app_id":"2021","biz_content":"[REDACTED]","sign":"abc"})"));
        QCOMPARE(kept.redacted, QStringList{QStringLiteral("biz_content")});
        // Free text that mentions a name is not structure: kept.
        const QByteArray text = R"({"message":"reset your password"})";
        QCOMPARE(keep(requestOf(text)).body, text);
    }

    void formsAndQueryStringsAreMasked()
    {
        GuardRequest r = requestOf("out_trade_no=SO1&card_number=6222021234567890&total_amount=1.00&biz=%7B%22cvv%22%3A%22123%22%7D",
                                   {{"Content-Type", "application/x-www-form-urlencoded"}});
        r.path = "/callbacks/pay?sign=abc&Password=hunter2&x=1#top";
        const KeptRequest kept = keep(r);
        QCOMPARE(kept.body, QByteArray("out_trade_no=SO1&card_number=[REDACTED]&total_amount=1.00&biz=[REDACTED]"));
        QCOMPARE(kept.path, QStringLiteral("/callbacks/pay?sign=abc&Password=[REDACTED]&x=1#top"));
        QCOMPARE(kept.redacted, (QStringList{QStringLiteral("Password"), QStringLiteral("card_number"), QStringLiteral("biz")}));
    }

    void aBodyThatCannotBeMaskedIsWithheld_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("xml") << QByteArray("<pay><card_number>6222021234567890</card_number></pay>");
        QTest::newRow("broken json") << QByteArray(R"({"card_number":"6222021234567890",)");
        QTest::newRow("too deep") << QByteArray(100, '[') + "{\"cvv\":\"123\"}" + QByteArray(100, ']');
        QTest::newRow("binary") << QByteArray("\xff\xfe\x00password\x00hunter2", 19);
    }

    void aBodyThatCannotBeMaskedIsWithheld()
    {
        QFETCH(QByteArray, body);
        const QByteArray document = keptRequestOf(requestOf(body), ScopePolicy());
        QVERIFY2(!document.contains("6222021234567890") && !document.contains("123") && !document.contains("hunter2"),
                 document.constData());
        const KeptRequest kept = decoded(document);
        QVERIFY(kept.bodyWithheld && !kept.hasBody);
        QCOMPARE(kept.originalBytes, qint64(body.size()));
        QVERIFY(kept.notes().join(QLatin1Char(' ')).contains(QLatin1String("not kept")));
        // Without names to mask, the same body is kept (as text or base64).
        ScopePolicy unmasked;
        unmasked.redactedFields.clear();
        QVERIFY(!keep(requestOf(body), unmasked).bodyWithheld);
    }

    void theDocumentIsCutAt4KiBWithAMarker_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("binary");
        QTest::newRow("1 MB of JSON") << ("{\"data\":\"" + QByteArray(1024 * 1024, 'x') + "\"}") << false;
        QTest::newRow("quotes escape to twice their size") << QByteArray(10000, '"') << false;
        QTest::newRow("control characters escape to six") << QByteArray(10000, '\x01') << false;
        QTest::newRow("NUL bytes") << QByteArray(5000, '\0') << false;
        QTest::newRow("Chinese, 3 bytes each") << QStringLiteral("支付").repeated(2000).toUtf8() << false;
        QTest::newRow("emoji, 4 bytes each") << QStringLiteral("\U0001F4B3").repeated(2000).toUtf8() << false;
        QTest::newRow("binary") << QByteArray(100000, '\xff') << true;
    }

    void theDocumentIsCutAt4KiBWithAMarker()
    {
        QFETCH(QByteArray, body);
        QFETCH(bool, binary);
        ScopePolicy policy;
        policy.redactedFields.clear();
        const QByteArray document = keptRequestOf(requestOf(body, {}), policy);
        QVERIFY2(document.size() <= kMaxKeptRequestBytes, QByteArray::number(document.size()).constData());
        QVERIFY(document.size() > kMaxKeptRequestBytes - 64); // cut to fit, not far below
        const KeptRequest kept = decoded(document);
        QVERIFY(kept.truncated);
        QCOMPARE(kept.binary, binary);
        QCOMPARE(kept.originalBytes, qint64(body.size()));
        QVERIFY(kept.body.size() > 0 && kept.body.size() < body.size());
        QVERIFY2(body.startsWith(kept.body), "the kept body is a prefix, cut between characters"); // and it decoded: valid UTF-8 or base64
        QVERIFY(kept.notes().constFirst().contains(QString::number(body.size())));
    }

    void hugeHeadersAndPathsCrowdOutTheBodyButNeverTheCap()
    {
        ScopePolicy policy;
        policy.keptHeaders << QStringLiteral("X-Huge");
        HeaderList headers;
        for (int i = 0; i < 50; ++i)
            headers.append({"X-Huge", QByteArray(3000, '\x02')});
        GuardRequest r = requestOf(QByteArray(8000, 'b'), headers);
        r.path = "/" + QByteArray(100000, '\x7f');
        r.method = QByteArray(500, 'M');
        QStringList many;
        for (int i = 0; i < 100; ++i)
            many << QStringLiteral("field%1_with_a_long_name_%2").arg(i).arg(QString(60, QLatin1Char('x')));
        policy.redactedFields = many;
        QByteArray body = "{";
        for (int i = 0; i < 100; ++i)
            body += (i ? "," : "") + QStringLiteral("\"field%1_with_a_long_name_%2\":1").arg(i).arg(QString(60, QLatin1Char('x'))).toUtf8();
        r.body = body + "}";
        const QByteArray document = keptRequestOf(r, policy);
        QVERIFY2(document.size() <= kMaxKeptRequestBytes, QByteArray::number(document.size()).constData());
        const KeptRequest kept = decoded(document);
        QVERIFY(kept.truncated);
        QCOMPARE(kept.redacted.size(), qsizetype(kMaxRedactedPaths));
    }

    // Records keep these documents and tests elsewhere compare them: the
    // encoder's output for non-ASCII text, escapes, cut values and headers
    // past their budget is pinned byte for byte (the SHA-256 of the
    // document the encoder wrote before it narrowed ASCII on the stack).
    void theDocumentIsStableByteForByte()
    {
        KeptRequest r;
        r.method = QStringLiteral("POST");
        r.path = QStringLiteral("/支付/\u00e9?q=\"a\"&b=%1").arg(QString(1100, QLatin1Char('p')));
        r.headers = {{QStringLiteral("X-Name"), QStringLiteral("caf\u00e9\t\x01")},
                     {QStringLiteral("X-Long"), QString(600, QLatin1Char('v'))}};
        for (int i = 0; i < 6; ++i)
            r.headers.append({QStringLiteral("X-Fill-%1").arg(i), QString(300, QLatin1Char('0' + i))});
        r.body = "{\"note\":\"\xe4\xbd\xa0\\\"x\\\"\n\"}";
        r.hasBody = true;
        r.originalBytes = 1234567;
        r.redacted = QStringList{QStringLiteral("card_number"), QStringLiteral("payer.名")};
        const QByteArray document = r.encode();
        QVERIFY(document.contains("\"truncated\":true") && document.contains("X-Fill-1") && !document.contains("X-Fill-5"));
        QCOMPARE(QCryptographicHash::hash(document, QCryptographicHash::Sha256).toHex(),
                 QByteArray("67e71ff63e767f89aa356fefa8d2d9363f9758fdce12d2a00a318ab26ea6d9c2"));
    }

    void hostileBytesAreShownEscaped()
    {
        ScopePolicy policy;
        policy.keptHeaders << QStringLiteral("X-Evil");
        const QByteArray body = QByteArrayLiteral("line1\nline2\x1b]0;pwned\x07\x1b[2J\xe2\x80\xae"
                                                  "evil\0end");
        QCOMPARE(body.size(), qsizetype(36));
        const KeptRequest kept = keep(requestOf(body, {{"X-Evil", "a\x1b[31mb"}}), policy);
        QCOMPARE(kept.body, body);
        const QString shown = kept.displayText();
        QVERIFY2(!shown.contains(QChar(0x1b)) && !shown.contains(QChar(0x07)) && !shown.contains(QChar(0x202e))
                     && !shown.contains(QChar(0)),
                 qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1String("\\x1b]0;pwned\\x07")) && shown.contains(QLatin1String("\\u{202e}"))
                     && shown.contains(QLatin1String("\\x00end")) && shown.contains(QLatin1String("X-Evil: a\\x1b[31mb")),
                 qPrintable(shown));
        QVERIFY(shown.contains(QLatin1String("line1\nline2"))); // line breaks stay in a block
        // Invalid UTF-8 is kept as base64 and shown as hex.
        const KeptRequest raw = keep(requestOf(QByteArray("\xc3\x28 ok", 5), {}), policy);
        QVERIFY(raw.binary);
        QCOMPARE(raw.body, QByteArray("\xc3\x28 ok", 5));
        QVERIFY(raw.bodyText().contains(QLatin1String("c3 28 20 6f 6b")));
    }

    void randomBodiesAlwaysMakeADocumentThatReadsBack()
    {
        QRandomGenerator random(20240618);
        ScopePolicy policy;
        for (int i = 0; i < 2000; ++i) {
            QByteArray body(int(random.bounded(6000)), Qt::Uninitialized);
            const bool ascii = i % 3 == 0;
            for (char &c : body)
                c = char(ascii ? 0x20 + random.bounded(95) : random.bounded(256));
            const QByteArray document = keptRequestOf(requestOf(body), policy);
            QVERIFY(document.size() <= kMaxKeptRequestBytes);
            const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(document);
            QVERIFY2(kept.ok() && kept.value(), document.left(300).constData());
            const KeptRequest &k = *kept.value();
            QVERIFY(k.bodyWithheld || (body.startsWith(k.body) || !k.redacted.isEmpty()));
        }
    }

    void aDocumentThatIsNotOneIsAnErrorNotARecordProblem()
    {
        for (const QByteArray &bad : {QByteArray("not json"), QByteArray("[1,2]"), QByteArray(R"({"headers":[["a"]]})"),
                                      QByteArray(R"({"body_base64":"!!!"})"), QByteArray(R"({"method":7})")}) {
            const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(bad);
            QVERIFY2(!kept.ok() && kept.error().kind == ErrorKind::Corrupt, bad.constData());
        }
    }
};

QTEST_GUILESS_MAIN(KeptRequestTest)
#include "tst_keptrequest.moc"
