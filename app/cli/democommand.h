#pragma once

#include <QStringList>

// idemctl demo --store URL [--rate N] [--seconds T]
int runDemoCommand(const QStringList &arguments);
