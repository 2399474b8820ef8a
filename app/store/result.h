#pragma once

#include <QString>

#include <optional>
#include <utility>

// Errors from the engine are values: a kind the caller can branch on and a
// message an operator can act on. Never an exception across threads.
enum class ErrorKind {
    None,
    InvalidArgument, // bad key, scope, URL, name: the caller must change the input
    Unavailable, // the store cannot be reached or timed out: retry later, fail closed
    Corrupt, // a record or value the engine cannot read: per record, never fatal
    NotBuilt, // a backend this build does not have yet
    Refused, // the store refused (permissions, read-only mode)
    Internal, // a bug: report it
};

QString errorKindName(ErrorKind kind);

struct Error {
    ErrorKind kind = ErrorKind::Internal;
    QString message;
    // The error is the scope's, not the record's: its audit chain is broken
    // or busy, a key of the scope holds the wrong type, the server refuses
    // the scope's writes. Every other record of the scope would meet it; a
    // batch stops that scope and goes on with the others.
    bool wholeScope = false;
};

template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value)
        : m_value(std::move(value))
    {
    }
    Result(Error error)
        : m_error(std::move(error))
    {
    }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    const T *operator->() const { return &*m_value; }
    T *operator->() { return &*m_value; }
    const Error &error() const { return m_error; }
    T value_or(T fallback) const { return m_value ? *m_value : std::move(fallback); }

private:
    std::optional<T> m_value;
    Error m_error;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error)
        : m_ok(false)
        , m_error(std::move(error))
    {
    }

    bool ok() const { return m_ok; }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return m_error; }

private:
    bool m_ok = true;
    Error m_error;
};

inline Error makeError(ErrorKind kind, const QString &message)
{
    return Error{kind, message};
}
// The same error, marked as the whole scope's (Error::wholeScope).
inline Error scopeError(Error error)
{
    error.wholeScope = true;
    return error;
}
