#include "app/store/qpsqlwarnings.h"

#include <QString>
#include <QtGlobal>

#include <atomic>
#include <cstdio>

namespace {

QtMessageHandler g_next = nullptr; // the handler before ours; none: Qt's default, to stderr
std::atomic<bool> g_installed{false};

void filter(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("Unable to free statement: ERROR:  current transaction is aborted")))
        return;
    if (g_next) {
        g_next(type, context, message);
        return;
    }
    std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
    std::fflush(stderr);
}

} // namespace

void dropAbortedTransactionFreeWarnings()
{
    if (g_installed.exchange(true))
        return;
    g_next = qInstallMessageHandler(filter);
}
