#pragma once

#include "app/store/auditentry.h"

#include <QAbstractTableModel>

class StoreSession;

// Audit entries, newest first, as the store's query returns them: every
// filter (scope, operator, action, batch, key prefix, time range) runs in
// the store (AuditQuery), at most query.limit rows. Loads on the session's
// worker thread; an answer to an older query (generation) is dropped.
class AuditModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        TimeColumn,
        OperatorColumn,
        HostColumn,
        ActionColumn,
        ScopeColumn,
        KeyColumn,
        ChangeColumn,
        ReasonColumn,
        BatchColumn,
        HashColumn,
        ColumnCount
    };
    enum Role {
        RawValueRole = Qt::UserRole, // the cell's value (atMs for the time)
        EntryRole, // the whole AuditEntry
    };
    static constexpr int HashPrefixLength = 12;

    explicit AuditModel(StoreSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Replaces the query and reloads.
    void setQuery(const AuditQuery &query);
    AuditQuery query() const { return m_query; }
    void reload();
    bool isLoading() const { return m_loading; }

    const AuditEntry &entryAt(int row) const { return m_entries.at(row); }
    // The query hit its limit: older matching entries exist but are not shown.
    bool isTruncated() const { return m_entries.size() >= m_query.limit; }

signals:
    void loaded(int rows);
    void loadFailed(const QString &message);

private:
    StoreSession *m_session;
    AuditQuery m_query;
    QList<AuditEntry> m_entries;
    quint64 m_generation = 0;
    bool m_loading = false;
};
