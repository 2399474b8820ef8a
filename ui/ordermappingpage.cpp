#include "ui/ordermappingpage.h"

#include "models/statuscolors.h"
#include "models/storeentry.h"

#include "models/appsettings.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace {

QStringList valueList(const QLineEdit *edit)
{
    QStringList values;
    for (const QString &v : edit->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!v.trimmed().isEmpty())
            values << v.trimmed();
    }
    return values;
}

} // namespace

OrderMappingPage::OrderMappingPage(AppSettings *settings, QWidget *parent)
    : QWizardPage(parent)
    , m_profile(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_url(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_table(new QLineEdit(this))
    , m_keyColumn(new QLineEdit(this))
    , m_statusColumn(new QLineEdit(this))
    , m_match(new QComboBox(this))
    , m_done(new QLineEdit(this))
    , m_pending(new QLineEdit(this))
    , m_failed(new QLineEdit(this))
    , m_responseStatus(new QSpinBox(this))
    , m_contentType(new QLineEdit(this))
    , m_body(new QPlainTextEdit(this))
    , m_problem(new QLabel(this))
    , m_saved(new QLabel(this))
    , m_settings(settings)
{
    setTitle(tr("Order table"));
    setSubTitle(tr("Where the business orders are and which status values mean done, pending or failed."));
    nameFields();
    describeFields();
    auto *save = new QPushButton(tr("Save profile"), this);
    auto *remove = new QPushButton(tr("Delete"), this);
    save->setObjectName(QStringLiteral("saveProfile"));
    remove->setObjectName(QStringLiteral("deleteProfile"));
    layOut(save, remove);

    for (QLineEdit *edit : {m_name, m_url, m_password, m_table, m_keyColumn, m_statusColumn, m_done, m_pending, m_failed, m_contentType})
        connect(edit, &QLineEdit::textChanged, this, &OrderMappingPage::refresh);
    connect(m_body, &QPlainTextEdit::textChanged, this, &OrderMappingPage::refresh);
    connect(m_match, &QComboBox::currentIndexChanged, this, &OrderMappingPage::refresh);
    connect(m_responseStatus, &QSpinBox::valueChanged, this, &OrderMappingPage::refresh);
    connect(m_profile, &QComboBox::activated, this, &OrderMappingPage::profileChosen);
    connect(save, &QPushButton::clicked, this, &OrderMappingPage::saveProfile);
    connect(remove, &QPushButton::clicked, this, &OrderMappingPage::deleteProfile);

    setMapping(OrderMapping{});
    const QList<OrderMapping> profiles = m_settings->reconcileProfiles();
    reloadProfiles(profiles.isEmpty() ? QString() : profiles.constFirst().name);
    profileChosen();
}

void OrderMappingPage::nameFields()
{
    m_profile->setObjectName(QStringLiteral("profile"));
    m_name->setObjectName(QStringLiteral("profileName"));
    m_url->setObjectName(QStringLiteral("ordersUrl"));
    m_password->setObjectName(QStringLiteral("ordersPassword"));
    m_table->setObjectName(QStringLiteral("table"));
    m_keyColumn->setObjectName(QStringLiteral("keyColumn"));
    m_statusColumn->setObjectName(QStringLiteral("statusColumn"));
    m_match->setObjectName(QStringLiteral("match"));
    m_done->setObjectName(QStringLiteral("doneValues"));
    m_pending->setObjectName(QStringLiteral("pendingValues"));
    m_failed->setObjectName(QStringLiteral("failedValues"));
    m_responseStatus->setObjectName(QStringLiteral("responseStatus"));
    m_contentType->setObjectName(QStringLiteral("contentType"));
    m_body->setObjectName(QStringLiteral("bodyTemplate"));
    m_problem->setObjectName(QStringLiteral("problem"));
}

void OrderMappingPage::describeFields()
{
    m_name->setPlaceholderText(tr("profile name, e.g. shop orders (primary)"));
    m_url->setPlaceholderText(tr("sqlite:///path/shop.db, postgresql://user@host/db, mysql://user@host/db"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("kept in memory only; or set IDEM_PG_PASSWORD / IDEM_MYSQL_PASSWORD"));
    m_table->setPlaceholderText(tr("orders or schema.orders"));
    m_keyColumn->setPlaceholderText(tr("order_no"));
    m_statusColumn->setPlaceholderText(tr("status"));
    m_match->addItem(tr("the record's business no. (biz_no)"), int(OrderMapping::MatchField::BizNo));
    m_match->addItem(tr("the record's key"), int(OrderMapping::MatchField::Key));
    m_done->setPlaceholderText(tr("comma separated, e.g. PAID, SHIPPED"));
    m_pending->setPlaceholderText(tr("e.g. PENDING"));
    m_failed->setPlaceholderText(tr("e.g. FAILED, CANCELLED"));
    m_responseStatus->setRange(200, 499);
    m_body->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_body->setMaximumHeight(m_body->fontMetrics().height() * 4);
    m_body->setToolTip(tr("May use {{key}}, {{biz_no}}, {{scope}}, {{status}} and {{order.<column>}}"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()));
    m_saved->setStyleSheet(QStringLiteral("color: %1;").arg(StatusColors::okText(palette()).name()));
}

void OrderMappingPage::layOut(QPushButton *save, QPushButton *remove)
{
    auto *profileRow = new QHBoxLayout;
    profileRow->addWidget(m_profile, 1);
    profileRow->addWidget(save);
    profileRow->addWidget(remove);
    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_responseStatus);
    statusRow->addWidget(new QLabel(tr("Content type:"), this));
    statusRow->addWidget(m_contentType, 1);

    auto *form = new QFormLayout;
    form->addRow(tr("Profile:"), profileRow);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Orders database:"), m_url);
    form->addRow(tr("Password:"), m_password);
    form->addRow(tr("Table:"), m_table);
    form->addRow(tr("Key column:"), m_keyColumn);
    form->addRow(tr("Status column:"), m_statusColumn);
    form->addRow(tr("Match it with:"), m_match);
    form->addRow(tr("Done values:"), m_done);
    form->addRow(tr("Pending values:"), m_pending);
    form->addRow(tr("Failed values:"), m_failed);
    form->addRow(tr("Response status:"), statusRow);
    form->addRow(tr("Response body:"), m_body);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_saved);
}

void OrderMappingPage::reloadProfiles(const QString &select)
{
    m_profile->clear();
    m_profile->addItem(tr("(new profile)"), QString());
    for (const OrderMapping &m : m_settings->reconcileProfiles())
        m_profile->addItem(m.name, m.name);
    m_profile->setCurrentIndex(qMax(0, m_profile->findData(select)));
}

void OrderMappingPage::profileChosen()
{
    const QString name = m_profile->currentData().toString();
    if (name.isEmpty())
        return; // keep what is typed: a new profile starts from it
    if (const std::optional<OrderMapping> found = m_settings->reconcileProfile(name)) {
        setMapping(*found);
        m_password->clear();
    }
}

void OrderMappingPage::saveProfile()
{
    OrderMapping m = mapping();
    if (m.name.isEmpty()) {
        m_problem->setText(tr("Give the profile a name to save it."));
        m_problem->show();
        return;
    }
    if (const Result<void> saved = m_settings->saveReconcileProfile(m); !saved) {
        m_problem->setText(saved.error().message);
        m_problem->show();
        return;
    }
    reloadProfiles(m.name);
    m_saved->setText(tr("Saved as profile \"%1\" (without password).").arg(m.name));
}

void OrderMappingPage::deleteProfile()
{
    const QString name = m_profile->currentData().toString();
    if (name.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Delete profile"), tr("Delete the profile \"%1\"?").arg(name)) != QMessageBox::Yes)
        return;
    m_settings->removeReconcileProfile(name);
    reloadProfiles(QString());
    m_saved->setText(tr("Profile \"%1\" deleted.").arg(name));
}

