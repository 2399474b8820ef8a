#pragma once

#include <QWidget>

class QComboBox;
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
// window to show the record's audit entries.
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

signals:
    void auditHistoryRequested(const QString &scope, const QString &key);

private:
    void showSelected();
    void showCount(qint64 count);

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
    quint64 m_shownGeneration = 0; // the detail shows the last selection's answer only
};
