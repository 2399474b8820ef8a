// idem-console: the desktop application. Thin: parse, open, show.
#include "mainwindow.h"

#include "sim/salessimulator.h"
#include "store/openstore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QLibraryInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTranslator>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("idem-console"));
    QApplication::setApplicationVersion(QStringLiteral(IDEM_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Console for idempotency records of payment and order APIs."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption storeOption(QStringLiteral("store"), QApplication::translate("main", "Store URL to open."), QStringLiteral("url"));
    const QCommandLineOption demoOption(QStringLiteral("demo"), QApplication::translate("main", "Open the embedded demo store with simulated sales traffic."));
    const QCommandLineOption langOption(QStringLiteral("lang"), QApplication::translate("main", "Interface language: zh_CN or en."), QStringLiteral("lang"));
    parser.addOptions({storeOption, demoOption, langOption});
    if (!parser.parse(QApplication::arguments())) {
        fprintf(stderr, "idem-console: %s\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    const QString lang = parser.isSet(langOption) ? parser.value(langOption) : QLocale::system().name();
    if (parser.isSet(langOption) && lang != QLatin1String("zh_CN") && lang != QLatin1String("en")) {
        fprintf(stderr, "idem-console: --lang takes zh_CN or en, not '%s'\n", qPrintable(lang));
        return 2;
    }
    QTranslator translator;
    if (lang.startsWith(QLatin1String("zh")) && translator.load(QStringLiteral(":/i18n/idem-console_zh_CN.qm")))
        QApplication::installTranslator(&translator);

    QString url = parser.value(storeOption);
    const bool demo = parser.isSet(demoOption) || url.isEmpty();
    if (demo && url.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dir);
        url = QStringLiteral("sqlite://") + dir + QStringLiteral("/demo.db");
    }
    Result<StoreUrl> parsed = StoreUrl::parse(url);
    if (!parsed) {
        fprintf(stderr, "idem-console: %s\n", qPrintable(parsed.error().message));
        return 2;
    }

    // The demo's simulator drives the guard from its own threads.
    std::unique_ptr<Store> demoStore;
    std::unique_ptr<OrderTable> orders;
    std::unique_ptr<SalesSimulator> simulator;
    if (demo) {
        Result<std::unique_ptr<Store>> opened = openStore(parsed.value());
        if (!opened) {
            QMessageBox::critical(nullptr, QApplication::translate("main", "idem-console"), opened.error().message);
            return 1;
        }
        demoStore = std::move(opened).value();
        orders = std::make_unique<OrderTable>(parsed.value());
        simulator = std::make_unique<SalesSimulator>(*demoStore, *orders, SimulatorConfig{});
        if (Result<void> started = simulator->start(); !started) {
            QMessageBox::critical(nullptr, QApplication::translate("main", "idem-console"), started.error().message);
            return 1;
        }
    }

    MainWindow window(url, parsed->displayString());
    window.show();
    const int code = QApplication::exec();
    if (simulator)
        simulator->stop();
    return code;
}
