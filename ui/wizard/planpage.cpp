// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/planpage.h"

#include "core/plan/sweepinput.h"
#include "ui/wizard/fieldmessage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kp::ui {

namespace {

/// The command line's limits (kneepoint run --concurrency, --requests).
constexpr int MaxUsers = 100'000;
constexpr int MaxRequests = 10'000'000;

QString joined(const QStringList& list)
{
    return list.join(QStringLiteral(", "));
}

} // namespace

PlanPage::PlanPage(QWidget* parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("planPage"));
    setTitle(tr("Plan"));
    setSubTitle(tr("The sweep: a one-user baseline, then each concurrency level in turn. The run stops early once "
                   "the targets are clearly broken."));

    createWidgets();
    layOut();
    setConcurrency(core::RunOptions::defaultConcurrency());
    updateEstimate();
    connectSignals();
}

void PlanPage::createWidgets()
{
    m_levels = new QLineEdit(this);
    m_levels->setObjectName(QStringLiteral("concurrencyEdit"));
    m_levels->setAccessibleName(tr("Concurrency levels"));
    m_levels->setPlaceholderText(tr("Users at once, comma-separated, such as 1, 2, 4, 8, 16, 32"));
    m_levelsMessage = new FieldMessage(m_levels, this);
    m_levelsMessage->setObjectName(QStringLiteral("concurrencyMessage"));

    m_requests = new QSpinBox(this);
    m_requests->setObjectName(QStringLiteral("requestsSpin"));
    m_requests->setAccessibleName(tr("Requests per step"));
    m_requests->setRange(0, MaxRequests);
    m_requests->setGroupSeparatorShown(true);
    m_requests->setSpecialValueText(tr("Automatic: enough for the percentile's interval, six per user at least"));
    m_requests->setMinimumWidth(m_requests->fontMetrics().horizontalAdvance(m_requests->specialValueText()) + 48);

    m_quick = new QCheckBox(tr("Quic&k look: six requests per user, at least 16"), this);
    m_quick->setObjectName(QStringLiteral("quickCheck"));
    m_quick->setAccessibleName(tr("Quick look"));
    m_quick->setToolTip(tr("For trying things: each step ends sooner, but a p99 of so few requests has no upper "
                           "bound, and the report says so."));

    m_rateCheck = new QCheckBox(tr("Also sweep request &rates (open loop):"), this);
    m_rateCheck->setObjectName(QStringLiteral("rateCheck"));
    m_rateCheck->setAccessibleName(tr("Also sweep request rates"));
    m_rates = new QLineEdit(this);
    m_rates->setObjectName(QStringLiteral("ratesEdit"));
    m_rates->setAccessibleName(tr("Request rates per second"));
    m_rates->setPlaceholderText(tr("Requests per second, such as 1, 2, 4, 8"));
    m_rates->setEnabled(false);
    m_ratesMessage = new FieldMessage(m_rates, this);
    m_ratesMessage->setObjectName(QStringLiteral("ratesMessage"));
    m_arrivals = new QComboBox(this);
    m_arrivals->setObjectName(QStringLiteral("arrivalsCombo"));
    m_arrivals->setAccessibleName(tr("Arrivals of the rate sweep"));
    m_arrivals->addItem(tr("at random, as independent users (Poisson)"), false);
    m_arrivals->addItem(tr("at even intervals (constant)"), true);
    m_arrivals->setEnabled(false);
    m_maxInFlight = new QSpinBox(this);
    m_maxInFlight->setObjectName(QStringLiteral("maxInFlightSpin"));
    m_maxInFlight->setAccessibleName(tr("Most requests in flight during the rate sweep"));
    m_maxInFlight->setRange(0, MaxUsers);
    m_maxInFlight->setSpecialValueText(tr("no cap"));
    m_maxInFlight->setPrefix(tr("at most "));
    m_maxInFlight->setSuffix(tr(" requests"));
    m_maxInFlight->setToolTip(tr("At most this many requests in flight at once, over the whole client: a request "
                                 "that arrives while the cap is reached waits, and the report shows how late it was "
                                 "sent."));
    m_maxInFlight->setEnabled(false);

    // How the users of the concurrency sweep behave: a pause between requests, and a staggered start.
    m_thinkTime = new QSpinBox(this);
    m_thinkTime->setObjectName(QStringLiteral("thinkTimeSpin"));
    m_thinkTime->setAccessibleName(tr("Think time between a user's requests"));
    m_thinkTime->setRange(0, 3'600'000);
    m_thinkTime->setSingleStep(100);
    m_thinkTime->setSuffix(tr(" ms"));
    m_thinkTime->setSpecialValueText(tr("none: the next request at once"));
    m_thinkTime->setToolTip(tr("Each user pauses this long after an answer before its next request, as a person "
                               "reading it would. In the server's time."));
    m_ramp = new QSpinBox(this);
    m_ramp->setObjectName(QStringLiteral("rampSpin"));
    m_ramp->setAccessibleName(tr("Time over which users start"));
    m_ramp->setRange(-1, 3'600'000);
    m_ramp->setSingleStep(100);
    m_ramp->setSuffix(tr(" ms"));
    m_ramp->setSpecialValueText(tr("one request's lifetime (measured)"));
    m_ramp->setToolTip(tr("Users of a step start spread over this long, so that their requests do not begin and end "
                          "in lockstep. 0 starts them all at once."));
    m_ramp->setValue(-1);

    // When things go wrong: how many failures end the sweep, and how long a silent server is waited for.
    m_maxFailures = new QSpinBox(this);
    m_maxFailures->setObjectName(QStringLiteral("maxFailuresSpin"));
    m_maxFailures->setAccessibleName(tr("Failures that stop the sweep"));
    m_maxFailures->setRange(0, 100);
    m_maxFailures->setPrefix(tr("more than "));
    m_maxFailures->setSuffix(tr("% of a step's requests fail"));
    m_maxFailures->setToolTip(tr("A step with more failures than this ends the concurrency sweep, and the report says "
                                 "why. 100% never stops it."));
    // Capacity to a precision: probe steps after the sweep, between the two that bracket it.
    m_refine = new QCheckBox(tr("Pin capacity down &to within"), this);
    m_refine->setObjectName(QStringLiteral("refineCapacityCheck"));
    m_refine->setToolTip(tr("After the sweep, measure loads between the two steps around capacity (at most %n more "
                            "steps) until its 95% interval is this close.",
        nullptr, core::RunOptions().maxProbes));
    m_precision = new QSpinBox(this);
    m_precision->setObjectName(QStringLiteral("capacityPrecisionSpin"));
    m_precision->setAccessibleName(tr("Capacity precision"));
    m_precision->setRange(1, 100);
    m_precision->setPrefix(tr("±"));
    m_precision->setSuffix(tr("%"));
    m_precision->setValue(int(std::lround(core::RunOptions::kDefaultCapacityPrecision * 100)));
    m_precision->setEnabled(false);
    connect(m_refine, &QCheckBox::toggled, m_precision, &QWidget::setEnabled);

    auto seconds = [this](const char* name, const QString& accessible) {
        auto* spin = new QSpinBox(this);
        spin->setObjectName(QLatin1String(name));
        spin->setAccessibleName(accessible);
        spin->setRange(1, 86'400);
        spin->setSuffix(tr(" s"));
        return spin;
    };
    m_firstByteTimeout = seconds("firstByteTimeoutSpin", tr("Longest wait for an answer"));
    m_stallTimeout = seconds("stallTimeoutSpin", tr("Longest silence in a stream"));
    m_requestTimeout = seconds("requestTimeoutSpin", tr("Longest a request may take"));
    m_requestTimeout->setToolTip(tr("Ends a request that takes longer than this from send to its last byte, however "
                                    "steadily the server sends: a failure of its own, counted against the targets."));
    m_serverWait = seconds("serverWaitSpin", tr("Longest wait for a server that stopped answering"));
    m_serverWait->setMinimum(0);
    m_serverWait->setSpecialValueText(tr("no wait: stop the run"));
    m_serverWait->setToolTip(tr("A server that stops answering mid-run (refused connections, no answer on /health) is "
                                "waited for this long; when it comes back, the step it went away in is measured "
                                "again, else the run stops as a server failure, with no capacity drawn from that "
                                "step."));
    setMaxFailureFraction(core::RunOptions().maxErrorFraction);
    setFirstByteTimeoutMs(core::RunOptions().firstByteTimeoutMs);
    setStallTimeoutMs(core::RunOptions().stallTimeoutMs);
    setRequestTimeoutMs(core::RunOptions().requestTimeoutMs);
    setServerWaitSeconds(core::RunOptions().serverWaitSeconds);

    m_estimate = new QLabel(this);
    m_estimate->setObjectName(QStringLiteral("estimateLabel"));
    m_estimate->setWordWrap(true);
    m_estimate->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_estimate->setAccessibleName(tr("Estimated duration"));
}

void PlanPage::layOut()
{
    auto* ratesNote = new QLabel(tr("Requests arrive on their own schedule, as from many independent users, "
                                    "whether or not the server keeps up."),
        this);
    ratesNote->setWordWrap(true);
    ratesNote->setForegroundRole(QPalette::PlaceholderText);
    auto* refineRow = new QHBoxLayout;
    refineRow->addWidget(m_refine);
    refineRow->addWidget(m_precision);
    refineRow->addStretch();
    auto* levelsLabel = new QLabel(tr("&Concurrency levels:"), this);
    levelsLabel->setBuddy(m_levels);
    auto* requestsLabel = new QLabel(tr("Re&quests per step:"), this);
    requestsLabel->setBuddy(m_requests);
    auto* ratesColumn = FieldMessage::stacked(m_rates, m_ratesMessage);
    ratesColumn->addWidget(ratesNote);
    auto* estimateLabel = new QLabel(tr("Estimated duration:"), this);
    estimateLabel->setBuddy(m_estimate);

    auto* form = new QFormLayout;
    form->addRow(levelsLabel, FieldMessage::stacked(m_levels, m_levelsMessage));
    form->addRow(requestsLabel, m_requests);
    form->addRow(QString(), m_quick);
    form->addRow(tr("Users pause between requests:"), m_thinkTime);
    form->addRow(tr("Users start over:"), m_ramp);
    form->addRow(m_rateCheck, ratesColumn);
    form->addRow(tr("Rate sweep arrivals:"), m_arrivals);
    form->addRow(tr("Rate sweep in flight:"), m_maxInFlight);
    form->addRow(tr("Stop the sweep when:"), m_maxFailures);
    form->addRow(QString(), refineRow);
    form->addRow(tr("Wait for an answer up to:"), m_firstByteTimeout);
    form->addRow(tr("Wait through a silent stream up to:"), m_stallTimeout);
    form->addRow(tr("End a request after:"), m_requestTimeout);
    form->addRow(tr("Wait for a server that went away up to:"), m_serverWait);
    form->addRow(estimateLabel, m_estimate);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
}

void PlanPage::connectSignals()
{
    auto changed = [this] {
        check();
        updateEstimate();
        Q_EMIT planChanged();
    };
    connect(m_levels, &QLineEdit::textChanged, this, changed);
    connect(m_requests, &QSpinBox::valueChanged, this, changed);
    connect(m_quick, &QCheckBox::toggled, this, [this, changed](bool on) {
        // A count of the user's own wins over either automatic choice.
        m_requests->setEnabled(!on);
        changed();
    });
    connect(m_thinkTime, &QSpinBox::valueChanged, this, changed);
    connect(m_ramp, &QSpinBox::valueChanged, this, changed);
    connect(m_rates, &QLineEdit::textChanged, this, changed);
    connect(m_rateCheck, &QCheckBox::toggled, this, [this, changed](bool on) {
        m_rates->setEnabled(on);
        m_arrivals->setEnabled(on);
        m_maxInFlight->setEnabled(on);
        changed();
    });
}

std::optional<QList<int>> PlanPage::parseLevels(QString* error) const
{
    QString bad;
    std::optional<QList<int>> levels = core::SweepInput::users(m_levels->text(), 1, MaxUsers, &bad);
    if (!levels) {
        *error = tr("“%1” is not a number of users: write whole numbers from 1 to %2, such as 1, 2, 4, 8.")
                     .arg(bad, QLocale().toString(MaxUsers));
        return std::nullopt;
    }
    if (levels->isEmpty() && !m_traceReplay) {
        *error = tr("Give at least one concurrency level, such as 1, 2, 4, 8, 16, 32.");
        return std::nullopt;
    }
    // The sweep climbs: the order typed does not matter, and a level twice would only measure it twice.
    std::sort(levels->begin(), levels->end());
    levels->erase(std::unique(levels->begin(), levels->end()), levels->end());
    return levels;
}

std::optional<QList<double>> PlanPage::parseRates(QString* error) const
{
    if (!m_rateCheck->isChecked())
        return QList<double>();
    QString bad;
    std::optional<QList<double>> list = core::SweepInput::rates(m_rates->text(), &bad);
    if (!list) {
        *error = tr("“%1” is not a request rate: write requests per second above zero, such as 0.5, 2, 8.").arg(bad);
        return std::nullopt;
    }
    if (list->isEmpty()) {
        *error = tr("Give at least one rate, or turn the rate sweep off.");
        return std::nullopt;
    }
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
    return list;
}

bool PlanPage::check()
{
    QString levelsError;
    QString ratesError;
    const bool levelsOk = parseLevels(&levelsError).has_value();
    const bool ratesOk = parseRates(&ratesError).has_value();
    m_levelsMessage->showMessage(levelsError);
    m_ratesMessage->showMessage(ratesError);
    return levelsOk && ratesOk;
}

QList<int> PlanPage::concurrency() const
{
    QString error;
    return parseLevels(&error).value_or(QList<int>());
}

void PlanPage::setConcurrency(const QList<int>& levels)
{
    QStringList text;
    for (int users : levels)
        text << QString::number(users);
    m_levels->setText(joined(text));
}

void PlanPage::setTraceReplay(bool replay)
{
    if (replay == m_traceReplay)
        return;
    m_traceReplay = replay;
    setSubTitle(replay ? tr("A one-user baseline, then any concurrency levels and rates given here, then the trace at "
                            "its own times.")
                       : tr("The sweep: a one-user baseline, then each concurrency level in turn. The run stops early "
                            "once the targets are clearly broken."));
    m_levels->setPlaceholderText(replay
            ? tr("None: the trace is the load; or users at once to sweep as well, such as 1, 4, 16")
            : tr("Users at once, comma-separated, such as 1, 2, 4, 8, 16, 32"));
    if (replay)
        m_levels->clear();
    else if (m_levels->text().trimmed().isEmpty())
        setConcurrency(core::RunOptions::defaultConcurrency());
    check();
}

int PlanPage::requestsPerStep() const
{
    return m_requests->value();
}

void PlanPage::setRequestsPerStep(int requests)
{
    m_requests->setValue(requests);
}

bool PlanPage::quick() const
{
    return m_quick->isChecked();
}

void PlanPage::setQuick(bool quick)
{
    m_quick->setChecked(quick);
}

QList<double> PlanPage::rates() const
{
    QString error;
    return parseRates(&error).value_or(QList<double>());
}

void PlanPage::setRates(const QList<double>& rates)
{
    QStringList text;
    for (double r : rates)
        text << QLocale().toString(r);
    m_rates->setText(joined(text));
    m_rateCheck->setChecked(!rates.isEmpty());
}

bool PlanPage::constantArrivals() const
{
    return m_rateCheck->isChecked() && m_arrivals->currentData().toBool();
}

void PlanPage::setConstantArrivals(bool constant)
{
    m_arrivals->setCurrentIndex(constant ? 1 : 0);
}

int PlanPage::maxInFlight() const
{
    return m_rateCheck->isChecked() ? m_maxInFlight->value() : 0;
}

void PlanPage::setMaxInFlight(int requests)
{
    m_maxInFlight->setValue(requests);
}

double PlanPage::thinkTimeMs() const
{
    return m_thinkTime->value();
}

void PlanPage::setThinkTimeMs(double ms)
{
    m_thinkTime->setValue(int(std::lround(ms)));
}

double PlanPage::rampMs() const
{
    return m_ramp->value();
}

void PlanPage::setRampMs(double ms)
{
    m_ramp->setValue(ms < 0 ? -1 : int(std::lround(ms)));
}

double PlanPage::capacityPrecision() const
{
    return m_refine->isChecked() ? m_precision->value() / 100.0 : 0.0;
}

void PlanPage::setCapacityPrecision(double fraction)
{
    m_refine->setChecked(fraction > 0);
    if (fraction > 0)
        m_precision->setValue(int(std::lround(fraction * 100)));
}

double PlanPage::maxFailureFraction() const
{
    return m_maxFailures->value() / 100.0;
}

void PlanPage::setMaxFailureFraction(double fraction)
{
    m_maxFailures->setValue(int(std::lround(fraction * 100)));
}

int PlanPage::firstByteTimeoutMs() const
{
    return m_firstByteTimeout->value() * 1000;
}

void PlanPage::setFirstByteTimeoutMs(int ms)
{
    m_firstByteTimeout->setValue((ms + 999) / 1000);
}

int PlanPage::stallTimeoutMs() const
{
    return m_stallTimeout->value() * 1000;
}

void PlanPage::setStallTimeoutMs(int ms)
{
    m_stallTimeout->setValue((ms + 999) / 1000);
}

int PlanPage::requestTimeoutMs() const
{
    return m_requestTimeout->value() * 1000;
}

void PlanPage::setRequestTimeoutMs(int ms)
{
    m_requestTimeout->setValue((ms + 999) / 1000);
}

int PlanPage::serverWaitSeconds() const
{
    return m_serverWait->value();
}

void PlanPage::setServerWaitSeconds(int seconds)
{
    m_serverWait->setValue(seconds);
}

void PlanPage::setEstimateInputs(const core::DurationEstimate::Inputs& inputs)
{
    m_inputs = inputs;
    updateEstimate();
}

void PlanPage::updateEstimate()
{
    QString error;
    const std::optional<QList<int>> levels = parseLevels(&error);
    const std::optional<QList<double>> rateList = parseRates(&error);
    if (!levels || !rateList) {
        m_estimate->setText(tr("—"));
        return;
    }
    core::DurationEstimate::Inputs inputs = m_inputs;
    inputs.options.concurrency = *levels;
    inputs.options.rates = *rateList;
    inputs.options.requestsPerStep = m_quick->isChecked() ? 0 : m_requests->value();
    inputs.options.quick = m_quick->isChecked();
    inputs.options.thinkTimeMs = m_thinkTime->value();
    inputs.options.rampMs = m_ramp->value();
    const core::DurationEstimate e = core::DurationEstimate::of(inputs);
    m_estimate->setText(tr("<b>%1</b> (an estimate). %2 The run stops sooner once the targets are clearly broken.")
                            .arg(core::DurationEstimate::format(e.seconds).toHtmlEscaped(), e.basis.toHtmlEscaped()));
}

bool PlanPage::validatePage()
{
    if (check())
        return true;
    if (m_levelsMessage->isShowingError())
        m_levels->setFocus();
    else
        m_rates->setFocus();
    return false;
}

} // namespace kp::ui
