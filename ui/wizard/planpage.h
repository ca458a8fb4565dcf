// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/run/durationestimate.h"

#include <QWizardPage>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace kp::ui {

class FieldMessage;

/// Page 5: the sweep. Concurrency levels, requests per step, an optional open-loop rate sweep, and a forecast of
/// how long it all takes from what the earlier pages say.
class PlanPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit PlanPage(QWidget* parent = nullptr);

    /// Ascending and without repeats, whatever order they were typed in; empty while the field does not parse.
    QList<int> concurrency() const;
    void setConcurrency(const QList<int>& levels);
    /// With a trace to replay, the trace is the load: the concurrency levels may be left empty (no sweep), and are
    /// emptied when the trace is first chosen; without one, empty levels get the default sweep back.
    void setTraceReplay(bool replay);
    int requestsPerStep() const; ///< 0: the run's default, which grows with the load
    void setRequestsPerStep(int requests);
    /// Requests per second; empty when the rate sweep is off.
    QList<double> rates() const;
    void setRates(const QList<double>& rates);
    /// The rate sweep's arrivals at even intervals (--arrivals constant) rather than at random (Poisson).
    bool constantArrivals() const;
    void setConstantArrivals(bool constant);
    /// The rate sweep's cap on requests in flight (--max-in-flight); 0: none.
    int maxInFlight() const;
    void setMaxInFlight(int requests);
    /// Each user's pause between its requests, in ms (--think-time-ms).
    double thinkTimeMs() const;
    void setThinkTimeMs(double ms);
    /// How long users take to start, in ms (--ramp-ms); -1: one request's lifetime.
    bool quick() const; ///< --quick: fewer requests per step
    void setQuick(bool quick);
    double rampMs() const;
    void setRampMs(double ms);

    /// After the sweep, probes between the steps around capacity until its 95% interval is within ±this fraction;
    /// 0: no probes (--refine-capacity, --capacity-precision).
    double capacityPrecision() const;
    void setCapacityPrecision(double fraction);

    /// A step with more failures than this stops the concurrency sweep; 1: it never stops (--max-failures).
    double maxFailureFraction() const;
    void setMaxFailureFraction(double fraction);
    /// The longest wait for a response's headers, and the longest silence mid-stream, before a request fails.
    int firstByteTimeoutMs() const;
    void setFirstByteTimeoutMs(int ms);
    int stallTimeoutMs() const;
    void setStallTimeoutMs(int ms);
    int requestTimeoutMs() const;
    void setRequestTimeoutMs(int ms);
    /// How long a server that stopped answering mid-run is waited for before the run stops (--server-wait); 0: not.
    int serverWaitSeconds() const;
    void setServerWaitSeconds(int seconds);

    /// What the forecast is made of; the page fills in its own fields before estimating.
    void setEstimateInputs(const core::DurationEstimate::Inputs& inputs);

    bool validatePage() override;

Q_SIGNALS:
    void planChanged();

private:
    /// The page's fields with their defaults, each named for the tests and the screen reader.
    void createWidgets();
    /// The fields in one form, in reading order.
    void layOut();
    void connectSignals();
    std::optional<QList<int>> parseLevels(QString* error) const;
    std::optional<QList<double>> parseRates(QString* error) const;
    bool check();
    void updateEstimate();

    QLineEdit* m_levels = nullptr;
    FieldMessage* m_levelsMessage = nullptr;
    bool m_traceReplay = false;
    QSpinBox* m_requests = nullptr;
    QCheckBox* m_quick = nullptr;
    QCheckBox* m_rateCheck = nullptr;
    QLineEdit* m_rates = nullptr;
    FieldMessage* m_ratesMessage = nullptr;
    QComboBox* m_arrivals = nullptr;
    QSpinBox* m_maxInFlight = nullptr;
    QSpinBox* m_thinkTime = nullptr; // ms
    QSpinBox* m_ramp = nullptr; // ms; -1: one request's lifetime
    QSpinBox* m_maxFailures = nullptr; // percent
    QCheckBox* m_refine = nullptr;
    QSpinBox* m_precision = nullptr; // percent
    QSpinBox* m_firstByteTimeout = nullptr; // seconds
    QSpinBox* m_stallTimeout = nullptr; // seconds
    QSpinBox* m_requestTimeout = nullptr; // seconds
    QSpinBox* m_serverWait = nullptr; // seconds
    QLabel* m_estimate = nullptr;
    core::DurationEstimate::Inputs m_inputs;
};

} // namespace kp::ui
