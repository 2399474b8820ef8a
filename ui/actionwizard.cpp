#include "ui/actionwizard.h"

#include "ui/actionapplypage.h"
#include "ui/jobprogresswidget.h"
#include "ui/operatoridentitypage.h"
#include "models/storesession.h"

#include "app/store/visibletext.h"

ActionWizard::ActionWizard(const QString &url, OpenMode mode, QWidget *parent)
    : QWizard(parent)
    , m_session(new StoreSession(url, mode, this))
    , m_identity(new OperatorIdentityPage(this))
    , m_apply(new ActionApplyPage(this))
{
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage);
    setOption(QWizard::NoCancelButtonOnLastPage); // the apply page has its own Stop
    m_identity->setReadOnly(mode == OpenMode::ReadOnly);
    m_apply->setStarter([this](ActionApplyPage *page) { startApply(page); });
    m_apply->enableCacheRetry(m_session, [this] { return m_identity->identity(); });
    connect(m_apply, &ActionApplyPage::finished, this, [this](const ActionReport &report) {
        if (report.applied > 0)
            emit applied(report.batchId);
    });
}

ActionWizard::~ActionWizard()
{
    // The wizard's own pages stopped their jobs in its destructor; the
    // session joins its thread before the pages (and their progress
    // receivers) go.
    m_apply->progress()->cancel();
    delete m_session;
}

void ActionWizard::addActionPages(int identityId, int applyId, std::function<QString()> confirmation)
{
    m_identityId = identityId;
    setPage(identityId, m_identity);
    setPage(applyId, m_apply);
    m_identity->setConfirmation(std::move(confirmation));
    // The commit button names the count it acts on.
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id == m_identityId)
            nameCommitButton();
    });
}

void ActionWizard::nameCommitButton()
{
    const int n = actionCount();
    const int held = heldByFourEyes().records;
    setButtonText(QWizard::CommitButton, held > 0 && held == n ? tr("Propose %n record(s)", nullptr, n) : commitText(n - held, held));
}

QString ActionWizard::heldSentence() const
{
    // Four eyes: a scope over its threshold is proposed, not applied.
    const ProposalBook::Held held = heldByFourEyes();
    if (held.records == 0)
        return QString();
    return QLatin1Char(' ')
           + tr("Of them, %n record(s) in %1 are over the scope's four-eyes threshold: they are proposed for a second "
                "identity to approve, not applied now.",
                nullptr, held.records)
                 .arg(visibleText(held.scopes.join(QStringLiteral(", "))));
}

void ActionWizard::reject()
{
    if (m_apply->isRunning()) {
        m_apply->progress()->cancel();
        return;
    }
    QWizard::reject();
}
