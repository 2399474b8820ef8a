#include "models/dashboardrange.h"

namespace {

constexpr qint64 minuteMs = 60 * 1000;

qint64 presetLengthMs(DashboardRange::Preset preset)
{
    switch (preset) {
    case DashboardRange::Preset::Last15Minutes:
        return 15 * minuteMs;
    case DashboardRange::Preset::LastHour:
        return 60 * minuteMs;
    case DashboardRange::Preset::Last6Hours:
        return 6 * 60 * minuteMs;
    case DashboardRange::Preset::Last24Hours:
        return 24 * 60 * minuteMs;
    case DashboardRange::Preset::Custom:
        break;
    }
    return 15 * minuteMs;
}

} // namespace

std::pair<qint64, qint64> DashboardRange::window(qint64 nowMs) const
{
    if (preset == Preset::Custom && isValid())
        return {from.toMSecsSinceEpoch(), to.toMSecsSinceEpoch()};
    const Preset sliding = preset == Preset::Custom ? Preset::Last15Minutes : preset;
    return {nowMs - presetLengthMs(sliding), nowMs};
}

bool DashboardRange::isValid() const
{
    return preset != Preset::Custom || (from.isValid() && to.isValid() && from < to);
}

QString DashboardRange::presetName(Preset preset)
{
    switch (preset) {
    case Preset::Last15Minutes:
        return QStringLiteral("15m");
    case Preset::LastHour:
        return QStringLiteral("1h");
    case Preset::Last6Hours:
        return QStringLiteral("6h");
    case Preset::Last24Hours:
        return QStringLiteral("24h");
    case Preset::Custom:
        return QStringLiteral("custom");
    }
    return QStringLiteral("15m");
}

std::optional<DashboardRange::Preset> DashboardRange::presetFromName(const QString &name)
{
    for (Preset preset : {Preset::Last15Minutes, Preset::LastHour, Preset::Last6Hours, Preset::Last24Hours, Preset::Custom}) {
        if (presetName(preset) == name)
            return preset;
    }
    return std::nullopt;
}
