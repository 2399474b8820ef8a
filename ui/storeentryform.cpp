#include "ui/storeentryform.h"

#include "models/statuscolors.h"

#include "app/store/foreignstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

// Marks the field the inline error is about (see the style sheet below).
void markInvalid(QWidget *widget, bool invalid)
{
    if (widget->property("invalid").toBool() == invalid)
        return;
    widget->setProperty("invalid", invalid);
    widget->style()->unpolish(widget);
    widget->style()->polish(widget);
}

} // namespace

StoreEntryForm::StoreEntryForm(QWidget *parent)
    : QWidget(parent)
    , m_layout(new QFormLayout(this))
    , m_name(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_pathRow(new QWidget(this))
    , m_path(new QLineEdit(m_pathRow))
    , m_browse(new QToolButton(m_pathRow))
    , m_host(new QLineEdit(this))
    , m_port(new QSpinBox(this))
    , m_database(new QLineEdit(this))
    , m_user(new QLineEdit(this))
    , m_sslMode(new QComboBox(this))
    , m_layoutChoice(new QComboBox(this))
    , m_layoutFileRow(new QWidget(this))
    , m_layoutFile(new QLineEdit(m_layoutFileRow))
    , m_layoutBrowse(new QToolButton(m_layoutFileRow))
    , m_audit(new QLineEdit(this))
    , m_cache(new QLineEdit(this))
    , m_scanCount(new QSpinBox(this))
    , m_metrics(new QLineEdit(this))
    , m_seedNodes(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_passwordSourceRow(new QWidget(this))
    , m_remember(new QCheckBox(tr("Remember in the system keychain"), this))
    , m_fromEnvironment(new QCheckBox(tr("From an environment variable:"), this))
    , m_variable(new QLineEdit(this))
    , m_readOnly(new QCheckBox(tr("Open read-only: browse and report; the store refuses operator actions"), this))
    , m_preview(new QLabel(this))
    , m_problem(new QLabel(this))
{
    nameFields();
    buildConnectionFields();
    buildLayoutFields();
    buildPasswordFields();
    buildFeedback();
    buildForm();
    connectFields();
    clear();
}

void StoreEntryForm::nameFields()
{
    // Object names let tests and screen readers find the fields.
    m_name->setObjectName(QStringLiteral("name"));
    m_kind->setObjectName(QStringLiteral("kind"));
    m_path->setObjectName(QStringLiteral("path"));
    m_browse->setObjectName(QStringLiteral("browse"));
    m_host->setObjectName(QStringLiteral("host"));
    m_port->setObjectName(QStringLiteral("port"));
    m_database->setObjectName(QStringLiteral("database"));
    m_user->setObjectName(QStringLiteral("user"));
    m_sslMode->setObjectName(QStringLiteral("sslMode"));
    m_layoutChoice->setObjectName(QStringLiteral("layout"));
    m_layoutFile->setObjectName(QStringLiteral("layoutFile"));
    m_layoutBrowse->setObjectName(QStringLiteral("layoutBrowse"));
    m_audit->setObjectName(QStringLiteral("audit"));
    m_cache->setObjectName(QStringLiteral("cache"));
    m_scanCount->setObjectName(QStringLiteral("scanCount"));
    m_metrics->setObjectName(QStringLiteral("metrics"));
    m_metrics->setPlaceholderText(tr("optional: http://host:9090"));
    m_metrics->setToolTip(
        tr("A Prometheus server to take the hit, execute and anomaly counters from (the layout file's \"metrics\" "
           "mapping, else the idemctl exporter's metrics). Records, in-flight lists and actions still come from the store."));
    m_seedNodes->setObjectName(QStringLiteral("seedNodes"));
    m_password->setObjectName(QStringLiteral("password"));
    m_remember->setObjectName(QStringLiteral("rememberInKeychain"));
    m_fromEnvironment->setObjectName(QStringLiteral("passwordFromEnvironment"));
    m_variable->setObjectName(QStringLiteral("passwordVariable"));
    m_readOnly->setObjectName(QStringLiteral("readOnly"));
    m_preview->setObjectName(QStringLiteral("urlPreview"));
    m_problem->setObjectName(QStringLiteral("problem"));
}

void StoreEntryForm::buildConnectionFields()
{
    m_name->setPlaceholderText(tr("e.g. Payments primary (optional)"));
    m_kind->addItem(tr("SQLite file"), int(StoreUrl::Kind::Sqlite));
    m_kind->addItem(tr("PostgreSQL"), int(StoreUrl::Kind::Postgres));
    m_kind->addItem(tr("MySQL / MariaDB"), int(StoreUrl::Kind::Mysql));
    m_kind->addItem(tr("Redis"), int(StoreUrl::Kind::Redis));
    m_path->setPlaceholderText(tr("/var/lib/idem/records.db"));
    m_browse->setText(tr("Browse…"));
    auto *pathLayout = new QHBoxLayout(m_pathRow);
    pathLayout->setContentsMargins(0, 0, 0, 0);
    pathLayout->addWidget(m_path, 1);
    pathLayout->addWidget(m_browse);
    m_host->setPlaceholderText(tr("db.example.internal or 10.0.0.5"));
    m_port->setRange(1, 65535);
    m_user->setPlaceholderText(tr("optional"));
    m_sslMode->addItem(tr("driver default (prefer)"), QString());
    for (const QString &mode : StoreUrlFields::sslModes())
        m_sslMode->addItem(mode, mode);
}

void StoreEntryForm::buildLayoutFields()
{
    m_layoutChoice->addItem(tr("native (idem-console's own)"), QString());
    m_layoutChoice->addItem(tr("go-middleware"), QStringLiteral("go-middleware"));
    m_layoutChoice->addItem(tr("java-handler"), QStringLiteral("java-handler"));
    m_layoutChoice->addItem(tr("Layout file…"), QStringLiteral("file"));
    m_layoutChoice->setToolTip(
        tr("How the store keeps its records: the console's own layout, or the layout of the service that writes them"));
    m_layoutFile->setPlaceholderText(tr("/etc/idem/layouts/orders.json"));
    m_layoutBrowse->setText(tr("Browse…"));
    auto *layoutFileLayout = new QHBoxLayout(m_layoutFileRow);
    layoutFileLayout->setContentsMargins(0, 0, 0, 0);
    layoutFileLayout->addWidget(m_layoutFile, 1);
    layoutFileLayout->addWidget(m_layoutBrowse);
    m_audit->setToolTip(tr("The SQL database that keeps the audit log of this store's operator actions "
                           "(sqlite:///path.db, postgresql://… or mysql://…); empty: a local SQLite file"));
    m_cache->setPlaceholderText(tr("redis://cache.internal:6379/0, or none"));
    m_cache->setToolTip(tr("The service's Redis cache of idem:<id> keys, updated together with the record. "
                           "Required to act on the records; \"none\" when the service runs without one."));
    m_scanCount->setRange(0, StoreUrlFields::maxScanCount);
    m_scanCount->setSpecialValueText(tr("the layout's default"));
    m_scanCount->setToolTip(tr("Keys the Redis server looks at per SCAN round trip (COUNT), %1 to %2")
                                .arg(StoreUrlFields::minScanCount)
                                .arg(StoreUrlFields::maxScanCount));
    m_seedNodes->setPlaceholderText(tr("Redis Cluster: more nodes, e.g. 10.0.0.2:6379, 10.0.0.3:6379"));
    m_seedNodes->setToolTip(tr("A Redis Cluster is found from the host above alone; more seed nodes let the console "
                               "reach it while that node is down. Leave empty for a single server."));
}

void StoreEntryForm::buildPasswordFields()
{
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("kept in memory only unless remembered"));
    m_variable->setPlaceholderText(tr("the default for the kind"));

    auto *sourceLayout = new QVBoxLayout(m_passwordSourceRow);
    sourceLayout->setContentsMargins(0, 0, 0, 0);
    sourceLayout->addWidget(m_remember);
    auto *variableLayout = new QHBoxLayout;
    variableLayout->addWidget(m_fromEnvironment);
    variableLayout->addWidget(m_variable, 1);
    sourceLayout->addLayout(variableLayout);
}

void StoreEntryForm::buildFeedback()
{
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setWordWrap(true);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: %1;").arg(StatusColors::alarmText(palette()).name()));
    m_problem->hide();
    setStyleSheet(QStringLiteral(
        "QLineEdit[invalid=\"true\"], QSpinBox[invalid=\"true\"], QComboBox[invalid=\"true\"] { border: 1px solid #c62828; }"));
}

void StoreEntryForm::buildForm()
{
    m_layout->addRow(tr("Name:"), m_name);
    m_layout->addRow(tr("Kind:"), m_kind);
    m_layout->addRow(tr("File:"), m_pathRow);
    m_layout->addRow(tr("Host:"), m_host);
    m_layout->addRow(tr("Port:"), m_port);
    m_layout->addRow(tr("Seed nodes:"), m_seedNodes);
    m_layout->addRow(tr("Database:"), m_database);
    m_layout->addRow(tr("User:"), m_user);
    m_layout->addRow(tr("SSL mode:"), m_sslMode);
    m_layout->addRow(tr("Layout:"), m_layoutChoice);
    m_layout->addRow(tr("Layout file:"), m_layoutFileRow);
    m_layout->addRow(tr("Audit log:"), m_audit);
    m_layout->addRow(tr("Cache:"), m_cache);
    m_layout->addRow(tr("SCAN COUNT:"), m_scanCount);
    m_layout->addRow(tr("Prometheus:"), m_metrics);
    m_layout->addRow(tr("Password:"), m_password);
    m_layout->addRow(QString(), m_passwordSourceRow);
    m_layout->addRow(QString(), m_readOnly);
    m_layout->addRow(tr("URL:"), m_preview);
    m_layout->addRow(m_problem);
}

void StoreEntryForm::connectFields()
{
    for (QLineEdit *edit : {m_name, m_path, m_host, m_seedNodes, m_database, m_user, m_password, m_variable, m_audit, m_cache, m_metrics})
        connect(edit, &QLineEdit::textChanged, this, &StoreEntryForm::refresh);
    connect(m_layoutFile, &QLineEdit::textChanged, this, &StoreEntryForm::layoutChanged);
    connect(m_layoutChoice, &QComboBox::currentIndexChanged, this, &StoreEntryForm::layoutChanged);
    connect(m_layoutBrowse, &QToolButton::clicked, this, &StoreEntryForm::browseLayout);
    connect(m_port, &QSpinBox::valueChanged, this, &StoreEntryForm::refresh);
    connect(m_scanCount, &QSpinBox::valueChanged, this, &StoreEntryForm::refresh);
    connect(m_sslMode, &QComboBox::currentIndexChanged, this, &StoreEntryForm::refresh);
    connect(m_readOnly, &QCheckBox::toggled, this, &StoreEntryForm::refresh);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &StoreEntryForm::kindChanged);
    connect(m_remember, &QCheckBox::toggled, this, &StoreEntryForm::passwordSourceChanged);
    connect(m_fromEnvironment, &QCheckBox::toggled, this, &StoreEntryForm::passwordSourceChanged);
    connect(m_browse, &QToolButton::clicked, this, &StoreEntryForm::browse);
}

