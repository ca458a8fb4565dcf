// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/run/liverunview.h"

#include "core/analysis/loadcurve.h"
#include "core/analysis/rundata.h"
#include "core/analysis/trustchecks.h"
#include "core/report/reportcontent.h"
#include "ui/run/runcontroller.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kp::ui {

namespace {

// A step's or a request's TTFT on the client's clock as the report shows it: in the server's time, the network's
// round trip taken off, never below zero. The conversion and the subtraction are the analysis' own
// (RunData::serverTimeMs, CurvePoint::shown), so that the live view and the report show one value.
core::CurvePoint shownTtft(double clientMs, double roundTripMs, double timeScale)
{
    core::CurvePoint p;
    p.roundTripMs = std::max(0.0, roundTripMs);
    p.ttft.value = std::isnan(clientMs) ? clientMs : core::RunData::serverTimeMs(clientMs, p.roundTripMs, timeScale);
    return p;
}

// Charts redraw at most this often: a live view needs no more, and each redraw of three charts costs milliseconds.
constexpr int FlushIntervalMs = 100;

double maxY(const QList<QPointF>& points)
{
    double m = 0;
    for (const QPointF& p : points)
        m = std::max(m, p.y());
    return m;
}

double maxX(const QList<QPointF>& points)
{
    double m = 0;
    for (const QPointF& p : points)
        m = std::max(m, p.x());
    return m;
}

// A value axis from zero to just above `top`, ticked every 1, 2, 2.5 or 5 × 10^k (whole numbers for counts): Qt's
// applyNiceNumbers() can nearly double the range, which squashes the lines.
void fitFromZero(QValueAxis* axis, double top, bool whole = false)
{
    top = top > 0 ? top * 1.05 : 1;
    const double raw = top / 4;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * magnitude;
    for (const double m : {1.0, 2.0, 2.5, 5.0}) {
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    }
    if (whole)
        step = std::max(1.0, std::ceil(step));
    const int ticks = std::max(1, int(std::ceil(top / step - 1e-9)));
    axis->setRange(0, ticks * step);
    axis->setTickCount(ticks + 1);
}

// The requests chart keeps the latest ones: enough to see a step's spread, few enough to redraw ten times a second.
constexpr qsizetype kMaxRequestDots = 4000;

// Targets are drawn in one colour on every chart, dashed, apart from the themes' series colours.
const QColor TargetColour(0xd6, 0x27, 0x28);

QChartView* makeView(QWidget* parent, const QString& objectName, const QString& accessibleName)
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setAccessibleName(accessibleName);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(220, 120);
    return view;
}

// Series and axes are owned by the chart they are added to.
QLineSeries* makeSeries(const QString& objectName, bool points)
{
    auto* series = new QLineSeries;
    series->setObjectName(objectName);
    series->setPointsVisible(points);
    return series;
}

QValueAxis* makeValueAxis()
{
    auto* axis = new QValueAxis;
    axis->setLabelFormat(QStringLiteral("%g"));
    return axis;
}

// Qt gives each label of a horizontal axis the plot's width over its number of ticks and cuts what does not fit: a
// sweep to 128 users on a third of a 1280 px window read "1…" for 128. So the base of the load axis doubles (2, 4,
// 8, …) until every label fits whole: fewer levels are named, none is cut.
void fitLoadAxisLabels(QLogValueAxis* axis, double plotWidth)
{
    if (plotWidth <= 0 || axis->min() <= 0 || axis->max() <= axis->min())
        return;
    const QFontMetricsF metrics(axis->labelsFont());
    constexpr double padding = 2 * 4 + 4; // Qt's padding on each side of a label, and a little air
    double base = 2;
    for (; base < 1 << 20; base *= 2) {
        const int first = int(std::ceil(std::log(axis->min()) / std::log(base)));
        const int ticks = int(std::ceil(std::log(axis->max()) / std::log(base))) - first;
        if (ticks <= 1)
            break;
        double widest = 0;
        for (int i = 0; i < ticks; ++i)
            widest = std::max(widest, metrics.horizontalAdvance(QString::asprintf("%g", std::pow(base, first + i))));
        if (widest + padding <= plotWidth / ticks)
            break;
    }
    if (axis->base() != base)
        axis->setBase(base);
}

void attach(QChart* chart, QLineSeries* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

} // namespace

