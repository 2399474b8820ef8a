#pragma once
// What the Redis Cluster routing suites share (tst_redisclusterslots,
// tst_redisclusterrouting): the cluster of IDEM_TEST_REDIS_CLUSTER_URL
// settled into 3 masters with one replica each, admin commands straight to
// one node behind the link's back, slot migrations made and undone, and the
// keys a test made, deleted at the end. No node is killed: other tests share
// the cluster.
#include "app/store/rediscluster.h"
#include "app/store/redisclusterlink.h"
#include "app/store/redisconnectionpool.h"
#include "app/store/redismux.h"
#include "tests/serverrequirement.h"

#include <QRandomGenerator>
#include <QScopeGuard>
#include <QtTest>

#include <hiredis/hiredis.h>

#include <thread>

// A cluster node as CLUSTER NODES describes it.
struct Node {
    QByteArray id;
    QString address;
    bool master = false;
};

QByteArray text(const RedisReply &reply);
QList<QByteArray> items(const RedisReply &reply);
RedisSettings settingsFor(const QString &address);
// A unique key prefix per run, so a rerun against the same cluster starts clean.
QByteArray runPrefix();

class RedisClusterFixture {
protected:
    // Connects to the cluster and waits until it has settled (initTestCase).
    void connectCluster();
    // Deletes the keys the tests made (cleanupTestCase).
    void deleteKeys();

    // Admin commands straight to one node, behind the link's back.
    RedisReply admin(const QString &address, const RedisCommand &command);
    // Masters that own slots are "master"; everything else is not.
    QList<Node> clusterNodes();
    bool settled();
    QList<Node> masters();
    QString ownerOf(int slot, const QString &askedNode);
    // A key (with `stem`) whose slot `master` owns.
    QByteArray keyOn(const QString &master, const QByteArray &stem);
    void beginMigration(int slot, const Node &from, const Node &to);
    void moveKeys(int slot, const Node &from, const Node &to);
    void finishMigration(int slot, const Node &to, const Node &from);
    void migrateSlot(int slot, const Node &from, const Node &to);
    qint64 commandStat(const QString &address, const QByteArray &command, const QByteArray &field);

    StoreUrl m_url;
    QHash<QString, std::shared_ptr<RedisConnection>> m_admin;
    QList<QByteArray> m_keys; // deleted at the end
};
