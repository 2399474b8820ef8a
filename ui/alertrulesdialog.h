#pragma once

#include "app/telemetry/alertrules.h"

#include <QDialog>

class QTableWidget;

// Edits the alert rules: one row per rule (kind, scope, threshold, minutes),
// Add and Remove. rules() is what the dialog holds when accepted; the
// caller persists it (AppSettings::setAlertRules).
class AlertRulesDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertRulesDialog)
public:
    enum Column { KindColumn, ScopeColumn, ThresholdColumn, MinutesColumn, ColumnCount };

    AlertRulesDialog(const QList<AlertRule> &rules, const QStringList &knownScopes, QWidget *parent = nullptr);

    QList<AlertRule> rules() const;
    void addRule(const AlertRule &rule);
    QTableWidget *table() const { return m_table; }

private:
    void updateRow(int row); // store-wide kinds have no scope or minutes

    QTableWidget *m_table;
    QStringList m_knownScopes;
};
