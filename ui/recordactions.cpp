#include "ui/recordactions.h"

#include "app/store/storeurl.h"
#include "models/storesession.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMenu>

#include <algorithm>

namespace {

QList<RecordRef> refsOf(const QList<Record> &records, const std::function<bool(const Record &)> &which)
{
    QList<RecordRef> refs;
    for (const Record &r : records) {
        if (which(r))
            refs.append(RecordRef{r.scope, r.key});
    }
    return refs;
}

} // namespace

RecordActions::RecordActions(StoreSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
}

void RecordActions::setActionsEnabled(bool enabled)
{
    m_actionsEnabled = enabled;
}

QMenu *RecordActions::menuFor(const QList<Record> &records, int selectedRows, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setToolTipsVisible(true);
    const int n = int(records.size());
    const QString unreadable = tr("The selected values cannot be read: no action applies to them");
    const QList<RecordRef> all = refsOf(records, [](const Record &) { return true; });

    QAction *copyKey = menu->addAction(n > 1 ? tr("Copy %n keys", nullptr, n) : tr("Copy key"), this, [all] {
        QStringList keys;
        for (const RecordRef &r : all)
            keys << r.key;
        QApplication::clipboard()->setText(keys.join(QLatin1Char('\n')));
    });
    copyKey->setObjectName(QStringLiteral("copyKey"));
    // The URL as shown, never with its password.
    const Result<StoreUrl> url = StoreUrl::parse(m_session->url());
    const QString displayUrl = url ? url->displayString() : StoreUrl::redacted(m_session->url());
    QAction *copyGet = menu->addAction(n > 1 ? tr("Copy as %n idemctl get commands", nullptr, n) : tr("Copy as idemctl get command"), this,
                                       [all, displayUrl] {
                                           QStringList lines;
                                           for (const RecordRef &r : all)
                                               lines << idemctlGetCommand(displayUrl, r.scope, r.key);
                                           QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
                                       });
    copyGet->setObjectName(QStringLiteral("copyGetCommand"));
    for (QAction *action : {copyKey, copyGet}) {
        action->setEnabled(n > 0);
        if (n == 0 && selectedRows > 0)
            action->setToolTip(unreadable);
    }
    menu->addSeparator();

    // Each action takes the selected records whose state it applies to.
    const QList<RecordRef> inFlight = refsOf(records, [](const Record &r) { return r.state == RecordState::InFlight; });
    const QList<RecordRef> unfinished = refsOf(records, [](const Record &r) { return r.state != RecordState::Completed; });
    struct Offer {
        const char *name;
        QString text;
        QList<RecordRef> records;
        QString notApplicable;
        void (RecordActions::*signal)(const QList<RecordRef> &);
    };
    const QList<Offer> offers{
        {"timeOutSelected", tr("Time out %n selected record(s)…", nullptr, int(inFlight.size())), inFlight,
         tr("Only in-flight records can be marked timed out"), &RecordActions::timeoutRequested},
        {"releaseSelected", tr("Release %n selected record(s)…", nullptr, int(unfinished.size())), unfinished,
         tr("Only in-flight and timed-out records can be released"), &RecordActions::releaseRequested},
        {"reconcileSelected", tr("Reconcile %n selected record(s)…", nullptr, int(unfinished.size())), unfinished,
         tr("Only in-flight and timed-out records can be reconciled"), &RecordActions::reconcileRequested},
    };
    for (const Offer &offer : offers) {
        QAction *action = menu->addAction(offer.text, this, [this, offer] { emit(this->*offer.signal)(offer.records); });
        action->setObjectName(QLatin1String(offer.name));
        action->setEnabled(m_actionsEnabled && !offer.records.isEmpty());
        if (!m_actionsEnabled)
            action->setToolTip(tr("The store is open read-only"));
        else if (n == 0 && selectedRows > 0)
            action->setToolTip(unreadable);
        else if (offer.records.isEmpty())
            action->setToolTip(offer.notApplicable);
        else
            action->setToolTip(tr("Opens the guided wizard for these records: preview, operator and reason, then apply"));
    }
    menu->addSeparator();
    QAction *history = menu->addAction(tr("Open audit history"), this,
                                       [this, all] { emit auditHistoryRequested(all.constFirst().scope, all.constFirst().key); });
    history->setObjectName(QStringLiteral("auditHistory"));
    history->setEnabled(n == 1);
    if (n != 1)
        history->setToolTip(tr("Select one record to see its audit entries"));
    return menu;
}

QString RecordActions::shellQuoted(const QString &text)
{
    static const QString plain = QStringLiteral("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-");
    if (!text.isEmpty() && std::all_of(text.cbegin(), text.cend(), [](QChar c) { return plain.contains(c); }))
        return text;
    const bool control = std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        return c.unicode() < 0x20 || c.unicode() == 0x7f || c.category() == QChar::Other_Format;
    });
    if (!control) {
        // Single quotes keep everything literal; a quote itself is '\''.
        QString quoted = text;
        quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
        return QLatin1Char('\'') + quoted + QLatin1Char('\'');
    }
    // Control or bidi characters would act on a terminal if pasted raw:
    // $'…' spells them as escapes (bash, zsh, ksh).
    QString out = QStringLiteral("$'");
    for (QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('\''))
            out += QLatin1Char('\\') + QString(c);
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else if (c.category() == QChar::Other_Format)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('\'');
}

QString RecordActions::idemctlGetCommand(const QString &displayUrl, const QString &scope, const QString &key)
{
    return QStringLiteral("idemctl get --store ") + shellQuoted(displayUrl) + QStringLiteral(" --scope ") + shellQuoted(scope)
           + QStringLiteral(" --key ") + shellQuoted(key);
}