void StoreEntryForm::clear()
{
    StoreEntry entry;
    entry.url = QString();
    setEntry(entry);
}

void StoreEntryForm::setEntry(const StoreEntry &entry)
{
    m_loading = true;
    StoreUrlFields loaded;
    QString problem;
    if (!entry.url.isEmpty()) {
        Result<StoreUrlFields> parsed = StoreUrlFields::fromUrl(entry.url);
        if (parsed)
            loaded = parsed.value();
        else
            problem = parsed.error().message;
    }
    m_name->setText(entry.name);
    m_kind->setCurrentIndex(m_kind->findData(int(loaded.kind)));
    m_previousKind = loaded.kind;
    m_path->setText(loaded.path);
    m_host->setText(loaded.host);
    m_port->setValue(loaded.port > 0
                         ? loaded.port
                         : StoreUrlFields::defaultPort(loaded.kind == StoreUrl::Kind::Sqlite ? StoreUrl::Kind::Postgres : loaded.kind));
    m_seedNodes->setText(loaded.seedNodes.join(QStringLiteral(", ")));
    m_database->setText(loaded.database);
    m_user->setText(loaded.user);
    m_sslMode->setCurrentIndex(qMax(0, m_sslMode->findData(loaded.sslMode)));
    m_extraOptions = loaded.extraOptions;
    const int builtin = loaded.isNativeLayout() ? 0 : m_layoutChoice->findData(loaded.layout);
    m_layoutChoice->setCurrentIndex(builtin >= 0 ? builtin : m_layoutChoice->findData(QStringLiteral("file")));
    m_layoutFile->setText(builtin >= 0 ? QString() : loaded.layout);
    m_audit->setText(loaded.audit);
    m_cache->setText(loaded.cache);
    m_scanCount->setValue(qMax(0, loaded.scanCount));
    m_metrics->setText(loaded.metrics);
    m_password->clear();
    m_remember->setChecked(entry.passwordSource == StoreEntry::PasswordSource::Keychain);
    m_fromEnvironment->setChecked(entry.passwordSource == StoreEntry::PasswordSource::Environment);
    m_variable->setText(entry.passwordVariable);
    m_readOnly->setChecked(entry.readOnly);
    m_loading = false;
    kindChanged();
    passwordSourceChanged();
    if (!problem.isEmpty())
        showProblem(problem);
}

