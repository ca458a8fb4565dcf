// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/connectionwizard.h"

#include "core/catalog/catalog.h"
#include "ui/settings/newrundefaults.h"
#include "ui/wizard/hardwarepage.h"
#include "ui/wizard/planpage.h"
#include "ui/wizard/serverpage.h"
#include "ui/wizard/targetspage.h"
#include "ui/wizard/trafficpage.h"

namespace kp::ui {

ConnectionWizard::ConnectionWizard(QWidget* parent)
    : QWizard(parent)
{
    setObjectName(QStringLiteral("connectionWizard"));
    setWindowTitle(tr("New Run"));
    setOption(QWizard::NoBackButtonOnStartPage);
    // The last button starts a benchmark that may take minutes: it says so, not "Finish".
    setButtonText(QWizard::FinishButton, tr("&Start the benchmark"));
    // Tall enough for the Traffic page's rows (product, models, three sources and their fields) with every message
    // and note shown: at 620 the sizes' note was squeezed under its field.
    setMinimumSize(760, 660);

    m_server = new ServerPage(this);
    m_hardware = new HardwarePage(this);
    m_traffic = new TrafficPage(this);
    m_targets = new TargetsPage(this);
    m_plan = new PlanPage(this);
    setPage(ServerPageId, m_server);
    setPage(HardwarePageId, m_hardware);
    setPage(TrafficPageId, m_traffic);
    setPage(TargetsPageId, m_targets);
    setPage(PlanPageId, m_plan);
    setStartId(ServerPageId);

    // The pages know nothing of each other; what one needs from another is wired here.
    connect(m_traffic, &TrafficPage::productChanged, m_targets, &TargetsPage::setProduct);
    connect(m_traffic, &TrafficPage::trafficChanged, this, [this] {
        const QList<core::Shape> shapes = m_traffic->shapes();
        m_targets->setShape(shapes.isEmpty() ? std::nullopt : std::optional<core::Shape>(shapes.first()));
        m_plan->setTraceReplay(!m_traffic->tracePath().isEmpty());
    });
    connect(m_server, &ServerPage::factsChanged, this, [this] {
        const std::optional<core::ServerFacts>& facts = m_server->facts();
        m_traffic->setContextLength(facts ? facts->maxModelLen : std::nullopt);
        // A server that names its GPU (the simulator does; vLLM does not) has it chosen, unless the user chose.
        if (facts && !facts->reportedGpu.isEmpty() && m_hardware->gpuId().isEmpty())
            m_hardware->setGpuId(facts->reportedGpu);
    });
    connect(m_server, &ServerPage::simulatedServerRequested, this,
        [this] { Q_EMIT simulatedServerRequested(m_hardware->gpuId()); });
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id == PlanPageId)
            updatePlanInputs();
    });
    m_targets->setProduct(m_traffic->product());
    m_targets->setShape(m_traffic->shapes().value(0));
}

ConnectionWizard::~ConnectionWizard() = default;

core::RunOptions ConnectionWizard::options() const
{
    core::RunOptions o = m_base;
    o.url = m_server->url();
    o.gpu = m_hardware->gpuId();
    o.product = m_traffic->product();
    o.gpuCount = m_hardware->gpuCount();
    o.shapes = m_traffic->shapes();
    o.dataset = m_traffic->datasetPath();
    o.trace = m_traffic->tracePath();
    o.traceSpeed = m_traffic->traceSpeed();
    o.traceStartSeconds = m_traffic->traceStartSeconds();
    o.traceDurationSeconds = m_traffic->traceDurationSeconds();
    o.traceWindow = m_traffic->traceWindow();
    o.sharedPrefixTokens = m_traffic->sharedPrefixTokens();
    o.lengthSpread = m_traffic->lengthSpread();
    o.turns = m_traffic->turns();
    o.fanOut = m_traffic->fanOut();
    o.models = m_traffic->models();
    o.resetPrefixCache = m_traffic->resetPrefixCache();
    o.slo = m_targets->targets();
    o.percentile = m_targets->percentile();
    o.concurrency = m_plan->concurrency();
    o.quick = m_plan->quick();
    o.requestsPerStep = o.quick ? 0 : m_plan->requestsPerStep();
    o.rates = m_plan->rates();
    o.constantArrivals = m_plan->constantArrivals();
    if (o.constantArrivals)
        o.burstiness = 1; // even arrivals have no burstiness to shape
    o.maxInFlight = m_plan->maxInFlight();
    o.thinkTimeMs = m_plan->thinkTimeMs();
    o.rampMs = m_plan->rampMs();
    o.insecure = m_server->insecure();
    o.caFile = m_server->caFile();
    o.dcgmUrl = m_hardware->dcgmUrl();
    o.maxErrorFraction = m_plan->maxFailureFraction();
    o.capacityPrecision = m_plan->capacityPrecision();
    o.firstByteTimeoutMs = m_plan->firstByteTimeoutMs();
    o.stallTimeoutMs = m_plan->stallTimeoutMs();
    o.requestTimeoutMs = m_plan->requestTimeoutMs();
    o.serverWaitSeconds = m_plan->serverWaitSeconds();
    return o;
}

