#pragma once

#include <QObject>

class StoreSession;

// "Test" in the connection dialog: opens a store on a throwaway worker thread
// (a StoreSession of its own) and times one countInFlight round trip. Nothing
// here blocks the calling thread. A store that hangs (a dead host, a locked
// SQLite file) keeps its worker busy, not the window: cancel(), a new start()
// or destroying the probe abandons the attempt at once, and the abandoned
// session deletes itself when its job ends (or with the application).
class StoreProbe final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StoreProbe)
public:
    explicit StoreProbe(QObject *parent = nullptr);
    ~StoreProbe() override;

    // url may carry the password: it stays in memory, on the worker thread.
    void start(const QString &url);
    void cancel(); // no signal follows for the abandoned attempt
    bool isRunning() const { return m_session != nullptr; }

signals:
    // timeZoneNote: how the store reads times without a zone (empty for native stores).
    void succeeded(qint64 inFlight, qint64 roundTripMs, const QString &timeZoneNote);
    void failed(const QString &message);

private:
    void abandon();

    StoreSession *m_session = nullptr; // the running attempt's; owned until it is abandoned
    quint64 m_generation = 0; // answers of abandoned attempts are ignored
};
