#pragma once

#include <QComboBox>

class StoreSession;

// The scopes a store holds (countByState, read on the session's worker
// thread) with their in-flight counts, plus "All scopes". A scope set before
// the list arrives stays chosen.
class ScopeChooser final : public QComboBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScopeChooser)
public:
    explicit ScopeChooser(QWidget *parent = nullptr);

    void load(StoreSession *session);
    QString scope() const; // empty: every scope
    void setScope(const QString &scope);

signals:
    void loaded();

private:
    void addScope(const QString &scope, const QString &text);
};
