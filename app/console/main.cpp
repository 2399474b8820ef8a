// idem-console: the desktop application. Thin: parse, pick the store, show.
#include "models/appsettings.h"
#include "ui/mainwindow.h"
#include "ui/translators.h"
#include "models/passwordvault.h"
#include "models/statuscolors.h"

#include "app/store/qpsqlwarnings.h"
#include "app/ops/mappingprofiles.h"
#include "app/sim/salessimulator.h"
#include "app/store/openstore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

#include <cstdio>
#include <optional>

namespace {

// The demo: the embedded SQLite store in the user's data directory with the
// simulator driving the guard from its own threads, for the app's lifetime.
class DemoTraffic final {
public:
    static QString url()
    {
        return QStringLiteral("sqlite://") + QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/demo.db");
    }

    Result<QString> start()
    {
        QDir().mkpath(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation));
        const QString url = DemoTraffic::url();
        Result<std::unique_ptr<Store>> opened = openStore(url);
        if (!opened)
            return opened.error();
        m_store = std::move(opened).value();
        m_orders = std::make_unique<OrderTable>(StoreUrl::parse(url).value());
        m_simulator = std::make_unique<SalesSimulator>(*m_store, *m_orders, SimulatorConfig{});
        if (Result<void> started = m_simulator->start(); !started)
            return started.error();
        rememberOrdersProfile(url);
        return url;
    }
    ~DemoTraffic()
    {
        if (m_simulator)
            m_simulator->stop();
    }

private:
    // The reconcile profile for the simulator's order table (sim/ordertable.h),
    // so the Reconcile wizard works on the demo without typing a mapping.
    static void rememberOrdersProfile(const QString &url)
    {
        const QString name = QApplication::translate("main", "Demo orders");
        if (MappingProfiles::find(name))
            return;
        OrderMapping mapping;
        mapping.name = name;
        mapping.ordersUrl = url;
        mapping.table = QStringLiteral("orders");
        mapping.keyColumn = QStringLiteral("order_no");
        mapping.statusColumn = QStringLiteral("status");
        mapping.doneValues = {QStringLiteral("PAID")};
        mapping.pendingValues = {QStringLiteral("PENDING")};
        mapping.failedValues = {QStringLiteral("FAILED")};
        (void)MappingProfiles::save(mapping); // a convenience: the wizard works without it
    }

    std::unique_ptr<Store> m_store;
    std::unique_ptr<OrderTable> m_orders;
    std::unique_ptr<SalesSimulator> m_simulator;
};

void useDarkPalette()
{
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(StatusColors::darkPalette());
}

int usage(const QString &message)
{
    std::fprintf(stderr, "idem-console: %s\n", qPrintable(message));
    return 2;
}

void setUpApplication()
{
    QApplication::setApplicationName(QStringLiteral("idem-console"));
    QApplication::setApplicationVersion(QStringLiteral(IDEM_VERSION));
    dropAbortedTransactionFreeWarnings();
    QApplication::setDesktopFileName(QStringLiteral("idem-console")); // resources/idem-console.desktop
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/idem-console.svg")));
    // The window follows the platform's palette (light or dark). For looking
    // at the dark palette where the platform offers none (Xvfb, CI), a hidden
    // IDEM_PALETTE=dark switches to Fusion with a dark palette.
    if (qEnvironmentVariable("IDEM_PALETTE") == QLatin1String("dark"))
        useDarkPalette();
}

struct ConsoleOptions {
    QCommandLineOption store;
    QCommandLineOption demo;
    QCommandLineOption readOnly;
    QCommandLineOption lang;
};

ConsoleOptions addConsoleOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QApplication::translate("main", "Console for idempotency records of payment and order APIs."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption storeOption(QStringLiteral("store"), QApplication::translate("main", "Store URL to open."),
                                         QStringLiteral("url"));
    const QCommandLineOption demoOption(QStringLiteral("demo"),
                                        QApplication::translate("main", "Open the embedded demo store with simulated sales traffic."));
    const QCommandLineOption readOnlyOption(
        QStringLiteral("read-only"), QApplication::translate("main", "Open stores read-only: the store refuses every operator action."));
    const QCommandLineOption langOption(QStringLiteral("lang"), QApplication::translate("main", "Interface language: zh_CN or en."),
                                        QStringLiteral("lang"));
    parser.addOptions({storeOption, demoOption, readOnlyOption, langOption});
    return ConsoleOptions{storeOption, demoOption, readOnlyOption, langOption};
}

