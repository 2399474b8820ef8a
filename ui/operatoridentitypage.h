#pragma once

#include "app/ops/operatorbatch.h"

#include <QWizardPage>

#include <functional>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

// Who acts and why, and what is about to happen: an operator name (the
// session's, OperatorSession: the OS user until one is confirmed) and a
// reason are required before the wizard applies (OperatorIdentity::validate,
// shown inline). The commit page: after it the wizard cannot go back.
class OperatorIdentityPage final : public QWizardPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OperatorIdentityPage)
public:
    explicit OperatorIdentityPage(QWidget *parent = nullptr);

    // Called each time the page is shown: the sentence saying what applying does.
    void setConfirmation(std::function<QString()> text) { m_confirmationText = std::move(text); }
    // The store is read-only: say that it will refuse.
    void setReadOnly(bool readOnly);

    OperatorIdentity identity() const;
    void initializePage() override;
    // Keeps the confirmed name for the rest of the session (OperatorSession).
    bool validatePage() override;
    bool isComplete() const override;

private:
    void refresh();

    QLineEdit *m_operator;
    QPlainTextEdit *m_reason;
    QLabel *m_problem;
    QLabel *m_confirmation;
    QLabel *m_readOnly;
    std::function<QString()> m_confirmationText;
};
