#pragma once

#include "app/ops/ordermapping.h"

#include <QList>

#include <memory>
#include <optional>

class QSettings;

// Named reconcile profiles in QSettings (group "reconcileProfiles", one JSON
// object per name) so the console and idemctl share them. A URL is stored
// without its password.
//
// The format and group of the profiles, in one place for both programs: the
// console reaches them through AppSettings (models/appsettings.h, its one
// settings wrapper, passing its QSettings); idemctl, which has no
// AppSettings, passes nullptr, meaning the console's settings file
// (consoleSettings()), so both read and write the same profiles. Tests pass
// an ini file of their own.
class MappingProfiles final {
public:
    // QSettings for application "idem-console" and this process's organisation.
    static std::unique_ptr<QSettings> consoleSettings();

    static QList<OrderMapping> load(QSettings *settings = nullptr); // by name; a malformed entry is left out
    // Validates first; replaces a profile of that name.
    static Result<void> save(const OrderMapping &mapping, QSettings *settings = nullptr);
    static void remove(const QString &name, QSettings *settings = nullptr);
    static std::optional<OrderMapping> find(const QString &name, QSettings *settings = nullptr);
};