LiveRunView::LiveRunView(RunController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_flushTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("liveRunView"));
    m_flushTimer->setSingleShot(true);
    m_flushTimer->setInterval(FlushIntervalMs);
    connect(m_flushTimer, &QTimer::timeout, this, &LiveRunView::flushCharts);

    // Every label here shows words the server or the run chose (URLs, error messages): data, never markup.
    m_titleLabel = new QLabel(tr("No run yet"), this);
    m_titleLabel->setTextFormat(Qt::PlainText);
    m_titleLabel->setObjectName(QStringLiteral("runTitleLabel"));
    QFont titleFont = m_titleLabel->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_titleLabel->setFont(titleFont);
    m_phaseLabel = new QLabel(this);
    m_phaseLabel->setTextFormat(Qt::PlainText);
    m_phaseLabel->setObjectName(QStringLiteral("phaseLabel"));
    m_phaseLabel->setAccessibleName(tr("Phase"));
    m_noteLabel = new QLabel(this);
    m_noteLabel->setTextFormat(Qt::PlainText);
    m_noteLabel->setObjectName(QStringLiteral("noteLabel"));
    m_noteLabel->setWordWrap(true);
    m_noteLabel->hide();
    m_quietLabel = new QLabel(this);
    m_quietLabel->setTextFormat(Qt::PlainText);
    m_quietLabel->setObjectName(QStringLiteral("quietLabel"));
    m_quietLabel->setWordWrap(true);
    m_quietLabel->hide();

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("runProgress"));
    m_progress->setAccessibleName(tr("Run progress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(QString());
    m_stopButton = new QPushButton(tr("&Stop"), this);
    m_stopButton->setObjectName(QStringLiteral("stopButton"));
    m_stopButton->setAccessibleName(tr("Stop the run"));
    m_stopButton->setToolTip(tr("Cancel the step in progress. Completed steps are kept."));
    m_stopButton->setEnabled(false);
    connect(m_stopButton, &QPushButton::clicked, this, &LiveRunView::onStopClicked);

    m_stepFigures = new QLabel(this);
    m_stepFigures->setTextFormat(Qt::PlainText);
    m_stepFigures->setObjectName(QStringLiteral("stepFiguresLabel"));
    m_stepFigures->setAccessibleName(tr("Last completed step"));
    m_stepFigures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_serverFigures = new QLabel(this);
    m_serverFigures->setTextFormat(Qt::PlainText);
    m_serverFigures->setObjectName(QStringLiteral("serverFiguresLabel"));
    m_serverFigures->setAccessibleName(tr("Server now"));
    m_serverFigures->setTextInteractionFlags(Qt::TextSelectableByMouse);

    createCharts();

    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_stopButton);
    // The requests as they happen and the server's state over time share the left column's time axis; the
    // per-step summaries sit beside them.
    auto* charts = new QGridLayout;
    charts->addWidget(m_requestsView, 0, 0);
    charts->addWidget(m_ttft.view, 0, 1);
    charts->addWidget(m_tpot.view, 0, 2);
    charts->addWidget(m_serverView, 1, 0);
    charts->addWidget(m_throughputView, 1, 1, 1, 2);
    charts->setColumnStretch(0, 3);
    charts->setColumnStretch(1, 2);
    charts->setColumnStretch(2, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_titleLabel);
    layout->addWidget(m_phaseLabel);
    layout->addLayout(progressRow);
    layout->addWidget(m_noteLabel);
    layout->addWidget(m_quietLabel);
    layout->addWidget(m_stepFigures);
    layout->addWidget(m_serverFigures);
    layout->addLayout(charts, 1);

    connect(m_controller, &RunController::started, this, &LiveRunView::onStarted);
    connect(m_controller, &RunController::runCreated, this, &LiveRunView::onRunCreated);
    connect(m_controller, &RunController::stageChanged, this, &LiveRunView::onStageChanged);
    connect(m_controller, &RunController::progress, this, &LiveRunView::onProgress);
    connect(m_controller, &RunController::stepPlanned, this, &LiveRunView::onStepPlanned);
    m_stepTimer = new QTimer(this);
    m_stepTimer->setInterval(1000);
    connect(m_stepTimer, &QTimer::timeout, this, &LiveRunView::showStepProgress);
    connect(m_controller, &RunController::stepFinished, this, &LiveRunView::onStepFinished);
    connect(m_controller, &RunController::metricsSampled, this, &LiveRunView::onMetricsSampled);
    connect(m_controller, &RunController::requestsMeasured, this, &LiveRunView::onRequestsMeasured);
    connect(m_controller, &RunController::quiet, this, &LiveRunView::onQuiet);
    connect(m_controller, &RunController::planSized, this, &LiveRunView::onPlanSized);
    connect(m_controller, &RunController::finished, this, &LiveRunView::onFinished);
    clear();
}

LiveRunView::~LiveRunView() = default;