StoreUrl::Kind StoreEntryForm::kind() const
{
    return StoreUrl::Kind(m_kind->currentData().toInt());
}

StoreUrlFields StoreEntryForm::fields() const
{
    StoreUrlFields f;
    f.kind = kind();
    f.path = m_path->text().trimmed();
    f.host = m_host->text().trimmed();
    f.port = m_port->value();
    if (m_layout->isRowVisible(m_seedNodes)) {
        for (const QString &node : m_seedNodes->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (!node.trimmed().isEmpty())
                f.seedNodes << node.trimmed();
        }
    }
    f.database = m_database->text().trimmed();
    f.user = m_user->text().trimmed();
    f.sslMode = m_sslMode->currentData().toString();
    f.extraOptions = m_extraOptions;
    // A hidden field does not apply to the kind and layout shown: it is left out.
    f.layout = layoutText();
    if (m_layout->isRowVisible(m_audit))
        f.audit = m_audit->text().trimmed();
    if (m_layout->isRowVisible(m_cache))
        f.cache = m_cache->text().trimmed();
    if (m_layout->isRowVisible(m_scanCount))
        f.scanCount = m_scanCount->value();
    f.metrics = m_metrics->text().trimmed();
    return f;
}

Result<StoreEntry> StoreEntryForm::entry() const
{
    Result<QString> url = fields().toUrl();
    if (!url)
        return url.error();
    if (m_layoutChoice->currentData().toString() == QLatin1String("file") && m_layoutFile->text().trimmed().isEmpty())
        return makeError(ErrorKind::InvalidArgument,
                         tr("Choose the layout file (a JSON file that maps the store onto records), or another layout."));
    StoreEntry entry;
    entry.name = m_name->text().trimmed();
    entry.url = url.value();
    entry.readOnly = m_readOnly->isChecked();
    if (kind() != StoreUrl::Kind::Sqlite) {
        if (m_fromEnvironment->isChecked()) {
            entry.passwordSource = StoreEntry::PasswordSource::Environment;
            entry.passwordVariable = m_variable->text().trimmed();
            if (!entry.passwordVariable.isEmpty() && !StoreEntry::isValidVariableName(entry.passwordVariable))
                return makeError(ErrorKind::InvalidArgument,
                                 tr("An environment variable name has letters, digits and '_' only, e.g. IDEM_PG_PASSWORD."));
        } else if (m_remember->isChecked()) {
            entry.passwordSource = StoreEntry::PasswordSource::Keychain;
        }
    }
    return entry;
}

