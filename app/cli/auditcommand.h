#pragma once

#include <QStringList>

// idemctl audit verify --store URL [--json]
// idemctl audit list --store URL [--scope S] [--operator NAME] [--action A] [--batch ID]
//                    [--since 1h] [--limit N] [--json]
int runAuditCommand(const QStringList &arguments);
