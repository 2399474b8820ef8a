#pragma once
// What TestServer and TestCluster need of the host: loopback ports nobody
// uses, and a watchdog that kills a test's servers and removes their
// directory should the test process die without its destructors.

#include <QProcess>
#include <QString>

// How long a server may take to answer its first ping.
inline constexpr int kStartTimeoutMs = 60000;

// A port nobody uses now, below the kernel's ephemeral range (32768+) so no
// outgoing connection takes it while the server is down between kill and
// restart. Checked by binding it without SO_REUSEADDR.
bool isFreeLoopbackPort(int port);
int freeLoopbackPort();
// A port below 22000 whose cluster bus port (port + 10000) is free too, as
// tools/lib/servers.sh picks them for its cluster.
int freeClusterPort();

// A shell that waits for EOF on its stdin, a pipe whose other end only this
// process holds (Qt opens it close-on-exec), so EOF means this process is
// gone. It then kills every process working in the directory (the servers
// chdir to it) and removes the directory. It ignores the signals a Ctrl-C or
// a cancelled job sends its process group; the owner's destructor kills it.
void startDirectoryWatchdog(QProcess &watchdog, const QString &path);
