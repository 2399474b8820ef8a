#pragma once

#include <QStringList>

// idemctl exporter: the store's counters and gauges for Prometheus (/metrics).
int runExporterCommand(const QStringList &arguments);