// Parses the command line; an exit code (2, after saying why) on bad input.
// --help and --version print and exit here.
std::optional<int> parseArguments(QCommandLineParser &parser)
{
    if (!parser.parse(QApplication::arguments()))
        return usage(parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("unexpected argument '%1'; use --store URL").arg(parser.positionalArguments().constFirst()));
    return std::nullopt;
}

// The interface language: --lang, else the settings' (system: the locale's).
// An exit code on a --lang not offered.
std::optional<int> installLanguage(const QCommandLineParser &parser, const QCommandLineOption &langOption, AppSettings &settings,
                                   UiTranslators &translators)
{
    QString lang = AppSettings::languageCode(settings.language());
    if (parser.isSet(langOption)) {
        lang = parser.value(langOption);
        if (lang != QLatin1String("zh_CN") && lang != QLatin1String("en"))
            return usage(QStringLiteral("--lang takes zh_CN or en, not '%1'").arg(lang));
    }
    if (lang == QLatin1String("system"))
        lang = QLocale::system().name();
    for (const QString &missing : translators.install(lang))
        std::fprintf(stderr, "idem-console: translations not found: %s\n", qPrintable(missing));
    return std::nullopt;
}

// The --store URL as a store entry (without its password); an exit code
// when the URL does not parse.
std::optional<int> readStoreOption(const QCommandLineParser &parser, const QCommandLineOption &storeOption,
                                   std::optional<StoreEntry> *commandLineStore)
{
    if (!parser.isSet(storeOption))
        return std::nullopt;
    const QString url = parser.value(storeOption);
    if (Result<StoreUrl> parsed = StoreUrl::parse(url); !parsed)
        return usage(parsed.error().message);
    StoreEntry entry;
    entry.url = StoreEntry::withoutPassword(url);
    *commandLineStore = entry;
    return std::nullopt;
}

void openDemo(DemoTraffic &demo, MainWindow &window)
{
    const Result<QString> url = demo.start();
    if (!url) {
        QMessageBox::critical(&window, QApplication::translate("main", "idem-console"),
                              QApplication::translate("main", "The demo store cannot be opened: %1").arg(url.error().message));
        return;
    }
    StoreEntry entry;
    entry.name = QApplication::translate("main", "Demo (simulated sales traffic)");
    entry.url = url.value();
    window.openUrl(entry, url.value());
}

// The last store opened, with its name and options from the recent list.
void openLastStore(MainWindow &window, const AppSettings &settings, const QList<StoreEntry> &recent)
{
    StoreEntry last;
    last.url = settings.lastStoreUrl();
    for (const StoreEntry &e : recent) {
        if (e.url == last.url)
            last = e;
    }
    window.openEntry(last);
}

// No store yet: offer the demo, else the connection dialog.
void welcome(DemoTraffic &demo, MainWindow &window)
{
    const auto answer = QMessageBox::question(
        &window, QApplication::translate("main", "Welcome to idem-console"),
        QApplication::translate("main", "No store has been opened yet. Open the demo store with simulated sales traffic?\n\n"
                                        "Choose No to connect to a store of your own."),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        openDemo(demo, window);
    else
        window.showConnectionDialog();
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    setUpApplication();

    QCommandLineParser parser;
    const ConsoleOptions options = addConsoleOptions(parser);
    if (std::optional<int> exitCode = parseArguments(parser))
        return *exitCode;

    QSettings qsettings;
    AppSettings settings(&qsettings);
    UiTranslators translators;
    if (std::optional<int> exitCode = installLanguage(parser, options.lang, settings, translators))
        return *exitCode;

    std::optional<StoreEntry> commandLineStore;
    if (std::optional<int> exitCode = readStoreOption(parser, options.store, &commandLineStore))
        return *exitCode;

    PasswordVault vault;
    MainWindow window(&settings, &vault);
    window.setForcedReadOnly(parser.isSet(options.readOnly));
    window.show();

    DemoTraffic demo;
    const QList<StoreEntry> recent = settings.recentStores();
    if (parser.isSet(options.demo) || (!commandLineStore && settings.lastStoreUrl() == DemoTraffic::url())) {
        openDemo(demo, window);
    } else if (commandLineStore) {
        // The URL may carry a password: it goes to the session only, the
        // settings keep it without.
        window.openUrl(*commandLineStore, parser.value(options.store));
    } else if (!settings.lastStoreUrl().isEmpty()) {
        openLastStore(window, settings, recent);
    } else {
        welcome(demo, window);
    }
    return QApplication::exec();
}