QString StoreEntryForm::typedPassword() const
{
    return m_password->isEnabled() ? m_password->text() : QString();
}

void StoreEntryForm::showProblem(const QString &message)
{
    m_problem->setText(message);
    m_problem->setVisible(!message.isEmpty());
}

void StoreEntryForm::kindChanged()
{
    const StoreUrl::Kind now = kind();
    const bool sqlite = now == StoreUrl::Kind::Sqlite;
    if (!m_loading && m_previousKind != now) {
        // Follow the kind's default port unless the operator typed another one.
        if (m_port->value() == StoreUrlFields::defaultPort(m_previousKind) || m_previousKind == StoreUrl::Kind::Sqlite)
            m_port->setValue(StoreUrlFields::defaultPort(now));
        // A database name means nothing to Redis, a db number nothing to SQL.
        bool numeric = false;
        m_database->text().toInt(&numeric);
        if ((now == StoreUrl::Kind::Redis) != numeric)
            m_database->clear();
    }
    m_previousKind = now;
    if (!m_loading)
        layoutChanged(); // which layout options apply depends on the kind too

    m_layout->setRowVisible(m_pathRow, sqlite);
    for (QWidget *field : {static_cast<QWidget *>(m_host), static_cast<QWidget *>(m_port), static_cast<QWidget *>(m_database),
                           static_cast<QWidget *>(m_user), static_cast<QWidget *>(m_password), m_passwordSourceRow})
        m_layout->setRowVisible(field, !sqlite);
    m_layout->setRowVisible(m_sslMode, now == StoreUrl::Kind::Postgres);
    m_layout->setRowVisible(m_seedNodes, now == StoreUrl::Kind::Redis);
    if (auto *label = qobject_cast<QLabel *>(m_layout->labelForField(m_database)))
        label->setText(now == StoreUrl::Kind::Redis ? tr("DB number:") : tr("Database:"));
    m_database->setPlaceholderText(now == StoreUrl::Kind::Redis ? tr("0") : tr("idem"));
    StoreUrl scheme;
    scheme.kind = now;
    m_variable->setPlaceholderText(StoreEntry::defaultPasswordVariable(scheme.schemeName() + QStringLiteral("://")));
    refresh();
}

