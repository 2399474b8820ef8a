#include "app/ops/reconcileplan.h"

#include "app/store/keptrequest.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace {

// Messages of this file, in the "ReconcilePlan" translation context (lupdate reads
// Text::tr; a free tr() would give it no context).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ReconcilePlan)
};

QString matchedValue(const OrderMapping &mapping, const ActionTarget &target)
{
    return mapping.match == OrderMapping::MatchField::Key ? target.key : target.bizNo;
}

bool isJson(const QString &contentType)
{
    const QString type = contentType.section(QLatin1Char(';'), 0, 0).trimmed().toLower();
    return type == QLatin1String("application/json") || type.endsWith(QLatin1String("+json"));
}

// The text between the quotes of a JSON string holding `text`.
QString jsonEscaped(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(2, array.size() - 4));
}

QString variantText(const QVariant &value)
{
    if (value.isNull() || !value.isValid())
        return QString();
    if (value.metaType().id() == QMetaType::QByteArray)
        return QString::fromLatin1(value.toByteArray().toHex());
    return value.toString();
}

QByteArray evidence(const OrderMapping &mapping, const ReconcileRow &row)
{
    // Built by hand so the order row keeps its column order.
    const QByteArray order = row.order ? row.order->toJson() : QByteArrayLiteral("null");
    const auto str = [](const QString &s) {
        const QByteArray a = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
        return a.mid(1, a.size() - 2);
    };
    // The request the record kept, as stored (a JSON object, embedded as
    // it is: the auditor sees what the client sent, masked as it was), so
    // the entry shows what was completed or released; null when none was
    // kept, and a note instead of a value that is not a JSON object.
    QByteArray request = QByteArrayLiteral("null");
    QByteArray requestNote;
    if (!row.target.request.isEmpty()) {
        if (const Result<std::optional<KeptRequest>> kept = KeptRequest::decode(row.target.request); kept)
            request = row.target.request;
        else
            requestNote = ",\"request_error\":" + str(kept.error().message);
    }
    return "{\"order\":" + order + ",\"table\":" + str(mapping.table) + ",\"key_column\":" + str(mapping.keyColumn) + ",\"proposal\":"
           + str(reconcileProposalName(row.proposal)) + ",\"why\":" + str(row.why) + ",\"request\":" + request + requestNote + '}';
}

void countProposal(ReconcileSummary &s, ReconcileProposal proposal)
{
    ++s.matched;
    switch (proposal) {
    case ReconcileProposal::Complete:
        ++s.complete;
        break;
    case ReconcileProposal::Release:
        ++s.release;
        break;
    case ReconcileProposal::Review:
        ++s.review;
        break;
    }
}

} // namespace

QString reconcileProposalName(ReconcileProposal proposal)
{
    switch (proposal) {
    case ReconcileProposal::Complete:
        return QStringLiteral("complete");
    case ReconcileProposal::Release:
        return QStringLiteral("release");
    case ReconcileProposal::Review:
        break;
    }
    return QStringLiteral("review");
}

