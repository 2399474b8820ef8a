#include "app/cli/initcommand.h"

#include "app/cli/clioutput.h"
#include "app/store/layout.h"
#include "app/store/openstore.h"
#include "app/store/storeurl.h"

#include <QCommandLineParser>
#include <QJsonObject>

int runInitCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CliText::tr("Creates an empty idempotency store (the SQLite file and its folder, or the tables and indexes in a PostgreSQL or "
                    "MySQL database), or completes one an older version left incomplete. Reading commands never create a store."));
    addStoreOptions(parser);
    if (std::optional<int> exit = parseCommand(parser, arguments))
        return *exit;
    if (std::optional<int> exit = writesRefusedReadOnly(parser, CliText::tr("init cannot run read-only: creating the store's file, tables and "
                                                                               "indexes is all it does. Leave out --read-only.")))
        return *exit;
    const bool json = parser.isSet(QStringLiteral("json"));
    // A foreign layout's store belongs to its service: refused before anything is opened.
    if (const Result<StoreUrl> url = StoreUrl::parse(storeUrlText(parser)); url) {
        const QString layout = url->options.value(QStringLiteral("layout"));
        if (const Result<Layout> resolved = Layout::resolve(layout); resolved && !resolved->isNative())
            return usageError(CliText::tr("init creates native stores only: a store in the %1 layout belongs to its service, which creates it.")
                                  .arg(resolved->name));
    }
    Result<std::unique_ptr<Store>> opened = openStoreFromOptions(parser, OpenMode::Create);
    if (!opened)
        return engineError(opened.error(), json);
    const QString where = opened.value()->displayUrl();
    if (json)
        printJson(QJsonObject{{QStringLiteral("store"), where}, {QStringLiteral("ready"), true}});
    else
        printLine(CliText::tr("Store ready at %1.").arg(where));
    return ExitOk;
}
