#include "app/store/auditentry.h"
#include "app/store/canonicalfields.h"

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

// The entry's fields in CanonicalFields' form.
QByteArray AuditEntry::canonical() const
{
    CanonicalFields fields;
    fields.put("v", "1");
    fields.put("scope", scope.toUtf8());
    fields.put("seq", QByteArray::number(seq));
    fields.put("at", QByteArray::number(atMs));
    fields.put("operator", operatorName.toUtf8());
    fields.put("host", host.toUtf8());
    fields.put("action", action.toUtf8());
    fields.put("batch", batchId.toUtf8());
    fields.put("key", key.toUtf8());
    fields.put("before", stateBefore.toUtf8());
    fields.put("after", stateAfter.toUtf8());
    fields.put("reason", reason.toUtf8());
    fields.put("evidence", evidence);
    // An entry without a server identity is hashed without the field, as
    // builds without server identities hash theirs, so their chains still
    // verify; an entry with one cannot lose it unnoticed (its bytes would
    // change), nor have one added.
    if (!serverUser.isEmpty())
        fields.put("user", serverUser.toUtf8());
    fields.put("prev", prevHash.toLatin1());
    return std::move(fields).bytes();
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
