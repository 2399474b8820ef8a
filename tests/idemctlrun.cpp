#include "tests/idemctlrun.h"

#include <QJsonDocument>
#include <QProcess>

QJsonObject Run::json() const
{
    return QJsonDocument::fromJson(out.trimmed().split('\n').constLast()).object();
}

Run idemctl(const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.start(QStringLiteral(IDEMCTL_PATH), arguments);
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    process.waitForFinished();
    return Run{process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
               process.readAllStandardError()};
}
