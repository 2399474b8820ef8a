#include "app/ops/ordermapping.h"

#include "app/store/storeurl.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace {

// Messages of this file, in the "OrderMapping" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(OrderMapping)
};

bool hasControlCharacters(const QString &text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

// Shown in messages: the operator sees what was typed, but a pasted
// essay or a control character does not mess up the terminal.
QString shown(const QString &text)
{
    QString s = text.left(80);
    for (QChar &c : s) {
        if (c.category() == QChar::Other_Control)
            c = QChar(0xFFFD);
    }
    return text.size() > 80 ? s + QStringLiteral("…") : s;
}

Result<void> checkName(const QString &field, const QString &value, bool allowSchema)
{
    if (value.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("The %1 is empty.").arg(field));
    const QStringList parts = value.split(QLatin1Char('.'));
    const bool ok = allowSchema ? (parts.size() <= 2 && std::all_of(parts.cbegin(), parts.cend(), OrderMapping::isIdentifier))
                                : OrderMapping::isIdentifier(value);
    if (!ok) {
        return makeError(ErrorKind::InvalidArgument,
                         (allowSchema ? Text::tr("The %1 '%2' is not a plain name: use letters, digits and _ (at most 63, not starting "
                                                 "with a digit), optionally as schema.table. Quotes, spaces and semicolons are refused.")
                                      : Text::tr("The %1 '%2' is not a plain name: use letters, digits and _ (at most 63, not starting "
                                                 "with a digit). Quotes, spaces and semicolons are refused."))
                             .arg(field, shown(value)));
    }
    return {};
}

Result<void> checkValues(const QString &field, const QStringList &values)
{
    for (const QString &v : values) {
        if (v.trimmed().isEmpty())
            return makeError(ErrorKind::InvalidArgument, Text::tr("The %1 contain an empty value.").arg(field));
        if (v.size() > 200 || hasControlCharacters(v))
            return makeError(ErrorKind::InvalidArgument,
                             Text::tr("The %1 value '%2' is too long or has control characters.").arg(field, shown(v)));
    }
    return {};
}

QJsonArray toArray(const QStringList &values)
{
    QJsonArray a;
    for (const QString &v : values)
        a.append(v);
    return a;
}

std::optional<QStringList> fromArray(const QJsonValue &value)
{
    if (value.isUndefined() || value.isNull())
        return QStringList();
    if (!value.isArray())
        return std::nullopt;
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        if (!v.isString())
            return std::nullopt;
        out << v.toString();
    }
    return out;
}

const QRegularExpression &placeholderPattern()
{
    static const QRegularExpression pattern(QStringLiteral("\\{\\{\\s*([^{}]*?)\\s*\\}\\}"));
    return pattern;
}

} // namespace

bool OrderMapping::isIdentifier(const QString &name)
{
    // Anchored to the very end: '$' also matches before a final line break.
    static const QRegularExpression pattern(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,62}")));
    return pattern.match(name).hasMatch();
}