ReconcileRow ReconcilePlan::propose(const ActionTarget &target, const OrderMapping &mapping, const std::optional<OrderRow> &order)
{
    ReconcileRow row;
    row.target = target;
    row.order = order;
    const QString value = matchedValue(mapping, target);
    if (value.isEmpty()) {
        row.proposal = ReconcileProposal::Review;
        row.why = Text::tr("the record has no business number to look up");
        return row;
    }
    if (!order) {
        row.proposal = ReconcileProposal::Release;
        row.why = Text::tr("no order %1 in %2: the client may resubmit").arg(value, mapping.table);
        return row;
    }
    if (order->matches > 1) {
        row.proposal = ReconcileProposal::Review;
        row.why = Text::tr("%1 orders have the key %2: which one counts is for an operator to decide").arg(order->matches).arg(value);
        return row;
    }
    if (order->keyValue != value) {
        row.proposal = ReconcileProposal::Review;
        row.why = Text::tr("the order found has the key '%1', not exactly '%2'").arg(order->keyValue, value);
        return row;
    }
    if (mapping.doneValues.contains(order->status)) {
        row.proposal = ReconcileProposal::Complete;
        row.why = Text::tr("order %1 has status %2, which means done").arg(value, order->status);
    } else if (mapping.failedValues.contains(order->status)) {
        row.proposal = ReconcileProposal::Release;
        row.why = Text::tr("order %1 has status %2, which means failed: the client may resubmit").arg(value, order->status);
    } else if (mapping.pendingValues.contains(order->status)) {
        row.proposal = ReconcileProposal::Review;
        row.why = Text::tr("order %1 has status %2, which means still pending").arg(value, order->status);
    } else {
        row.proposal = ReconcileProposal::Review;
        row.why = order->status.isEmpty() ? Text::tr("order %1 has no status").arg(value)
                                          : Text::tr("order %1 has status %2, which is in no list").arg(value, order->status);
    }
    return row;
}

Result<QList<ReconcileRow>> ReconcilePlan::build(Store &store, OrderLookup &orders, const ReconcileCriteria &criteria, qint64 nowMs,
                                                 const ActionControl &control)
{
    QList<RecordQuery> sources;
    RecordQuery stuck;
    stuck.scope = criteria.scope;
    const Result<qint64> cutoff = previewCutoff(store, nowMs, criteria.olderThanMs);
    if (!cutoff)
        return cutoff.error();
    stuck.startedBeforeMs = cutoff.value();
    // Store pages of 10 lookup batches (OrderLookup splits them): a store
    // whose timed-out records have no index in keyset order (Redis: a zset
    // scored by expiry) reads every one of a bucket for each page, so a
    // backlog of 100,000 costs 20 such reads, not 200.
    stuck.limit = 10 * OrderLookup::MaxBatch;
    sources << stuck;
    if (criteria.includeTimedOut) {
        RecordQuery timedOut = stuck;
        timedOut.state = RecordState::TimedOut;
        timedOut.startedBeforeMs.reset(); // timed out already: every one, whatever its age
        sources << timedOut;
    }
    qint64 total = 0;
    for (const RecordQuery &q : std::as_const(sources)) {
        const Result<qint64> n = store.countInFlight(q);
        if (!n)
            return n.error();
        total += n.value();
    }
    control.report(0, total);

    QList<ReconcileRow> rows;
    QSet<QPair<QString, QString>> seen; // a record that timed out between two pages is listed once
    qint64 read = 0;
    for (RecordQuery query : std::as_const(sources)) {
        for (;;) {
            if (control.cancelled())
                return rows;
            const Result<QList<Record>> page = store.inFlight(query);
            if (!page)
                return page.error();
            if (page->isEmpty())
                break;
            QStringList keys;
            keys.reserve(page->size());
            for (const Record &r : page.value())
                keys << (orders.mapping().match == OrderMapping::MatchField::Key ? r.key : r.bizNo);
            const Result<QHash<QString, OrderRow>> found = orders.lookup(keys);
            if (!found)
                return found.error();
            for (const Record &r : page.value()) {
                // A foreign value that cannot be read has no lease to act on: not planned.
                if (seen.contains({r.scope, r.key}) || !r.readError.isEmpty())
                    continue;
                seen.insert({r.scope, r.key});
                const ActionTarget target = ActionTarget::of(r, query.startedBeforeMs);
                const QString value = matchedValue(orders.mapping(), target);
                const auto it = found->constFind(value);
                rows.append(propose(target, orders.mapping(),
                                    value.isEmpty() || it == found->cend() ? std::nullopt : std::optional<OrderRow>(*it)));
            }
            read += page->size();
            control.report(qMin(read, qMax(total, read)), qMax(total, read));
            const Record &last = page->constLast();
            query.after = RecordQuery::Position::after(last);
            if (page->size() < query.limit)
                break;
        }
    }
    control.report(read, qMax(total, read));
    return rows;
}

