#pragma once

#include <QByteArray>

#include <utility>

// The bytes an audit entry or a proposal is hashed over: each field as
// "<name>=<byte length>:<bytes>\n", so no value can pose as the boundary
// of another, whatever bytes it holds. Changing this changes every hash:
// chains already stored would no longer verify.
class CanonicalFields final {
public:
    void put(const char *name, const QByteArray &value)
    {
        m_bytes += name;
        m_bytes += '=';
        m_bytes += QByteArray::number(value.size());
        m_bytes += ':';
        m_bytes += value;
        m_bytes += '\n';
    }
    QByteArray bytes() && { return std::move(m_bytes); }

private:
    QByteArray m_bytes;
};
