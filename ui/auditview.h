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
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;
class StoreSession;

// The audit log: entries newest first with filters that run in the store
// query (scope, operator, action, batch, key prefix, time range), the
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
    QPlainTextEdit *detail() const { return m_detail; }
    QLabel *verdictLabel() const { return m_verdict; }
    QPushButton *verifyButton() const { return m_verify; }
    QSplitter *splitter() const { return m_splitter; } // table over details, for the saved layout

    void setScopeFilter(const QString &scope);
    void setOperatorFilter(const QString &name);
    void setActionFilter(const QString &action);
    void setBatchFilter(const QString &batchId);
    void setKeyPrefix(const QString &prefix);
    void setKnownScopes(const QStringList &scopes);

public slots:
    void applyFilter();
    void verifyChain();

private:
    // Construction steps, in this order.
    void nameWidgets();
    QHBoxLayout *buildFilters(); // the filter row, not yet in a layout
    void buildTable();
    void buildDetails();        // the entry in full and the verdict line
    void arrange(QHBoxLayout *filters);
    void connectFilters();      // edits re-query after a pause
    void connectModel();        // reload, verify, loading state, selection

    void showSelected();
    void updateCount();

    StoreSession *m_session;
    StoreSession *m_verifySession = nullptr;
    AuditModel *m_model;
    QComboBox *m_scope;
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
    QPlainTextEdit *m_detail;
    QPushButton *m_verify;
    JobProgressWidget *m_progress;
    QLabel *m_verdict;
    QSplitter *m_splitter = nullptr;
    QTimer *m_debounce;
};
