#pragma once

#include <QDateTime>
#include <QString>

#include <optional>
#include <utility>

// The time window the dashboard charts show: a sliding preset ending now, or
// a fixed custom interval (an incident under review).
struct DashboardRange {
    enum class Preset { Last15Minutes, LastHour, Last6Hours, Last24Hours, Custom };

    Preset preset = Preset::Last15Minutes;
    QDateTime from; // Custom only
    QDateTime to; // Custom only

    bool operator==(const DashboardRange &other) const = default;

    // [from, to] in ms since the epoch; presets end at nowMs.
    std::pair<qint64, qint64> window(qint64 nowMs) const;
    // A custom range needs from < to, both valid; presets are always valid.
    bool isValid() const;

    static QString presetName(Preset preset); // stable, for the settings file
    static std::optional<Preset> presetFromName(const QString &name); // unknown: nullopt
};
