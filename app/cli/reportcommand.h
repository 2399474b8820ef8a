#pragma once

#include <QStringList>

// idemctl report --store URL --from ISO8601 --to ISO8601 [--scope S]…
//                --format pdf|csv|json --out FILE [--operator NAME]
// Reads only (the store is opened read-only). A PDF needs a QGuiApplication:
// main() makes one, on the offscreen platform, for this command.
int runReportCommand(const QStringList &arguments);
