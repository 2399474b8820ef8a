#pragma once

#include "ui/actionwizard.h"

#include "app/ops/recordselection.h"
#include "app/ops/timeoutsweep.h"

class ActionTargetModel;
class TimeoutPreviewPage;
class TimeoutScopePage;

// Mark stuck records timed out (DESIGN.md "Operator actions"): choose the
// scope and age threshold, preview the matching records (count, oldest
// age, owners, rows), name the operator and the reason, apply with compare-
// and-set per record, read the result. Rows unchecked in the preview are
// left out of the apply (and counted as excluded). Preview and apply run on
// a store session of the wizard's own (same URL and mode), so the main
// window keeps refreshing on its session while a long job runs.
class TimeoutWizard final : public ActionWizard {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TimeoutWizard)
public:
    enum PageId { ScopePageId, PreviewPageId, IdentityPageId, ApplyPageId };

    // url carries any password it needs (in memory only).
    TimeoutWizard(const QString &url, OpenMode mode, QWidget *parent = nullptr);
    ~TimeoutWizard() override; // stops a running preview

    void setScope(const QString &scope);
    void setThresholdMinutes(int minutes);
    // Release instead of timing out (offered where a timed-out record is not run again).
    void setRelease(bool release);
    // Limits the action to these records (a tab's selection), before the
    // wizard is shown: the preview reads each again and lists exactly those
    // still in flight and older than the threshold (and, for a release, those
    // timed out); the scope is theirs. Empty: every record of the scope.
    void setRecords(const QList<RecordRef> &records);
    const QList<RecordRef> &records() const;

    ActionTargetModel *previewModel() const;

private:
    int actionCount() const override;
    ProposalBook::Held heldByFourEyes() const override;
    QString commitText(int toApply, int held) const override;
    void startApply(ActionApplyPage *page) override;
    void updateTitle();

    TimeoutScopePage *m_scope;
    TimeoutPreviewPage *m_preview;
};
