#pragma once

#include <QString>

// Who operates the console in this run: the OS user until an operator
// confirms another name in a wizard or the report dialog, then that name
// in every wizard and dialog opened after it, until the console closes
// (an export after a wizard names the operator, not the OS user). Not
// saved: the next person at the desk types their own.
// GUI thread only.
namespace OperatorSession {

QString name();
// An empty or blank name is ignored.
void remember(const QString &name);

} // namespace OperatorSession
