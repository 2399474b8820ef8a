#pragma once

#include "app/ops/proposalbook.h"
#include "app/store/openstore.h"

#include <QWizard>

class ActionApplyPage;
class OperatorIdentityPage;
class StoreSession;

// What the timeout and reconcile wizards share: a store session of the
// wizard's own (same URL and mode, so the main window keeps refreshing on
// its session while a long job runs), and the last two pages, the
// operator's name and reason with the confirmation, then the apply with its
// progress, Stop and result. A wizard adds its own pages first (its
// selection and preview), then addActionPages(); it says how many records
// the apply acts on, how many of them four eyes holds, how its commit
// button reads, and starts the apply job.
class ActionWizard : public QWizard {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ActionWizard)
public:
    ~ActionWizard() override; // stops a running apply and waits for the worker thread

    StoreSession *session() const { return m_session; }
    ActionApplyPage *applyPage() const { return m_apply; }

    void reject() override; // while applying: stop the job instead of closing

signals:
    // The apply finished and changed records (views may refresh).
    void applied(const QString &batchId);

protected:
    // url carries any password it needs (in memory only).
    ActionWizard(const QString &url, OpenMode mode, QWidget *parent);

    // Adds the identity and apply pages under these ids, after the
    // wizard's own pages. `confirmation` is the question the identity page
    // asks before the commit.
    void addActionPages(int identityId, int applyId, std::function<QString()> confirmation);
    OperatorIdentityPage *identityPage() const { return m_identity; }

    // The records the apply acts on (rows the operator left in).
    virtual int actionCount() const = 0;
    // Of those, the scopes and records four eyes will propose rather than
    // apply (the policy the preview read; none when it read none).
    virtual ProposalBook::Held heldByFourEyes() const = 0;
    // The commit button when `toApply` records are applied and `held` (0 or
    // fewer than all) proposed.
    virtual QString commitText(int toApply, int held) const = 0;
    virtual void startApply(ActionApplyPage *page) = 0;

    // The confirmation's sentence on what four eyes holds back (empty when
    // nothing is), with a leading space.
    QString heldSentence() const;

private:
    void nameCommitButton();

    StoreSession *m_session;
    OperatorIdentityPage *m_identity;
    ActionApplyPage *m_apply;
    int m_identityId = -1;
};
