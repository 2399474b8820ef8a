#pragma once

#include "app/store/openstore.h"

#include <QWidget>

class AuditModel;
class JobProgressWidget;
class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTextBrowser;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;
class StoreSession;

// The audit log: entries newest first with filters that run in the store
// query (what: operator actions by default, alerts or all; scope, operator,
// action, batch, key prefix, time range), the
// selected entry in full (evidence JSON, hashes), and "Verify chain", which
// walks every chain (AuditVerifier) on a session of its own so the listing
// and the other views keep answering during a long verification.
class AuditView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AuditView)
public:
    AuditView(StoreSession *session, QWidget *parent = nullptr);
    ~AuditView() override;

    AuditModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QTextBrowser *detail() const { return m_detail; }
    QLabel *verdictLabel() const { return m_verdict; }
    QPushButton *verifyButton() const { return m_verify; }
    QSplitter *splitter() const { return m_splitter; } // table over details, for the saved layout

    void setScopeFilter(const QString &scope);
    void setOperatorFilter(const QString &name);
    void setActionFilter(const QString &action);
    void setBatchFilter(const QString &batchId);
    void setKeyPrefix(const QString &prefix);
    void setKnownScopes(const QStringList &scopes);
    // Which entries: operator actions (the default), alerts, or all.
    void setKindFilter(AuditQuery::Kind kind);
    QComboBox *kindFilter() const { return m_kind; }

    // One record's entries (scope and exact key), every kind, no other
    // filter; a bar over the list says so and "Show all entries" clears it.
    void showRecordHistory(const QString &scope, const QString &key);
    // One operator batch's entries, every kind, no other filter; cleared
    // the same way.
    void showBatch(const QString &batchId);
    // Back to every entry of the default kind: no record, batch or other filter.
    void clearFilters();
    QLabel *focusLabel() const { return m_focus; } // the bar's text; hidden when no record or batch is shown

public slots:
    void applyFilter();
    void verifyChain();

private:
    // Construction steps, in this order.
    void nameWidgets();
    QHBoxLayout *buildFilters(); // the filter row, not yet in a layout
    void buildTable();
    void buildDetails(); // the entry in full and the verdict line
    void arrange(QHBoxLayout *filters);
    void connectFilters(); // edits re-query after a pause
    void connectModel(); // reload, verify, loading state, selection

    void showSelected();
    void updateCount();

    void showFocus(const QString &text); // the bar over the list; empty: hidden

    StoreSession *m_session;
    StoreSession *m_verifySession = nullptr;
    AuditModel *m_model;
    QComboBox *m_kind;
    QComboBox *m_scope;
    QString m_key; // exact key of showRecordHistory; empty: none
    QWidget *m_focusBar;
    QLabel *m_focus;
    QPushButton *m_clearFocus = nullptr;
    QLineEdit *m_operator;
    QComboBox *m_action;
    QLineEdit *m_batch;
    QLineEdit *m_keyPrefix;
    QCheckBox *m_useFrom;
    QDateTimeEdit *m_from;
    QCheckBox *m_useTo;
    QDateTimeEdit *m_to;
    QPushButton *m_reload = nullptr;
    QTableView *m_table;
    QLabel *m_count;
    QTextBrowser *m_detail;
    QPushButton *m_verify;
    JobProgressWidget *m_progress;
    QLabel *m_verdict;
    QSplitter *m_splitter = nullptr;
    QTimer *m_debounce;
};