void LiveRunView::createCharts()
{
    m_ttft = makeLatencyChart(QStringLiteral("ttft"), tr("Time to first token against load"),
        tr("Chart: tail time to first token against concurrency"));
    m_tpot = makeLatencyChart(QStringLiteral("tpot"), tr("Time per output token against load"),
        tr("Chart: tail time per output token against concurrency"));

    m_throughputView = makeView(this, QStringLiteral("throughputChart"),
        tr("Chart: output throughput against tail TTFT, one point per concurrency step"));
    QChart* throughput = m_throughputView->chart();
    throughput->setTitle(tr("Throughput against latency"));
    m_tailAxis = makeValueAxis();
    m_tokensAxis = makeValueAxis();
    m_tokensAxis->setTitleText(tr("Output tokens/s"));
    throughput->addAxis(m_tailAxis, Qt::AlignBottom);
    throughput->addAxis(m_tokensAxis, Qt::AlignLeft);
    m_throughputSeries = makeSeries(QStringLiteral("throughputSeries"), true);
    m_throughputSeries->setName(tr("Concurrency sweep"));
    m_throughputTarget = makeSeries(QStringLiteral("throughputTargetSeries"), false);
    attach(throughput, m_throughputSeries, m_tailAxis, m_tokensAxis);
    attach(throughput, m_throughputTarget, m_tailAxis, m_tokensAxis);
    connect(m_throughputSeries, &QLineSeries::hovered, this, &LiveRunView::showThroughputTip);

    m_requestsView = makeView(this, QStringLiteral("requestsChart"),
        tr("Chart: time to first token of each request, at the time it finished"));
    QChart* requests = m_requestsView->chart();
    requests->setTitle(tr("Each request's time to first token"));
    m_requestsTimeAxis = makeValueAxis();
    m_requestsTimeAxis->setTitleText(tr("Time since the start (s)"));
    m_requestsTtftAxis = makeValueAxis();
    m_requestsTtftAxis->setTitleText(tr("TTFT (ms)"));
    requests->addAxis(m_requestsTimeAxis, Qt::AlignBottom);
    requests->addAxis(m_requestsTtftAxis, Qt::AlignLeft);
    m_requestsSeries = new QScatterSeries;
    m_requestsSeries->setObjectName(QStringLiteral("requestsSeries"));
    m_requestsSeries->setName(tr("Requests"));
    m_failedSeries = new QScatterSeries;
    m_failedSeries->setObjectName(QStringLiteral("failedSeries"));
    m_failedSeries->setName(tr("Failed (at 0)"));
    m_requestsTarget = makeSeries(QStringLiteral("requestsTargetSeries"), false);
    for (QAbstractSeries* series :
        std::initializer_list<QAbstractSeries*> {m_requestsSeries, m_failedSeries, m_requestsTarget}) {
        requests->addSeries(series);
        series->attachAxis(m_requestsTimeAxis);
        series->attachAxis(m_requestsTtftAxis);
    }

    m_serverView = makeView(this, QStringLiteral("serverChart"),
        tr("Chart: the server's KV cache usage, running and waiting requests over time"));
    QChart* server = m_serverView->chart();
    server->setTitle(tr("Server: KV cache and queue"));
    m_timeAxis = makeValueAxis();
    m_kvAxis = makeValueAxis();
    m_kvAxis->setTitleText(tr("KV cache used (%)"));
    m_kvAxis->setRange(0, 100);
    m_queueAxis = makeValueAxis();
    m_queueAxis->setTitleText(tr("Requests"));
    m_queueAxis->setGridLineVisible(false); // the KV axis's grid is enough; two grids cross each other
    server->addAxis(m_timeAxis, Qt::AlignBottom);
    server->addAxis(m_kvAxis, Qt::AlignLeft);
    server->addAxis(m_queueAxis, Qt::AlignRight);
    m_kvSeries = makeSeries(QStringLiteral("kvSeries"), false);
    m_kvSeries->setName(tr("KV cache used"));
    m_runningSeries = makeSeries(QStringLiteral("runningSeries"), false);
    m_runningSeries->setName(tr("Running"));
    m_waitingSeries = makeSeries(QStringLiteral("waitingSeries"), false);
    m_waitingSeries->setName(tr("Waiting (queue)"));
    attach(server, m_kvSeries, m_timeAxis, m_kvAxis);
    attach(server, m_runningSeries, m_timeAxis, m_queueAxis);
    attach(server, m_waitingSeries, m_timeAxis, m_queueAxis);

    applyTheme();
}

LiveRunView::LatencyChart LiveRunView::makeLatencyChart(
    const QString& metric, const QString& title, const QString& accessibleName)
{
    // TTFT and TPOT get a chart each: on one chart with two scales their usual targets (500 and 50 ms) fall on the
    // same height and hide each other.
    LatencyChart c;
    c.view = makeView(this, metric + QStringLiteral("Chart"), accessibleName);
    QChart* chart = c.view->chart();
    chart->setTitle(title);
    c.loadAxis = new QLogValueAxis;
    c.loadAxis->setBase(2);
    c.loadAxis->setLabelFormat(QStringLiteral("%g"));
    c.loadAxis->setTitleText(tr("Concurrent users"));
    c.valueAxis = makeValueAxis();
    chart->addAxis(c.loadAxis, Qt::AlignBottom);
    chart->addAxis(c.valueAxis, Qt::AlignLeft);
    c.series = makeSeries(metric + QStringLiteral("Series"), true);
    c.target = makeSeries(metric + QStringLiteral("TargetSeries"), false);
    attach(chart, c.series, c.loadAxis, c.valueAxis);
    attach(chart, c.target, c.loadAxis, c.valueAxis);
    QLogValueAxis* axis = c.loadAxis;
    connect(
        chart, &QChart::plotAreaChanged, axis, [axis](const QRectF& area) { fitLoadAxisLabels(axis, area.width()); });
    return c;
}

