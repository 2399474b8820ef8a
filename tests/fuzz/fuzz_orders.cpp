// Reconcile's foreign input: a row of the business order table (OrderRow,
// whatever its columns hold) and the response template an operator typed,
// through what the plan builds from them: the proposal, the synthesised
// response (ReconcilePlan::synthesise) and the audit evidence
// (ReconcilePlan::actionFor). Checks that the evidence and the order row
// are JSON objects, that the proposal follows the mapping's lists, and that
// a JSON template whose placeholders sit inside strings gives a JSON body
// whatever the values.
//
// Input, one field a line (fuzzinput.h): the body template, its content
// type, the record's key, biz_no and scope, the order's status and its key
// as the table holds it, then its columns as "name=value" with the value an
// SQL value of fuzzinput.h (_ NULL, :integer, ,real, ?boolean, @date-time,
// =blob, else text).
#include "tests/fuzz/fuzzinput.h"

#include "app/ops/reconcileplan.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace {

OrderMapping mapping(const QList<QByteArray> &fields, OrderMapping::MatchField match)
{
    OrderMapping m;
    m.name = QStringLiteral("shop orders");
    m.ordersUrl = QStringLiteral("sqlite:///var/lib/shop/orders.db");
    m.table = QStringLiteral("orders");
    m.keyColumn = QStringLiteral("order_no");
    m.statusColumn = QStringLiteral("status");
    m.match = match;
    m.doneValues = {QStringLiteral("PAID"), QStringLiteral("SHIPPED")};
    m.pendingValues = {QStringLiteral("PENDING")};
    m.failedValues = {QStringLiteral("CANCELLED")};
    m.bodyTemplate = QString::fromUtf8(fields.value(0));
    m.contentType = QString::fromUtf8(fields.value(1));
    return m;
}

OrderRow orderRow(const QList<QByteArray> &fields)
{
    OrderRow row;
    row.status = QString::fromUtf8(fields.value(5));
    row.keyValue = QString::fromUtf8(fields.value(6));
    for (const QByteArray &column : fields.mid(7)) {
        const qsizetype eq = column.indexOf('=');
        row.columns.append({QString::fromUtf8(column.left(qMax<qsizetype>(eq, 0))), Fuzz::sqlValue(column.mid(eq + 1))});
    }
    return row;
}

QJsonObject jsonObject(const QByteArray &text, const char *what)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        std::fprintf(stderr, "%s\n", text.constData());
    Fuzz::require(error.error == QJsonParseError::NoError && doc.isObject(), what);
    return doc.object();
}

void checkProposal(const ReconcileRow &row, const OrderMapping &m, const ActionTarget &target)
{
    const QString wanted = m.match == OrderMapping::MatchField::Key ? target.key : target.bizNo;
    if (row.proposal == ReconcileProposal::Complete) {
        Fuzz::require(row.order && row.order->matches == 1 && row.order->keyValue == wanted && m.doneValues.contains(row.order->status),
                      "only the one order of exactly this key in a done state completes a record");
    }
    if (row.proposal == ReconcileProposal::Release && row.order)
        Fuzz::require(m.failedValues.contains(row.order->status), "an order found releases a record only when it failed");
}

// The template with every placeholder as plain letters: valid JSON only if
// each placeholder sits inside a string, where any escaped value fits.
bool placeholdersInStrings(const QString &bodyTemplate)
{
    static const QRegularExpression placeholder(QStringLiteral("\\{\\{\\s*([^{}]*?)\\s*\\}\\}"));
    QString plain = bodyTemplate;
    plain.replace(placeholder, QStringLiteral("x"));
    QJsonParseError error;
    QJsonDocument::fromJson(plain.toUtf8(), &error);
    return error.error == QJsonParseError::NoError;
}

void checkResponse(const OrderMapping &m, const ActionTarget &target, const OrderRow &order)
{
    const Response response = ReconcilePlan::synthesise(m, target, order);
    Fuzz::require(response.status == m.responseStatus, "the response has the mapping's status");
    const QString type = m.contentType.section(u';', 0, 0).trimmed().toLower();
    const bool json = type == QLatin1String("application/json") || type.endsWith(QLatin1String("+json"));
    if (json && placeholdersInStrings(m.bodyTemplate)) {
        QJsonParseError error;
        QJsonDocument::fromJson(response.body, &error);
        Fuzz::require(error.error == QJsonParseError::NoError, "a JSON template's placeholders give JSON whatever the values");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> fields = Fuzz::lines(data, size);
    ActionTarget target;
    target.key = QString::fromUtf8(fields.value(2));
    target.bizNo = QString::fromUtf8(fields.value(3));
    target.scope = QString::fromUtf8(fields.value(4));
    target.lease = QStringLiteral("lease-1");
    const OrderRow order = orderRow(fields);

    QSet<QString> names;
    for (const auto &[name, value] : order.columns)
        names.insert(name);
    Fuzz::require(jsonObject(order.toJson(), "an order row is a JSON object").size() == names.size(), "an order row shows every column");

    for (const auto match : {OrderMapping::MatchField::BizNo, OrderMapping::MatchField::Key}) {
        const OrderMapping m = mapping(fields, match);
        (void)m.validate();
        for (const std::optional<OrderRow> &found : {std::optional<OrderRow>(), std::optional<OrderRow>(order)}) {
            const ReconcileRow row = ReconcilePlan::propose(target, m, found);
            checkProposal(row, m, target);
            const OperatorAction action = ReconcilePlan::actionFor(m, row, ScopePolicies(), 1796019600000);
            const QJsonObject evidence = jsonObject(action.audit.evidence, "the audit evidence is a JSON object");
            Fuzz::require(evidence.value(QStringLiteral("order")).isObject() == found.has_value(), "the evidence holds the order row");
        }
        checkResponse(m, target, order);
    }
    return 0;
}