void StoreEntryForm::passwordSourceChanged()
{
    const bool fromEnvironment = m_fromEnvironment->isChecked();
    if (fromEnvironment && m_remember->isChecked()) {
        const QSignalBlocker blocker(m_remember); // one source at a time; refresh() follows below
        m_remember->setChecked(false);
    }
    m_password->setEnabled(!fromEnvironment);
    m_remember->setEnabled(!fromEnvironment);
    m_variable->setEnabled(fromEnvironment);
    m_password->setPlaceholderText(m_remember->isChecked() && !fromEnvironment ? tr("stored in the system keychain; type to replace it")
                                                                               : tr("kept in memory only unless remembered"));
    refresh();
}

void StoreEntryForm::browse()
{
    // A save dialog, because choosing a file that does not exist yet creates a new store.
    const QString file = QFileDialog::getSaveFileName(this, tr("SQLite store file"), m_path->text(),
                                                      tr("SQLite databases (*.db *.sqlite *.sqlite3);;All files (*)"), nullptr,
                                                      QFileDialog::DontConfirmOverwrite);
    if (!file.isEmpty())
        m_path->setText(file);
}

QString StoreEntryForm::layoutText() const
{
    const QString choice = m_layoutChoice->currentData().toString();
    return choice == QLatin1String("file") ? m_layoutFile->text().trimmed() : choice;
}

std::optional<LayoutFamily> StoreEntryForm::layoutFamily() const
{
    const QString text = layoutText();
    if (text.isEmpty())
        return LayoutFamily::Native;
    if ((text.endsWith(QLatin1String(".json")) || text.contains(QLatin1Char('/'))) && !QDir::isAbsolutePath(text))
        return std::nullopt; // refused by StoreUrlFields; a relative path would depend on the working directory
    const Result<Layout> layout = Layout::resolve(text);
    return layout ? std::optional<LayoutFamily>(layout->family) : std::nullopt;
}

