#pragma once

#include "app/ops/ordermapping.h"

#include <QWizardPage>

class AppSettings;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

// Reconcile page 1: how to read the business order table. A named profile
// (MappingProfiles: load, save, delete) or typed fields; the first problem
// OrderMapping::validate() finds is shown inline and Next stays disabled
// until there is none. The password of the orders database is kept in
// memory for this wizard only (or comes from IDEM_PG_PASSWORD /
// IDEM_MYSQL_PASSWORD); profiles are saved without it.
class OrderMappingPage final : public QWizardPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OrderMappingPage)
public:
    // Profiles are read and saved through settings (not owned).
    OrderMappingPage(AppSettings *settings, QWidget *parent = nullptr);

    // The mapping the fields make (ordersUrl without password).
    OrderMapping mapping() const;
    void setMapping(const OrderMapping &mapping);
    // The mapping with the typed password in its URL: for the worker only.
    OrderMapping mappingWithPassword() const;
    // Used for a new profile when no profile exists (e.g. the store's own SQLite file).
    void setDefaultOrdersUrl(const QString &url);

    bool isComplete() const override;

signals:
    void mappingChanged();

private:
    // The constructor's parts: object names (tests find the fields by
    // them), placeholders and tooltips, the form with the profile buttons.
    void nameFields();
    void describeFields();
    void layOut(QPushButton *save, QPushButton *remove);
    void reloadProfiles(const QString &select);
    void profileChosen();
    void saveProfile();
    void deleteProfile();
    void refresh();

    QComboBox *m_profile;
    QLineEdit *m_name;
    QLineEdit *m_url;
    QLineEdit *m_password;
    QLineEdit *m_table;
    QLineEdit *m_keyColumn;
    QLineEdit *m_statusColumn;
    QComboBox *m_match;
    QLineEdit *m_done;
    QLineEdit *m_pending;
    QLineEdit *m_failed;
    QSpinBox *m_responseStatus;
    QLineEdit *m_contentType;
    QPlainTextEdit *m_body;
    QLabel *m_problem;
    QLabel *m_saved;
    AppSettings *m_settings;
    bool m_loading = false;
};
