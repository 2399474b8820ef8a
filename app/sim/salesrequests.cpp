#include "app/sim/salesrequests.h"

#include <QRandomGenerator>
#include <QUuid>

namespace {

struct Item {
    const char *sku;
    const char *name;
    qint64 unitCents;
};

// A small catalogue: the names are what a Chinese mall's order carries.
const Item kCatalogue[] = {
    {"SKU-10231", "无线蓝牙耳机 Pro", 29900}, {"SKU-20877", "保温杯 500ml", 5990},    {"SKU-31402", "机械键盘 87键", 39900},
    {"SKU-44110", "纯棉T恤 L", 7900},         {"SKU-58003", "坚果礼盒 1.2kg", 12800}, {"SKU-60519", "充电宝 20000mAh", 14900},
};
const char *const kHolders[] = {"ZHANG WEI", "LI NA", "WANG FANG", "LIU YANG", "CHEN JING"};
const char *const kCities[] = {"上海市", "北京市", "杭州市", "深圳市", "成都市"};
const char *const kAgents[] = {
    "MallApp/8.3.1 (iPhone; iOS 17.5; Scale/3.00)",
    "MallApp/8.3.0 (Android 14; Xiaomi 23127PN0CC)",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36",
};

QString money(qint64 cents)
{
    return QStringLiteral("%1.%2").arg(cents / 100).arg(cents % 100, 2, 10, QLatin1Char('0'));
}

// Digits from the order's seed: the same order always has the same card.
QString digits(QRandomGenerator &random, int n)
{
    QString out;
    for (int i = 0; i < n; ++i)
        out += QChar(u'0' + random.bounded(10));
    return out;
}

QByteArray paymentBody(const SalesOrder &o, qint64 amountCents, QRandomGenerator &random)
{
    const QString card = QStringLiteral("6222") + digits(random, 12);
    return QStringLiteral(R"({"order_no":"%1","amount":{"value":"%2","currency":"CNY"},"payment_method":"card",)"
                          R"("card":{"card_number":"%3","holder":"%4","expiry":"%5/%6","cvv":"%7"},)"
                          R"("client_ip":"223.104.%8.%9","description":"618 大促订单 %1"})")
        .arg(o.orderNo, money(amountCents), card, QLatin1String(kHolders[random.bounded(5)]))
        .arg(1 + random.bounded(12), 2, 10, QLatin1Char('0'))
        .arg(26 + random.bounded(5))
        .arg(digits(random, 3))
        .arg(random.bounded(256))
        .arg(random.bounded(256))
        .toUtf8();
}

QByteArray orderBody(const SalesOrder &o, qint64 amountCents, QRandomGenerator &random)
{
    QStringList items;
    const int n = 1 + int(random.bounded(3));
    for (int i = 0; i < n; ++i) {
        const Item &item = kCatalogue[random.bounded(int(std::size(kCatalogue)))];
        items << QStringLiteral(R"({"sku":"%1","name":"%2","qty":%3,"unit_price":"%4"})")
                     .arg(QLatin1String(item.sku), QString::fromUtf8(item.name))
                     .arg(1 + random.bounded(3))
                     .arg(money(item.unitCents));
    }
    return QStringLiteral(
               R"({"order_no":"%1","customer_id":"C%2","items":[%3],"total":{"value":"%4","currency":"CNY"},)"
               R"("shipping":{"name":"%5","phone":"138****%6","city":"%7","address":"浦东新区世纪大道 %8 号"},"coupon":"SALE618"})")
        .arg(o.orderNo, digits(random, 8), items.join(QLatin1Char(',')), money(amountCents), QLatin1String(kHolders[random.bounded(5)]),
             digits(random, 4), QString::fromUtf8(kCities[random.bounded(5)]))
        .arg(1 + random.bounded(2000))
        .toUtf8();
}

QByteArray callbackBody(const SalesOrder &o, qint64 amountCents, QRandomGenerator &random)
{
    // Gateways send the payer's card masked; it is masked again before it is kept.
    return QStringLiteral(R"({"notify_id":"%1","payment_no":"%2","order_no":"%3","trade_status":"TRADE_SUCCESS",)"
                          R"("amount":"%4","currency":"CNY","channel":"unionpay","payer":{"card_number":"622202******%5","bank":"ICBC"},)"
                          R"("paid_at":"2025-06-18T20:%6:%7+08:00","sign_type":"RSA2","sign":"%8"})")
        .arg(digits(random, 20), o.key, o.orderNo, money(amountCents), digits(random, 4))
        .arg(random.bounded(60), 2, 10, QLatin1Char('0'))
        .arg(random.bounded(60), 2, 10, QLatin1Char('0'))
        .arg(QString::fromLatin1(QByteArray::number(random.generate64()).toBase64() + QByteArray::number(random.generate64()).toBase64()))
        .toUtf8();
}

} // namespace

QByteArray salesRequestBody(const SalesOrder &order, qint64 amountCents)
{
    QRandomGenerator random(order.seed);
    if (order.scope == QLatin1String("payment"))
        return paymentBody(order, amountCents, random);
    if (order.scope == QLatin1String("callback"))
        return callbackBody(order, amountCents, random);
    return orderBody(order, amountCents, random);
}

GuardRequest salesRequest(const SalesOrder &order, const QByteArray &body)
{
    GuardRequest request;
    request.scope = order.scope;
    request.key = order.key;
    request.bizNo = order.orderNo;
    request.body = body;
    QRandomGenerator random(order.seed);
    const bool callback = order.scope == QLatin1String("callback");
    request.path = callback ? QByteArray("/callbacks/payment") : QByteArray("/api/") + order.scope.toLatin1() + 's';
    request.headers = {
        {"Content-Type", "application/json; charset=utf-8"},
        {"User-Agent", callback ? QByteArray("UnionPay-Notify/2.1") : QByteArray(kAgents[random.bounded(3)])},
        {"X-Request-Id", QUuid::createUuid().toByteArray(QUuid::WithoutBraces)},
        {"X-Forwarded-For",
         "223.104." + QByteArray::number(random.bounded(256)) + '.' + QByteArray::number(random.bounded(256)) + ", 10.8.0.3"},
    };
    if (!callback) {
        // The app's session token: sent by every real client, never kept.
        request.headers.append({"Authorization", "Bearer eyJhbGciOiJSUzI1NiJ9." + QByteArray::number(random.generate64()).toBase64()});
        request.headers.append({"Idempotency-Key", order.key.toUtf8()});
    }
    return request;
}
