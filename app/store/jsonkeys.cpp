#include "app/store/jsonkeys.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QList>
#include <QSet>

namespace {

struct Level {
    bool object = false;
    bool expectName = false;
    qsizetype index = 0; // an array's current element
    QString path; // of this object or array
    QString lastName;
    QSet<QString> names;
};

QString childPath(const Level &level)
{
    if (!level.object)
        return level.path + QLatin1Char('[') + QString::number(level.index) + QLatin1Char(']');
    return level.path.isEmpty() ? level.lastName : level.path + QLatin1Char('.') + level.lastName;
}

} // namespace

std::optional<QString> duplicateJsonKey(QByteArrayView json)
{
    QList<Level> stack;
    const char *p = json.data();
    const char *end = p + json.size();
    while (p < end) {
        const char c = *p;
        if (c == '"') {
            const char *start = p++;
            while (p < end && *p != '"')
                p += *p == '\\' ? 2 : 1;
            ++p;
            if (!stack.isEmpty() && stack.last().object && stack.last().expectName) {
                // The literal as JSON reads it, escapes and all.
                const QByteArray literal = '[' + QByteArray(start, qMin(p, end) - start) + ']';
                const QString name = QJsonDocument::fromJson(literal).array().at(0).toString();
                Level &top = stack.last();
                top.lastName = name;
                if (top.names.contains(name))
                    return childPath(top);
                top.names.insert(name);
                top.expectName = false;
            }
            continue;
        }
        if (c == '{' || c == '[') {
            Level level;
            level.object = c == '{';
            level.expectName = level.object;
            level.path = stack.isEmpty() ? QString() : childPath(stack.last());
            stack.append(level);
        } else if ((c == '}' || c == ']') && !stack.isEmpty()) {
            stack.removeLast();
        } else if (c == ',' && !stack.isEmpty()) {
            Level &top = stack.last();
            if (top.object)
                top.expectName = true;
            else
                ++top.index;
        }
        ++p;
    }
    return std::nullopt;
}
