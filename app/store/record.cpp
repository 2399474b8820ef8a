#include "record.h"

#include <QJsonArray>
#include <QJsonDocument>

QString recordStateName(RecordState state)
{
    switch (state) {
    case RecordState::InFlight: return QStringLiteral("IN_FLIGHT");
    case RecordState::Completed: return QStringLiteral("COMPLETED");
    case RecordState::TimedOut: return QStringLiteral("TIMED_OUT");
    }
    return QString();
}

std::optional<RecordState> recordStateFromName(const QString &name)
{
    for (RecordState s : {RecordState::InFlight, RecordState::Completed, RecordState::TimedOut}) {
        if (recordStateName(s) == name)
            return s;
    }
    return std::nullopt;
}

QByteArray encodeHeaders(const HeaderList &headers)
{
    QJsonArray array;
    for (const auto &[name, value] : headers)
        array.append(QJsonArray{QString::fromLatin1(name), QString::fromLatin1(value)});
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

std::optional<HeaderList> decodeHeaders(const QByteArray &json)
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

Response Record::response() const
{
    return Response{statusCode, decodeHeaders(headers).value_or(HeaderList{}), body};
}