void ConnectionWizard::setOptions(const core::RunOptions& options)
{
    m_base = options;
    if (!options.url.isEmpty())
        m_server->setUrl(options.url);
    if (!options.gpu.isEmpty())
        m_hardware->setGpuId(options.gpu);
    if (options.gpuCount > 0)
        m_hardware->setGpuCount(options.gpuCount);
    m_traffic->setProduct(options.product);
    m_traffic->setShapes(options.shapes);
    if (!options.dataset.isEmpty())
        m_traffic->setDatasetPath(options.dataset);
    if (!options.trace.isEmpty())
        m_traffic->setTrace(options.trace, options.traceSpeed, options.traceStartSeconds, options.traceDurationSeconds);
    m_traffic->setSharedPrefixTokens(options.sharedPrefixTokens);
    m_traffic->setLengthSpread(options.lengthSpread);
    m_traffic->setTurns(options.turns);
    m_traffic->setFanOut(options.fanOut);
    m_traffic->setModels(options.models);
    m_traffic->setResetPrefixCache(options.resetPrefixCache);
    m_targets->setProduct(options.product);
    m_targets->setTargets(options.slo);
    m_targets->setPercentile(options.percentile);
    m_plan->setConcurrency(options.concurrency);
    m_plan->setRequestsPerStep(options.requestsPerStep);
    m_plan->setQuick(options.quick);
    m_plan->setRates(options.rates);
    m_plan->setConstantArrivals(options.constantArrivals);
    m_plan->setMaxInFlight(options.maxInFlight);
    m_plan->setThinkTimeMs(options.thinkTimeMs);
    m_plan->setRampMs(options.rampMs);
    m_server->setInsecure(options.insecure);
    m_server->setCaFile(options.caFile);
    m_hardware->setDcgmUrl(options.dcgmUrl);
    m_plan->setMaxFailureFraction(options.maxErrorFraction);
    m_plan->setCapacityPrecision(options.capacityPrecision);
    m_plan->setFirstByteTimeoutMs(options.firstByteTimeoutMs);
    m_plan->setStallTimeoutMs(options.stallTimeoutMs);
    m_plan->setRequestTimeoutMs(options.requestTimeoutMs);
    m_plan->setServerWaitSeconds(options.serverWaitSeconds);
}

void ConnectionWizard::startFrom(const NewRunDefaults& defaults)
{
    if (defaults.lastUrl.isValid() && !defaults.lastUrl.host().isEmpty())
        m_server->setUrl(defaults.lastUrl);
    if (!defaults.gpu.isEmpty())
        m_hardware->setGpuId(defaults.gpu);
    if (!defaults.product.isEmpty()) {
        m_traffic->setProduct(defaults.product);
        m_targets->setProduct(defaults.product);
    }
    m_targets->setTargets(defaults.targets());
    if (defaults.percentile > 0)
        m_targets->setPercentile(defaults.percentile);
    if (!defaults.lastConcurrency.isEmpty())
        m_plan->setConcurrency(defaults.lastConcurrency);
    m_plan->setQuick(defaults.lastQuick);
}

QByteArray ConnectionWizard::apiKey() const
{
    return m_server->apiKey();
}

int ConnectionWizard::gpuCount() const
{
    return m_hardware->gpuCount();
}

QString ConnectionWizard::datasetPath() const
{
    return m_traffic->datasetPath();
}

void ConnectionWizard::useSimulatedServer(const QUrl& url, const QString& error)
{
    m_server->useSimulatedServer(url, error);
}

std::optional<core::ServerFacts> ConnectionWizard::serverFacts() const
{
    return m_server->facts();
}

void ConnectionWizard::updatePlanInputs()
{
    core::DurationEstimate::Inputs inputs;
    inputs.options = options();
    inputs.gpu = m_hardware->gpu();
    inputs.gpuCount = m_hardware->gpuCount();
    if (const std::optional<core::ServerFacts>& facts = m_server->facts()) {
        // The served name may be an alias (--served-model-name); the root is what was loaded.
        const core::Catalog catalog = core::Catalog::forUser();
        inputs.model = catalog.model(facts->modelRoot);
        if (!inputs.model)
            inputs.model = catalog.model(facts->modelId);
        inputs.timeScale = facts->timeScale.value_or(1);
    }
    m_plan->setEstimateInputs(inputs);
}

} // namespace kp::ui
