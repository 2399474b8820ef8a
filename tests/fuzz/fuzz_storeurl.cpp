// Store URLs as an operator types them or a settings file holds them:
// StoreUrl::parse, redacted() and displayString() on any text (UTF-8).
// Checks the promise that a userinfo password never shows in a parse
// error, in redacted() or in displayString() — the URL's own and those of
// URLs nested in it (audit=, cache=, percent-encoded or not). Only a
// password of at least 4 characters that occurs nowhere else in the input
// counts, so that it cannot be in the output by coincidence; nor does one
// still shown when the input's password is replaced by other letters.
#include "tests/fuzz/fuzzinput.h"

#include "app/store/storeurl.h"

#include <QUrl>

namespace {

// The input and each percent-decoding of it, as StoreUrl::redacted() peels them.
QStringList levels(const QString &text)
{
    QStringList out{text};
    for (int i = 0; i < 4; ++i) {
        const QString decoded = QUrl::fromPercentEncoding(out.constLast().toUtf8());
        if (decoded == out.constLast())
            break;
        out << decoded;
    }
    return out;
}

// The password of every scheme://user:password@ in the text: the authority
// ends at '/', '?' or '#', the userinfo at its last '@'.
QStringList passwordsIn(const QString &text)
{
    QStringList found;
    for (qsizetype at = text.indexOf(u"://"); at >= 0; at = text.indexOf(u"://", at + 3)) {
        qsizetype end = at + 3;
        while (end < text.size() && text[end] != u'/' && text[end] != u'?' && text[end] != u'#')
            ++end;
        const QStringView authority = QStringView(text).mid(at + 3, end - at - 3);
        const QStringView userinfo = authority.left(qMax<qsizetype>(authority.lastIndexOf(u'@'), 0));
        if (const qsizetype colon = userinfo.indexOf(u':'); colon >= 0)
            found << userinfo.mid(colon + 1).toString();
    }
    return found;
}

// What the parser itself found: the URL's password and its nested URLs'.
void parsedPasswords(const StoreUrl &url, QStringList *out, int depth = 0)
{
    *out << url.password;
    for (const QString &option : {QStringLiteral("audit"), QStringLiteral("cache")}) {
        if (depth < 4 && url.options.contains(option)) {
            if (const Result<StoreUrl> nested = StoreUrl::parse(url.options.value(option)))
                parsedPasswords(nested.value(), out, depth + 1);
        }
    }
}

// Everything parse, redacted() and displayString() show of the text.
QStringList shown(const QString &text, const Result<StoreUrl> &url)
{
    return {url ? url->displayString() : url.error().message, StoreUrl::redacted(text)};
}

void requireHidden(const QString &input, const QStringList &inputLevels, const QStringList &outputs, const QString &password)
{
    if (password.size() < 4)
        return;
    for (const QString &level : inputLevels) {
        if (level.count(password) > 1)
            return;
    }
    for (const QString &output : outputs) {
        if (!output.contains(password))
            continue;
        // Shown anyway when the input's password is other letters: the
        // output's own words, not the password.
        if (input.contains(password)) {
            const QChar filler = password.contains(u'x') ? u'q' : u'x';
            QString other = input;
            other.replace(password, QString(password.size(), filler));
            bool alsoThere = false;
            for (const QString &text : shown(other, StoreUrl::parse(other)))
                alsoThere = alsoThere || text.contains(password);
            if (alsoThere)
                continue;
        }
        std::fprintf(stderr, "password \"%s\" shown in \"%s\"\n", qUtf8Printable(password), qUtf8Printable(output));
        Fuzz::require(false, "a store URL's password never shows");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString input = QString::fromUtf8(Fuzz::bytes(data, size));
    const Result<StoreUrl> url = StoreUrl::parse(input);
    const QStringList outputs = shown(input, url);

    const QStringList inputLevels = levels(input);
    QStringList passwords;
    for (const QString &level : inputLevels)
        passwords << passwordsIn(level);
    if (url)
        parsedPasswords(url.value(), &passwords);
    passwords.removeDuplicates();
    for (const QString &password : std::as_const(passwords))
        requireHidden(input, inputLevels, outputs, password);
    return 0;
}
