#pragma once

#include <QStringList>

// idemctl init --store URL: creates a native store's schema (the only command
// besides the guard's own first write, demo and press that creates anything).
int runInitCommand(const QStringList &arguments);
