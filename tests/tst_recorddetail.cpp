// The detail pane's Request tab, offscreen: what a record kept (method,
// path, headers, body pretty-printed), the cut and mask markers, escaped
// hostile text, binary bodies, a request-less record saying why, and the
// In flight tab showing a guard-kept request from a real SQLite store.
#include "app/guard/guard.h"
#include "app/guard/requestkeeping.h"
#include "app/store/keptrequest.h"
#include "app/store/openstore.h"
#include "models/inflightrecordmodel.h"
#include "models/storesession.h"
#include "ui/inflightview.h"
#include "ui/keptrequestview.h"
#include "ui/recorddetailview.h"

#include <QLabel>
#include <QTableView>
#include <QtTest>

namespace {

GuardRequest payment(const QByteArray &body)
{
    GuardRequest r;
    r.scope = QStringLiteral("payment");
    r.key = QStringLiteral("k-1");
    r.path = "/api/payments?channel=app";
    r.headers = {{"Content-Type", "application/json"}, {"X-Request-Id", "req-77"}, {"Authorization", "Bearer secret"}};
    r.body = body;
    r.bizNo = QStringLiteral("SO1");
    return r;
}

Record recordWith(const QByteArray &request, RecordState state = RecordState::InFlight)
{
    Record r;
    r.scope = QStringLiteral("payment");
    r.key = QStringLiteral("k-1");
    r.state = state;
    r.lease = QStringLiteral("lease");
    r.updatedAt = r.createdAt = QDateTime::currentMSecsSinceEpoch() - 60000;
    r.request = request;
    if (state == RecordState::Completed) {
        r.statusCode = 201;
        r.headers = "[[\"Content-Type\",\"application/json\"]]";
        r.body = "{\"status\":\"PAID\"}";
    }
    return r;
}

const QByteArray kBody = R"({"order_no":"SO1","card":{"card_number":"6222021234567890","holder":"LI NA"},"amount":"88.00"})";

} // namespace

class RecordDetailTest : public QObject {
    Q_OBJECT

private slots:
    void anInFlightRecordOpensOnItsRequest()
    {
        RecordDetailView view;
        view.show();
        view.showRecord(recordWith(keptRequestOf(payment(kBody), ScopePolicy())), QDateTime::currentMSecsSinceEpoch());
        QVERIFY(view.showsRequest());
        const KeptRequestView *request = view.requestView();
        QCOMPARE(request->requestLineText(), QStringLiteral("POST /api/payments?channel=app"));
        QCOMPARE(request->headersText(), QStringLiteral("Content-Type: application/json\nX-Request-Id: req-77"));
        const QString body = request->bodyText();
        QVERIFY2(body.contains(QLatin1String("\"card_number\": \"[REDACTED]\"")) && body.contains(QLatin1String("\n")), qPrintable(body));
        QVERIFY(!body.contains(QLatin1String("6222021234567890")));
        QCOMPARE(request->notesText(), QStringLiteral("Masked before it was stored: card.card_number."));
        QVERIFY(request->findChild<QLabel *>(QStringLiteral("requestNotes"))->isVisible());

        // A completed record opens on its response; the request is still there.
        view.showRecord(recordWith(keptRequestOf(payment(kBody), ScopePolicy()), RecordState::Completed),
                        QDateTime::currentMSecsSinceEpoch());
        QVERIFY(!view.showsRequest());
        QVERIFY(view.bodyText().contains(QLatin1String("PAID")));
        QVERIFY(request->bodyText().contains(QLatin1String("[REDACTED]")));
    }

    void aCutRequestSaysSoAndHowBigItWas()
    {
        RecordDetailView view;
        GuardRequest big = payment("{\"items\":\"" + QByteArray(1024 * 1024, 'x') + "\"}");
        view.showRecord(recordWith(keptRequestOf(big, ScopePolicy())), QDateTime::currentMSecsSinceEpoch());
        const QString notes = view.requestView()->notesText();
        QVERIFY2(notes.contains(QLatin1String("Cut to the 4 KiB kept per record")) && notes.contains(QLatin1String("1048588")),
                 qPrintable(notes));
        QVERIFY(view.requestView()->bodyText().startsWith(QLatin1String("{\"items\":\"xxx")));
    }

