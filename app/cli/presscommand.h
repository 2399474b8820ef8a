#pragma once

#include <QStringList>

// idemctl press --store URL [--scope S] --concurrency N --requests M [--keys K] [--work-ms W] [--retry-in-progress]
int runPressCommand(const QStringList &arguments);