ReconcileSummary ReconcilePlan::summarise(const QList<ReconcileRow> &rows)
{
    ReconcileSummary s;
    for (const ReconcileRow &row : rows) {
        if (!row.excluded)
            countProposal(s, row.proposal);
    }
    return s;
}

ReconcileSummary ReconcilePlan::summarise(const QList<ReconcileRow> &rows, const QList<bool> &excluded)
{
    Q_ASSERT(excluded.size() == rows.size());
    ReconcileSummary s;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (!excluded.at(i))
            countProposal(s, rows.at(i).proposal);
    }
    return s;
}

Response ReconcilePlan::synthesise(const OrderMapping &mapping, const ActionTarget &target, const OrderRow &order)
{
    static const QRegularExpression placeholder(QStringLiteral("\\{\\{\\s*([^{}]*?)\\s*\\}\\}"));
    const bool json = isJson(mapping.contentType);
    QString body;
    qsizetype at = 0;
    QRegularExpressionMatchIterator it = placeholder.globalMatch(mapping.bodyTemplate);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        body += QStringView(mapping.bodyTemplate).mid(at, m.capturedStart() - at);
        at = m.capturedEnd();
        const QString name = m.captured(1);
        QString value;
        if (name == QLatin1String("key"))
            value = target.key;
        else if (name == QLatin1String("biz_no"))
            value = target.bizNo;
        else if (name == QLatin1String("scope"))
            value = target.scope;
        else if (name == QLatin1String("status"))
            value = order.status;
        else if (name.startsWith(QLatin1String("order.")))
            value = variantText(order.value(name.mid(6)));
        else
            value = m.captured(0); // validate() refuses these; keep the text rather than guess
        body += json ? jsonEscaped(value) : value;
    }
    body += QStringView(mapping.bodyTemplate).mid(at);

    Response response;
    response.status = mapping.responseStatus;
    response.headers = {{QByteArrayLiteral("Content-Type"), mapping.contentType.toUtf8()},
                        {QByteArrayLiteral("Idempotency-Reconciled"), QByteArrayLiteral("true")}};
    response.body = body.toUtf8();
    return response;
}

bool ReconcilePlan::applies(const ReconcileRow &row)
{
    if (row.excluded || row.proposal == ReconcileProposal::Review)
        return false;
    // propose() never makes a completion without its order; a hand-made row
    // without evidence is not applied.
    return row.proposal != ReconcileProposal::Complete || row.order.has_value();
}

OperatorAction ReconcilePlan::actionFor(const OrderMapping &mapping, const ReconcileRow &row, const ScopePolicies &policies, qint64 nowMs)
{
    OperatorAction action;
    action.kind =
        row.proposal == ReconcileProposal::Complete ? OperatorActionKind::ReconcileComplete : OperatorActionKind::ReconcileRelease;
    action.scope = row.target.scope;
    action.key = row.target.key;
    action.lease = row.target.lease;
    action.expectedState = row.target.state;
    action.startedBeforeMs = row.target.startedBeforeMs;
    action.nowMs = nowMs;
    if (action.kind == OperatorActionKind::ReconcileComplete && row.order) {
        action.response = synthesise(mapping, row.target, *row.order);
        action.retentionMs = policies.forScope(row.target.scope).retentionMs;
    }
    action.audit.evidence = evidence(mapping, row);
    return action;
}

Result<ActionReport> ReconcilePlan::apply(Store &store, const OrderMapping &mapping, const QList<ReconcileRow> &rows,
                                          const OperatorIdentity &who, const ScopePolicies &policies, qint64 nowMs,
                                          const ActionControl &control)
{
    QList<OperatorAction> actions;
    for (const ReconcileRow &row : rows) {
        if (applies(row))
            actions.append(actionFor(mapping, row, policies, nowMs));
    }
    return applyAsOperator(store, std::move(actions), who, Text::tr("reconciling records"), nowMs, control);
}