    void hostileAndBinaryRequestsAreShownSafely()
    {
        ScopePolicy policy;
        policy.keptHeaders << QStringLiteral("X-Evil");
        GuardRequest evil = payment(QByteArray("ok\x1b]0;pwned\x07\xe2\x80\xae"
                                               "end"));
        evil.headers.append(qMakePair(QByteArray("X-Evil"), QByteArray("a\x1b[31mb")));
        evil.path = "/api/\x1b[2Jpay";
        RecordDetailView view;
        view.showRecord(recordWith(keptRequestOf(evil, policy)), QDateTime::currentMSecsSinceEpoch());
        const KeptRequestView *r = view.requestView();
        const QString all = r->requestLineText() + r->headersText() + r->bodyText();
        QVERIFY2(!all.contains(QChar(0x1b)) && !all.contains(QChar(0x07)) && !all.contains(QChar(0x202e)), qPrintable(all));
        QCOMPARE(r->requestLineText(), QStringLiteral("POST /api/\\x1b[2Jpay"));
        QVERIFY(r->headersText().contains(QLatin1String("X-Evil: a\\x1b[31mb")));
        QCOMPARE(r->bodyText(), QStringLiteral("ok\\x1b]0;pwned\\x07\\u{202e}end"));

        view.showRecord(recordWith(keptRequestOf(payment(QByteArray("\x00\xff\xfe\x01", 4)), policy)), QDateTime::currentMSecsSinceEpoch());
        QVERIFY2(r->bodyText().contains(QLatin1String("00 ff fe 01")), qPrintable(r->bodyText()));
    }

    void withoutARequestThePaneSaysWhy()
    {
        RecordDetailView view;
        view.setRequestNote(QStringLiteral("The go-middleware layout keeps no request."));
        view.showRecord(recordWith(QByteArray()), QDateTime::currentMSecsSinceEpoch());
        QCOMPARE(view.requestView()->requestLineText(), QStringLiteral("The go-middleware layout keeps no request."));
        QVERIFY(view.requestView()->bodyText().isEmpty() && view.requestView()->headersText().isEmpty());

        // A body kept alone (java-handler's request_body).
        KeptRequest bodyOnly;
        bodyOnly.body = "{\"order\":1}";
        bodyOnly.hasBody = true;
        bodyOnly.originalBytes = bodyOnly.body.size();
        view.showRecord(recordWith(bodyOnly.encode()), QDateTime::currentMSecsSinceEpoch());
        QVERIFY(view.requestView()->requestLineText().contains(QLatin1String("body only")));
        QVERIFY(view.requestView()->bodyText().contains(QLatin1String("\"order\": 1")));

        // A stored value that is not a kept request: said, and the record still shows.
        view.showRecord(recordWith("{not json"), QDateTime::currentMSecsSinceEpoch());
        QVERIFY(view.requestView()->requestLineText().contains(QLatin1String("cannot be read")));
        QCOMPARE(view.fieldText(QStringLiteral("key")), QStringLiteral("k-1"));
    }

    // The In flight tab over a real store: the listed record's request.
    void theInFlightTabShowsTheKeptRequest()
    {
        QTemporaryDir dir;
        const QString url = QStringLiteral("sqlite://") + dir.filePath(QStringLiteral("detail.db"));
        {
            Result<std::unique_ptr<Store>> store = openStore(url);
            QVERIFY2(store.ok(), qPrintable(store.error().message));
            const qint64 hourAgo = QDateTime::currentMSecsSinceEpoch() - 3600000;
            Guard guard(*store.value(), {}, [hourAgo] { return hourAgo; });
            // Claimed and never finished: what a crash between claim and complete leaves.
            QVERIFY(store.value()->claim(guard.claimFor(payment(kBody))).ok());
        }
        StoreSession session(url, OpenMode::ReadOnly);
        InFlightView view(&session);
        view.resize(1200, 700);
        view.show();
        QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
        view.table()->selectRow(0);
        RecordDetailView *detail = view.detail();
        QCOMPARE(detail->fieldText(QStringLiteral("key")), QStringLiteral("k-1"));
        QVERIFY(detail->showsRequest());
        QCOMPARE(detail->requestView()->requestLineText(), QStringLiteral("POST /api/payments?channel=app"));
        QVERIFY(detail->requestView()->bodyText().contains(QLatin1String("[REDACTED]")));
        QVERIFY(detail->requestView()->isVisible());
    }
};

QTEST_MAIN(RecordDetailTest)
#include "tst_recorddetail.moc"
