#pragma once

#include "app/ops/recordselection.h"

#include <QWidget>

#include <optional>

class AutoRefreshBox;
class QCheckBox;
class QComboBox;
class QMenu;
class QTimer;
class RecordActions;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTableView;
class RecordBrowserModel;
class RecordDetailView;
class StoreSession;

// Every record the store keeps, whatever its state (in flight, completed,
// timed out): a state selector, a lookup by key or business number (a
// prefix; a whole key or number finds its record), a windowed table paged
// in the store (RecordBrowserModel) and the selected record's details, read
// again with get() on the session's worker thread so a listing's summary
// row (a foreign Redis layout) shows in full. "Audit history" asks the
// window to show the record's audit entries; the context menu has the
// In flight tab's row actions (RecordActions) for the records whose state
// allows them. The list refreshes itself every 10 s while shown (and on F5),
// keeping the selection, and says when it was read. A lookup that finds
// nothing by key but something by business number (or the other way round)
// says so, with a link to search there.
class RecordBrowserView final : public QWidget {
    Q_OBJECT
public:
    explicit RecordBrowserView(StoreSession *session, QWidget *parent = nullptr);

    RecordBrowserModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    RecordDetailView *detail() const { return m_detail; }
    QComboBox *stateSelector() const { return m_state; }
    QLineEdit *lookupField() const { return m_lookup; }
    QLabel *countLabel() const { return m_count; }

    // Lookup modes of the lookup field.
    enum class Lookup { Key, BizNo };
    void setLookup(Lookup mode, const QString &text);
    void setScopeFilter(const QString &scope);
    // Runs the query the inputs describe (Search, Return).
    void applyFilter();
    // Reads the listed records again, keeping the selection (F5, the timer).
    void refresh();
    void setActionsEnabled(bool enabled);
    RecordActions *actions() const { return m_actions; }
    QMenu *createContextMenu(QWidget *parent);
    QCheckBox *autoRefreshBox() const;

signals:
    void auditHistoryRequested(const QString &scope, const QString &key);

protected:
    void showEvent(QShowEvent *event) override;

private:
    // The constructor's parts: the filter row's controls, the table, the
    // filters over the list and details beside it, the signals.
    QHBoxLayout *buildFilters();
    void setUpTable();
    void layOut(QHBoxLayout *filters);
    void connectControls();
    void showSelected();
    void showCount(qint64 count);
    void showOtherField(qint64 count);
    QList<Record> selectedRecords() const;
    void rememberSelection();
    void restoreSelection();

    StoreSession *m_session;
    RecordBrowserModel *m_model;
    QComboBox *m_state;
    QLineEdit *m_scope;
    QComboBox *m_lookupMode;
    QLineEdit *m_lookup;
    QPushButton *m_search;
    QLabel *m_count;
    QSplitter *m_splitter;
    QTableView *m_table;
    RecordDetailView *m_detail;
    QPushButton *m_auditHistory;
    AutoRefreshBox *m_autoRefresh;
    RecordActions *m_actions;
    QString m_otherFieldHint; // "0 by key; 2 by business no.", shown with the count
    QList<RecordRef> m_keptSelection;
    std::optional<RecordRef> m_keptCurrent;
    quint64 m_shownGeneration = 0; // the detail shows the last selection's answer only
};
