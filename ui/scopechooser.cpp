#include "ui/scopechooser.h"

#include "models/storereads.h"
#include "models/storesession.h"

#include <QMap>

ScopeChooser::ScopeChooser(QWidget *parent)
    : QComboBox(parent)
{
    addItem(tr("All scopes"), QString());
    setMinimumContentsLength(22);
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
}

void ScopeChooser::load(StoreSession *session)
{
    session->request<QList<ScopeCount>>(this, &StoreReads::scopeCounts, [this](const Result<QList<ScopeCount>> &counts) {
        if (!counts)
            return; // the list stays as it is; the operator may still pick "all"
        QMap<QString, qint64> inFlight;
        for (const ScopeCount &c : counts.value()) {
            qint64 &n = inFlight[c.scope];
            if (c.state == RecordState::InFlight)
                n += c.count;
        }
        const QString chosen = scope();
        for (auto it = inFlight.cbegin(); it != inFlight.cend(); ++it)
            addScope(it.key(), tr("%1 (%2 in flight)").arg(it.key()).arg(it.value()));
        setScope(chosen);
        emit loaded();
    });
}

QString ScopeChooser::scope() const
{
    return currentData().toString();
}

void ScopeChooser::setScope(const QString &scope)
{
    if (findData(scope) < 0)
        addScope(scope, scope);
    setCurrentIndex(findData(scope));
}

void ScopeChooser::addScope(const QString &scope, const QString &text)
{
    const int at = findData(scope);
    if (at >= 0)
        setItemText(at, text);
    else
        addItem(text, scope);
}
