// encodeHeaders / decodeHeaders (app/store/record.h): a cached response's
// headers, stored as a JSON array of [name, value] pairs. Both write and read
// the plain ASCII form without QJsonDocument (every completed request
// encodes, every replay decodes); everything else goes through QJsonDocument.
// Both roads must give the same bytes and answers, checked here against
// QJsonDocument itself.
#include "app/store/record.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QtTest>

namespace {

// The references: what encodeHeaders wrote and decodeHeaders answered
// before they had a fast road.
QByteArray jsonOf(const HeaderList &headers)
{
    QJsonArray array;
    for (const auto &[name, value] : headers)
        array.append(QJsonArray{QString::fromLatin1(name), QString::fromLatin1(value)});
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

std::optional<HeaderList> viaQJson(const QByteArray &json)
{
    if (json.isEmpty())
        return HeaderList{};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return std::nullopt;
    HeaderList headers;
    for (const QJsonValue &pair : doc.array()) {
        const QJsonArray p = pair.toArray();
        if (p.size() != 2 || !p.at(0).isString() || !p.at(1).isString())
            return std::nullopt;
        headers.append({p.at(0).toString().toLatin1(), p.at(1).toString().toLatin1()});
    }
    return headers;
}

} // namespace

class HeadersTest : public QObject {
    Q_OBJECT

private slots:
    void roundTrips_data()
    {
        QTest::addColumn<HeaderList>("headers");
        QTest::newRow("none") << HeaderList{};
        QTest::newRow("one") << HeaderList{{"Content-Type", "application/json"}};
        QTest::newRow("duplicates kept in order") << HeaderList{{"Set-Cookie", "a=1"}, {"X", "y"}, {"Set-Cookie", "b=2"}};
        QTest::newRow("empty name and value") << HeaderList{{"", ""}};
        QTest::newRow("quote and backslash") << HeaderList{{"X-Q", "say \"hi\" \\ bye"}};
        QTest::newRow("brackets and commas") << HeaderList{{"X-[", "],[\",\"]"}};
        QTest::newRow("control and Latin-1") << HeaderList{{"X-Tab", "a\tb\r\n"}, {"X-Latin", "caf\xe9 \xff"}};
    }

    void roundTrips()
    {
        QFETCH(HeaderList, headers);
        const QByteArray json = encodeHeaders(headers);
        QCOMPARE(json, jsonOf(headers));
        QCOMPARE(decodeHeaders(json), std::optional<HeaderList>(headers));
        QCOMPARE(decodeHeaders(json), viaQJson(json));
    }

    void refusesWhatIsNotAListOfPairs_data()
    {
        QTest::addColumn<QByteArray>("json");
        for (const char *bad : {"[", "]", "[[", "[]]", "[[]]", "[[\"a\"]]", "[[\"a\",\"b\",\"c\"]]", "[[\"a\",1]]", "[[\"a\",\"b\"],]",
                                "[[\"a\",\"b\"]]x", "[[\"a\",\"b\"][\"c\",\"d\"]]", "[[\"a\",\"b\"", "{}", "\"a\"", "[[\"a\",\"b]]",
                                "[[\"a\" \"b\"]]", "[[\"a\",\"b\"],[\"c\",\"d\"]"})
            QTest::newRow(bad) << QByteArray(bad);
    }

    void refusesWhatIsNotAListOfPairs()
    {
        QFETCH(QByteArray, json);
        QCOMPARE(decodeHeaders(json), std::nullopt);
        QCOMPARE(viaQJson(json), std::nullopt);
    }

    void acceptsWhatQJsonAccepts()
    {
        // Whitespace and escapes the engine never writes, but another
        // writer may: the slow road reads them.
        const QByteArray json = " [ [\"A\" , \"b\\u0041\"] ] ";
        QCOMPARE(decodeHeaders(json), std::optional<HeaderList>(HeaderList{{"A", "bA"}}));
    }

    // Headers of random bytes: encodeHeaders writes what QJsonDocument
    // writes, and reads back what it was given.
    void encodesLikeQJson()
    {
        QRandomGenerator random(16);
        for (int round = 0; round < 20000; ++round) {
            HeaderList headers;
            for (int i = int(random.bounded(4)); i > 0; --i) {
                QByteArray name, value;
                for (int n = int(random.bounded(5)); n > 0; --n)
                    name.append(char(random.bounded(2) ? 0x20 + random.bounded(0x5f) : random.bounded(256)));
                for (int n = int(random.bounded(5)); n > 0; --n)
                    value.append(char(0x20 + random.bounded(0x5f)));
                headers.append({name, value});
            }
            const QByteArray json = encodeHeaders(headers);
            if (json != jsonOf(headers) || decodeHeaders(json) != std::optional<HeaderList>(headers))
                QFAIL(qPrintable(
                    QStringLiteral("encodeHeaders differs from QJsonDocument on %1").arg(QString::fromLatin1(jsonOf(headers).toHex()))));
        }
    }

    // Mutations of valid encodings (a byte changed, dropped or doubled):
    // the fast road never answers differently from QJsonDocument.
    void agreesWithQJsonOnMutations()
    {
        QRandomGenerator random(15);
        const QByteArray alphabet = "[]\",\\ aZ09:-{}\x01\x7f\xe9u";
        for (int round = 0; round < 20000; ++round) {
            HeaderList headers;
            for (int i = int(random.bounded(4)); i > 0; --i)
                headers.append({QByteArray::number(random.bounded(100)), QByteArray(int(random.bounded(3)), 'v')});
            QByteArray json = encodeHeaders(headers);
            for (int edits = 1 + int(random.bounded(3)); edits > 0 && !json.isEmpty(); --edits) {
                const qsizetype at = random.bounded(json.size());
                switch (random.bounded(3)) {
                case 0:
                    json[at] = alphabet.at(random.bounded(alphabet.size()));
                    break;
                case 1:
                    json.remove(at, 1);
                    break;
                default:
                    json.insert(at, json.at(at));
                    break;
                }
            }
            if (decodeHeaders(json) != viaQJson(json))
                QFAIL(qPrintable(QStringLiteral("decodeHeaders and QJsonDocument disagree on %1").arg(QString::fromLatin1(json.toHex()))));
        }
    }
};

QTEST_GUILESS_MAIN(HeadersTest)
#include "tst_headers.moc"
