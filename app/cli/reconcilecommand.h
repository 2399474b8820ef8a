#pragma once

#include <QStringList>

// idemctl reconcile --store URL --orders URL --table T --key-column C --status-column S
//                   --done-values a,b [--pending-values …] [--failed-values …] [--match biz_no|key]
//                   [--scope S] [--older-than 10m] [--in-flight-only] [--profile NAME] [--save-profile NAME]
//                   [--exclude SCOPE/KEY …] --operator NAME --reason TEXT [--dry-run] [--read-only] [--json]
// Looks up stuck records' orders in batches and completes or releases them
// (ReconcilePlan); rows for review are never applied.
int runReconcileCommand(const QStringList &arguments);
