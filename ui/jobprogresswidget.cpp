#include "ui/jobprogresswidget.h"

#include "models/actionprogress.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

JobProgressWidget::JobProgressWidget(QWidget *parent)
    : QWidget(parent)
    , m_progress(new ActionProgress(this))
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_stop(new QPushButton(tr("Stop"), this))
{
    m_stop->setObjectName(QStringLiteral("stopJob"));
    m_bar->setObjectName(QStringLiteral("jobProgress"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar, 1);
    layout->addWidget(m_stop);
    connect(m_progress, &ActionProgress::progressed, this, &JobProgressWidget::showProgress);
    connect(m_stop, &QPushButton::clicked, this, &JobProgressWidget::cancel);
    hide();
}

ActionControl JobProgressWidget::start(const QString &what)
{
    m_what = what;
    m_running = true;
    m_label->setText(what);
    m_bar->setRange(0, 0); // busy until the job says how much there is
    m_stop->setEnabled(true);
    m_stop->setText(tr("Stop"));
    show();
    return m_progress->start();
}

void JobProgressWidget::finish()
{
    m_running = false;
    hide();
}

void JobProgressWidget::cancel()
{
    if (!m_running)
        return;
    m_progress->cancel();
    m_stop->setEnabled(false);
    m_stop->setText(tr("Stopping…"));
}

bool JobProgressWidget::wasCancelled() const
{
    return m_progress->isCancelled();
}

void JobProgressWidget::showProgress(qint64 done, qint64 total)
{
    if (!m_running)
        return;
    // QProgressBar takes ints; scale large totals.
    const int scale = total > 1000000 ? int(total / 1000000 + 1) : 1;
    m_bar->setRange(0, int(qMax<qint64>(total, done) / scale));
    m_bar->setValue(int(done / scale));
    m_label->setText(tr("%1 %2 / %3").arg(m_what).arg(done).arg(total));
}
