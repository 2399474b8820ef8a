#include "models/recordcolumns.h"

#include "models/statuscolors.h"

#include <QDateTime>
#include <QFont>
#include <QGuiApplication>

QString RecordColumns::title(Field field)
{
    switch (field) {
    case Field::State:
        return tr("State");
    case Field::Scope:
        return tr("Scope");
    case Field::Key:
        return tr("Key");
    case Field::BizNo:
        return tr("Business no.");
    case Field::Owner:
        return tr("Owner");
    case Field::Attempts:
        return tr("Attempts");
    case Field::Age:
        return tr("Age");
    case Field::Started:
        return tr("Started");
    case Field::Updated:
        return tr("Updated");
    case Field::Status:
        return tr("Status");
    }
    return {};
}

QVariant RecordColumns::timeCell(qint64 ms, bool rawRole)
{
    if (rawRole)
        return ms;
    if (ms <= 0)
        return QStringLiteral("–");
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

std::optional<QVariant> RecordColumns::unreadableCell(const Record &record, int role)
{
    if (record.readError.isEmpty())
        return std::nullopt;
    switch (role) {
    case Qt::ForegroundRole:
        return StatusColors::alarmText(QGuiApplication::palette());
    case Qt::FontRole: {
        QFont italic;
        italic.setItalic(true);
        return italic;
    }
    case Qt::ToolTipRole:
        return tr("This value cannot be read: %1. No operator action applies to it; the details show the raw value.").arg(record.readError);
    default:
        return std::nullopt;
    }
}
