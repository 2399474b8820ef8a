#pragma once

#include <QStringList>

// idemctl sweep --store URL --older-than 10m [--scope S] --operator NAME --reason TEXT
//               [--dry-run] [--read-only] [--json]
// Marks in-flight records older than the threshold timed out (TimeoutSweep).
int runSweepCommand(const QStringList &arguments);
