#pragma once

#include "models/storeentry.h"

#include <QDialog>

class AppSettings;
class PasswordVault;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class StoreEntryForm;
class StoreProbe;

// Add, edit, remove, test and pick a store. The recent list lives in
// AppSettings; passwords in the system keychain or the environment
// (PasswordVault), or in memory for this run only.
//
// "Test" opens the store through a throwaway StoreSession on its own worker
// thread and times one countInFlight round trip; the dialog keeps painting
// and Cancel works while it runs, however long a dead host takes. "Open"
// resolves the password (keychain reads are asynchronous too), saves the
// entry as the most recent one and accepts; chosenEntry() and
// chosenPassword() then say what to open.
class ConnectionDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionDialog)
public:
    ConnectionDialog(AppSettings *settings, PasswordVault *vault, QWidget *parent = nullptr);
    ~ConnectionDialog() override;

    StoreEntry chosenEntry() const { return m_chosenEntry; }
    QString chosenPassword() const { return m_chosenPassword; } // in memory only
    // The URL to hand to StoreSession/openStore, password included: never save or show it.
    QString chosenUrl() const;

    bool isBusy() const; // a test or a password lookup is pending

public slots:
    void startTest();
    void accept() override; // "Open": resolves the password first, asynchronously
    void reject() override; // abandons a pending test or lookup at once

signals:
    // After every test: the line the dialog shows, e.g. "Connected, 3 in
    // flight, round trip 2 ms", or the store's error.
    void testFinished(bool ok, const QString &message);

private:
    enum class Purpose { Test, Open };

    void reloadList(const QString &selectUrl);
    void selectionChanged();
    void newEntry();
    void saveEntry();
    void removeEntry();
    void formEdited();
    // Finds the password for the form's entry, then calls next with it.
    void withPassword(Purpose purpose, const StoreEntry &entry);
    void passwordReady(Purpose purpose, const StoreEntry &entry, const QString &password);
    void finishOpen(const StoreEntry &entry, const QString &password);
    void setBusy(bool busy, const QString &status);
    void showTestResult(bool ok, const QString &message);
    void abandonPending();

    AppSettings *m_settings;
    PasswordVault *m_vault;
    StoreProbe *m_probe = nullptr;
    QListWidget *m_list = nullptr;
    QPushButton *m_new = nullptr;
    QPushButton *m_remove = nullptr;
    StoreEntryForm *m_form = nullptr;
    QPushButton *m_test = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_open = nullptr;
    QProgressBar *m_busy = nullptr;
    QLabel *m_status = nullptr;
    QString m_editingUrl; // the listed entry the form was loaded from; empty for a new one
    quint64 m_pending = 0; // answers to older requests are ignored
    bool m_lookupPending = false;
    StoreEntry m_chosenEntry;
    QString m_chosenPassword;
};
