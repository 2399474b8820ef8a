#include "ui/alertrulesdialog.h"
#include "ui/screenfit.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

constexpr AlertRule::Kind kinds[] = {AlertRule::Kind::HitRateAbove, AlertRule::Kind::StuckAbove, AlertRule::Kind::MismatchAbovePerMinute,
                                     AlertRule::Kind::RoundTripAbove};

} // namespace

AlertRulesDialog::AlertRulesDialog(const QList<AlertRule> &rules, const QStringList &knownScopes, QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_knownScopes(knownScopes)
{
    setWindowTitle(tr("Alert rules"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("An alert is raised as a banner, a tray notification and an audit entry when its rule holds, "
                                "and cleared when it no longer does. Hit rate and mismatches are judged per scope on complete "
                                "minutes; stuck records and the round trip are store-wide. Callbacks normally replay about 5%; "
                                "30% means trouble."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table->setHorizontalHeaderLabels({tr("Alert when"), tr("Scope"), tr("Threshold"), tr("For minutes")});
    m_table->horizontalHeader()->setSectionResizeMode(KindColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ScopeColumn, QHeaderView::Stretch);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);

    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("&Add"), this);
    auto *remove = new QPushButton(tr("&Remove"), this);
    auto *defaults = new QPushButton(tr("Restore &defaults"), this);
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addWidget(defaults);
    buttons->addStretch();
    layout->addLayout(buttons);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(box);

    connect(add, &QPushButton::clicked, this, [this] { addRule(AlertRule{}); });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow();
        if (row >= 0)
            m_table->removeRow(row);
    });
    connect(defaults, &QPushButton::clicked, this, [this] {
        m_table->setRowCount(0);
        for (const AlertRule &rule : AlertRule::defaults())
            addRule(rule);
    });
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);

    for (const AlertRule &rule : rules)
        addRule(rule);
    ScreenFit::fit(this, QSize(760, 360));
}

void AlertRulesDialog::addRule(const AlertRule &rule)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto *kind = new QComboBox(m_table);
    for (AlertRule::Kind k : kinds)
        kind->addItem(AlertRule::kindLabel(k), int(k));
    kind->setCurrentIndex(kind->findData(int(rule.kind)));
    auto *scope = new QComboBox(m_table);
    scope->setEditable(true);
    scope->addItem(tr("(every scope)"), QString());
    for (const QString &s : m_knownScopes)
        scope->addItem(s, s);
    if (rule.scope.isEmpty())
        scope->setCurrentIndex(0);
    else
        scope->setCurrentText(rule.scope);
    auto *threshold = new QDoubleSpinBox(m_table);
    threshold->setRange(0, 1e9);
    threshold->setDecimals(1);
    threshold->setValue(rule.threshold);
    auto *minutes = new QSpinBox(m_table);
    minutes->setRange(1, AlertRule::MaxMinutes);
    minutes->setValue(qBound(1, rule.minutes, AlertRule::MaxMinutes));
    m_table->setCellWidget(row, KindColumn, kind);
    m_table->setCellWidget(row, ScopeColumn, scope);
    m_table->setCellWidget(row, ThresholdColumn, threshold);
    m_table->setCellWidget(row, MinutesColumn, minutes);
    connect(kind, &QComboBox::currentIndexChanged, this, [this, kind] {
        for (int r = 0; r < m_table->rowCount(); ++r) {
            if (m_table->cellWidget(r, KindColumn) == kind)
                updateRow(r);
        }
    });
    updateRow(row);
}

void AlertRulesDialog::updateRow(int row)
{
    const auto kind = AlertRule::Kind(static_cast<QComboBox *>(m_table->cellWidget(row, KindColumn))->currentData().toInt());
    AlertRule probe;
    probe.kind = kind;
    const QString storeWide = tr("Store-wide: this reading is not kept per scope");
    QWidget *scopeCell = m_table->cellWidget(row, ScopeColumn);
    scopeCell->setEnabled(!probe.storeWide());
    scopeCell->setToolTip(probe.storeWide() ? storeWide : QString());
    QWidget *minutesCell = m_table->cellWidget(row, MinutesColumn);
    minutesCell->setEnabled(probe.perMinute());
    minutesCell->setToolTip(probe.perMinute() ? QString() : tr("Judged on every reading, not over minutes of counters"));
    auto *threshold = static_cast<QDoubleSpinBox *>(m_table->cellWidget(row, ThresholdColumn));
    switch (kind) {
    case AlertRule::Kind::HitRateAbove:
        threshold->setSuffix(tr(" %"));
        break;
    case AlertRule::Kind::RoundTripAbove:
        threshold->setSuffix(tr(" ms"));
        break;
    default:
        threshold->setSuffix(QString());
        break;
    }
    // Records, mismatches and milliseconds are counted in whole numbers.
    threshold->setDecimals(kind == AlertRule::Kind::HitRateAbove ? 1 : 0);
}

QList<AlertRule> AlertRulesDialog::rules() const
{
    QList<AlertRule> rules;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        AlertRule rule;
        rule.kind = AlertRule::Kind(static_cast<QComboBox *>(m_table->cellWidget(row, KindColumn))->currentData().toInt());
        auto *scope = static_cast<QComboBox *>(m_table->cellWidget(row, ScopeColumn));
        const QString text = scope->currentText().trimmed();
        rule.scope = rule.storeWide() || text == scope->itemText(0) ? QString() : text;
        rule.threshold = static_cast<QDoubleSpinBox *>(m_table->cellWidget(row, ThresholdColumn))->value();
        rule.minutes = rule.perMinute() ? static_cast<QSpinBox *>(m_table->cellWidget(row, MinutesColumn))->value() : 1;
        rules << rule;
    }
    return rules;
}