void LiveRunView::applyTheme()
{
    // Follow the system palette: a light chart in a dark window glares.
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    for (QChartView* view : {m_requestsView, m_ttft.view, m_tpot.view, m_throughputView, m_serverView})
        view->chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    // Small dots without an outline: thousands of them must read as a cloud, not as a smear of rings.
    for (QScatterSeries* dots : {m_requestsSeries, m_failedSeries}) {
        dots->setMarkerSize(5);
        dots->setBorderColor(Qt::transparent);
    }
    m_failedSeries->setColor(TargetColour);
    m_requestsTarget->setPen(QPen(TargetColour, 1.5, Qt::DashLine));
    // A theme resets every pen: set the widths again, and draw the targets dashed in their own colour.
    for (QLineSeries* s :
        {m_ttft.series, m_tpot.series, m_throughputSeries, m_kvSeries, m_runningSeries, m_waitingSeries}) {
        QPen pen = s->pen();
        pen.setWidthF(2);
        s->setPen(pen);
    }
    for (QLineSeries* target : {m_ttft.target, m_tpot.target, m_throughputTarget})
        target->setPen(QPen(TargetColour, 1.5, Qt::DashLine));
    // The server chart has two scales: each is coloured as its series, so that it is clear which a line reads on.
    m_kvAxis->setTitleBrush(m_kvSeries->color());
    m_kvAxis->setLabelsColor(m_kvSeries->color());
}

void LiveRunView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange && m_serverView)
        applyTheme();
    QWidget::changeEvent(event);
}

QString LiveRunView::percentileName() const
{
    return QStringLiteral("p") + QString::number(m_controller->options().percentile);
}

void LiveRunView::clear()
{
    m_flushTimer->stop();
    stopStepProgress();
    m_ttft.points.clear();
    m_tpot.points.clear();
    m_throughputPoints.clear();
    m_throughputLoads.clear();
    m_kvPoints.clear();
    m_runningPoints.clear();
    m_waitingPoints.clear();
    m_requestPoints.clear();
    m_failedPoints.clear();
    m_requestsSeen = 0;
    m_dirty = true;
    m_stepFigures->setText(tr("Last completed step: none yet."));
    m_serverFigures->setText(tr("On the server now: no /metrics sample yet."));
    m_simulatedNote.clear();
    m_stageNotes.clear();
    showNotes();
    m_quietLabel->hide();
    setUpAxes();
    flushCharts();
}

void LiveRunView::setUpAxes()
{
    const core::RunOptions& o = m_controller->options();
    setUpLatencyChart(m_ttft, QStringLiteral("TTFT"), o.slo.ttftMs);
    setUpLatencyChart(m_tpot, QStringLiteral("TPOT"), o.slo.tpotMs);
    m_tailAxis->setTitleText(tr("TTFT %1 (ms)").arg(percentileName()));
    m_throughputTarget->setVisible(o.slo.ttftMs.has_value());
    m_throughputTarget->clear();
    m_timeAxis->setTitleText(tr("Time since the start (s)"));
    m_requestsTimeAxis->setTitleText(m_timeAxis->titleText());
}

void LiveRunView::setUpLatencyChart(LatencyChart& chart, const QString& metric, const std::optional<double>& target)
{
    const core::RunOptions& o = m_controller->options();
    // The load axis spans the planned sweep from the start, so that it does not jump as steps arrive.
    int lowest = 1;
    int highest = 1;
    if (!o.concurrency.isEmpty()) {
        lowest = std::max(1, *std::min_element(o.concurrency.begin(), o.concurrency.end()));
        highest = std::max(lowest, *std::max_element(o.concurrency.begin(), o.concurrency.end()));
    }
    chart.loadAxis->setRange(lowest / 1.5, highest * 1.5);
    fitLoadAxisLabels(chart.loadAxis, chart.view->chart()->plotArea().width());
    chart.valueAxis->setTitleText(tr("%1 %2 (ms)").arg(metric, percentileName()));
    chart.series->setName(tr("%1 %2").arg(metric, percentileName()));
    chart.target->setVisible(target.has_value());
    if (!target) {
        chart.target->clear();
        return;
    }
    chart.target->setName(tr("Target, %1 ms").arg(locale().toString(*target, 'g', 4)));
    chart.target->replace({QPointF(chart.loadAxis->min(), *target), QPointF(chart.loadAxis->max(), *target)});
}