Result<void> OrderMapping::validate() const
{
    if (name.size() > 100 || hasControlCharacters(name))
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The profile name must be at most 100 characters, without control characters."));
    if (ordersUrl.trimmed().isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The orders database URL is empty: give sqlite:///…, postgresql://… or mysql://…."));
    const Result<StoreUrl> url = StoreUrl::parse(ordersUrl);
    if (!url)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The orders database URL is not valid: %1").arg(url.error().message));
    if (url->kind == StoreUrl::Kind::Redis)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The orders database must be SQLite, PostgreSQL or MySQL, not Redis."));
    if (Result<void> r = checkName(Text::tr("table name"), table, true); !r)
        return r;
    if (Result<void> r = checkName(Text::tr("key column"), keyColumn, false); !r)
        return r;
    if (Result<void> r = checkName(Text::tr("status column"), statusColumn, false); !r)
        return r;
    if (doneValues.isEmpty())
        return makeError(ErrorKind::InvalidArgument, Text::tr("Say which status values mean the order is done (e.g. PAID)."));
    if (Result<void> r = checkValues(Text::tr("done values"), doneValues); !r)
        return r;
    if (Result<void> r = checkValues(Text::tr("pending values"), pendingValues); !r)
        return r;
    if (Result<void> r = checkValues(Text::tr("failed values"), failedValues); !r)
        return r;
    QSet<QString> seen;
    for (const QStringList *list : {&doneValues, &pendingValues, &failedValues}) {
        QSet<QString> here;
        for (const QString &v : *list) {
            if (seen.contains(v))
                return makeError(ErrorKind::InvalidArgument,
                                 Text::tr("The status value '%1' is in more than one list (done, pending, failed): it must mean one thing.")
                                     .arg(shown(v)));
            here.insert(v);
        }
        seen.unite(here);
    }
    // 5xx is never cached (DESIGN.md); a reconciled record replays a final answer.
    if (responseStatus < 200 || responseStatus > 499)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The response status must be from 200 to 499 (5xx is never cached)."));
    if (contentType.trimmed().isEmpty() || contentType.size() > 200 || hasControlCharacters(contentType))
        return makeError(ErrorKind::InvalidArgument, Text::tr("The response content type must be one line, e.g. application/json."));
    if (bodyTemplate.size() > 64 * 1024)
        return makeError(ErrorKind::InvalidArgument, Text::tr("The response template must be at most 64 KiB."));
    QRegularExpressionMatchIterator it = placeholderPattern().globalMatch(bodyTemplate);
    while (it.hasNext()) {
        const QString placeholder = it.next().captured(1);
        static const QStringList plain = {QStringLiteral("key"), QStringLiteral("biz_no"), QStringLiteral("scope"),
                                          QStringLiteral("status")};
        if (plain.contains(placeholder))
            continue;
        if (placeholder.startsWith(QLatin1String("order.")) && isIdentifier(placeholder.mid(6)))
            continue;
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The response template uses {{%1}}: use {{key}}, {{biz_no}}, {{scope}}, {{status}} or {{order.COLUMN}}.")
                             .arg(shown(placeholder)));
    }
    return {};
}

QJsonObject OrderMapping::toJson() const
{
    return QJsonObject{
        {QStringLiteral("name"), name},
        {QStringLiteral("orders_url"), ordersUrl},
        {QStringLiteral("table"), table},
        {QStringLiteral("key_column"), keyColumn},
        {QStringLiteral("status_column"), statusColumn},
        {QStringLiteral("match"), match == MatchField::Key ? QStringLiteral("key") : QStringLiteral("biz_no")},
        {QStringLiteral("done_values"), toArray(doneValues)},
        {QStringLiteral("pending_values"), toArray(pendingValues)},
        {QStringLiteral("failed_values"), toArray(failedValues)},
        {QStringLiteral("response_status"), responseStatus},
        {QStringLiteral("content_type"), contentType},
        {QStringLiteral("body_template"), bodyTemplate},
    };
}

Result<OrderMapping> OrderMapping::fromJson(const QJsonObject &json)
{
    OrderMapping m;
    const auto text = [&json](const char *field, QString *out) {
        const QJsonValue v = json.value(QLatin1String(field));
        if (v.isUndefined())
            return true;
        if (!v.isString())
            return false;
        *out = v.toString();
        return true;
    };
    const auto bad = [](const char *field) {
        return makeError(ErrorKind::InvalidArgument,
                         Text::tr("The saved profile's field %1 has the wrong type.").arg(QLatin1String(field)));
    };
    for (const auto &[field, out] : {std::pair{"name", &m.name}, std::pair{"orders_url", &m.ordersUrl}, std::pair{"table", &m.table},
                                     std::pair{"key_column", &m.keyColumn}, std::pair{"status_column", &m.statusColumn},
                                     std::pair{"content_type", &m.contentType}, std::pair{"body_template", &m.bodyTemplate}}) {
        if (!text(field, out))
            return bad(field);
    }
    const QString match = json.value(QStringLiteral("match")).toString(QStringLiteral("biz_no"));
    if (match == QLatin1String("key"))
        m.match = MatchField::Key;
    else if (match == QLatin1String("biz_no"))
        m.match = MatchField::BizNo;
    else
        return bad("match");
    for (const auto &[field, out] : {std::pair{"done_values", &m.doneValues}, std::pair{"pending_values", &m.pendingValues},
                                     std::pair{"failed_values", &m.failedValues}}) {
        const std::optional<QStringList> values = fromArray(json.value(QLatin1String(field)));
        if (!values)
            return bad(field);
        *out = *values;
    }
    const QJsonValue status = json.value(QStringLiteral("response_status"));
    if (!status.isUndefined()) {
        if (!status.isDouble())
            return bad("response_status");
        m.responseStatus = status.toInt();
    }
    if (Result<void> valid = m.validate(); !valid)
        return valid.error();
    return m;
}
