#pragma once

#include <QString>

// What the audit log and the records store as names ("reconcile-complete",
// "TIMED_OUT"), said in the interface language for the tables and details;
// the stored names stay as they are (filters, exports, sorting). A name the
// console does not know (another program's entry) is shown as stored.
namespace AuditWording {

QString action(const QString &name);
QString state(const QString &name);

} // namespace AuditWording
