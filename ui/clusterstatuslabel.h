#pragma once

#include "app/store/store.h"

#include "ui/elidedlabel.h"

#include <QTimer>

class StoreSession;

// The status bar's line about the servers behind a Redis Cluster store:
// how many masters answer, the slowest one's round trip and address (a slow
// round trip is one node's, and the operator should know which), every
// master in the tooltip, and the down ones named in the alarm colour. Pings
// every master (Store::nodeHealth) on the session's worker thread every
// 10 s; hidden for a store of one server, which reports no nodes. Elided
// in the middle when the status bar is crowded; the tooltip holds it whole.
class ClusterStatusLabel final : public ElidedLabel {
    Q_OBJECT
public:
    explicit ClusterStatusLabel(QWidget *parent = nullptr);

    // Starts reading the session's nodes; nullptr stops and hides.
    void setSession(StoreSession *session);
    // What a reading shows (public for the test).
    void showNodes(const QList<StoreNode> &nodes);

private:
    void refresh();

    StoreSession *m_session = nullptr;
    QTimer m_timer;
    bool m_waiting = false; // a reading is under way: the next tick skips
};
