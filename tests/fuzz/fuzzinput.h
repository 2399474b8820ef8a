#pragma once

// What the harnesses share (tests/fuzz): reading an input of several fields,
// Redis replies and SQL values written as text, the application object Qt Sql
// needs, and how a broken invariant stops the run.
//
// An input of several fields is lines, so a seed reads as text and a
// mutation of one field leaves the others in place. Each line is
// percent-decoded: a field can still hold a line break (%0A) or any byte.

#include "app/store/redisconnection.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QString>
#include <QVariant>

#include <hiredis/hiredis.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <vector>

namespace Fuzz {

inline QByteArray bytes(const uint8_t *data, size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

inline QList<QByteArray> lines(const uint8_t *data, size_t size)
{
    QList<QByteArray> fields = bytes(data, size).split('\n');
    for (QByteArray &field : fields)
        field = QByteArray::fromPercentEncoding(field);
    return fields;
}

// A promise of the code under test was broken: abort, so libFuzzer keeps the
// input (and the replay fails), saying which promise.
inline void require(bool holds, const char *promise)
{
    if (holds)
        return;
    std::fprintf(stderr, "fuzz invariant broken: %s\n", promise);
    std::abort();
}

// [A-Za-z_][A-Za-z0-9_]{0,62}, the names the engine accepts for tables and
// columns, written out so it does not share a regular expression's corner
// cases with the code under test.
inline bool plainName(const QString &name)
{
    if (name.isEmpty() || name.size() > 63 || (name.front() >= u'0' && name.front() <= u'9'))
        return false;
    for (const QChar c : name) {
        if (!(c == u'_' || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9')))
            return false;
    }
    return true;
}

// QSqlDatabase loads its driver as a plugin, which wants an application
// object: one for the process, never destroyed (libFuzzer exits from anywhere).
inline void ensureApplication()
{
    static int argc = 1;
    static char name[] = "idem-fuzz";
    static char *argv[] = {name, nullptr};
    static const QCoreApplication *app = new QCoreApplication(argc, argv);
    (void)app;
}

// An in-memory SQLite database, opened once: a real driver to quote
// literals with and to hand values back as a driver does.
inline QSqlDatabase memoryDatabase()
{
    static const QString name = [] {
        ensureApplication();
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("fuzz"));
        db.setDatabaseName(QStringLiteral(":memory:"));
        require(db.open(), "an in-memory SQLite database opens");
        return db.connectionName();
    }();
    return QSqlDatabase::database(name);
}

// A column value as a driver hands it over, from one field:
//   _ NULL   :123 integer   ,1.5 real   ?1 boolean   @2026-11-30T06:20:00Z date-time
//   =bytes a blob           anything else: text
inline QVariant sqlValue(const QByteArray &field)
{
    const QByteArray rest = field.mid(1);
    switch (field.isEmpty() ? '\0' : field.front()) {
    case '_':
        return QVariant(QMetaType(QMetaType::QString));
    case ':':
        return rest.toLongLong();
    case ',':
        return rest.toDouble();
    case '?':
        return rest == "1" || rest == "true";
    case '@':
        return QDateTime::fromString(QString::fromLatin1(rest), Qt::ISODateWithMs);
    case '=':
        return rest;
    default:
        return QString::fromUtf8(field);
    }
}

// Redis replies as hiredis hands them over, built from fields written with
// RESP's type prefixes, one reply a field:
//   +status   -error   :integer   _ (nil)   *N (an array of the next N replies)
//   $bytes or any other field: a bulk string
// The replies live as long as the Replies that built them.
class Replies {
public:
    explicit Replies(QList<QByteArray> fields)
        : m_fields(std::move(fields))
    {
    }

    bool atEnd() const { return m_next >= m_fields.size(); }

    // The next reply; nil once the fields ran out.
    redisReply *next() { return build(0); }

    // A reply as KeyReplies holds one, not owned (the aliasing constructor
    // with no owner): it lives in this object.
    static RedisReply shared(const redisReply *reply) { return RedisReply(RedisReply(), reply); }

private:
    static constexpr int kMaxDepth = 4;
    static constexpr int kMaxElements = 64;

    redisReply *build(int depth)
    {
        redisReply &r = m_replies.emplace_back();
        if (atEnd()) {
            r.type = REDIS_REPLY_NIL;
            return &r;
        }
        const QByteArray &field = m_fields.at(m_next++);
        const char prefix = field.isEmpty() ? '\0' : field.front();
        const QByteArray rest = field.mid(1);
        switch (prefix) {
        case '_':
            r.type = REDIS_REPLY_NIL;
            return &r;
        case ':':
            r.type = REDIS_REPLY_INTEGER;
            r.integer = rest.toLongLong();
            return &r;
        case '*': {
            r.type = REDIS_REPLY_ARRAY;
            const int count = depth < kMaxDepth ? qBound(0, rest.toInt(), kMaxElements) : 0;
            std::vector<redisReply *> &elements = m_arrays.emplace_back();
            for (int i = 0; i < count; ++i)
                elements.push_back(build(depth + 1));
            r.elements = elements.size();
            r.element = elements.data();
            return &r;
        }
        case '+':
        case '-':
        case '$':
            r.type = prefix == '+' ? REDIS_REPLY_STATUS : prefix == '-' ? REDIS_REPLY_ERROR : REDIS_REPLY_STRING;
            return text(r, rest);
        default:
            r.type = REDIS_REPLY_STRING;
            return text(r, field);
        }
    }

    redisReply *text(redisReply &r, const QByteArray &bytes)
    {
        QByteArray &kept = m_texts.emplace_back(bytes);
        r.str = kept.data();
        r.len = size_t(kept.size());
        return &r;
    }

    const QList<QByteArray> m_fields;
    qsizetype m_next = 0;
    // deques: the addresses handed out stay valid as more are added.
    std::deque<redisReply> m_replies;
    std::deque<QByteArray> m_texts;
    std::deque<std::vector<redisReply *>> m_arrays;
};

} // namespace Fuzz
