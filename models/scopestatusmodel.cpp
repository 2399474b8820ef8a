#include "models/scopestatusmodel.h"

#include "models/statuscolors.h"

#include <QDateTime>
#include <QGuiApplication>

#include <algorithm>
#include <cmath>

namespace {

QString perMinute(double v)
{
    return QString::number(v, 'f', 1);
}

QString percent(double v)
{
    return QString::number(v, 'f', std::floor(v) == v ? 0 : 1) + QLatin1Char('%');
}

} // namespace

ScopeStatusModel::Trouble ScopeStatusModel::Row::trouble() const
{
    if (hitRate && limit && *hitRate > *limit)
        return HitRateOver;
    if (alertRaised || stuck > 0 || inProgressPerMinute > 0 || mismatchPerMinute > 0 || releasedPerMinute > 0)
        return OtherTrouble;
    return Fine;
}

ScopeStatusModel::ScopeStatusModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int ScopeStatusModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ScopeStatusModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScopeStatusModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    const Column column = Column(index.column());
    if (role == TroubleRole)
        return int(r.trouble());
    if (role == Qt::TextAlignmentRole)
        return column == ScopeColumn || column == LastAlertColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        const bool alarming = (column == HitRateColumn && r.trouble() == HitRateOver) || (column == StuckColumn && r.stuck > 0)
                              || (column == ScopeColumn && r.trouble() != Fine) || (column == LastAlertColumn && r.alertRaised);
        return alarming ? QVariant(StatusColors::alarmText(QGuiApplication::palette())) : QVariant();
    }
    if (role == Qt::ToolTipRole && column == LastAlertColumn && r.lastAlert)
        return r.lastAlert->message;
    if (role != Qt::DisplayRole && role != RawValueRole)
        return {};
    const bool raw = role == RawValueRole;
    switch (column) {
    case ScopeColumn:
        return r.scope;
    case HitRateColumn:
        if (raw)
            return r.hitRate ? QVariant(*r.hitRate) : QVariant();
        if (!r.hitRate)
            return r.limit ? tr("– / %1").arg(percent(*r.limit)) : QStringLiteral("–");
        return r.limit ? tr("%1 / %2").arg(percent(*r.hitRate), percent(*r.limit)) : percent(*r.hitRate);
    case ExecutionsColumn:
        return raw ? QVariant(r.executionsPerMinute) : QVariant(perMinute(r.executionsPerMinute));
    case InProgressColumn:
        return raw ? QVariant(r.inProgressPerMinute) : QVariant(perMinute(r.inProgressPerMinute));
    case MismatchColumn:
        return raw ? QVariant(r.mismatchPerMinute) : QVariant(perMinute(r.mismatchPerMinute));
    case ReleasedColumn:
        return raw ? QVariant(r.releasedPerMinute) : QVariant(perMinute(r.releasedPerMinute));
    case StuckColumn:
        return r.stuck;
    case LastAlertColumn: {
        if (!r.lastAlert)
            return raw ? QVariant() : QVariant(QString());
        if (raw)
            return r.lastAlert->atMs;
        const QString at = QDateTime::fromMSecsSinceEpoch(r.lastAlert->atMs).toString(QStringLiteral("HH:mm"));
        const QString what = AlertRule::kindLabel(r.lastAlert->rule.kind);
        return r.alertRaised ? tr("%1, raised since %2").arg(what, at) : tr("%1, at %2").arg(what, at);
    }
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ScopeStatusModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == HitRateColumn)
        return tr("Replayed ÷ (replayed + executed) over the last minutes, against the scope's hit-rate alert limit");
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case ScopeColumn:
        return tr("Scope");
    case HitRateColumn:
        return tr("Hit rate / limit");
    case ExecutionsColumn:
        return tr("Executions / min");
    case InProgressColumn:
        return tr("409 / min");
    case MismatchColumn:
        return tr("422 / min");
    case ReleasedColumn:
        return tr("5xx / min");
    case StuckColumn:
        return tr("Stuck");
    case LastAlertColumn:
        return tr("Last alert");
    case ColumnCount:
        break;
    }
    return {};
}

