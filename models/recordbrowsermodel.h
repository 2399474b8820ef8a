#pragma once

#include "models/recordlistmodel.h"

// Records of a store in any state it keeps (Store::records, RecordQuery):
// the record browser's list, paged and refreshed as every record listing is
// (RecordListModel). InFlightRecordModel lists in-flight attempts and
// colours the stuck ones, which means nothing for a completed record, hence
// a model of its own. A record whose value could not be read is listed in
// red italics with the reason as its tooltip.
class RecordBrowserModel final : public RecordListModel {
    Q_OBJECT
public:
    enum Column { StateColumn, ScopeColumn, KeyColumn, BizNoColumn, StatusColumn, UpdatedColumn, AttemptsColumn, OwnerColumn, ColumnCount };
    enum Role {
        RawValueRole = Qt::UserRole, // sortable value of the cell
        RecordRole, // the whole Record
        ReadErrorRole, // QString: why the value could not be read; empty when it could
    };

    explicit RecordBrowserModel(StoreSession *session, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Only the update time orders rows: the store's index order.
    void sort(int column, Qt::SortOrder order) override;

    // Replaces the query (state, scope, key / biz_no prefix; its order and
    // keyset position are the model's) and reloads from the first page.
    void setQuery(const RecordQuery &query);
    RecordQuery query() const { return m_query; }

signals:
    // A lookup by key that matches nothing, counted by business number
    // instead (or the other way round): how many match there.
    void otherFieldMatches(qint64 count);

private:
    // Nothing matches: how many the other field (key or business no.) would find.
    void counted(qint64 count, quint64 generation) override;
};
