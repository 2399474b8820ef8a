#include "app/store/auditentry.h"

#include <QCoreApplication>

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

void AuditEntry::addWarning(const QString &warning)
{
    QJsonObject object;
    if (!evidence.isEmpty()) {
        const QJsonDocument doc = QJsonDocument::fromJson(evidence);
        if (doc.isObject())
            object = doc.object();
        else
            object.insert(QStringLiteral("evidence"), QString::fromUtf8(evidence));
    }
    QJsonArray list = object.value(QStringLiteral("warnings")).toArray();
    list.append(warning);
    object.insert(QStringLiteral("warnings"), list);
    evidence = QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QStringList AuditEntry::warnings() const
{
    QStringList out;
    if (evidence.isEmpty())
        return out;
    const QJsonDocument doc = QJsonDocument::fromJson(evidence);
    for (const QJsonValue &v : doc.object().value(QStringLiteral("warnings")).toArray())
        out << v.toString();
    return out;
}

QString AuditEntry::genesisHash()
{
    return QString(64, QLatin1Char('0'));
}

// Each field as "<name>=<byte length>:<bytes>\n": no value can pose as the
// boundary of another, whatever bytes it holds.
QByteArray AuditEntry::canonical() const
{
    QByteArray out;
    const auto put = [&out](const char *name, const QByteArray &value) {
        out += name;
        out += '=';
        out += QByteArray::number(value.size());
        out += ':';
        out += value;
        out += '\n';
    };
    put("v", "1");
    put("scope", scope.toUtf8());
    put("seq", QByteArray::number(seq));
    put("at", QByteArray::number(atMs));
    put("operator", operatorName.toUtf8());
    put("host", host.toUtf8());
    put("action", action.toUtf8());
    put("batch", batchId.toUtf8());
    put("key", key.toUtf8());
    put("before", stateBefore.toUtf8());
    put("after", stateAfter.toUtf8());
    put("reason", reason.toUtf8());
    put("evidence", evidence);
    // An entry without a server identity is hashed without the field, as
    // builds without server identities hash theirs, so their chains still
    // verify; an entry with one cannot lose it unnoticed (its bytes would
    // change), nor have one added.
    if (!serverUser.isEmpty())
        put("user", serverUser.toUtf8());
    put("prev", prevHash.toLatin1());
    return out;
}

QString AuditEntry::computeHash() const
{
    QCryptographicHash sha(QCryptographicHash::Sha256);
    sha.addData(prevHash.toLatin1());
    sha.addData(canonical());
    return QString::fromLatin1(sha.result().toHex());
}

void AuditEntry::chainAfter(qint64 headSeq, const QString &headHash)
{
    seq = headSeq + 1;
    prevHash = headSeq == 0 || headHash.isEmpty() ? genesisHash() : headHash;
    hash = computeHash();
}

bool isAlertAction(const QString &action)
{
    return action == QLatin1String("alert") || action.startsWith(QLatin1String("alert-"));
}

bool actionOfKind(const QString &action, AuditQuery::Kind kind)
{
    switch (kind) {
    case AuditQuery::Kind::Any:
        return true;
    case AuditQuery::Kind::OperatorActions:
        return !isAlertAction(action);
    case AuditQuery::Kind::Alerts:
        return isAlertAction(action);
    }
    return true;
}

QString AuditEntry::operatorAndServer() const
{
    if (serverUser.isEmpty())
        return operatorName;
    if (serverUser == noServerIdentity())
        return QCoreApplication::translate("AuditEntry", "%1 (no server identity: SQLite)").arg(operatorName);
    return QCoreApplication::translate("AuditEntry", "%1 (server: %2)").arg(operatorName, serverUser);
}
