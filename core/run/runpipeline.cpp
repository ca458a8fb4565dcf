// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/runpipeline.h"

#include "core/analysis/capacitysearch.h"
#include "core/analysis/disturbance.h"
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/common/monotonicclock.h"
#include "core/common/processcpu.h"
#include "core/common/textformat.h"
#include "core/doctor/doctor.h"
#include "core/load/contextfit.h"
#include "core/load/conversationshape.h"
#include "core/plan/stepbudget.h"
#include "core/plan/sweepinput.h"
#include "core/run/metricsscraper.h"
#include "core/run/prefixcachereset.h"
#include "core/run/serverwatch.h"
#include "core/shard/clockoffset.h"
#include "core/store/clientenvironment.h"
#include "core/telemetry/gpusampler.h"

#include <QDateTime>
#include <QFileInfo>
#include <QHostAddress>
#include <QHostInfo>
#include <QJsonArray>
#include <QNetworkInterface>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

namespace kp::core {

namespace {

/// A request that failed at the connection: refused, or closed or reset before any answer came. A dead server fails
/// requests so; a live one seldom does, and /health then tells which it is.
bool failedAtConnection(const RequestRecord& r)
{
    if (r.error == ErrorClass::ConnectionRefused)
        return true;
    return r.httpStatus == 0 && r.headersNs < 0 && (r.error == ErrorClass::StreamCut || r.error == ErrorClass::Other);
}

/// A counter of the server's that went down between two scrapes: the server restarted and counts from zero again.
struct CounterFall
{
    QString counter;
    double before = 0;
    double after = 0;
};

std::optional<CounterFall> counterFall(const MetricsSample& before, const MetricsSample& after)
{
    static const std::pair<const char*, double MetricsSample::*> counters[] = {
        {"requests finished", &MetricsSample::requestsSucceeded},
        {"generation tokens", &MetricsSample::generationTokens},
        {"prompt tokens", &MetricsSample::promptTokens},
        {"TTFT histogram count", &MetricsSample::ttftCount},
        {"end-to-end latency histogram count", &MetricsSample::e2eCount},
        {"preemptions", &MetricsSample::preemptions},
    };
    for (const auto& [name, field] : counters) {
        if (counterDelta(before.*field, after.*field).reset)
            return CounterFall {QString::fromLatin1(name), before.*field, after.*field};
    }
    return std::nullopt;
}

/// "16 users", "1 user", "4 req/s": the load of a planned step, for sentences.
QString loadWords(const PlannedStep& step)
{
    if (step.plan.pattern == LoadPlan::Pattern::OpenLoop)
        return QStringLiteral("%1 req/s").arg(step.plan.ratePerSecond);
    return step.plan.users == 1 ? QStringLiteral("1 user") : QStringLiteral("%1 users").arg(step.plan.users);
}

QString seconds(double s)
{
    return QString::number(s, 'f', s < 10 ? 1 : 0) + QStringLiteral(" s");
}

} // namespace

RunPipeline::RunPipeline(const RunOptions& options, const QByteArray& apiKey, RunStore* store, QObject* parent)
    : QObject(parent)
    , m_options(options.resolved())
    , m_store(store)
{
    m_target = m_options.target(apiKey);
    m_promptOffset = QRandomGenerator::global()->generate64();
}

RunPipeline::~RunPipeline() = default;

void RunPipeline::start()
{
    m_elapsed.start();
    Q_EMIT stageChanged(RunStage::Doctor, m_options.url.toString());
    const DoctorReport report = Doctor::run(m_target, 10'000);
    if (!report.canBenchmark()) {
        for (const DoctorCheck& c : report.checks) {
            if (c.result == DoctorCheck::Result::Fail) {
                finish(RunStatus::Failed,
                    QStringLiteral("%1: %2 %3").arg(c.title, c.detail, c.fix.isEmpty() ? QString() : u"— " + c.fix));
                return;
            }
        }
        finish(RunStatus::Failed, QStringLiteral("The server cannot be benchmarked (see kneepoint doctor)."));
        return;
    }

    Q_EMIT stageChanged(RunStage::Detect, QString());
    m_facts = ServerFacts::detect(report.replies());
    measureNetwork(report);
    if (m_options.model.isEmpty())
        m_options.model = m_facts.modelId;
    if (!m_options.models.empty() && !routeModels(report.replies().models))
        return;

    if (m_options.shard && !joinSchedule())
        return;

    Q_EMIT stageChanged(RunStage::Prompts, QString());
    if (!(!m_options.trace.isEmpty()          ? loadTrace()
                : m_options.dataset.isEmpty() ? buildSyntheticWorkloads()
                                              : loadDataset()))
        return;

    RunInfo info;
    info.url = m_options.toJson().value(u"url").toString();
    info.model = m_options.model;
    info.gpu = m_options.gpu;
    info.product = m_options.product;
    info.options = m_options.toJson();
    info.facts = m_facts.toJson();
    ClientEnvironment environment = ClientEnvironment::ofThisMachine();
    environment.clock = m_clock;
    info.environment = environment.toJson();
    // Written when not measured too ({}): a run measured here says it looked, an imported one has no key.
    info.environment[QStringLiteral("network")] = m_network.toJson();
    info.timeScale = timeScale();
    info.demo = m_options.demo;
    m_storedFacts = info.facts;
    QString error;
    m_runId = m_store->createRun(info, &error);
    if (m_runId < 0) {
        finish(RunStatus::Failed, error);
        return;
    }
    planSteps();
    // The interval is in the server's time: a simulator K times faster is scraped K times as often (down to the
    // scraper's floor), so that its gauges are seen at the same points of its work as a real server's.
    m_scraper = new MetricsScraper(m_target, int(std::lround(m_options.scrapeIntervalMs / timeScale())), this);
    connect(m_scraper, &MetricsScraper::sampled, this, &RunPipeline::metricsSampled);
    startGpuTelemetry();
    m_engine = std::make_unique<LoadEngine>(m_target, m_options.transport);
    connect(m_engine.get(), &LoadEngine::finished, this, &RunPipeline::onStepFinished);
    connect(m_engine.get(), &LoadEngine::requestsMeasured, this, &RunPipeline::requestsMeasured);
    connect(m_engine.get(), &LoadEngine::requestsMeasured, this, [this] {
        m_sinceMeasured.start();
        m_quietSaid = 0;
    });
    m_quietTimer = new QTimer(this);
    m_quietTimer->setInterval(5000);
    connect(m_quietTimer, &QTimer::timeout, this, [this] {
        // Said at the first mark, then each time the silence has doubled: told, not nagged.
        const int next = m_quietSaid == 0 ? quietNoticeSeconds(m_options.requestTimeoutMs) : m_quietSaid * 2;
        const int silent = int(m_sinceMeasured.elapsed() / 1000);
        if (silent >= next) {
            m_quietSaid = next;
            Q_EMIT this->quiet(silent, m_options.requestTimeoutMs / 1000);
        }
    });
    // Each step's requests go to the store as they finish, so that a long step holds none of them in memory.
    m_engine->setKeepRecords(false);
    connect(m_engine.get(), &LoadEngine::recordsFinished, this, &RunPipeline::onRecordsFinished);
    m_watch = new ServerWatch(m_target, this);
    connect(m_watch, &ServerWatch::checked, this, &RunPipeline::onServerChecked);
    connect(m_watch, &ServerWatch::returned, this, &RunPipeline::onServerReturned);
    connect(m_watch, &ServerWatch::gaveUp, this, &RunPipeline::onServerGaveUp);
    runNextStep();
}

bool RunPipeline::routeModels(const QByteArray& modelsBody)
{
    const QStringList served = ServerFacts::servedModels(modelsBody);
    // llama-server answers any "model" with its one model, so a split by names would be of one model: its LoRA
    // adapters are picked by a request's "lora" field instead, from the ids its /lora-adapters lists.
    if (m_facts.family == ServerFamily::LlamaCpp) {
        HttpClient client(m_target.httpSettings(m_target.connectTimeoutMs));
        const HttpAnswer answer = client.get(m_target.endpoint(QStringLiteral("/lora-adapters")));
        QString error;
        std::optional<std::map<QString, ModelMix::Route>> routes = m_options.models.llamaCppRoutes(
            served, answer.ok() ? LoraAdapter::listed(answer.body) : std::vector<LoraAdapter> {}, &error);
        if (!routes) {
            finish(RunStatus::Failed, error);
            return false;
        }
        m_routes = std::move(*routes);
        return true;
    }
    // Every other name must be one the server lists: vLLM answers another with 404 on every request. Refused here,
    // before any load, with the names it does serve.
    for (const ModelMix::Share& share : m_options.models.shares) {
        if (served.isEmpty() || served.contains(share.model))
            continue;
        finish(RunStatus::Failed,
            QStringLiteral("The server does not serve \"%1\", which --models names: its /v1/models lists %2. "
                           "Check the name, or load the adapter (vLLM: --enable-lora --lora-modules %1=PATH).")
                .arg(share.model, served.join(QStringLiteral(", "))));
        return false;
    }
    return true;
}

WorkloadSpec RunPipeline::workloadSpec() const
{
    WorkloadSpec spec;
    spec.api = m_options.api;
    spec.model = m_options.model;
    spec.models = m_options.models;
    spec.routes = m_routes;
    spec.seed = m_options.seed;
    return spec;
}

bool RunPipeline::buildSyntheticWorkloads()
{
    // The run's prompts for one shape; each workload draws its own words from its place in the list.
    const auto specFor = [this](const Shape& shape, int sharedPrefixTokens) {
        WorkloadSpec spec = workloadSpec();
        spec.inputTokens = shape.input;
        spec.outputTokens = shape.output;
        spec.count = m_options.prompts;
        spec.seed = m_options.seed * 1000 + std::uint64_t(m_workloads.size());
        spec.sharedPrefixTokens = sharedPrefixTokens;
        spec.lengthSpread = m_options.lengthSpread;
        spec.turns = m_options.turns;
        spec.fanOut = m_options.fanOut;
        return spec;
    };
    // The shared part, the request's own block of words and BOS have to fit the input (as the command line and the
    // wizard check before a run; a plan given as JSON is checked here).
    if (const std::optional<QString> tooShort
        = SweepInput::promptTooShort(m_options.shapes, m_options.sharedPrefixTokens)) {
        finish(RunStatus::Failed, *tooShort);
        return false;
    }
    for (const Shape& shape : std::as_const(m_options.shapes)) {
        const WorkloadSpec spec = specFor(shape, m_options.sharedPrefixTokens);
        // The same judgement the doctor makes (ContextFit): the longest request the spread or the turns can make.
        const ContextFit fit {shape.input, shape.output, m_options.lengthSpread, m_options.turns, m_options.fanOut};
        if (m_facts.maxModelLen) {
            if (const std::optional<QString> refused = fit.refusal(*m_facts.maxModelLen)) {
                finish(RunStatus::Failed, *refused);
                return false;
            }
        }
        WorkloadBuilder::Result built = WorkloadBuilder::synthetic(m_target, spec);
        if (!built.error.isEmpty()) {
            finish(RunStatus::Failed, built.error);
            return false;
        }
        m_workloads.push_back(std::make_shared<const std::vector<RequestTemplate>>(std::move(built.requests)));
    }
    // The uncached twin of the baseline needs the first shape's prompts without the shared prefix, after the shapes'
    // (RunPlan::uncachedWorkload).
    if (m_options.sharedPrefixTokens > 0 && !m_options.shapes.isEmpty()) {
        WorkloadBuilder::Result built = WorkloadBuilder::synthetic(m_target, specFor(m_options.shapes.first(), 0));
        if (!built.error.isEmpty()) {
            finish(RunStatus::Failed, built.error);
            return false;
        }
        m_workloads.push_back(std::make_shared<const std::vector<RequestTemplate>>(std::move(built.requests)));
    }
    return true;
}

bool RunPipeline::loadDataset()
{
    WorkloadSpec spec = workloadSpec();
    spec.outputTokens = m_options.shapes.value(0).output;
    WorkloadBuilder::Result built = WorkloadBuilder::fromJsonl(m_options.dataset, spec);
    if (!built.error.isEmpty()) {
        finish(RunStatus::Failed, built.error);
        return false;
    }
    // Behind a gateway the endpoints hang under its path, as the synthetic prompts' do.
    for (RequestTemplate& t : built.requests)
        t.path.prepend(m_target.rootPath().toUtf8());
    // The data set is one shape: its mean sizes label the run. The input is known only where the file says; else
    // it stays 0 here and the analysis takes the server's own count (usage.prompt_tokens) of what was sent.
    qint64 inputSum = 0;
    qint64 outputSum = 0;
    bool inputKnown = true;
    for (const RequestTemplate& t : built.requests) {
        inputKnown = inputKnown && t.inputTokens > 0;
        inputSum += t.inputTokens;
        outputSum += t.outputTokens;
        if (m_facts.maxModelLen && t.inputTokens + t.outputTokens > *m_facts.maxModelLen) {
            finish(RunStatus::Failed,
                QStringLiteral("A request of the data set needs %1 tokens of context, but the server allows %2.")
                    .arg(t.inputTokens + t.outputTokens)
                    .arg(*m_facts.maxModelLen));
            return false;
        }
    }
    const auto n = qint64(built.requests.size());
    m_options.shapes = {Shape {inputKnown ? int(inputSum / n) : 0, int(outputSum / n)}};
    Q_EMIT stageChanged(
        RunStage::Prompts, QStringLiteral("%1 requests from %2").arg(n).arg(QFileInfo(m_options.dataset).fileName()));
    m_workloads.push_back(std::make_shared<const std::vector<RequestTemplate>>(std::move(built.requests)));
    return true;
}

bool RunPipeline::loadTrace()
{
    QString error;
    if (!m_options.traceWindow && !m_options.loadTrace(&error)) {
        finish(RunStatus::Failed, error);
        return false;
    }
    const Trace& trace = *m_options.traceWindow;
    qint64 inputSum = 0;
    qint64 outputSum = 0;
    for (const TraceRequest& q : trace.requests) {
        inputSum += q.inputTokens;
        outputSum += q.outputTokens;
        if (m_facts.maxModelLen && q.inputTokens + q.outputTokens > *m_facts.maxModelLen) {
            finish(RunStatus::Failed,
                QStringLiteral("A request of the trace, %1 s into the replay, needs %2 tokens of context, but the "
                               "server allows %3: "
                               "replay a window without it (--trace-start, --trace-duration) or a server with a "
                               "longer context.")
                    .arg(text::number(q.atSeconds))
                    .arg(q.inputTokens + q.outputTokens)
                    .arg(*m_facts.maxModelLen));
            return false;
        }
    }
    WorkloadSpec spec = workloadSpec();
    const auto n = qint64(trace.requests.size());
    Q_EMIT stageChanged(
        RunStage::Prompts, QStringLiteral("%1 requests from %2 (%3)").arg(n).arg(trace.fileName, trace.formatName()));
    WorkloadBuilder::Result built = WorkloadBuilder::fromTrace(m_target, spec, trace);
    if (!built.error.isEmpty()) {
        finish(RunStatus::Failed, built.error);
        return false;
    }
    // The trace's mean sizes label the run, as a data set's do; each request keeps its own.
    m_options.shapes = {Shape {int(inputSum / n), int(outputSum / n)}};
    m_workloads.push_back(std::make_shared<const std::vector<RequestTemplate>>(std::move(built.requests)));
    return true;
}

void RunPipeline::measureNetwork(const DoctorReport& report)
{
    // The distance to the server, measured on every run: a TTFT target is about the server, not the network.
    if (const DoctorCheck* tcp = report.find(QStringLiteral("tcp")); tcp && tcp->ms >= 0)
        m_network.tcpConnectMs = tcp->ms;
    if (const DoctorCheck* tls = report.find(QStringLiteral("tls")); tls && tls->ms >= 0)
        m_network.tlsHandshakeMs = tls->ms;
    HttpClient client(m_target.httpSettings(5000));
    const QUrl url = m_target.endpoint(QStringLiteral("/health"));
    std::vector<double> rtts;
    for (int i = 0; i < 8; ++i) {
        const HttpAnswer a = client.get(url);
        // The first request opens the connection: keep-alive round trips are what a stream's tokens pay.
        if (i > 0 && a.ok())
            rtts.push_back(a.ms);
    }
    if (rtts.empty())
        return;
    std::sort(rtts.begin(), rtts.end());
    m_network.healthRoundTripMedianMs = rtts[rtts.size() / 2];
    m_network.healthRoundTrips = int(rtts.size());
}

void RunPipeline::planSteps()
{
    // The twin's prompts are where RunPlan::uncachedWorkload says and buildSyntheticWorkloads puts them.
    m_plan = RunPlan::of(m_options).steps;
}

void RunPipeline::planProbe(const RunData& run, Phase phase)
{
    // Only when asked.
    if (m_options.capacityPrecision <= 0)
        return;
    int& spent = m_probes[phase];
    if (spent >= m_options.maxProbes)
        return;
    const bool byUsers = phase == Phase::Concurrency;
    const LoadCurve curve
        = LoadCurve::of(run, byUsers ? run.concurrencyCurve() : run.phase(phase), AnalysisSettings::ofRun(run));
    const std::optional<double> probe = CapacitySearch::nextProbe(curve, m_options.capacityPrecision, byUsers);
    if (!probe)
        return;
    ++spent;
    const Capacity& c = curve.capacity;
    PlannedStep step = byUsers
        ? PlannedStep {phase, RunPlan::closedLoop(m_options, int(*probe)), 0,
            {{QStringLiteral("concurrency"), int(*probe)}}}
        : PlannedStep {phase, RunPlan::openLoop(m_options, *probe), 0, {{QStringLiteral("rate"), *probe}}};
    step.load[QStringLiteral("probe")] = spent;
    insertNext(step);
    Q_EMIT stageChanged(RunStage::Probe,
        QStringLiteral("Capacity is between %1 and %2 (%7), wider than ±%3%: probe %4 of at most %5 at %6.")
            .arg(c.low, 0, 'g', 3)
            .arg(c.high, 0, 'g', 3)
            .arg(m_options.capacityPrecision * 100, 0, 'g', 3)
            .arg(spent)
            .arg(m_options.maxProbes)
            .arg(*probe, 0, 'g', 4)
            .arg(c.intervalOpen ? QStringLiteral("as measured; too few requests to bound it at 95%")
                                : QStringLiteral("95% interval")));
}

bool RunPipeline::planRemeasure(const RunData& run, Phase phase)
{
    if (phase != Phase::Concurrency)
        return false;
    const LoadCurve curve = LoadCurve::of(run, run.concurrencyCurve(), AnalysisSettings::ofRun(run));
    const std::optional<double> load = CapacitySearch::remeasure(curve, m_remeasured);
    if (!load)
        return false;
    m_remeasured << *load;
    const Capacity& c = curve.capacity;
    const CurvePoint& missed = curve.points[std::size_t(c.firstFail)];
    const CurvePoint& passed = curve.points[std::size_t(c.laterPass)];
    PlannedStep step {
        phase, RunPlan::closedLoop(m_options, int(*load)), 0, {{QStringLiteral("concurrency"), int(*load)}}};
    step.load[QStringLiteral("remeasure")] = true;
    insertNext(step);
    Q_EMIT stageChanged(RunStage::Probe,
        QStringLiteral("%1 missed %2 while %3 met every target: measuring %1 again before it may set the capacity.")
            .arg(missed.step->loadText(), c.metric, passed.step->loadText()));
    return true;
}

void RunPipeline::insertNext(PlannedStep step)
{
    // Sized as the sweep's steps were after the baseline, so that a probe or a repeat on a slow server keeps the
    // same budget, and the time left counts it.
    StepBudget::Step sized;
    if (m_lifetimeMs > 0) {
        std::vector<PlannedStep> one {std::move(step)};
        sized = StepBudget::apply(one, 0, pace(), stepBudget()).front();
        step = std::move(one.front());
    }
    const bool estimated = m_stepSeconds.size() == m_plan.size();
    const bool kept = m_sized.size() == m_plan.size();
    m_plan.insert(m_plan.begin() + std::ptrdiff_t(m_next), std::move(step));
    if (estimated)
        m_stepSeconds.insert(m_stepSeconds.begin() + std::ptrdiff_t(m_next), sized.seconds);
    if (kept)
        m_sized.insert(m_sized.begin() + std::ptrdiff_t(m_next), sized);
}

bool RunPipeline::joinSchedule()
{
    const ShardSpec& shard = *m_options.shard;
    Q_EMIT stageChanged(RunStage::Clock, QString());
    // The anchor: one instant read on both clocks, so that merge can put this shard's times on a common line.
    const std::int64_t utc = ClockOffset::utcNowNs();
    const std::int64_t monotonic = monotonicNowNs();
    const ClockOffset date = ClockOffset::againstServerDate(m_target);
    const ClockOffset coordinator
        = shard.clockServer.isEmpty() ? ClockOffset {} : ClockOffset::againstClockServer(shard.clockServer);
    // The coordinator's clock is the reference where there is one; else the server's; else this machine's own.
    const ClockOffset& reference = coordinator.measured ? coordinator : date;
    m_clockOffsetMs = reference.measured ? reference.offsetMs : 0;
    m_clock = ClockAnchor {utc, monotonic, reference.measured ? reference.source : QStringLiteral("local"),
        m_clockOffsetMs, date.toJson(), shard.clockServer.isEmpty() ? QJsonObject() : coordinator.toJson()};
    Q_EMIT stageChanged(RunStage::Clock,
        reference.measured ? QStringLiteral("%1 ms from the %2 (± %3 ms)")
                                 .arg(m_clockOffsetMs, 0, 'f', 1)
                                 .arg(reference.source)
                                 .arg(reference.uncertaintyMs, 0, 'f', 1)
                           : QStringLiteral("not measured (%1); this machine's clock is trusted").arg(date.error));
    const qint64 ahead = msUntilSlot(0);
    if (ahead < -1000) {
        finish(RunStatus::Failed,
            QStringLiteral("--start-at %1 passed %2 s ago. Start every shard with the same time a little ahead, such "
                           "as two minutes: checks and prompts take a few seconds first.")
                .arg(shard.startAt.toString(Qt::ISODate))
                .arg(double(-ahead) / 1000, 0, 'f', 1));
        return false;
    }
    return true;
}

qint64 RunPipeline::msUntilSlot(std::size_t index) const
{
    const double nowOnReference = double(ClockOffset::utcNowNs()) / 1e6 + m_clockOffsetMs;
    return qint64(std::floor(double(m_options.shard->stepStart(int(index)).toMSecsSinceEpoch()) - nowOnReference));
}

void RunPipeline::runNextStep()
{
    if (m_cancelled) {
        finish(RunStatus::Stopped, QStringLiteral("Stopped by the user."));
        return;
    }
    if (m_next >= m_plan.size()) {
        finish(RunStatus::Complete, m_sweepStopReason);
        return;
    }
    if (m_held && !m_options.shard) {
        m_waitingOnHold = true;
        Q_EMIT stageChanged(RunStage::Held,
            QStringLiteral("Held before step %1 of %2 while the window asks a question; every step so far is stored.")
                .arg(m_next + 1)
                .arg(m_plan.size()));
        return;
    }
    // Before the step (its progress said), so that it starts with an empty prefix cache: asked once per attempt.
    if (m_options.resetPrefixCache && m_resets.unavailable == PrefixCacheResets::Unavailable::No
        && m_resetBefore != std::make_pair(m_next, m_attempt))
        resetPrefixCache();
    const PlannedStep& step = m_plan[m_next];
    if (m_options.shard) {
        // A step this shard has no part in (the baseline's one user is shard 0's) is left to the others.
        if (step.idle()) {
            ++m_next;
            QTimer::singleShot(0, this, &RunPipeline::runNextStep);
            return;
        }
        // Every shard begins the step at the same moment of the reference clock.
        const qint64 wait = msUntilSlot(m_next);
        if (m_waitedFor != m_next && wait > 0) {
            m_waitedFor = m_next;
            Q_EMIT stageChanged(RunStage::Schedule,
                QStringLiteral("step %1 begins at %2")
                    .arg(m_next + 1)
                    .arg(m_options.shard->stepStart(int(m_next)).toString(Qt::ISODateWithMs)));
            if (!m_slotTimer) {
                m_slotTimer = new QTimer(this);
                m_slotTimer->setSingleShot(true);
                m_slotTimer->setTimerType(Qt::PreciseTimer);
                connect(m_slotTimer, &QTimer::timeout, this, &RunPipeline::runNextStep);
            }
            m_slotTimer->start(std::chrono::milliseconds(wait));
            return;
        }
        m_lateMs = std::max<qint64>(0, -wait);
    }
    // Time left: the sized plan's estimates of the steps still to come (in the server's time, so on the client's
    // clock divided by the simulator's speed); before it, or once probes changed the plan, the mean of the steps so
    // far. A guess either way, and said to be one.
    const double elapsed = double(m_elapsed.elapsed()) / 1000;
    double remaining = m_next == 0 ? -1 : elapsed / double(m_next) * double(m_plan.size() - m_next);
    if (m_stepSeconds.size() == m_plan.size())
        remaining
            = std::accumulate(m_stepSeconds.begin() + std::ptrdiff_t(m_next), m_stepSeconds.end(), 0.0) / timeScale();
    const QString what
        = (step.phase == Phase::Rate
                  ? QStringLiteral("rate %1/s").arg(step.plan.ratePerSecond)
                  : QStringLiteral("%1 at concurrency %2").arg(phaseName(step.phase)).arg(step.plan.users))
        + (m_attempt > 0 ? QStringLiteral(", measured again") : QString());
    Q_EMIT progress(int(m_next), int(m_plan.size()), elapsed, remaining, what);
    {
        double estimate = m_next == 0 ? -1 : elapsed / double(m_next);
        if (m_stepSeconds.size() == m_plan.size())
            estimate = m_stepSeconds[m_next] / timeScale();
        const bool timed = step.plan.durationSeconds > 0;
        if (timed)
            estimate = step.plan.durationSeconds / timeScale();
        Q_EMIT stepPlanned(step.plan.requestCount, estimate, timed);
    }
    m_stepStartedUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    {
        StepInfo open;
        open.phase = step.phase;
        open.index = int(m_next);
        open.load = step.load;
        open.startedUtc = m_stepStartedUtc;
        QString error;
        m_storeError.clear();
        m_stepId = m_store->beginStep(m_runId, open, &error);
        if (m_stepId < 0) {
            finish(RunStatus::Failed, QStringLiteral("The step could not be stored: %1").arg(error));
            return;
        }
    }
    m_stepCpuStart = processCpuSeconds();
    m_stepWall.start();
    m_trouble = {};
    m_scraper->start();
    if (m_gpu)
        m_gpu->read();
    m_templateOffsets.resize(m_workloads.size(), 0);
    RunPlan::StepContext context;
    context.timeScale = timeScale();
    context.lifetimeMs = m_lifetimeMs;
    context.promptOffset = m_promptOffset;
    context.attempt = m_attempt;
    context.templateOffset = m_templateOffsets[std::size_t(step.shape)];
    const LoadPlan plan = RunPlan::sent(step, m_next, m_options, context);
    m_sinceMeasured.start();
    m_quietSaid = 0;
    m_quietTimer->start();
    m_engine->start(plan, m_workloads[std::size_t(step.shape)]);
}

void RunPipeline::onRecordsFinished(const LoadWorker::Batch& records)
{
    if (!m_storeError.isEmpty())
        return;
    QString error;
    if (!m_store->addRequests(m_stepId, *records, &error)) {
        // Nothing more can be kept: stop the step, and say why when it has ended.
        m_storeError = error;
        m_engine->cancel();
        return;
    }
    for (const RequestRecord& r : *records) {
        if (r.ok()) {
            ++m_trouble.answered;
            continue;
        }
        if (!failedAtConnection(r))
            continue;
        if (m_trouble.firstNs < 0) {
            m_trouble.firstNs = r.endNs >= 0 ? r.endNs : monotonicNowNs();
            m_trouble.first = r.errorMessage;
        }
        ++(r.error == ErrorClass::ConnectionRefused ? m_trouble.refused : m_trouble.closed);
        ++m_trouble.unchecked;
    }
    // A dead server refuses every request at once: a closed loop would run the rest of the sweep through in a
    // fraction of a second. So /health is asked, at most once a second, whether the server is still there.
    if (m_trouble.unchecked > 0 && !m_trouble.gone && !m_watch->isChecking() && !m_watch->isWaiting()
        && (!m_sinceCheck.isValid() || m_sinceCheck.elapsed() >= 1000)) {
        m_trouble.unchecked = 0;
        m_sinceCheck.start();
        m_watch->check();
    }
}

void RunPipeline::onServerChecked(bool answered, const QString& failure)
{
    if (answered) {
        // The server is there: the failures were its answer to the load, and count against it as measured.
        if (!m_heldResult)
            return;
        if (m_trouble.unchecked > 0) {
            m_trouble.unchecked = 0;
            m_sinceCheck.start();
            m_watch->check();
            return;
        }
        LoadEngine::Result result = std::move(*m_heldResult);
        m_heldResult.reset();
        completeStep(result, std::exchange(m_heldSamples, {}));
        return;
    }
    m_trouble.gone = true;
    m_trouble.health = failure;
    if (m_heldResult) {
        m_heldResult.reset();
        m_heldSamples.clear();
        onServerGone();
        return;
    }
    // Sending more would only fail more: the step stops now, and is discarded when it has.
    if (m_engine && m_engine->isRunning()) {
        QString first = m_trouble.first;
        while (first.endsWith(u'.'))
            first.chop(1);
        Q_EMIT stageChanged(RunStage::Server,
            QStringLiteral("the server stopped answering at %1 (%2; /health: %3): sending paused")
                .arg(loadWords(m_plan[m_next]), first, failure));
        m_engine->cancel();
    }
}

void RunPipeline::onServerGone(const QJsonObject& details, std::int64_t goneByNs)
{
    const PlannedStep& planned = m_plan[m_next];
    QString error;
    if (!m_store->discardStep(m_stepId, &error)) {
        finish(RunStatus::Failed, QStringLiteral("The step could not be discarded: %1").arg(error));
        return;
    }
    m_stepId = -1;
    const int times = ++m_outagesAtStep[m_next];
    m_outageStartNs = goneByNs >= 0 ? goneByNs : m_trouble.firstNs >= 0 ? m_trouble.firstNs : monotonicNowNs();
    m_outage = QJsonObject {{QStringLiteral("kind"), QStringLiteral("connection")},
        {QStringLiteral("step"), int(m_next)}, {QStringLiteral("phase"), phaseName(planned.phase)},
        {QStringLiteral("load"), planned.load}, {QStringLiteral("refused"), m_trouble.refused},
        {QStringLiteral("closed"), m_trouble.closed}, {QStringLiteral("answered"), m_trouble.answered},
        {QStringLiteral("first_failure"), m_trouble.first}, {QStringLiteral("health"), m_trouble.health},
        {QStringLiteral("wait_s"), m_options.serverWaitSeconds}, {QStringLiteral("time"), times}};
    for (auto it = details.begin(); it != details.end(); ++it)
        m_outage[it.key()] = it.value();
    m_trouble = {};
    if (m_cancelled) {
        m_outage[QStringLiteral("came_back")] = false;
        m_outage[QStringLiteral("down_s")] = double(monotonicNowNs() - m_outageStartNs) / 1e9;
        m_outages.append(m_outage);
        storeOutages();
        finish(RunStatus::Stopped, QStringLiteral("Stopped by the user while the server was not answering."));
        return;
    }
    // A shard keeps the shared schedule, and a server that fails twice under the same load fails under it: neither
    // waits. Otherwise the wait is bounded from the first failure, the moment the server was last known to be there.
    if (m_options.serverWaitSeconds <= 0 || m_options.shard || times >= 2) {
        onServerGaveUp(0, QString());
        return;
    }
    Q_EMIT stageChanged(RunStage::Server,
        QStringLiteral("the server %1 at %2; waiting up to %3 s for it to answer")
            .arg(m_outage.value(u"kind").toString() == u"restart" ? QStringLiteral("restarted")
                                                                  : QStringLiteral("stopped answering"),
                loadWords(planned))
            .arg(m_options.serverWaitSeconds));
    m_watch->waitForReturn(m_outageStartNs + std::int64_t(m_options.serverWaitSeconds) * 1'000'000'000);
}

void RunPipeline::onServerReturned(std::int64_t backNs, int probes)
{
    const double down = double(backNs - m_outageStartNs) / 1e9;
    m_outage[QStringLiteral("came_back")] = true;
    m_outage[QStringLiteral("down_s")] = down;
    m_outage[QStringLiteral("probes")] = probes;
    m_outages.append(m_outage);
    storeOutages();
    Q_EMIT stageChanged(RunStage::Server,
        QStringLiteral("the server answers again after %1; %2 is measured again")
            .arg(seconds(down), loadWords(m_plan[m_next])));
    ++m_attempt;
    QTimer::singleShot(0, this, &RunPipeline::runNextStep);
}

void RunPipeline::onServerGaveUp(int probes, const QString& lastFailure)
{
    const double down = double(monotonicNowNs() - m_outageStartNs) / 1e9;
    m_outage[QStringLiteral("came_back")] = false;
    m_outage[QStringLiteral("down_s")] = down;
    m_outage[QStringLiteral("probes")] = probes;
    m_outage[QStringLiteral("last_probe")] = lastFailure;
    m_outages.append(m_outage);
    storeOutages();
    const PlannedStep& planned = m_plan[m_next];
    const int refused = m_outage.value(u"refused").toInt();
    const int closed = m_outage.value(u"closed").toInt();
    QStringList failed;
    if (refused > 0)
        failed << QStringLiteral("%1 %2 refused").arg(refused).arg(refused == 1 ? u"request was" : u"requests were");
    if (closed > 0)
        failed << QStringLiteral("%1 closed before any answer").arg(closed);
    const QString what = m_outage.value(u"kind").toString() == u"restart"
        ? QStringLiteral("the server restarted (its %1 counter fell from %2 to %3)")
              .arg(m_outage.value(u"counter").toString())
              .arg(m_outage.value(u"counter_before").toDouble())
              .arg(m_outage.value(u"counter_after").toDouble())
        : QStringLiteral("%1, and /health got no answer (%2)")
              .arg(failed.isEmpty() ? QStringLiteral("requests failed at the connection") : failed.join(u" and "),
                  lastFailure.isEmpty() ? m_outage.value(u"health").toString() : lastFailure);
    QString why;
    if (m_outage.value(u"time").toInt() >= 2)
        why = QStringLiteral("It went away a second time under the same load after coming back, so the run does not "
                             "wait again.");
    else if (m_options.shard)
        why = QStringLiteral("A shard keeps the shared schedule and does not wait.");
    else if (m_options.serverWaitSeconds <= 0)
        why = QStringLiteral("--server-wait 0 stops at once.");
    else
        why = QStringLiteral("It did not come back within --server-wait %1 s.").arg(m_options.serverWaitSeconds);
    const int kept = int(m_outcomes.size());
    finish(RunStatus::ServerFailed,
        QStringLiteral("The server stopped answering at %1 (step %2 of %3): %4, for %5 in all. %6 The %7 before it "
                       "%8 kept; the step it went away in is not, and no capacity, wall or advice is drawn from it.")
            .arg(loadWords(planned))
            .arg(m_next + 1)
            .arg(m_plan.size())
            .arg(what, seconds(down), why)
            .arg(kept == 1 ? QStringLiteral("step") : QStringLiteral("%1 steps").arg(kept))
            .arg(kept == 1 ? u"is" : u"are"));
}

void RunPipeline::resetPrefixCache()
{
    m_resetBefore = std::make_pair(m_next, m_attempt);
    Q_EMIT stageChanged(RunStage::Reset, QStringLiteral("reset before step %1").arg(m_next + 1));
    const PrefixCacheReset r = PrefixCacheReset::of(m_target, m_facts.family);
    r.addTo(m_resets, m_facts.family);
    if (!r.ok)
        Q_EMIT stageChanged(RunStage::Reset,
            QStringLiteral("not reset: %1")
                .arg(m_resets.unavailable != PrefixCacheResets::Unavailable::No ? m_resets.unavailableReason()
                                                                                : r.failure));
    QJsonObject facts = m_storedFacts;
    facts[QStringLiteral("prefix_cache_reset")] = m_resets.toJson();
    QString error;
    // A facts column that cannot be written loses only the sentence: the step is measured either way.
    if (m_runId >= 0 && m_store->updateFacts(m_runId, facts, &error))
        m_storedFacts = facts;
}

void RunPipeline::storeOutages()
{
    QJsonObject facts = m_storedFacts;
    facts[QStringLiteral("server_outages")] = m_outages;
    QString error;
    // The outage is said in the run's status too; a facts column that cannot be written loses only the detail.
    if (m_runId >= 0 && m_store->updateFacts(m_runId, facts, &error))
        m_storedFacts = facts;
}

bool RunPipeline::onThisMachine(const QUrl& url)
{
    const QString host = url.host();
    if (host.compare(QStringLiteral("localhost"), Qt::CaseInsensitive) == 0
        || host.compare(QHostInfo::localHostName(), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    if (address.isNull())
        return false;
    if (address.isLoopback())
        return true;
    const QList<QHostAddress> own = QNetworkInterface::allAddresses();
    return std::any_of(own.begin(), own.end(), [&address](const QHostAddress& a) { return a.isEqual(address); });
}

void RunPipeline::startGpuTelemetry()
{
    QUrl source;
    if (!m_options.gpuTelemetry) {
        m_gpuNote = QStringLiteral("GPU telemetry was turned off (--gpu-telemetry off)");
        return;
    }
    const QUrl server(m_options.url);
    if (!m_options.dcgmUrl.isEmpty()) {
        source = QUrl(m_options.dcgmUrl);
    } else if (m_facts.timeScale) {
        // The simulator serves its simulated GPU's readings as a DCGM exporter would: a local nvidia-smi would read
        // a GPU that has nothing to do with it.
        source = server;
        source.setPath(QStringLiteral("/dcgm/metrics"));
        source.setQuery(QString());
    } else if (!onThisMachine(server)) {
        m_gpuNote
            = QStringLiteral("the server is on %1, not this machine, so this machine's nvidia-smi cannot read its "
                             "GPUs; give --dcgm-url with its DCGM exporter's /metrics")
                  .arg(server.host());
        return;
    }
    // As often as /metrics is scraped, in the server's time, and never more than ten times a second.
    const int interval = std::max(100, int(std::lround(m_options.scrapeIntervalMs / timeScale())));
    m_gpu = new GpuSampler(source, m_options.gpuDevices, interval, this);
    m_gpu->start();
    if (!m_gpu->canRead()) {
        m_gpuNote = m_gpu->note();
        delete m_gpu;
        m_gpu = nullptr;
    }
}

int RunPipeline::quietNoticeSeconds(int requestTimeoutMs)
{
    // At 30 s under the default timeout of 30 min; at a quarter of a short one, so that it is said before the
    // timeout ends the request anyway (never before 5 s).
    return std::clamp(requestTimeoutMs / 4000, 5, 30);
}

void RunPipeline::onStepFinished(const LoadEngine::Result& result)
{
    m_quietTimer->stop();
    std::vector<StoredMetricsSample> samples = m_scraper->stop();
    // The step's closing GPU reading; a step the user stopped is not held up for it.
    if (m_gpu && !result.cancelled && !m_cancelled)
        m_gpu->readNow();
    if (result.error.isEmpty() && m_storeError.isEmpty()) {
        if (m_trouble.gone) {
            onServerGone();
            return;
        }
        // Requests failed at the connection and /health has not said yet whether the server is there: the step's
        // end waits for its answer, so that a dead server's last step is not taken for a measurement.
        if (m_trouble.unchecked > 0 || m_watch->isChecking()) {
            m_heldResult = result;
            m_heldSamples = std::move(samples);
            if (!m_watch->isChecking()) {
                m_trouble.unchecked = 0;
                m_sinceCheck.start();
                m_watch->check();
            }
            return;
        }
    }
    completeStep(result, samples);
}

bool RunPipeline::restartSeen(const std::vector<StoredMetricsSample>& samples, const PlannedStep& planned)
{
    // The server's counters said it restarted: within the step, the step measured two servers, and is measured again
    // (as after an outage); between the last step and this one, the step is whole, and the restart is said.
    std::vector<MetricsSample> series;
    series.reserve(samples.size());
    for (const StoredMetricsSample& stored : samples)
        series.push_back(MetricsSample::fromJson(stored.values));
    for (std::size_t i = 1; i < series.size(); ++i) {
        const std::optional<CounterFall> fall = counterFall(series[i - 1], series[i]);
        if (!fall)
            continue;
        m_trouble.health = QStringLiteral("it answered, after a restart");
        // Gone at the latest after the last scrape that still counted up.
        const std::int64_t goneBy
            = m_trouble.firstNs >= 0 ? std::min(m_trouble.firstNs, series[i - 1].ns) : series[i - 1].ns;
        onServerGone(QJsonObject {{QStringLiteral("kind"), QStringLiteral("restart")},
                         {QStringLiteral("counter"), fall->counter}, {QStringLiteral("counter_before"), fall->before},
                         {QStringLiteral("counter_after"), fall->after}},
            goneBy);
        return true;
    }
    if (m_lastSample) {
        if (const std::optional<CounterFall> fall = counterFall(*m_lastSample, series.front())) {
            // After an outage that was waited out, a restart is what came back: said with that outage.
            QJsonObject note = m_attempt > 0 && !m_outages.isEmpty()
                ? m_outages.last().toObject()
                : QJsonObject {
                    {QStringLiteral("kind"), QStringLiteral("restart_between_steps")},
                    {QStringLiteral("step"), int(m_next)},
                    {QStringLiteral("phase"), phaseName(planned.phase)},
                    {QStringLiteral("load"), planned.load},
                    {QStringLiteral("came_back"), true},
                };
            note[QStringLiteral("restarted")] = true;
            note[QStringLiteral("counter")] = fall->counter;
            note[QStringLiteral("counter_before")] = fall->before;
            note[QStringLiteral("counter_after")] = fall->after;
            if (m_attempt > 0 && !m_outages.isEmpty())
                m_outages[m_outages.size() - 1] = note;
            else {
                m_outages.append(note);
                Q_EMIT stageChanged(RunStage::Server,
                    QStringLiteral("the server restarted before %1: its %2 counter fell from %3 to %4")
                        .arg(loadWords(planned), fall->counter)
                        .arg(fall->before)
                        .arg(fall->after));
            }
            storeOutages();
        }
    }
    m_lastSample = series.back();
    return false;
}

StepInfo RunPipeline::stepInfo(const LoadEngine::Result& result, const PlannedStep& planned)
{
    StepInfo info;
    info.phase = planned.phase;
    info.index = int(m_next);
    info.load = planned.load;
    // A data set's lines go out once each, step after step; past its end they are sent again, and a prefix cache
    // may answer them from memory. The step records how many, for the prefix-cache check to say.
    const std::uint64_t before = m_templateOffsets[std::size_t(planned.shape)];
    const std::uint64_t after = before + std::uint64_t(result.requestCount);
    m_templateOffsets[std::size_t(planned.shape)] = after;
    if (!m_options.dataset.isEmpty()) {
        const std::uint64_t lines = m_workloads[std::size_t(planned.shape)]->size();
        info.load[QStringLiteral("dataset_lines")] = qint64(lines);
        info.load[QStringLiteral("dataset_lines_resent")]
            = qint64(after > std::max(before, lines) ? after - std::max(before, lines) : 0);
    }
    // Conversations and agents: what their requests share, for the prefix-cache check to hold the cache to.
    if (const QJsonObject shape = ConversationShape::of(*m_workloads[std::size_t(planned.shape)]).toJson();
        !shape.isEmpty())
        info.load[QStringLiteral("conversations")] = shape;
    info.startNs = result.startNs;
    info.endNs = result.endNs;
    info.startedUtc = m_stepStartedUtc;
    info.cancelled = result.cancelled;
    const double cpuEnd = processCpuSeconds();
    if (m_stepCpuStart >= 0 && cpuEnd >= 0)
        info.client = {{QStringLiteral("cpu_seconds"), cpuEnd - m_stepCpuStart},
            {QStringLiteral("wall_seconds"), double(m_stepWall.nsecsElapsed()) / 1e9},
            {QStringLiteral("cores"), QThread::idealThreadCount()}};
    if (m_options.shard)
        info.client[QStringLiteral("late_ms")] = double(m_lateMs);
    // The machine's own load as the step ended, quoted beside a step whose time per token drifted (Disturbance).
    if (const double loadAverage = Disturbance::loadAverageNow(); loadAverage >= 0)
        info.client[QStringLiteral("load_average_1m")] = loadAverage;
    // Whether the client kept up: a load thread near a whole core, or an event loop that woke late, reads chunks late.
    if (result.busiestThreadCpuShare >= 0)
        info.client[QStringLiteral("busiest_thread_cpu_share")] = result.busiestThreadCpuShare;
    if (result.loopLagP99Ms >= 0) {
        info.client[QStringLiteral("loop_lag_p99_ms")] = result.loopLagP99Ms;
        info.client[QStringLiteral("loop_lag_max_ms")] = result.loopLagMaxMs;
    }
    // Requests the transport sent again because the server had closed their kept-alive connection: the client's
    // business, never a failure of the server, but said in the report.
    if (result.resentAfterClose > 0)
        info.client[QStringLiteral("resent_after_close")] = result.resentAfterClose;
    info.gpu
        = m_gpu ? m_gpu->between(result.startNs, result.endNs).toJson() : GpuSeries {QString(), m_gpuNote, {}}.toJson();
    return info;
}

SloTargets RunPipeline::rawTargets() const
{
    // Targets are in the server's time; the records are on the client's clock, which a simulator runs faster.
    SloTargets raw;
    const double scale = timeScale();
    // TTFT is judged on the server's side of the network: the round trip, which is real time, is allowed on top.
    if (m_options.slo.ttftMs)
        raw.ttftMs = *m_options.slo.ttftMs / scale + m_network.healthRoundTripMedianMs;
    if (m_options.slo.tpotMs)
        raw.tpotMs = *m_options.slo.tpotMs / scale;
    if (m_options.slo.e2elMs)
        raw.e2elMs = *m_options.slo.e2elMs / scale;
    if (m_options.slo.ttfoMs)
        raw.ttfoMs = *m_options.slo.ttfoMs / scale + m_network.healthRoundTripMedianMs;
    return raw;
}

void RunPipeline::completeStep(const LoadEngine::Result& result, const std::vector<StoredMetricsSample>& samples)
{
    const PlannedStep& planned = m_plan[m_next];
    if (!result.error.isEmpty() || !m_storeError.isEmpty()) {
        QString discardError;
        if (!m_storeError.isEmpty())
            finish(RunStatus::Failed, QStringLiteral("The step could not be stored: %1").arg(m_storeError));
        else if (m_store->discardStep(m_stepId, &discardError))
            finish(RunStatus::Failed, result.error);
        else
            finish(RunStatus::Failed, result.error + QLatin1Char(' ') + discardError);
        return;
    }
    if (!result.cancelled && !m_cancelled && !samples.empty() && restartSeen(samples, planned))
        return;
    const StepInfo info = stepInfo(result, planned);
    QString error;
    const qint64 stepId = m_stepId;
    if (!m_store->finishStep(stepId, info, samples, &error)) {
        finish(RunStatus::Failed, QStringLiteral("The step could not be stored: %1").arg(error));
        return;
    }
    const SloTargets raw = rawTargets();
    const double scale = timeScale();
    StepOutcome outcome;
    outcome.planned = planned;
    outcome.stepId = stepId;
    // From the stored requests, read back in passes: the step is never held whole (StepStatistics::fromSource).
    QString readError;
    outcome.stats = StepStatistics::fromSource(
        [this, stepId, &readError](const RecordVisitor& visit) {
            QString e;
            if (!m_store->forEachRequest(stepId, visit, &e) && readError.isEmpty())
                readError = e;
        },
        raw, planned.plan.pattern == LoadPlan::Pattern::ClosedLoop ? planned.plan.users : 0);
    if (!readError.isEmpty()) {
        finish(RunStatus::Failed, QStringLiteral("The stored step could not be read back: %1").arg(readError));
        return;
    }
    outcome.server = ServerDeltas::of(samples, outcome.stats.window.startNs, outcome.stats.window.endNs);
    // One request's lifetime, in the server's time: how long later steps' users take to ramp in, and with the
    // slowest request the pace the rest of the run is sized and timed by. A baseline that already misses a target
    // threefold at the percentile's median will stop the sweep at its first load (stopReason), which no load
    // makes faster.
    const bool sizeNow = planned.phase == Phase::Baseline && outcome.stats.e2elMs.count > 0;
    if (sizeNow) {
        m_lifetimeMs = outcome.stats.e2elMs.at(50).value * scale;
        m_slowestMs = outcome.stats.e2elMs.max * scale;
        m_sweepStopsAtFirst = m_options.percentile >= 50
            && ((m_options.slo.ttftMs && outcome.stats.ttftMs.count > 0
                    && outcome.stats.ttftMs.at(50).value * scale > 3 * *m_options.slo.ttftMs)
                || (m_options.slo.tpotMs && outcome.stats.tpotMs.count > 0
                    && outcome.stats.tpotMs.at(50).value * scale > 3 * *m_options.slo.tpotMs));
    }
    outcome.cancelled = result.cancelled;
    m_outcomes.push_back(outcome);
    Q_EMIT stepFinished(outcome);
    ++m_next;
    m_attempt = 0;
    if (sizeNow && !result.cancelled && !m_cancelled)
        sizeToTheServer();
    if (result.cancelled || m_cancelled) {
        finish(RunStatus::Stopped,
            result.cancelled
                ? QStringLiteral(
                    "Stopped by the user at step %1 (%2); the steps before it are kept and judged, the cut "
                    "one is stored but not judged.")
                      .arg(m_next)
                      .arg(phaseName(planned.phase))
                : QStringLiteral("Stopped by the user after step %1; completed steps are kept.").arg(m_next));
        return;
    }
    if (planned.phase == Phase::Concurrency && !planned.load.contains(u"probe")) {
        const QString reason = stopReason(outcome);
        if (!reason.isEmpty()) {
            // Skip the rest of the concurrency sweep: higher loads only break harder.
            while (m_next < m_plan.size() && m_plan[m_next].phase == Phase::Concurrency)
                ++m_next;
            m_sweepStopReason = reason;
            Q_EMIT stageChanged(RunStage::SweepStopped, reason);
        } else if (m_sweepStopsAtFirst) {
            // The plan said the sweep would stop here, and it went on: the rest is announced again, with its steps.
            m_sweepStopsAtFirst = false;
            sizeToTheServer();
        }
        m_sweepStopsAtFirst = false;
    }
    // A copy: a probe goes into m_plan, where `planned` lives.
    const Phase phase = planned.phase;
    // At a sweep's end the stored steps are analysed once, as the report will: a step to measure again comes before
    // any probe. Shards cannot agree on either, as they cannot on a stop.
    const bool sweepEnded = !m_options.shard && (phase == Phase::Concurrency || phase == Phase::Rate)
        && !(m_next < m_plan.size() && m_plan[m_next].phase == phase);
    if (sweepEnded && (phase == Phase::Concurrency || m_options.capacityPrecision > 0)) {
        QString loadError;
        if (const std::optional<RunData> run = RunData::load(*m_store, m_runId, &loadError);
            run && !planRemeasure(*run, phase))
            planProbe(*run, phase);
    }
    QTimer::singleShot(0, this, &RunPipeline::runNextStep);
}

QString RunPipeline::stopReason(const StepOutcome& outcome) const
{
    // Shards cannot agree to stop: each keeps the whole plan, and the merged run is judged as one.
    if (m_options.shard)
        return {};
    const StepStatistics& s = outcome.stats;
    if (s.total > 0 && double(s.failed) / s.total > m_options.maxErrorFraction)
        return QStringLiteral("%1 of %2 requests failed at concurrency %3: the sweep stops here.")
            .arg(s.failed)
            .arg(s.total)
            .arg(outcome.planned.plan.users);
    // Clearly broken: the chosen percentile three times over a target, on the server's clock.
    const double scale = timeScale();
    const double ttft = s.ttftMs.at(m_options.percentile).value * scale;
    const double tpot = s.tpotMs.at(m_options.percentile).value * scale;
    if (m_options.slo.ttftMs && ttft > 3 * *m_options.slo.ttftMs)
        return QStringLiteral("TTFT p%1 of %2 ms is over three times the %3 ms target: the sweep stops here.")
            .arg(m_options.percentile)
            .arg(ttft, 0, 'f', 0)
            .arg(*m_options.slo.ttftMs);
    if (m_options.slo.tpotMs && tpot > 3 * *m_options.slo.tpotMs)
        return QStringLiteral("TPOT p%1 of %2 ms is over three times the %3 ms target: the sweep stops here.")
            .arg(m_options.percentile)
            .arg(tpot, 0, 'f', 1)
            .arg(*m_options.slo.tpotMs);
    return {};
}

double RunPipeline::stepBudget() const
{
    return m_options.requestsPerStep > 0 ? 0 : std::max(0.0, m_options.stepBudgetSeconds);
}

StepBudget::Pace RunPipeline::pace() const
{
    StepBudget::Pace p;
    p.lifetimeSeconds = m_lifetimeMs / 1000;
    p.slowestSeconds = m_slowestMs / 1000;
    p.thinkSeconds = m_options.thinkTimeMs / 1000;
    // As runNextStep ramps a step's users in; the timeout is the client's clock, and the plan is in the server's.
    p.rampSeconds = (m_options.rampMs >= 0 ? m_options.rampMs : m_lifetimeMs) / 1000;
    p.requestTimeoutSeconds = m_options.requestTimeoutMs > 0 ? m_options.requestTimeoutMs / 1000.0 * timeScale() : 0;
    return p;
}

void RunPipeline::sizeToTheServer()
{
    // A sharded run keeps the schedule every shard shares; a run the user sized (--requests) keeps its requests and
    // is only timed.
    if (m_options.shard || !(m_lifetimeMs > 0))
        return;
    // Sized again (the sweep went on where the plan said it would stop): a step trimmed before stays trimmed.
    std::vector<StepBudget::Step> before;
    if (m_sized.size() == m_plan.size())
        before.assign(m_sized.begin() + std::ptrdiff_t(m_next), m_sized.end());
    StepBudget::Sweep sweep;
    sweep.stopsAtFirst = m_sweepStopsAtFirst;
    sweep.probes = m_options.capacityPrecision > 0 ? m_options.maxProbes : 0;
    StepBudget::Forecast forecast = StepBudget::forecast(m_plan, m_next, pace(), stepBudget(), sweep);
    for (std::size_t k = 0; k < before.size() && k < forecast.steps.size(); ++k) {
        forecast.steps[k].plannedRequests = before[k].plannedRequests;
        forecast.steps[k].trimmed = forecast.steps[k].trimmed || before[k].trimmed;
    }
    m_sized.resize(m_next);
    m_stepSeconds.assign(m_next, 0);
    for (std::size_t k = 0; k < forecast.steps.size(); ++k) {
        m_sized.push_back(forecast.steps[k]);
        // The time left counts the steps expected to run, at the baseline's pace: the short end of the range.
        m_stepSeconds.push_back(forecast.runs[k] ? forecast.steps[k].seconds : 0);
    }
    // What the user waits, at the most: a simulator's time runs faster than theirs. Past an hour the run asks.
    const double most = forecast.most(timeScale());
    const bool ask = forecast.asks(timeScale());
    if (ask)
        m_held = true;
    Q_EMIT planSized(StepBudget::sentence(forecast, timeScale()), most, ask);
}

void RunPipeline::hold(bool held)
{
    m_held = held;
    if (!held && m_waitingOnHold) {
        m_waitingOnHold = false;
        QTimer::singleShot(0, this, &RunPipeline::runNextStep);
    }
}

void RunPipeline::cancel()
{
    m_cancelled = true;
    // A run waiting for its server stops now: the step it went away in is already discarded.
    if (m_watch && m_watch->isWaiting()) {
        m_watch->stop();
        QTimer::singleShot(0, this, &RunPipeline::runNextStep);
    }
    if (m_waitingOnHold) {
        m_waitingOnHold = false;
        QTimer::singleShot(0, this, &RunPipeline::runNextStep);
    }
    if (m_engine && m_engine->isRunning())
        m_engine->cancel();
    // A shard waiting minutes for its slot stops now, not when the slot comes.
    if (m_slotTimer && m_slotTimer->isActive()) {
        m_slotTimer->stop();
        QTimer::singleShot(0, this, &RunPipeline::runNextStep);
    }
}

void RunPipeline::finish(RunStatus status, const QString& reason)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_watch)
        m_watch->stop();
    if (m_gpu)
        m_gpu->stop();
    if (m_runId >= 0) {
        QString error;
        m_store->finishRun(m_runId, status, reason, &error);
    }
    Q_EMIT progress(int(m_next), int(m_plan.size()), double(m_elapsed.elapsed()) / 1000, 0, QString());
    Q_EMIT finished(status, reason);
}

} // namespace kp::core
