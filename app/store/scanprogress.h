#pragma once

// The progress of a listing that scans a whole key space, shared between
// the store's worker thread and the GUI.

#include <QMutex>
#include <QString>

#include <atomic>

// A listing that has no index to read (a foreign Redis layout: SCAN over the
// whole key space) reports here while it runs. Written by the store's worker
// thread, read by any thread; cancel() makes the running scan stop after its
// current round trip and return what it found so far.
struct ScanProgress {
    std::atomic<qint64> scanned{0}; // keys the scan has looked at
    std::atomic<qint64> found{0}; // in-flight records among them
    std::atomic<bool> running{false};
    std::atomic<bool> cancelRequested{false};
    std::atomic<bool> lastCancelled{false}; // the last scan stopped early: its lists are partial
    std::atomic<qint64> finishedAtMs{0};
    std::atomic<int> count{1000}; // SCAN COUNT; the operator may change it between scans
    void cancel() { cancelRequested = true; }

    // The master being scanned: a Redis Cluster's masters are scanned one
    // after the other (one node, count 1, on a single server). Set and read
    // as a whole under a mutex, so the GUI thread never pairs one node's
    // index with another's address.
    struct Node {
        int index = 1; // 1-based
        int count = 1;
        QString address; // host:port
    };
    void setNode(Node node)
    {
        QMutexLocker lock(&m_nodeMutex);
        m_node = std::move(node);
    }
    Node node() const
    {
        QMutexLocker lock(&m_nodeMutex);
        return m_node;
    }

private:
    mutable QMutex m_nodeMutex;
    Node m_node;
};
