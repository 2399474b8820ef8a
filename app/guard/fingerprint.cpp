#include "app/guard/fingerprint.h"

#include <QCryptographicHash>

#include <algorithm>
#include <charconv>

namespace {

// Every guarded request computes its fingerprint, replays included, so the
// parts go into the hash without copies: the length prefix is written on
// the stack, and only a method or header name that is not already in its
// canonical case is copied (the fingerprint had been ten of a replay's eighty
// allocations).
void addPart(QCryptographicHash &hash, QByteArrayView part)
{
    char prefix[24];
    char *end = std::to_chars(prefix, prefix + sizeof prefix - 1, part.size()).ptr;
    *end++ = ':';
    hash.addData(QByteArrayView(prefix, end - prefix));
    hash.addData(part);
}

bool hasLower(QByteArrayView text)
{
    return std::any_of(text.begin(), text.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

bool hasUpper(QByteArrayView text)
{
    return std::any_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

} // namespace

QString requestFingerprint(const QByteArray &method, const QByteArray &path, const HeaderList &headers, const QByteArray &body,
                           const QStringList &countedHeaders)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    addPart(hash, hasLower(method) ? QByteArrayView(method.toUpper()) : QByteArrayView(method));
    addPart(hash, path);
    QList<QPair<QByteArray, QByteArray>> counted;
    if (!countedHeaders.isEmpty()) {
        for (const auto &[name, value] : headers) {
            if (countedHeaders.contains(QLatin1StringView(name), Qt::CaseInsensitive))
                counted.append({hasUpper(name) ? name.toLower() : name, value});
        }
        std::stable_sort(counted.begin(), counted.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    }
    char count[24];
    addPart(hash, QByteArrayView(count, std::to_chars(count, count + sizeof count, counted.size()).ptr - count));
    for (const auto &[name, value] : counted) {
        addPart(hash, name);
        addPart(hash, value);
    }
    addPart(hash, body);
    const QByteArrayView digest = hash.resultView();
    QString hex(digest.size() * 2, Qt::Uninitialized);
    QChar *out = hex.data();
    for (const char byte : digest) {
        static constexpr char kDigits[] = "0123456789abcdef";
        *out++ = QLatin1Char(kDigits[(uchar(byte) >> 4)]);
        *out++ = QLatin1Char(kDigits[uchar(byte) & 0xf]);
    }
    return hex;
}