void StoreEntryForm::layoutChanged()
{
    if (m_loading)
        return;
    const bool file = m_layoutChoice->currentData().toString() == QLatin1String("file");
    const std::optional<LayoutFamily> family = layoutFamily();
    // A layout file that does not resolve yet keeps the options it may need
    // shown, so typing its path does not make them come and go.
    const bool foreign = family != LayoutFamily::Native;
    m_layout->setRowVisible(m_layoutFileRow, file);
    m_layout->setRowVisible(m_audit, foreign);
    m_layout->setRowVisible(m_cache, (!family || family == LayoutFamily::JavaHandler) && foreign && kind() == StoreUrl::Kind::Mysql);
    m_layout->setRowVisible(m_scanCount, foreign && kind() == StoreUrl::Kind::Redis);
    refresh();
}

void StoreEntryForm::browseLayout()
{
    const QString file =
        QFileDialog::getOpenFileName(this, tr("Layout file"), m_layoutFile->text(), tr("Layout files (*.json);;All files (*)"));
    if (!file.isEmpty())
        m_layoutFile->setText(file);
}

void StoreEntryForm::refresh()
{
    if (m_loading)
        return;
    StoreUrlFields::Field bad = StoreUrlFields::Field::None;
    Result<QString> url = fields().toUrl(&bad);
    m_preview->setText(url ? url.value() : tr("(incomplete)"));
    markInvalid(m_path, bad == StoreUrlFields::Field::Path);
    markInvalid(m_host, bad == StoreUrlFields::Field::Host);
    markInvalid(m_port, bad == StoreUrlFields::Field::Port);
    markInvalid(m_database, bad == StoreUrlFields::Field::Database);
    markInvalid(m_user, bad == StoreUrlFields::Field::User);
    markInvalid(m_sslMode, bad == StoreUrlFields::Field::SslMode);
    markInvalid(m_layoutChoice, bad == StoreUrlFields::Field::Layout && m_layoutChoice->currentData().toString() != QLatin1String("file"));
    markInvalid(m_layoutFile, bad == StoreUrlFields::Field::Layout);
    markInvalid(m_audit, bad == StoreUrlFields::Field::Audit);
    markInvalid(m_cache, bad == StoreUrlFields::Field::Cache);
    markInvalid(m_scanCount, bad == StoreUrlFields::Field::ScanCount);
    markInvalid(m_seedNodes, bad == StoreUrlFields::Field::SeedNodes);
    markInvalid(m_metrics, bad == StoreUrlFields::Field::Metrics);
    updateAuditPlaceholder(url ? url.value() : QString());
    if (url) {
        Result<StoreEntry> complete = entry(); // the variable name and an empty layout file are checked there
        const bool noLayoutFile =
            m_layoutChoice->currentData().toString() == QLatin1String("file") && m_layoutFile->text().trimmed().isEmpty();
        markInvalid(m_layoutFile, noLayoutFile);
        markInvalid(m_variable, !complete && !noLayoutFile);
        showProblem(complete ? QString() : complete.error().message);
    } else {
        markInvalid(m_variable, false);
        showProblem(url.error().message);
    }
    emit edited();
}

void StoreEntryForm::updateAuditPlaceholder(const QString &url)
{
    // Where the audit log goes when the field stays empty: the same file
    // the store and idemctl pick (ForeignStore::auditUrl).
    const Result<StoreUrl> parsed =
        url.isEmpty() ? Result<StoreUrl>(makeError(ErrorKind::InvalidArgument, QString())) : StoreUrl::parse(url);
    const Result<Layout> layout = Layout::resolve(layoutText());
    if (!parsed || !layout || layout->isNative()) {
        m_audit->setPlaceholderText(tr("empty: a local SQLite file"));
        m_audit->setToolTip(QString());
        return;
    }
    const QString defaultUrl = ForeignStore::auditUrl(parsed.value(), layout.value());
    m_audit->setPlaceholderText(tr("default: %1").arg(defaultUrl));
    m_audit->setToolTip(tr("Empty: the audit log is kept in %1").arg(defaultUrl));
}