OrderMapping OrderMappingPage::mapping() const
{
    OrderMapping m;
    m.name = m_name->text().trimmed();
    m.ordersUrl = StoreEntry::withoutPassword(m_url->text().trimmed());
    m.table = m_table->text().trimmed();
    m.keyColumn = m_keyColumn->text().trimmed();
    m.statusColumn = m_statusColumn->text().trimmed();
    m.match = OrderMapping::MatchField(m_match->currentData().toInt());
    m.doneValues = valueList(m_done);
    m.pendingValues = valueList(m_pending);
    m.failedValues = valueList(m_failed);
    m.responseStatus = m_responseStatus->value();
    m.contentType = m_contentType->text().trimmed();
    m.bodyTemplate = m_body->toPlainText();
    return m;
}

OrderMapping OrderMappingPage::mappingWithPassword() const
{
    OrderMapping m = mapping();
    // A password typed into the URL itself is used too, never saved.
    if (!m_password->text().isEmpty())
        m.ordersUrl = StoreEntry::withPassword(m.ordersUrl, m_password->text());
    else
        m.ordersUrl = m_url->text().trimmed();
    return m;
}

void OrderMappingPage::setMapping(const OrderMapping &m)
{
    m_loading = true;
    m_name->setText(m.name);
    m_url->setText(m.ordersUrl);
    m_table->setText(m.table);
    m_keyColumn->setText(m.keyColumn);
    m_statusColumn->setText(m.statusColumn);
    m_match->setCurrentIndex(qMax(0, m_match->findData(int(m.match))));
    m_done->setText(m.doneValues.join(QStringLiteral(", ")));
    m_pending->setText(m.pendingValues.join(QStringLiteral(", ")));
    m_failed->setText(m.failedValues.join(QStringLiteral(", ")));
    m_responseStatus->setValue(m.responseStatus);
    m_contentType->setText(m.contentType);
    m_body->setPlainText(m.bodyTemplate);
    m_loading = false;
    refresh();
}

void OrderMappingPage::setDefaultOrdersUrl(const QString &url)
{
    if (m_url->text().isEmpty())
        m_url->setText(StoreEntry::withoutPassword(url));
}

bool OrderMappingPage::isComplete() const
{
    const OrderMapping m = mapping();
    return !m.ordersUrl.isEmpty() && m.validate().ok();
}

void OrderMappingPage::refresh()
{
    if (m_loading)
        return;
    const OrderMapping m = mapping();
    QString problem;
    if (m.ordersUrl.isEmpty())
        problem = tr("Enter the URL of the orders database.");
    else if (const Result<void> valid = m.validate(); !valid)
        problem = valid.error().message;
    // An empty form is not yet wrong; say what is missing once typing starts.
    const bool untouched = m.table.isEmpty() && m.keyColumn.isEmpty() && m.statusColumn.isEmpty();
    m_problem->setText(untouched ? QString() : problem);
    m_problem->setVisible(!m_problem->text().isEmpty());
    m_saved->clear();
    emit completeChanged();
    emit mappingChanged();
}
