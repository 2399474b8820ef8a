#pragma once

#include <QStringList>

// idemctl alert-rules: the console's alert rules as a Prometheus rules file.
int runAlertRulesCommand(const QStringList &arguments);
