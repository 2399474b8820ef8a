#include "tests/testserverhost.h"

#include <QFileInfo>
#include <QRandomGenerator>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

bool isFreeLoopbackPort(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(quint16(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool free = ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
    ::close(fd);
    return free;
}

int freeLoopbackPort()
{
    for (int attempt = 0; attempt < 500; ++attempt) {
        const int port = 20000 + int(QRandomGenerator::global()->bounded(12000));
        if (isFreeLoopbackPort(port))
            return port;
    }
    return 0;
}

int freeClusterPort()
{
    for (int attempt = 0; attempt < 200; ++attempt) {
        const int port = freeLoopbackPort();
        if (port > 0 && port < 22000 && isFreeLoopbackPort(port + 10000))
            return port;
    }
    return 0;
}

void startDirectoryWatchdog(QProcess &watchdog, const QString &path)
{
    static const char script[] = "case \"$1\" in /?*) ;; *) exit 1 ;; esac\n" // never an empty or root pattern
                                 "trap '' INT TERM HUP\n"
                                 "read -r _\n"
                                 "for p in /proc/[0-9]*; do\n"
                                 "    case \"$(readlink \"$p/cwd\" 2>/dev/null)\" in\n"
                                 "        \"$1\"|\"$1\"/*) kill -KILL \"${p#/proc/}\" 2>/dev/null ;;\n"
                                 "    esac\n"
                                 "done\n"
                                 "rm -rf \"$1\"\n";
    const QString dir = QFileInfo(path).canonicalFilePath();
    if (dir.size() < 2)
        return;
    watchdog.setStandardOutputFile(QProcess::nullDevice());
    watchdog.setStandardErrorFile(QProcess::nullDevice());
    watchdog.start(QStringLiteral("sh"),
                   {QStringLiteral("-c"), QString::fromLatin1(script), QStringLiteral("idem-testserver-watchdog"), dir});
    watchdog.waitForStarted();
}
