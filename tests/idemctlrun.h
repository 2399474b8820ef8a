#pragma once

// idemctl run as an operator runs it, for the suites that test it through
// its command line (the program built beside them: IDEMCTL_PATH of the
// test support library).
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

struct Run {
    int exitCode = -1; // -1 when it crashed or was killed after the timeout
    QByteArray out;
    QByteArray err;
    // The last line of the output as a JSON object (--json).
    QJsonObject json() const;
};

// idemctl with `arguments`, killed after timeoutMs.
Run idemctl(const QStringList &arguments, int timeoutMs = 120000);
