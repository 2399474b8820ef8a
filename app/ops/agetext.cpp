#include "app/ops/agetext.h"

#include <QCoreApplication>

QString ageText(qint64 ms)
{
    const qint64 s = qMax<qint64>(0, ms / 1000);
    if (s < 60)
        return QCoreApplication::translate("AgeText", "%1 s").arg(s);
    if (s < 3600)
        return QCoreApplication::translate("AgeText", "%1 min %2 s").arg(s / 60).arg(s % 60);
    if (s < 48 * 3600)
        return QCoreApplication::translate("AgeText", "%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60);
    return QCoreApplication::translate("AgeText", "%1 d %2 h").arg(s / 86400).arg(s % 86400 / 3600);
}
