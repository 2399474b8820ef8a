#pragma once

#include "app/guard/guard.h"
#include "app/sim/ordertable.h"

#include <QRandomGenerator>
#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

struct SimulatorConfig {
    int journeysPerSecond = 50; // new logical operations (a checkout, a payment callback …) per second
    quint32 seed = 0; // 0: random
    int backlogStuck = 24; // stuck records left over "from before", aged 11–40 min: at start the store is topped up to this many
    int workerThreads = 32; // concurrent requests in flight (slow external calls hold one each)
};

// Sales-event traffic through the Guard, with the failure modes of the
// articles: double clicks, gateway retries, MQ redelivery of payment
// callbacks, payload mismatches, 5xx failures (released, retried), slow
// external calls (others get 409 meanwhile) and lost finalisations (the
// order is written but the record is never completed: a crash between the
// business write and complete). The business action writes the orders table.
class SalesSimulator final {
    Q_DISABLE_COPY_MOVE(SalesSimulator)
public:
    struct Tally {
        std::atomic<qint64> journeys{0}, requests{0}, executed{0}, replayed{0}, inProgress{0}, mismatch{0}, failed5xx{0}, unavailable{0},
            lostFinalisations{0};
    };

    SalesSimulator(Store &store, OrderTable &orders, SimulatorConfig config);
    ~SalesSimulator();

    Result<void> start(); // seeds the backlog, then runs until stop()
    void stop(); // waits for requests in flight to end
    const Tally &tally() const { return m_tally; }

private:
    struct Journey;
    void driverLoop();
    void schedule(qint64 delayMs, std::function<void()> task);
    void beginJourney();
    void send(const std::shared_ptr<Journey> &journey, const QByteArray &body, int redeliveries);
    void crashAfterCharge(const std::shared_ptr<Journey> &journey, bool chargeLanded, qint64 claimedAt);
    Response runBusiness(Journey &journey, const QByteArray &body);
    quint32 random(quint32 bound);
    void pause(qint64 ms); // sleeps, but wakes at once on stop()

    Store &m_store;
    OrderTable &m_orders;
    const SimulatorConfig m_config;
    Guard m_guard;
    Tally m_tally;
    QThreadPool m_pool;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_stopping; // wakes every pause() on stop()
    std::multimap<qint64, std::function<void()>> m_due; // due time → task
    std::mutex m_randomMutex;
    QRandomGenerator m_random;
    std::atomic<bool> m_running{false};
    std::atomic<qint64> m_nextOrder{0};
    std::thread m_driver;
};