void LiveRunView::onStarted()
{
    clear();
    m_titleLabel->setText(tr("Benchmarking %1").arg(m_controller->options().url.toDisplayString()));
    m_phaseLabel->setText(tr("Starting"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Starting"));
    m_stopButton->setText(tr("&Stop"));
    m_stopButton->setEnabled(true);
}

void LiveRunView::onRunCreated(qint64 runId, double timeScale)
{
    m_titleLabel->setText(tr("Run %1 against %2").arg(runId).arg(m_controller->options().url.toDisplayString()));
    if (timeScale != 1) {
        // A simulator runs its clock faster than ours: its figures are shown as the server measured them.
        m_timeAxis->setTitleText(tr("Time since the start (s, the server's clock)"));
        m_requestsTimeAxis->setTitleText(m_timeAxis->titleText());
        m_simulatedNote = tr("The server is simulated at %1× speed: every figure is in its time; the time left is "
                             "real time.")
                              .arg(locale().toString(timeScale, 'g', 4));
        showNotes();
    }
}

void LiveRunView::onPlanSized(const QString& sentence, double seconds, bool held)
{
    Q_UNUSED(seconds)
    m_phaseLabel->setText(sentence);
    if (!held)
        return;
    // The run waits before its next step for this answer; every step so far is stored either way.
    auto* box = new QMessageBox(QMessageBox::Question, tr("A long run"),
        tr("%1\n\nThat may be more than an hour. Go on, or stop here and keep the steps so far?").arg(sentence),
        QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("longRunQuestion"));
    box->addButton(tr("Go on"), QMessageBox::AcceptRole);
    QPushButton* stop = box->addButton(tr("Stop"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box, stop] {
        if (box->clickedButton() == stop)
            m_controller->stop();
        else
            m_controller->hold(false);
    });
    box->open();
}

void LiveRunView::onStageChanged(core::RunStage stage, const QString& detail)
{
    using core::RunStage;
    // The pipeline's details are sentences without their first capital or full stop.
    const QString said = detail.isEmpty() ? QString() : detail.front().toUpper() + detail.mid(1);
    switch (stage) {
    case RunStage::Doctor:
    case RunStage::Detect:
    case RunStage::Prompts:
    case RunStage::Held:
        // Between steps the label says what happens instead of the last step's progress.
        stopStepProgress();
        m_phaseLabel->setText(stage == RunStage::Doctor ? tr("Checking the server")
                : stage == RunStage::Detect             ? tr("Detecting what the server is")
                : stage == RunStage::Prompts            ? tr("Preparing the prompts")
                                                        : tr("Held before the next step until the question is "
                                                                        "answered; every step so far is stored"));
        return;
    case RunStage::Clock:
    case RunStage::Schedule:
    case RunStage::Reset:
        // Moments before a step: said until the step's own progress takes the label.
        if (!said.isEmpty())
            m_phaseLabel->setText(stage == RunStage::Reset ? tr("Prefix cache: %1").arg(detail) : said);
        return;
    case RunStage::Server:
    case RunStage::Probe:
    case RunStage::SweepStopped:
        // What changes the run's course stays on screen, the latest of each kind.
        m_stageNotes[stage] = stage == RunStage::SweepStopped ? tr("The sweep stops early: %1").arg(detail) : said;
        showNotes();
        return;
    }
}

void LiveRunView::showNotes()
{
    QStringList lines;
    if (!m_simulatedNote.isEmpty())
        lines << m_simulatedNote;
    for (const auto& [stage, note] : m_stageNotes)
        lines << note;
    m_noteLabel->setText(lines.join(u'\n'));
    m_noteLabel->setVisible(!lines.isEmpty());
}

QString LiveRunView::phaseText(core::Phase phase) const
{
    switch (phase) {
    case core::Phase::Baseline:
        return tr("baseline");
    case core::Phase::Uncached:
        return tr("baseline with nothing shared");
    case core::Phase::Concurrency:
        return tr("concurrency sweep");
    case core::Phase::Rate:
        return tr("rate sweep");
    case core::Phase::Shape:
        return tr("request size");
    case core::Phase::Unknown:
        break;
    }
    return core::phaseName(phase);
}

QString LiveRunView::durationText(double seconds) const
{
    const int s = int(std::lround(seconds));
    if (s < 90)
        return tr("%1 s").arg(s);
    if (s < 3600)
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60);
    return tr("%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60);
}

void LiveRunView::onProgress(
    int stepsDone, int stepsTotal, double elapsedSeconds, double remainingSeconds, const QString& what)
{
    Q_UNUSED(elapsedSeconds)
    m_progress->setRange(0, std::max(1, stepsTotal));
    m_progress->setValue(std::min(stepsDone, std::max(1, stepsTotal)));
    if (what.isEmpty()) {
        m_stepTimer->stop();
        m_progress->setFormat(tr("%1 of %2 steps").arg(stepsDone).arg(stepsTotal));
        return;
    }
    m_step = {};
    m_step.done = stepsDone;
    m_step.total = stepsTotal;
    m_step.what = what;
    m_step.remainingAtStart = remainingSeconds;
    m_step.clock.start();
    m_stepTimer->start();
    showStepProgress();
}

void LiveRunView::onStepPlanned(int plannedRequests, double estimatedSeconds, bool timed)
{
    m_step.plannedRequests = plannedRequests;
    m_step.estimatedSeconds = estimatedSeconds;
    m_step.timed = timed;
    showStepProgress();
}

void LiveRunView::showStepProgress()
{
    if (!m_step.clock.isValid())
        return;
    const double in = double(m_step.clock.elapsed()) / 1000;
    // This step's time left: its requests' pace once one has ended, its planned time for a timed step (whichever
    // ends it first), else its estimate counted down. The later steps keep the share of the estimate they had.
    double stepLeft = -1;
    if (m_step.plannedRequests > 0 && m_step.requestsEnded > 0)
        stepLeft = in * double(std::max<qint64>(0, m_step.plannedRequests - m_step.requestsEnded))
            / double(m_step.requestsEnded);
    if (m_step.timed && m_step.estimatedSeconds >= 0)
        stepLeft = stepLeft < 0 ? std::max(0.0, m_step.estimatedSeconds - in)
                                : std::min(stepLeft, std::max(0.0, m_step.estimatedSeconds - in));
    else if (stepLeft < 0 && m_step.estimatedSeconds > in)
        stepLeft = m_step.estimatedSeconds - in;
    const double later = m_step.remainingAtStart >= 0 && m_step.estimatedSeconds >= 0
        ? std::max(0.0, m_step.remainingAtStart - m_step.estimatedSeconds)
        : -1;
    double remaining = -1;
    if (later >= 0 && stepLeft >= 0)
        remaining = stepLeft + later;
    else if (m_step.remainingAtStart >= 0)
        remaining = std::max(0.0, m_step.remainingAtStart - in);
    // The pipeline names the step in the command line's words; the numbers around it are ours.
    const QString far = m_step.plannedRequests > 0 && !m_step.timed
        ? tr("%1 of %2 requests, %3 in")
              .arg(QLocale().toString(m_step.requestsEnded), QLocale().toString(m_step.plannedRequests),
                  durationText(in))
        : m_step.timed
        ? tr("%1 of %2, %3 requests")
              .arg(durationText(in), durationText(m_step.estimatedSeconds), QLocale().toString(m_step.requestsEnded))
        : tr("%1 requests, %2 in").arg(QLocale().toString(m_step.requestsEnded), durationText(in));
    m_phaseLabel->setText(tr("Step %1 of %2: %3 (%4)").arg(m_step.done + 1).arg(m_step.total).arg(m_step.what, far));
    m_progress->setFormat(remaining < 0
            ? tr("%1 of %2 steps, estimating the time left").arg(m_step.done).arg(m_step.total)
            : tr("%1 of %2 steps, about %3 left").arg(m_step.done).arg(m_step.total).arg(durationText(remaining)));
}

void LiveRunView::onStepFinished(const core::RunPipeline::StepOutcome& outcome)
{
    ++m_stepsSeen;
    const core::RunOptions& o = m_controller->options();
    const double scale = m_controller->timeScale();
    const core::StepStatistics& s = outcome.stats;
    // The percentile over the step's latency sample (StepStatistics), the requests the report judges too. The
    // server-time conversion is monotone, so the percentile of the converted requests is the converted percentile
    // (exactly for a real server; on a simulator unless the two requests it lies between straddle the round trip).
    const core::CurvePoint shown = shownTtft(s.ttftMs.at(o.percentile).value, m_controller->roundTripMs(), scale);
    const double ttft = shown.shown(QStringLiteral("TTFT"));
    const double tpot = s.tpotMs.at(o.percentile).value * scale;
    // Throughput over the steady window where there is one, as the summary table reports it.
    const double tokensPerSecond
        = (s.steady.outputTokensPerSecond >= 0 ? s.steady.outputTokensPerSecond : s.whole.outputTokensPerSecond)
        / scale;
    const core::LoadPlan& plan = outcome.planned.plan;
    // The curves are the concurrency sweep's: the baseline, rate and shape steps are other experiments. A step the
    // user stopped measured a load that did not hold, so it stays off them, as the report leaves it unjudged.
    if (outcome.planned.phase == core::Phase::Concurrency && !outcome.cancelled) {
        // A load measured again counts once, as measured last (RunData, and so the report): its point takes the
        // earlier one's place instead of a second point at the same load. A probe between two loads goes between
        // them, so that the line runs from load to load.
        const auto place = [](QList<QPointF>& points, const QPointF& point) {
            const auto at = std::lower_bound(
                points.begin(), points.end(), point, [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
            if (at != points.end() && at->x() == point.x())
                *at = point;
            else
                points.insert(at, point);
        };
        if (!std::isnan(ttft))
            place(m_ttft.points, QPointF(plan.users, ttft));
        if (!std::isnan(tpot))
            place(m_tpot.points, QPointF(plan.users, tpot));
        if (!std::isnan(ttft) && !std::isnan(tokensPerSecond)) {
            const QString label = tr("Concurrency %1").arg(plan.users);
            if (const qsizetype at = m_throughputLoads.indexOf(label); at >= 0) {
                m_throughputPoints[at] = QPointF(ttft, tokensPerSecond);
            } else {
                m_throughputPoints.append(QPointF(ttft, tokensPerSecond));
                m_throughputLoads.append(label);
            }
        }
    }
    const QLocale l = locale();
    const QString load = plan.pattern == core::LoadPlan::Pattern::OpenLoop
        ? tr("%1 requests/s").arg(l.toString(plan.ratePerSecond, 'g', 4))
        : tr("concurrency %1").arg(plan.users);
    if (outcome.cancelled) {
        m_stoppedStep = tr("step %1 (%2, %3)").arg(m_stepsSeen).arg(phaseText(outcome.planned.phase), load);
        m_stepFigures->setText(tr("Step stopped (%1, %2): %3 requests had completed; it is stored but not judged.")
                                   .arg(phaseText(outcome.planned.phase), load)
                                   .arg(s.succeeded));
    } else if (s.succeeded == 0) {
        // A step that ended before any measured request did: stored, but with nothing to show.
        m_stepFigures->setText(
            tr("Last step (%1, %2): no measured request completed.").arg(phaseText(outcome.planned.phase), load));
    } else {
        auto figure = [&l](double v, int decimals) { return std::isnan(v) ? tr("–") : l.toString(v, 'f', decimals); };
        // Written as the report's scorecard writes them: the same figure reads the same in both.
        const QString ttftText = shown.withinRoundTrip(QStringLiteral("TTFT"))
            ? tr("%1 ms (within the network's round trip of %2 ms)")
                  .arg(core::ReportContent::milliseconds(ttft), core::ReportContent::milliseconds(shown.roundTripMs))
            : tr("%1 ms").arg(core::ReportContent::milliseconds(ttft));
        m_stepFigures->setText(tr("Last completed step (%1, %2): TTFT %3 %4 · TPOT %3 %5 ms · %6 output tokens/s · "
                                  "%7 of %8 requests succeeded")
                                   .arg(phaseText(outcome.planned.phase), load, percentileName(), ttftText,
                                       core::ReportContent::milliseconds(tpot), figure(tokensPerSecond, 0))
                                   .arg(s.succeeded)
                                   .arg(s.total));
    }
    m_dirty = true;
    scheduleFlush();
}

void LiveRunView::onMetricsSampled(const core::MetricsSample& sample)
{
    const double t = double(sample.ns - m_controller->startedNs()) / 1e9 * m_controller->timeScale();
    if (sample.kvUsage >= 0)
        m_kvPoints.append(QPointF(t, 100 * sample.kvUsage));
    if (sample.running >= 0)
        m_runningPoints.append(QPointF(t, sample.running));
    if (sample.waiting >= 0)
        m_waitingPoints.append(QPointF(t, sample.waiting));
    const QLocale l = locale();
    auto figure = [&l](double v, int decimals) { return v < 0 ? tr("–") : l.toString(v, 'f', decimals); };
    QString now = tr("On the server now: %1 running, %2 waiting, KV cache %3% used")
                      .arg(figure(sample.running, 0), figure(sample.waiting, 0),
                          figure(sample.kvUsage < 0 ? -1 : 100 * sample.kvUsage, 1));
    // A simulator behind its own clock delays its tokens: said as it happens, as the report's sim-lag check will.
    if (sample.lagSeconds * 1000 > core::TrustChecks::kSimulatorLagWarnMs)
        now += tr(" · the simulator is %1 ms behind its own clock: figures measured now are partly this machine's load")
                   .arg(l.toString(sample.lagSeconds * 1000, 'f', 1));
    m_serverFigures->setText(now);
    m_dirty = true;
    scheduleFlush();
}

void LiveRunView::onQuiet(int seconds, int timeoutSeconds)
{
    m_quietLabel->setText(
        tr("No request has ended for %1 s. Each may take up to %2 before it is ended as timed "
           "out; a server that sends nothing, or a byte at a time, holds it that long. Stop ends "
           "the run and keeps the steps already measured.")
            .arg(seconds)
            .arg(timeoutSeconds >= 120 ? tr("%1 min").arg(timeoutSeconds / 60) : tr("%1 s").arg(timeoutSeconds)));
    m_quietLabel->show();
}

void LiveRunView::onRequestsMeasured(const QList<core::RequestDot>& dots)
{
    m_quietLabel->hide();
    const double scale = m_controller->timeScale();
    for (const core::RequestDot& d : dots) {
        const double t = double(d.ns - m_controller->startedNs()) / 1e9 * scale;
        if (d.ok && d.ttftMs >= 0)
            m_requestPoints.append(
                QPointF(t, shownTtft(d.ttftMs, m_controller->roundTripMs(), scale).shown(QStringLiteral("TTFT"))));
        else
            m_failedPoints.append(QPointF(t, 0));
    }
    m_requestsSeen += dots.size();
    m_step.requestsEnded += dots.size();
    // The latest ones only, dropped in blocks so that the list is not shifted at every batch.
    if (m_requestPoints.size() > kMaxRequestDots + kMaxRequestDots / 4)
        m_requestPoints.remove(0, m_requestPoints.size() - kMaxRequestDots);
    if (m_failedPoints.size() > kMaxRequestDots + kMaxRequestDots / 4)
        m_failedPoints.remove(0, m_failedPoints.size() - kMaxRequestDots);
    m_dirty = true;
    scheduleFlush();
}

void LiveRunView::stopStepProgress()
{
    m_stepTimer->stop();
    m_step.clock.invalidate();
}

void LiveRunView::onFinished(core::RunStatus status, const QString& reason)
{
    stopStepProgress();
    m_stopButton->setEnabled(false);
    m_stopButton->setText(tr("&Stop"));
    switch (status) {
    case core::RunStatus::Complete:
        m_phaseLabel->setText(tr("Run complete."));
        break;
    case core::RunStatus::Stopped:
        m_phaseLabel->setText(m_stoppedStep.isEmpty()
                ? tr("Stopped. Completed steps are kept.")
                : tr("Stopped by the user at %1: the steps before it are kept and judged; the cut one is stored but "
                     "not judged.")
                      .arg(m_stoppedStep));
        break;
    default:
        m_phaseLabel->setText(tr("The run failed: %1").arg(reason));
        break;
    }
    m_flushTimer->stop();
    flushCharts();
}

void LiveRunView::onStopClicked()
{
    stopStepProgress();
    m_stopButton->setEnabled(false);
    m_stopButton->setText(tr("Stopping…"));
    m_phaseLabel->setText(tr("Stopping: the step in progress is cancelled, completed steps are kept."));
    m_controller->stop();
}

void LiveRunView::scheduleFlush()
{
    // A single-shot timer that is not restarted while pending: at most one redraw per interval, and none when idle.
    if (!m_flushTimer->isActive())
        m_flushTimer->start();
}

void LiveRunView::flushCharts()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    const core::RunOptions& o = m_controller->options();

    flushLatencyChart(m_ttft, o.slo.ttftMs);
    flushLatencyChart(m_tpot, o.slo.tpotMs);

    m_throughputSeries->replace(m_throughputPoints);
    const double tailMax = maxX(m_throughputPoints);
    fitFromZero(m_tokensAxis, maxY(m_throughputPoints));
    // The knee's shape is the point of this chart: the target widens the axis only once the tail is near it.
    const bool targetInView = o.slo.ttftMs && tailMax > 0 && *o.slo.ttftMs <= 2 * tailMax;
    fitFromZero(m_tailAxis, targetInView ? std::max(tailMax, *o.slo.ttftMs) : tailMax);
    if (o.slo.ttftMs) {
        const QString ms = locale().toString(*o.slo.ttftMs, 'g', 4);
        m_throughputTarget->setName(
            targetInView ? tr("TTFT target, %1 ms").arg(ms) : tr("TTFT target, %1 ms (off the chart)").arg(ms));
        m_throughputTarget->replace(
            {QPointF(*o.slo.ttftMs, m_tokensAxis->min()), QPointF(*o.slo.ttftMs, m_tokensAxis->max())});
    }

    m_requestsSeries->replace(m_requestPoints);
    m_failedSeries->replace(m_failedPoints);
    m_failedSeries->setVisible(!m_failedPoints.isEmpty());
    m_requestsView->chart()->setTitle(m_requestsSeen > m_requestPoints.size() + m_failedPoints.size()
            ? tr("Each request's time to first token (the latest %1 of %2)")
                  .arg(locale().toString(m_requestPoints.size() + m_failedPoints.size()),
                      locale().toString(m_requestsSeen))
            : tr("Each request's time to first token"));
    // The same time scale as the server's chart below it, so that a burst of slow requests lines up with its queue.
    fitFromZero(m_requestsTimeAxis,
        std::max({10.0, maxX(m_requestPoints), maxX(m_failedPoints), maxX(m_kvPoints), maxX(m_runningPoints),
            maxX(m_waitingPoints)}));
    const double ttftMax = maxY(m_requestPoints);
    // The target widens the scale only once the requests come near it, as on the throughput chart.
    const bool ttftTargetInView = o.slo.ttftMs && ttftMax > 0 && *o.slo.ttftMs <= 2 * ttftMax;
    fitFromZero(m_requestsTtftAxis, std::max(1.0, ttftTargetInView ? std::max(ttftMax, *o.slo.ttftMs) : ttftMax));
    m_requestsTarget->setVisible(ttftTargetInView);
    if (ttftTargetInView) {
        m_requestsTarget->setName(tr("Target, %1 ms").arg(locale().toString(*o.slo.ttftMs, 'g', 4)));
        m_requestsTarget->replace(
            {QPointF(m_requestsTimeAxis->min(), *o.slo.ttftMs), QPointF(m_requestsTimeAxis->max(), *o.slo.ttftMs)});
    }

    m_kvSeries->replace(m_kvPoints);
    m_runningSeries->replace(m_runningPoints);
    m_waitingSeries->replace(m_waitingPoints);
    m_timeAxis->setRange(m_requestsTimeAxis->min(), m_requestsTimeAxis->max());
    m_timeAxis->setTickCount(m_requestsTimeAxis->tickCount());
    fitFromZero(m_queueAxis, std::max({maxY(m_runningPoints), maxY(m_waitingPoints), 1.0}), true);
}

void LiveRunView::flushLatencyChart(LatencyChart& chart, const std::optional<double>& target)
{
    chart.series->replace(chart.points);
    // The target stays in view: how far below it the curve runs is what this chart is for.
    fitFromZero(chart.valueAxis, std::max(maxY(chart.points), target.value_or(0)));
}

void LiveRunView::showThroughputTip(const QPointF& point, bool state)
{
    if (!state || m_throughputPoints.isEmpty()) {
        QToolTip::hideText();
        return;
    }
    // The hovered position is on the line, not on a point: name the step nearest to it on screen.
    QChart* chart = m_throughputView->chart();
    const QPointF at = chart->mapToPosition(point, m_throughputSeries);
    qsizetype nearest = 0;
    double best = std::numeric_limits<double>::max();
    for (qsizetype i = 0; i < m_throughputPoints.size(); ++i) {
        const QPointF d = chart->mapToPosition(m_throughputPoints[i], m_throughputSeries) - at;
        const double distance = QPointF::dotProduct(d, d);
        if (distance < best) {
            best = distance;
            nearest = i;
        }
    }
    const QPointF& p = m_throughputPoints[nearest];
    const QLocale l = locale();
    QToolTip::showText(QCursor::pos(),
        tr("%1: TTFT %2 %3 ms, %4 output tokens/s")
            .arg(m_throughputLoads.value(nearest), percentileName(), core::ReportContent::milliseconds(p.x()),
                l.toString(p.y(), 'f', 0)),
        m_throughputView);
}

} // namespace kp::ui
