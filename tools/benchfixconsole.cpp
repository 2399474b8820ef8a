// Benchmark, not a test (tools/bench-fix.sh runs it): the console's
// timeout preview of a big backlog, offscreen.
//   idem-bench-fix-console --store URL [--older-than-minutes M]
// opens the Mark timed out wizard on the store (its own session, as the
// console does), goes to the preview and waits until it is ready; then
// sorts the table by each column in turn and scrolls it to the end, as an
// operator looking through it would. A 10 ms timer on the GUI thread
// measures the longest gap between its ticks all along (what a frozen
// window would show). Prints one JSON line: preview rows, time to the
// ready preview, the longest gap (and that of the load and of the browsing)
// and the process's peak RSS.
#include "models/actiontargetmodel.h"
#include "ui/timeoutwizard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <cstdio>
#include <ctime>

namespace {

qint64 peakRssKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').constFirst().toLongLong();
    }
    return -1;
}

qint64 threadCpuUs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000000 + t.tv_nsec / 1000;
}

// The longest gap between two ticks of a 10 ms timer on the GUI thread, and
// the longest stretch of the GUI thread's own CPU time between two ticks:
// on a machine whose cores are shared the wall gap also holds the time the
// process waited for a core; the CPU gap is what the window's own work held.
struct TickWatch {
    QTimer timer;
    QElapsedTimer clock;
    qint64 last = 0;
    qint64 lastCpuUs = threadCpuUs();
    qint64 longestGapMs = 0;
    qint64 longestCpuGapMs = 0;

    TickWatch()
    {
        timer.setInterval(10);
        QObject::connect(&timer, &QTimer::timeout, [this] {
            const qint64 now = clock.elapsed();
            const qint64 cpu = threadCpuUs();
            longestGapMs = qMax(longestGapMs, now - last);
            longestCpuGapMs = qMax(longestCpuGapMs, (cpu - lastCpuUs) / 1000);
            last = now;
            lastCpuUs = cpu;
        });
        clock.start();
        timer.start();
    }
};

// Lets the event loop run until `done` or the timeout; false on timeout.
template <typename Done>
bool waitFor(Done done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QTest::qWait(5);
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("store"), QStringLiteral("Store URL."), QStringLiteral("url")});
    parser.addOption(
        {QStringLiteral("older-than-minutes"), QStringLiteral("The wizard's threshold."), QStringLiteral("m"), QStringLiteral("10")});
    parser.addOption(
        {QStringLiteral("shot"), QStringLiteral("Save a picture of the wizard, sorted by key, to this PNG file."), QStringLiteral("file")});
    parser.process(app);
    if (!parser.isSet(QStringLiteral("store"))) {
        std::fprintf(stderr, "idem-bench-fix-console: --store URL is required\n");
        return 2;
    }

    TickWatch watch;
    TimeoutWizard wizard(parser.value(QStringLiteral("store")), OpenMode::ReadWrite);
    wizard.setThresholdMinutes(parser.value(QStringLiteral("older-than-minutes")).toInt());
    wizard.resize(1280, 720);
    wizard.show();
    QElapsedTimer clock;
    clock.start();
    wizard.next();
    if (!waitFor([&] { return wizard.currentPage()->isComplete(); }, 600000)) {
        std::fprintf(stderr, "idem-bench-fix-console: the preview did not get ready in 10 minutes\n");
        return 1;
    }
    const qint64 previewMs = clock.elapsed();
    const qint64 rows = wizard.previewModel()->rowCount();
    const qint64 loadGapMs = watch.longestGapMs, loadCpuGapMs = watch.longestCpuGapMs;
    watch.longestGapMs = 0;
    watch.longestCpuGapMs = 0;

    // Looking through it: sort by every column, scroll to the end.
    auto *table = wizard.findChild<QTableView *>(QStringLiteral("previewTable"));
    QElapsedTimer browse;
    browse.start();
    qint64 longestSortMs = 0; // the longest sort, from the header click until the rows are in order
    if (table) {
        for (int column = 0; column < wizard.previewModel()->columnCount(); ++column) {
            QElapsedTimer sort;
            sort.start();
            table->sortByColumn(column, Qt::AscendingOrder);
            if (!waitFor([&] { return !wizard.previewModel()->isSorting(); }, 600000)) {
                std::fprintf(stderr, "idem-bench-fix-console: sorting by column %d did not end in 10 minutes\n", column);
                return 1;
            }
            longestSortMs = qMax(longestSortMs, sort.elapsed());
            QTest::qWait(20);
        }
        table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
        QTest::qWait(50);
    }
    const qint64 browseMs = browse.elapsed();
    if (parser.isSet(QStringLiteral("shot")) && table) {
        table->sortByColumn(ActionTargetModel::KeyColumn, Qt::DescendingOrder);
        waitFor([&] { return !wizard.previewModel()->isSorting(); }, 600000);
        table->scrollToTop();
        QTest::qWait(100);
        if (!wizard.grab().save(parser.value(QStringLiteral("shot"))))
            std::fprintf(stderr, "idem-bench-fix-console: could not save %s\n", qPrintable(parser.value(QStringLiteral("shot"))));
    }
    QTest::qWait(200);
    std::printf("{\"rows\":%lld,\"preview_ms\":%lld,\"browse_ms\":%lld,\"longest_gui_gap_ms\":%lld,\"load_gap_ms\":%lld,"
                "\"browse_gap_ms\":%lld,\"load_cpu_gap_ms\":%lld,\"browse_cpu_gap_ms\":%lld,\"longest_sort_ms\":%lld,"
                "\"peak_rss_mb\":%.1f}\n",
                static_cast<long long>(rows), static_cast<long long>(previewMs), static_cast<long long>(browseMs),
                static_cast<long long>(qMax(loadGapMs, watch.longestGapMs)), static_cast<long long>(loadGapMs),
                static_cast<long long>(watch.longestGapMs), static_cast<long long>(loadCpuGapMs),
                static_cast<long long>(watch.longestCpuGapMs), static_cast<long long>(longestSortMs), peakRssKb() / 1024.0);
    wizard.reject();
    return 0;
}
