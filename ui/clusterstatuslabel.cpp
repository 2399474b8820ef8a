#include "ui/clusterstatuslabel.h"

#include "models/statuscolors.h"
#include "models/storesession.h"

#include <QPointer>

#include <algorithm>

ClusterStatusLabel::ClusterStatusLabel(QWidget *parent)
    : ElidedLabel(parent)
{
    setObjectName(QStringLiteral("clusterStatus"));
    setVisible(false);
    m_timer.setInterval(10000);
    connect(&m_timer, &QTimer::timeout, this, &ClusterStatusLabel::refresh);
}

void ClusterStatusLabel::setSession(StoreSession *session)
{
    m_session = session;
    m_waiting = false;
    setVisible(false);
    if (!session) {
        m_timer.stop();
        return;
    }
    m_timer.start();
    refresh();
}

void ClusterStatusLabel::refresh()
{
    if (!m_session || m_waiting)
        return;
    m_waiting = true;
    StoreSession *asked = m_session;
    m_session->request<QList<StoreNode>>(
        this, [](Store &store) { return store.nodeHealth(); },
        [this, asked](const Result<QList<StoreNode>> &nodes) {
            if (asked != m_session)
                return; // a reading of the store before
            m_waiting = false;
            // A failed reading says nothing about the nodes: the
            // connection line reports the store being away.
            if (nodes)
                showNodes(nodes.value());
        });
}

void ClusterStatusLabel::showNodes(const QList<StoreNode> &nodes)
{
    if (nodes.isEmpty()) {
        setVisible(false);
        return;
    }
    QStringList down, lines;
    const StoreNode *slowest = nullptr;
    for (const StoreNode &node : nodes) {
        if (!node.up)
            down << node.address;
        else if (!slowest || node.roundTripMs > slowest->roundTripMs)
            slowest = &node;
        lines << (node.up ? tr("%1: up, %2 ms").arg(node.address).arg(node.roundTripMs)
                          : tr("%1: DOWN — %2").arg(node.address, node.error.left(200)));
    }
    const qsizetype up = nodes.size() - down.size();
    QString text = tr("Cluster: %1/%2 masters up").arg(up).arg(nodes.size());
    if (!down.isEmpty())
        text += tr(" — down: %1").arg(down.join(QStringLiteral(", ")));
    else if (slowest)
        text += tr(" · slowest %1 (%2 ms)").arg(slowest->address).arg(slowest->roundTripMs);
    setText(text);
    setToolTip(text + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
    setStyleSheet(down.isEmpty() ? QString() : QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()));
    setVisible(true);
}
