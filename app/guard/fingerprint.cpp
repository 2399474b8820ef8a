#include "app/guard/fingerprint.h"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <memory>

namespace {

// SHA-256 through OpenSSL's libcrypto rather than QCryptographicHash: Qt
// 6.4 hashes with portable C (about 4,000 instructions per 64-byte block,
// three quarters of the fingerprint and an eighth of a replay's client
// instructions), libcrypto with the CPU's SHA extensions where it has them.
// The digest is the same; tst_fingerprint pins it. The algorithm is fetched
// once and each thread keeps its context, so a request allocates nothing
// for the hash.
class Sha256 {
public:
    Sha256()
    {
        static EVP_MD *const algorithm = EVP_MD_fetch(nullptr, "SHA256", nullptr);
        thread_local const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
        m_context = context.get();
        // Neither can fail short of the process being out of memory, when
        // a fingerprint that silently differed would be worse than stopping.
        if (!algorithm || !m_context || EVP_DigestInit_ex2(m_context, algorithm, nullptr) != 1)
            qFatal("OpenSSL's SHA-256 is not available");
    }

    void addData(QByteArrayView data)
    {
        if (!data.isEmpty())
            EVP_DigestUpdate(m_context, data.data(), size_t(data.size()));
    }

    std::array<uchar, 32> result()
    {
        std::array<uchar, 32> digest{};
        unsigned int size = 0;
        EVP_DigestFinal_ex(m_context, digest.data(), &size);
        return digest;
    }

private:
    EVP_MD_CTX *m_context = nullptr;
};

// Every guarded request computes its fingerprint, replays included, so the
// parts go into the hash without copies: the length prefix is written on
// the stack, and only a method or header name that is not already in its
// canonical case is copied (the fingerprint had been ten of a replay's eighty
// allocations).
void addPart(Sha256 &hash, QByteArrayView part)
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
    Sha256 hash;
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
    const std::array<uchar, 32> digest = hash.result();
    QString hex(qsizetype(digest.size()) * 2, Qt::Uninitialized);
    QChar *out = hex.data();
    for (const uchar byte : digest) {
        static constexpr char kDigits[] = "0123456789abcdef";
        *out++ = QLatin1Char(kDigits[byte >> 4]);
        *out++ = QLatin1Char(kDigits[byte & 0xf]);
    }
    return hex;
}
