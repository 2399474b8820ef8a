#include "app/telemetry/prometheuscountersource.h"

#include "app/telemetry/prometheusclient.h"

#include <QCoreApplication>
#include <QMap>

#include <cmath>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(PrometheusCounterSource)
};

// One scope's counts per minute, and which minutes any of its series covered.
struct ScopeMinutes {
    QMap<qint64, CounterSet> counts;
    QSet<qint64> covered;
};

// What the range queries gave: each scope's minutes, and the minutes any series covered.
struct Gathered {
    QHash<QString, ScopeMinutes> byScope;
    QSet<qint64> coveredAnywhere;
    bool anySeries = false;
};

// One series' increase per minute of [partFrom, partTo]; a missing sample is
// a series gap, a drop a counter reset.
void addIncreases(const PrometheusClient::Series &series, Counter counter, qint64 partFrom, qint64 partTo, ScopeMinutes &minutes,
                  Gathered &gathered, CounterProvenance &p)
{
    for (qint64 m = partFrom; m <= partTo; ++m) {
        const auto start = series.values.constFind(m * 60);
        const auto end = series.values.constFind((m + 1) * 60);
        if (start == series.values.cend() || end == series.values.cend()) {
            ++p.seriesGaps;
            continue;
        }
        double increase = *end - *start;
        if (increase < 0) { // a reset: the service counted from zero again
            ++p.resets;
            increase = *end;
        }
        minutes.counts[m][counter] += qint64(std::llround(increase));
        minutes.covered.insert(m);
        gathered.coveredAnywhere.insert(m);
    }
}

// Adds one counter's answer for a part of the range; false (with the
// failure in `p`) when the query failed or its series do not name the scope.
bool addAnswer(const PrometheusClient::Answer &answer, Counter counter, const QString &query, const MetricsMapping &mapping,
               qint64 partFrom, qint64 partTo, Gathered &gathered, CounterProvenance &p)
{
    if (answer.failure != CounterProvenance::Failure::None) {
        p.failure = answer.failure;
        p.message =
            answer.failure == CounterProvenance::Failure::BadQuery
                ? Text::tr("%1 (the mapping %2's expression for %3: %4)").arg(answer.message, mapping.name, counterName(counter), query)
                : answer.message;
        return false;
    }
    for (const PrometheusClient::Series &series : answer.series) {
        const auto label = series.labels.constFind(mapping.scopeLabel);
        if (label == series.labels.cend() || label->isEmpty()) {
            p.failure = CounterProvenance::Failure::BadQuery;
            p.message = Text::tr("The mapping %1's expression for %2 gives series without the label %3, which names the scope: "
                                 "keep it (sum by (%3) (…)). Expression: %4")
                            .arg(mapping.name, counterName(counter), mapping.scopeLabel, query);
            return false;
        }
        gathered.anySeries = true;
        addIncreases(series, counter, partFrom, partTo, gathered.byScope[*label], gathered, p);
    }
    return true;
}

QString noSeriesMessage(const QString &server, const QString &scope, const QString &mappingName, const QString &firstQuery)
{
    return scope.isEmpty() ? Text::tr("Prometheus at %1 has no series for the mapping %2 in this range: is the exporter or "
                                      "the service scraped? (First expression: %3)")
                                 .arg(server, mappingName, firstQuery)
                           : Text::tr("Prometheus at %1 has no series of scope %2 for the mapping %3 in this range (first "
                                      "expression: %4).")
                                 .arg(server, scope, mappingName, firstQuery);
}

// The rows, and the gaps: a series missing where another of its scope had
// data is counted in seriesGaps only; a scope or every scope without data
// is noData.
void addRowsAndGaps(const Gathered &gathered, qint64 fromMinute, qint64 toMinute, CounterReading &reading)
{
    CounterProvenance &p = reading.provenance;
    for (auto it = gathered.byScope.cbegin(); it != gathered.byScope.cend(); ++it) {
        for (qint64 m = fromMinute; m <= toMinute; ++m) {
            if (!gathered.coveredAnywhere.contains(m))
                continue;
            if (!it->covered.contains(m))
                p.noData[it.key()].insert(m);
        }
        for (auto minute = it->counts.cbegin(); minute != it->counts.cend(); ++minute)
            reading.rows << CounterRow{it.key(), minute.key(), minute.value()};
    }
    for (qint64 m = fromMinute; m <= toMinute; ++m) {
        if (!gathered.coveredAnywhere.contains(m))
            p.noData[QString()].insert(m);
    }
}

// The operator's note on what the reading lacks: minutes, scope-minutes, resets.
QString gapNotes(const CounterProvenance &p)
{
    const qint64 gapMinutes = p.noData.value(QString()).size();
    QStringList notes;
    if (gapMinutes > 0)
        notes << Text::tr("%n minute(s) without data in Prometheus (not drawn, not zero)", nullptr, int(gapMinutes));
    int scopeGaps = 0;
    for (auto it = p.noData.cbegin(); it != p.noData.cend(); ++it)
        scopeGaps += it.key().isEmpty() ? 0 : int(it->size());
    if (scopeGaps > 0)
        notes << Text::tr("%n scope-minute(s) without data", nullptr, scopeGaps);
    if (p.resets > 0)
        notes << Text::tr("%n counter reset(s): a service restarted; counted from zero after each", nullptr, p.resets);
    return notes.join(QStringLiteral("; "));
}

} // namespace

PrometheusCounterSource::PrometheusCounterSource(QUrl server, MetricsMapping mapping, int timeoutMs)
    : m_mapping(std::move(mapping))
    , m_client(std::make_unique<PrometheusClient>(std::move(server), timeoutMs))
{
}

PrometheusCounterSource::~PrometheusCounterSource() = default;

Result<CounterReading> PrometheusCounterSource::read(const QString &scope, qint64 fromMinute, qint64 toMinute)
{
    CounterReading reading;
    CounterProvenance &p = reading.provenance;
    p.source = CounterProvenance::Source::Prometheus;
    p.server = m_client->displayServer();
    p.mapping = m_mapping.name;
    p.mapped = m_mapping.expressions.keys();
    if (toMinute < fromMinute)
        return reading;

    const QList<Counter> counters = m_mapping.expressions.keys();
    QStringList queries;
    for (Counter c : counters)
        queries << m_mapping.query(c, scope);

    Gathered gathered;
    for (qint64 partFrom = fromMinute; partFrom <= toMinute; partFrom += MaxStepsPerQuery) {
        const qint64 partTo = qMin(toMinute, partFrom + MaxStepsPerQuery - 1);
        const QList<PrometheusClient::Answer> answers = m_client->queryRanges(queries, partFrom * 60, (partTo + 1) * 60, 60);
        for (int i = 0; i < answers.size(); ++i) {
            if (!addAnswer(answers.at(i), counters.at(i), queries.at(i), m_mapping, partFrom, partTo, gathered, p)) {
                reading.rows.clear();
                return reading;
            }
        }
    }
    if (!gathered.anySeries) {
        p.failure = CounterProvenance::Failure::Empty;
        p.message = noSeriesMessage(p.server, scope, m_mapping.name, queries.value(0));
        return reading;
    }
    addRowsAndGaps(gathered, fromMinute, toMinute, reading);
    p.message = gapNotes(p);
    std::sort(reading.rows.begin(), reading.rows.end(),
              [](const CounterRow &a, const CounterRow &b) { return a.minute != b.minute ? a.minute < b.minute : a.scope < b.scope; });
    return reading;
}
