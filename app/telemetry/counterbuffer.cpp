#include "app/telemetry/counterbuffer.h"

void CounterBuffer::add(const QString &scope, qint64 nowMs, Counter counter, qint64 n)
{
    QMutexLocker lock(&m_mutex);
    m_pending[Slot{scope, nowMs / 60000}][counter] += n;
}

QList<CounterRow> CounterBuffer::takeDue(qint64 nowMs, bool force)
{
    QMutexLocker lock(&m_mutex);
    if (m_pending.isEmpty() || (!force && nowMs - m_lastTakeMs < m_intervalMs))
        return {};
    m_lastTakeMs = nowMs;
    QList<CounterRow> rows;
    rows.reserve(m_pending.size());
    for (auto it = m_pending.cbegin(); it != m_pending.cend(); ++it)
        rows.append(CounterRow{it.key().scope, it.key().minute, it.value()});
    m_pending.clear();
    return rows;
}

void CounterBuffer::putBack(const QList<CounterRow> &rows)
{
    QMutexLocker lock(&m_mutex);
    for (const CounterRow &row : rows)
        m_pending[Slot{row.scope, row.minute}] += row.counts;
}

bool CounterBuffer::isEmpty() const
{
    QMutexLocker lock(&m_mutex);
    return m_pending.isEmpty();
}
