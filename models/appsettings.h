#pragma once

#include "models/dashboardrange.h"
#include "models/storeentry.h"

#include "app/ops/ordermapping.h"
#include "app/telemetry/alertrules.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

class QSettings;

// The one typed wrapper over QSettings (STYLE.md "Command line and settings").
// Every key and default lives here; a value the file holds that is missing,
// malformed or out of range reads back as the default (clamped for numbers).
// No password is ever written: URLs are stripped before they are saved.
class AppSettings final {
    Q_DISABLE_COPY_MOVE(AppSettings)
public:
    enum class Language { System, Chinese, English };

    static constexpr int DefaultRefreshIntervalMs = 2000;
    static constexpr int MinRefreshIntervalMs = 250;
    static constexpr int MaxRefreshIntervalMs = 10 * 60 * 1000;
    static constexpr double DefaultHitRateAlertThreshold = 0.30;
    static constexpr int DefaultInFlightPageSize = 500;
    static constexpr int MinInFlightPageSize = 50;
    static constexpr int MaxInFlightPageSize = 5000;
    static constexpr int MaxRecentStores = 12;
    static constexpr Language DefaultLanguage = Language::System;

    // settings is not owned; tests pass an ini file in a temporary directory.
    explicit AppSettings(QSettings *settings);

    // Most recent first, no two with the same URL.
    QList<StoreEntry> recentStores() const;
    void setRecentStores(const QList<StoreEntry> &entries);
    // Puts entry first (replacing the one with the same URL), keeps MaxRecentStores.
    void rememberStore(const StoreEntry &entry);
    void forgetStore(const QString &url);

    QString lastStoreUrl() const;
    void setLastStoreUrl(const QString &url);

    int refreshIntervalMs() const;
    void setRefreshIntervalMs(int ms);

    DashboardRange dashboardRange() const;
    void setDashboardRange(const DashboardRange &range); // an invalid custom range is not saved

    double hitRateAlertThreshold() const; // replayed / (replayed + executed), 0..1
    void setHitRateAlertThreshold(double threshold);

    // Group "alertRules", one JSON array; missing or unreadable: AlertRule::defaults().
    QList<AlertRule> alertRules() const;
    void setAlertRules(const QList<AlertRule> &rules);
    // AlertMonitor::saveState() of one store (its URL without a password):
    // raised, acknowledged and snoozed alerts across a restart. Empty: none.
    QByteArray alertState(const QString &storeUrl) const;
    void setAlertState(const QString &storeUrl, const QByteArray &state);

    int inFlightPageSize() const;
    void setInFlightPageSize(int rows);

    Language language() const;
    void setLanguage(Language language);
    static QString languageCode(Language language); // "system", "zh_CN", "en"
    static std::optional<Language> languageFromCode(const QString &code); // unknown: nullopt

    // Saved window layout: part names a piece ("window/geometry",
    // "inflight/splitter", "audit/columns" …) and the bytes are what
    // QWidget::saveGeometry, QMainWindow/QSplitter/QHeaderView::saveState
    // returned. Default: empty (the widget keeps its own layout).
    QByteArray layoutState(const QString &part) const;
    void setLayoutState(const QString &part, const QByteArray &state);

    // Named reconcile profiles (the order table mapping), in MappingProfiles'
    // format and group so idemctl reads the same ones from this file; a URL
    // is kept without its password.
    QList<OrderMapping> reconcileProfiles() const; // by name; a malformed entry is left out
    std::optional<OrderMapping> reconcileProfile(const QString &name) const;
    Result<void> saveReconcileProfile(const OrderMapping &mapping); // validated first; replaces one of that name
    void removeReconcileProfile(const QString &name);

    void sync(); // writes pending changes to disk now (QSettings otherwise does it later)

private:
    QSettings *m_settings;
};
