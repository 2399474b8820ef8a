#pragma once

#include "models/storeentry.h"
#include "models/storeurlfields.h"

#include "app/store/layout.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

// The fields of one store: kind, file or host/port/database/user, password
// and where it is kept, read-only; for a store written by another service its
// layout (built in or a layout file) and the options that layout uses: where
// its audit log is kept, the java-handler cache, the Redis SCAN COUNT. Shows the URL the fields make (without
// password) and, inline, the first thing wrong with them. Pure editing: no
// I/O, no keychain, no store.
class StoreEntryForm final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreEntryForm)
public:
    explicit StoreEntryForm(QWidget *parent = nullptr);

    // Loads an entry; the password field is cleared (a stored password is
    // fetched when it is needed, not shown).
    void setEntry(const StoreEntry &entry);
    void clear(); // a new SQLite entry

    // The entry the fields make, or what is wrong (also shown inline).
    Result<StoreEntry> entry() const;
    QString typedPassword() const; // empty when the password comes from the environment

    // An error from elsewhere (keychain, store) shown where field errors go;
    // cleared on the next edit.
    void showProblem(const QString &message);

signals:
    void edited();

private:
    // Construction steps, in this order.
    void nameFields(); // object names for tests and screen readers
    void buildConnectionFields(); // kind, file, host … SSL mode
    void buildLayoutFields(); // layout, layout file, audit log, cache, SCAN COUNT
    void buildPasswordFields();
    void buildFeedback(); // URL preview and inline problem
    void buildForm(); // the rows, in the order the operator reads them
    void connectFields();

    StoreUrlFields fields() const;
    StoreUrl::Kind kind() const;
    void kindChanged();
    void passwordSourceChanged();
    void browse();
    void browseLayout();
    void layoutChanged();
    // The layout the fields name (reads a layout file); nullopt while it does not resolve.
    std::optional<LayoutFamily> layoutFamily() const;
    QString layoutText() const; // "" (native), a built-in name or the file path
    void refresh(); // preview, inline error, field highlight
    void updateAuditPlaceholder(const QString &url);

    QFormLayout *m_layout = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_kind = nullptr;
    QWidget *m_pathRow = nullptr;
    QLineEdit *m_path = nullptr;
    QToolButton *m_browse = nullptr;
    QLineEdit *m_host = nullptr;
    QSpinBox *m_port = nullptr;
    QLineEdit *m_database = nullptr;
    QLineEdit *m_user = nullptr;
    QComboBox *m_sslMode = nullptr;
    QComboBox *m_layoutChoice = nullptr;
    QWidget *m_layoutFileRow = nullptr;
    QLineEdit *m_layoutFile = nullptr;
    QToolButton *m_layoutBrowse = nullptr;
    QLineEdit *m_audit = nullptr;
    QLineEdit *m_cache = nullptr;
    QSpinBox *m_scanCount = nullptr;
    QLineEdit *m_metrics = nullptr;
    QLineEdit *m_seedNodes = nullptr; // Redis Cluster: more seed nodes, comma-separated host:port
    QLineEdit *m_password = nullptr;
    QWidget *m_passwordSourceRow = nullptr;
    QCheckBox *m_remember = nullptr;
    QCheckBox *m_fromEnvironment = nullptr;
    QLineEdit *m_variable = nullptr;
    QCheckBox *m_readOnly = nullptr;
    QLabel *m_preview = nullptr;
    QLabel *m_problem = nullptr;
    QMap<QString, QString> m_extraOptions; // of the loaded URL, kept as they were
    StoreUrl::Kind m_previousKind = StoreUrl::Kind::Sqlite;
    bool m_loading = false;
};