void ScopeStatusModel::setReading(const DashboardReading &reading, int minutes)
{
    m_reading = reading;
    m_minutes = qMax(1, minutes);
    rebuild();
}

void ScopeStatusModel::setRules(const QList<AlertRule> &rules)
{
    m_rules = rules;
    rebuild();
}

void ScopeStatusModel::setAlerts(const QList<AlertTransition> &history, const QList<AlertTransition> &active)
{
    m_history = history;
    m_active = active;
    rebuild();
}

int ScopeStatusModel::rowOf(const QString &scope) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).scope == scope)
            return i;
    }
    return -1;
}

void ScopeStatusModel::rebuild()
{
    // The window the KPI tiles use: the last m_minutes minutes of the range.
    const qint64 first = qMax(m_reading.fromMinute, m_reading.toMinute - m_minutes + 1);
    QHash<QString, CounterSet> totals;
    QStringList scopes;
    for (const CounterRow &row : std::as_const(m_reading.counters)) {
        scopes << row.scope;
        if (row.minute >= first && row.minute <= m_reading.toMinute)
            totals[row.scope] += row.counts;
    }
    for (const ActivityRow &row : std::as_const(m_reading.activity))
        scopes << row.scope;
    for (const DashboardReading::ScopeCounts &c : std::as_const(m_reading.byScope))
        scopes << c.scope;
    for (const QList<AlertTransition> *alerts : {&m_history, &m_active}) {
        for (const AlertTransition &t : *alerts) {
            if (!t.scope.isEmpty())
                scopes << t.scope;
        }
    }
    scopes.removeDuplicates();

    QList<Row> rows;
    for (const QString &scope : std::as_const(scopes)) {
        Row r;
        r.scope = scope;
        const CounterSet c = totals.value(scope);
        // Minutes Prometheus has no data for are left out of the window.
        qint64 known = 0;
        for (qint64 m = first; m <= m_reading.toMinute; ++m)
            known += m_reading.provenance.hasData(scope, m) ? 1 : 0;
        const double n = double(qMax<qint64>(1, known));
        if (m_reading.keepsCounters && known > 0) {
            // As the alert evaluator computes it, so 30 of 100 is exactly 30%.
            const qint64 answered = c[Counter::Replayed] + c[Counter::Executed];
            if (answered > 0)
                r.hitRate = 100.0 * double(c[Counter::Replayed]) / double(answered);
            r.executionsPerMinute = double(c[Counter::Executed]) / n;
            r.inProgressPerMinute = double(c[Counter::InProgress]) / n;
            r.mismatchPerMinute = double(c[Counter::Mismatch]) / n;
            r.releasedPerMinute = double(c[Counter::Released]) / n;
        }
        r.limit = AlertRule::hitRateLimit(m_rules, scope);
        r.stuck = m_reading.stuckOf(scope);
        for (auto it = m_history.crbegin(); it != m_history.crend(); ++it) {
            if (it->scope == scope) {
                r.lastAlert = *it;
                break;
            }
        }
        for (const AlertTransition &t : std::as_const(m_active)) {
            if (t.scope == scope) {
                r.alertRaised = true;
                if (!r.lastAlert || r.lastAlert->atMs < t.atMs)
                    r.lastAlert = t;
            }
        }
        rows << r;
    }
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        if (a.trouble() != b.trouble())
            return a.trouble() < b.trouble();
        if (a.trouble() == HitRateOver) {
            const double overA = *a.hitRate - *a.limit;
            const double overB = *b.hitRate - *b.limit;
            if (overA != overB)
                return overA > overB;
        } else if (a.trouble() == OtherTrouble) {
            const double scoreA = double(a.stuck) + a.inProgressPerMinute + a.mismatchPerMinute + a.releasedPerMinute;
            const double scoreB = double(b.stuck) + b.inProgressPerMinute + b.mismatchPerMinute + b.releasedPerMinute;
            if (scoreA != scoreB)
                return scoreA > scoreB;
        }
        return a.scope < b.scope;
    });
    beginResetModel();
    m_rows = rows;
    endResetModel();
}
