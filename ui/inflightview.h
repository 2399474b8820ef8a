#pragma once

#include "app/ops/recordselection.h"

#include <QWidget>

#include <optional>

class InFlightRecordModel;
class AutoRefreshBox;
class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableView;
class QTimer;
class RecordActions;
class RecordDetailView;
class StoreSession;

// The in-flight records: filters (run in the store query), a windowed table
// that loads more as it scrolls, stuck rows marked, and the selected
// record's details. On a store that lists by SCAN (a foreign Redis layout)
// a line under the filters follows the running scan from its shared
// counters (about five times a second, no store I/O), with a Cancel button
// and the COUNT of the next scan.
//
// Ages tick once a second (the model's clock; the details use the same
// clock). The list refreshes itself every 10 s while shown (pausable; not on
// stores that list by SCAN, where each refresh is a scan) and on F5,
// keeping the selection and the scroll position. Rows select as a range
// (Ctrl/Shift); the context menu (RecordActions) copies keys or `idemctl
// get` commands and opens the timeout, release or reconcile wizard, or the
// audit history, for them.
class InFlightView final : public QWidget {
    Q_OBJECT
public:
    explicit InFlightView(StoreSession *session, QWidget *parent = nullptr);

    InFlightRecordModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    RecordDetailView *detail() const { return m_detail; }
    QLabel *countLabel() const { return m_count; }
    QSplitter *splitter() const { return m_splitter; } // table | details, for the saved layout

    // Filter inputs, for the window's menu and for tests.
    void setScopeFilter(const QString &scope);
    void setMinimumAgeMinutes(int minutes);
    void setKeyPrefix(const QString &prefix);
    void setBizNoPrefix(const QString &prefix);
    void setOwnerFilter(const QString &owner);
    void setKnownScopes(const QStringList &scopes);
    void applyFilter();
    QString scopeFilter() const;
    // Find (Ctrl+F): the key prefix filter gets the focus, its text selected.
    void focusFilter();
    // Read-only stores: the action button and the menu's actions are disabled
    // (the store refuses anyway).
    void setActionsEnabled(bool enabled);
    // Re-reads the loaded rows, keeping the selection and the scroll position (F5).
    void refresh();
    QCheckBox *autoRefreshBox() const;
    // The selected rows' records, in the table's order; unreadable values left out.
    QList<RecordRef> selectedRecords() const;
    // The context menu for the current selection (the caller owns it):
    // RecordActions::menuFor.
    QMenu *createContextMenu(QWidget *parent);
    RecordActions *actions() const { return m_actions; }
    QPushButton *timeoutButton() const { return m_timeout; }
    // The scan line and its controls; hidden on stores with an in-flight index.
    QWidget *scanRow() const { return m_scanRow; }
    QLabel *scanLine() const { return m_scanLine; }
    QPushButton *scanCancelButton() const { return m_scanCancel; }
    QSpinBox *scanCountBox() const { return m_scanCount; }
    QProgressBar *scanBar() const { return m_scanBar; }
    // Red line above the table when in-flight records start in the future
    // (a zone-less timestamp column read in another zone than it was written in).
    QLabel *futureWarning() const { return m_future; }

signals:
    // "Mark timed out…": the wizard, with the view's current scope prefilled.
    void timeoutRequested(const QString &scope);
    // The context menu's wizards and audit history: actions()'s signals.
    // The scan line now says this (tests wait on it).
    void scanLineChanged(const QString &text);

protected:
    void showEvent(QShowEvent *event) override; // back on the tab: refreshed at once when auto-refresh is on

private:
    // Construction steps: each build step returns what goes into the view's layout.
    QHBoxLayout *buildFilters();
    QWidget *buildScanRow(); // hidden until a SCAN listing runs
    QLabel *buildFutureWarning(); // hidden until records start in the future
    void buildTable();
    QSplitter *buildSplitter(); // table | details
    void connectFilters(); // edits re-query after a pause
    void connectModel(); // counts, errors, selection
    void connectScan(); // the scan line follows the running scan

    void updateCount();
    void showSelected();
    void tickAges();
    void showContextMenu(const QPoint &pos);
    void rememberView(); // before a refresh: the selected records and the top row
    void restoreView(); // after it
    void showScanControls();
    void updateScanLine();
    // Off the GUI thread: the store's time zone note (for the details) and
    // whether the newest in-flight record of the filter's scope starts in
    // the future.
    void checkTimes(const QString &scope);

    InFlightRecordModel *m_model;
    QComboBox *m_scope;
    QSpinBox *m_minAge;
    QLineEdit *m_keyPrefix;
    QLineEdit *m_bizNoPrefix;
    QLineEdit *m_owner;
    QPushButton *m_stuckOnly = nullptr;
    QPushButton *m_reload = nullptr;
    QTableView *m_table;
    QLabel *m_count;
    RecordDetailView *m_detail;
    StoreSession *m_session;
    QLabel *m_future;
    QSplitter *m_splitter;
    QPushButton *m_timeout;
    QTimer *m_debounce;
    QWidget *m_scanRow;
    QLabel *m_scanLine;
    QProgressBar *m_scanBar;
    QPushButton *m_scanCancel;
    QSpinBox *m_scanCount;
    QTimer *m_scanTimer;
    AutoRefreshBox *m_autoRefresh;
    QTimer *m_tickTimer;
    RecordActions *m_actions;
    // What a refresh keeps: the selected records, the current one, the top row.
    QList<RecordRef> m_keptSelection;
    std::optional<RecordRef> m_keptCurrent;
    std::optional<RecordRef> m_keptTop;
    std::optional<Record> m_shown; // the record in the details
};
