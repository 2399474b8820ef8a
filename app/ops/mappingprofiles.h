#pragma once

#include "ordermapping.h"

#include <QList>

// Named reconcile profiles, kept in the application's QSettings (group
// "reconcileProfiles", one JSON object per name) so the console and idemctl
// share them. A URL is stored without its password.
class MappingProfiles final {
public:
    static QList<OrderMapping> load();
    static Result<void> save(const OrderMapping &mapping);   // validates first; replaces a profile of that name
    static void remove(const QString &name);
    static std::optional<OrderMapping> find(const QString &name);
};
