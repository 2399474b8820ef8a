#pragma once

#include <QStringList>

// idemctl stats [--scope S] [--minutes M]
int runStatsCommand(const QStringList &arguments);
// idemctl inflight [--scope S] [--older-than 10m] [--limit N]
int runInFlightCommand(const QStringList &arguments);
// idemctl get --scope S --key K
int runGetCommand(const QStringList &arguments);
