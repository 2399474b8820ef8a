#include "ui/operatoridentitypage.h"

#include "models/operatorsession.h"
#include "models/statuscolors.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>

OperatorIdentityPage::OperatorIdentityPage(QWidget *parent)
    : QWizardPage(parent)
    , m_operator(new QLineEdit(OperatorSession::name(), this))
    , m_reason(new QPlainTextEdit(this))
    , m_problem(new QLabel(this))
    , m_confirmation(new QLabel(this))
    , m_readOnly(new QLabel(this))
{
    setTitle(tr("Who applies this, and why"));
    setSubTitle(tr("Every changed record gets an audit entry with your name, this machine and the reason."));
    setCommitPage(true);
    m_operator->setObjectName(QStringLiteral("operatorName"));
    m_reason->setObjectName(QStringLiteral("reason"));
    m_confirmation->setObjectName(QStringLiteral("confirmation"));
    m_problem->setObjectName(QStringLiteral("problem"));
    m_reason->setPlaceholderText(tr("e.g. payment gateway outage 03:50–04:10, ticket OPS-1234"));
    m_reason->setTabChangesFocus(true);
    m_reason->setMaximumHeight(m_reason->fontMetrics().height() * 5);
    m_problem->setStyleSheet(QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()));
    m_problem->setWordWrap(true);
    m_confirmation->setWordWrap(true);
    m_confirmation->setStyleSheet(
        QStringLiteral("font-weight: bold; padding: 8px; background: palette(alternate-base); border: 1px solid palette(mid);"));
    m_readOnly->setWordWrap(true);
    m_readOnly->setStyleSheet(QStringLiteral("color: %1; background: %2; padding: 6px;")
                                  .arg(StatusColors::warningText(palette()).name(), StatusColors::warningBackground(palette()).name()));
    m_readOnly->setText(tr("This store is open read-only: the store will refuse the change and nothing will be applied."));
    m_readOnly->hide();

    auto *form = new QFormLayout;
    form->addRow(tr("Operator:"), m_operator);
    form->addRow(tr("Reason:"), m_reason);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_confirmation);
    layout->addWidget(m_readOnly);
    layout->addStretch(1);

    connect(m_operator, &QLineEdit::textChanged, this, &OperatorIdentityPage::refresh);
    connect(m_reason, &QPlainTextEdit::textChanged, this, &OperatorIdentityPage::refresh);
    refresh();
}

void OperatorIdentityPage::setReadOnly(bool readOnly)
{
    m_readOnly->setVisible(readOnly);
}

OperatorIdentity OperatorIdentityPage::identity() const
{
    OperatorIdentity who;
    who.operatorName = m_operator->text().trimmed();
    who.reason = m_reason->toPlainText().trimmed();
    return who;
}

void OperatorIdentityPage::initializePage()
{
    if (m_confirmationText)
        m_confirmation->setText(m_confirmationText());
    refresh();
}

bool OperatorIdentityPage::validatePage()
{
    if (!identity().validate())
        return false;
    // The name confirmed here is the next wizard's and dialog's default.
    OperatorSession::remember(identity().operatorName);
    return true;
}

bool OperatorIdentityPage::isComplete() const
{
    return identity().validate().ok();
}

void OperatorIdentityPage::refresh()
{
    const Result<void> valid = identity().validate();
    // Nothing typed yet is not an error worth shouting about.
    const bool untouched = m_reason->toPlainText().isEmpty() && !m_operator->text().trimmed().isEmpty();
    m_problem->setText(valid || untouched ? QString() : valid.error().message);
    m_problem->setVisible(!m_problem->text().isEmpty());
    emit completeChanged();
}
