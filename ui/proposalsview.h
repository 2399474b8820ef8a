#pragma once

#include "app/ops/proposalbook.h"
#include "app/store/proposal.h"
#include "app/store/storeaccess.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;
class StoreSession;

// The Proposals tab (four eyes, DESIGN.md "Roles and four eyes"): actions
// held for a second identity, newest first; the selected one's records as
// its preview saw them beside what each is now (the diff an approver
// decides on); Approve, Reject and Apply, greyed where the server would
// refuse (StoreAccess) or the proposal's state does not allow it. All store
// work on the session's worker thread.
class ProposalsView final : public QWidget {
    Q_OBJECT
public:
    explicit ProposalsView(StoreSession *session, QWidget *parent = nullptr);

    void refresh();
    void setAccess(const StoreAccess &access, bool writable);
    QTableWidget *table() const { return m_table; }

private:
    void showSelected();
    void showDiff(const Proposal &p, const QList<ProposalBook::ItemNow> &now);
    void updateButtons();
    void decide(bool approve);
    void apply();
    const Proposal *selected() const;

    StoreSession *m_session;
    QTableWidget *m_table;
    QTextBrowser *m_detail;
    QLabel *m_status;
    QPushButton *m_approve;
    QPushButton *m_reject;
    QPushButton *m_apply;
    QPushButton *m_refresh;
    QList<Proposal> m_proposals;
    StoreAccess m_access;
    bool m_writable = false;
    int m_diffRequest = 0;
};
