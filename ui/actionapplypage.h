#pragma once

#include "app/ops/operatorbatch.h"

#include <QWizardPage>

#include <functional>
#include <optional>

class JobProgressWidget;
class QLabel;
class QPushButton;
class StoreSession;
class QTreeWidget;

// Applies the plan when shown (the wizard's starter runs the job on its own
// store session), with a progress bar and Stop, then reports: applied,
// skipped (changed meanwhile), failed and left untouched, with the lists.
// An error the store gave for the whole action (read-only: Refused) is
// shown first, in red.
class ActionApplyPage final : public QWizardPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ActionApplyPage)
public:
    explicit ActionApplyPage(QWidget *parent = nullptr);

    // Called when the page is shown; it starts the job with
    // progress()->start(…) and calls finish() with the answer.
    void setStarter(std::function<void(ActionApplyPage *)> starter) { m_starter = std::move(starter); }
    // "Retry the cache step", shown when records changed in the store but
    // not in the service's cache (java-handler): runs retryCacheSteps on the
    // wizard's session as `who`, under the applied batch's id.
    void enableCacheRetry(StoreSession *session, std::function<OperatorIdentity()> who);
    void finishCacheRetry(const Result<ActionReport> &result);
    QPushButton *retryCacheButton() const { return m_retryCache; }
    // "Show in Audit": shown once a batch wrote entries; asks for the Audit
    // tab filtered to the batch (showInAuditRequested).
    QPushButton *showInAuditButton() const { return m_showInAudit; }
    JobProgressWidget *progress() const { return m_progress; }
    // Rows the operator excluded before applying: the report says they were left as they are.
    void setExcludedCount(int excluded) { m_excluded = excluded; }
    void finish(const Result<ActionReport> &result);

    bool isRunning() const;
    const std::optional<Result<ActionReport>> &result() const { return m_result; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *errorLabel() const { return m_error; }

    void initializePage() override;
    bool isComplete() const override;

signals:
    void finished(const ActionReport &report);
    void showInAuditRequested(const QString &batchId);

private:
    // The result's parts: the counts line (with what four eyes proposed),
    // the failure in red (a partial failure is one), the lists of
    // warnings, skipped and failed records.
    QString summaryText(const ActionReport &r) const;
    void showFailure(const ActionReport &r);
    void listDetails(const ActionReport &r);
    JobProgressWidget *m_progress;
    QLabel *m_summary;
    QLabel *m_error;
    QTreeWidget *m_details;
    std::function<void(ActionApplyPage *)> m_starter;
    StoreSession *m_session = nullptr;
    std::function<OperatorIdentity()> m_who;
    QPushButton *m_retryCache;
    QPushButton *m_showInAudit;
    QList<ActionFailure> m_cacheFailures;
    std::optional<Result<ActionReport>> m_result;
    int m_excluded = 0;
};
