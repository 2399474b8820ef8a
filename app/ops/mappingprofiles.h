#pragma once

#include "ordermapping.h"

#include <QList>

#include <memory>
#include <optional>

class QSettings;

// Named reconcile profiles in QSettings (group "reconcileProfiles", one JSON
// object per name) so the console and idemctl share them. A URL is stored
// without its password.
//
// settings == nullptr means the console's settings file (consoleSettings()),
// whichever program asks: the console's default QSettings and idemctl (whose
// application name is "idemctl") then read and write the same file. Tests
// pass an ini file of their own.
class MappingProfiles final {
public:
    // QSettings for application "idem-console" and this process's organisation.
    static std::unique_ptr<QSettings> consoleSettings();

    static QList<OrderMapping> load(QSettings *settings = nullptr);   // by name; a malformed entry is left out
    // Validates first; replaces a profile of that name.
    static Result<void> save(const OrderMapping &mapping, QSettings *settings = nullptr);
    static void remove(const QString &name, QSettings *settings = nullptr);
    static std::optional<OrderMapping> find(const QString &name, QSettings *settings = nullptr);
};
