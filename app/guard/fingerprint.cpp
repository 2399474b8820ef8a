#include "app/guard/fingerprint.h"

#include <QCryptographicHash>

#include <algorithm>

namespace {

void addPart(QCryptographicHash &hash, const QByteArray &part)
{
    hash.addData(QByteArray::number(part.size()));
    hash.addData(QByteArrayView(":"));
    hash.addData(part);
}

} // namespace

QString requestFingerprint(const QByteArray &method, const QByteArray &path, const HeaderList &headers,
                           const QByteArray &body, const QStringList &countedHeaders)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    addPart(hash, method.toUpper());
    addPart(hash, path);
    QList<QPair<QByteArray, QByteArray>> counted;
    for (const auto &[name, value] : headers) {
        if (countedHeaders.contains(QString::fromLatin1(name), Qt::CaseInsensitive))
            counted.append({name.toLower(), value});
    }
    std::stable_sort(counted.begin(), counted.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    addPart(hash, QByteArray::number(counted.size()));
    for (const auto &[name, value] : counted) {
        addPart(hash, name);
        addPart(hash, value);
    }
    addPart(hash, body);
    return QString::fromLatin1(hash.result().toHex());
}
