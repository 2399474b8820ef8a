#pragma once

#include "app/ops/operatorbatch.h"

#include <QWidget>

class ActionProgress;
class QLabel;
class QProgressBar;
class QPushButton;

// A progress bar, a line saying what runs and a Stop button for one long
// job on a worker thread (preview, dry run, apply, verify). start() hands out
// the ActionControl the job reports to; Stop sets the job's cancel flag and
// the job stops at its next check. Hidden while nothing runs.
class JobProgressWidget final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobProgressWidget)
public:
    explicit JobProgressWidget(QWidget *parent = nullptr);

    // Shows the bar (busy until the first report) and returns the control;
    // a job started before is cancelled and its progress ignored.
    ActionControl start(const QString &what);
    void finish(); // hides the bar; the job has answered
    void cancel(); // as if Stop was clicked
    bool isRunning() const { return m_running; }
    bool wasCancelled() const;
    QPushButton *stopButton() const { return m_stop; }

private:
    void showProgress(qint64 done, qint64 total);

    ActionProgress *m_progress;
    QLabel *m_label;
    QProgressBar *m_bar;
    QPushButton *m_stop;
    QString m_what;
    bool m_running = false;
};
