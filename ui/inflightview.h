#pragma once

#include <QWidget>

class InFlightRecordModel;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableView;
class QTimer;
class RecordDetailView;
class StoreSession;

// The in-flight records: filters (run in the store query), a windowed table
// that loads more as it scrolls, stuck rows marked, and the selected
// record's details. On a store that lists by SCAN (a foreign Redis layout)
// a line under the filters follows the running scan from its shared
// counters (about five times a second, no store I/O), with a Cancel button
// and the COUNT of the next scan.
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
    // Read-only stores: the action button is disabled (the store refuses anyway).
    void setActionsEnabled(bool enabled);
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
    // The scan line now says this (tests wait on it).
    void scanLineChanged(const QString &text);

private:
    // Construction steps: each build step returns what goes into the view's layout.
    QHBoxLayout *buildFilters();
    QWidget *buildScanRow();       // hidden until a SCAN listing runs
    QLabel *buildFutureWarning();  // hidden until records start in the future
    void buildTable();
    QSplitter *buildSplitter();    // table | details
    void connectFilters();         // edits re-query after a pause
    void connectModel();           // counts, errors, selection
    void connectScan();            // the scan line follows the running scan

    void updateCount();
    void showSelected();
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
};
