// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/launch/launchdialog.h"

#include "core/catalog/catalog.h"
#include "core/launch/imagereference.h"
#include "core/launch/launchsession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace kp::ui {

using namespace kp::core;

LaunchDialog::LaunchDialog(QWidget* parent)
    : QDialog(parent)
    , m_engine(new QComboBox(this))
    , m_gguf(new QLineEdit(this))
    , m_browseGguf(new QPushButton(tr("Bro&wse…"), this))
    , m_model(new QLineEdit(this))
    , m_revision(new QLineEdit(this))
    , m_runtime(new QComboBox(this))
    , m_image(new QLineEdit(this))
    , m_allowUnpinned(new QCheckBox(tr("Allow an image without a digest (the report says so)"), this))
    , m_engineCommand(new QLineEdit(this))
    , m_gpu(new QComboBox(this))
    , m_gpus(new QSpinBox(this))
    , m_maxModelLen(new QSpinBox(this))
    , m_port(new QSpinBox(this))
    , m_engineArgs(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
    , m_log(new QPlainTextEdit(this))
    , m_check(new QPushButton(tr("C&heck"), this))
    , m_start(new QPushButton(tr("&Start"), this))
    , m_stop(new QPushButton(tr("S&top"), this))
    , m_benchmark(new QPushButton(tr("&Benchmark it…"), this))
    , m_tune(new QPushButton(tr("&Find the best setting…"), this))
{
    setObjectName(QStringLiteral("launchDialog"));
    setWindowTitle(tr("Start a server"));
    const auto name = [](QWidget* w, const char* id, const QString& accessible) {
        w->setObjectName(QLatin1String(id));
        w->setAccessibleName(accessible);
    };
    name(m_engine, "launchEngine", tr("Engine"));
    m_engine->addItem(tr("vLLM"), QStringLiteral("vllm"));
    m_engine->addItem(tr("llama.cpp (llama-server)"), QStringLiteral("llamacpp"));
    name(m_gguf, "launchGguf", tr("GGUF file"));
    m_gguf->setPlaceholderText(tr("a .gguf file on this machine, or its name in the model's repository"));
    m_browseGguf->setObjectName(QStringLiteral("launchBrowseGguf"));
    name(m_model, "launchModel", tr("Model"));
    m_model->setPlaceholderText(QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"));
    name(m_revision, "launchRevision", tr("Revision"));
    m_revision->setPlaceholderText(tr("a commit hash (best), branch or tag"));
    name(m_runtime, "launchRuntime", tr("Runtime"));
    m_runtime->addItem(tr("Docker"), QStringLiteral("docker"));
    m_runtime->addItem(tr("Podman"), QStringLiteral("podman"));
    m_runtime->addItem(tr("Installed here"), QStringLiteral("local"));
    m_runtime->addItem(tr("Simulated: no GPU needed"), QStringLiteral("simulated"));
    m_runtime->setItemData(m_runtime->count() - 1,
        tr("Kneepoint's simulated vLLM stands in for the engine: a model of the catalog on the GPU chosen below, at "
           "10× speed. Everything else (checks, proof, benchmark, experiments) runs as with a real server."),
        Qt::ToolTipRole);
    name(m_image, "launchImage", tr("Image"));
    m_image->setPlaceholderText(ImageReference::defaultImage().toString());
    name(m_allowUnpinned, "launchAllowUnpinned", tr("Allow an unpinned image"));
    name(m_engineCommand, "launchEngineCommand", tr("Server executable"));
    m_engineCommand->setPlaceholderText(QStringLiteral("vllm"));
    name(m_gpu, "launchGpu", tr("GPU"));
    const Catalog catalog = Catalog::forUser();
    for (const GpuSpec& g : catalog.gpus())
        m_gpu->addItem(g.name, g.id);
    name(m_gpus, "launchGpus", tr("GPUs"));
    m_gpus->setRange(1, 64);
    name(m_maxModelLen, "launchMaxModelLen", tr("Context length"));
    m_maxModelLen->setRange(0, 10'000'000);
    m_maxModelLen->setSingleStep(1024);
    m_maxModelLen->setSpecialValueText(tr("the model's own"));
    name(m_port, "launchPort", tr("Port"));
    m_port->setRange(0, 65535);
    m_port->setValue(8000);
    m_port->setSpecialValueText(tr("any free port"));
    name(m_engineArgs, "launchEngineArgs", tr("Engine arguments"));
    m_engineArgs->setPlaceholderText(tr("One per line, as FLAG=VALUE: --kv-cache-dtype=fp8"));
    m_engineArgs->setMaximumHeight(fontMetrics().lineSpacing() * 5);
    name(m_status, "launchStatus", tr("Status"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText); // the engine's own words (its last log line, its errors) are data
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    name(m_log, "launchLog", tr("Server log"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    // Wrapped: an engine's long lines (a traceback, its arguments) are read here, not scrolled to sideways.
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_check->setObjectName(QStringLiteral("launchCheck"));
    m_start->setObjectName(QStringLiteral("launchStart"));
    m_stop->setObjectName(QStringLiteral("launchStop"));
    m_benchmark->setObjectName(QStringLiteral("launchBenchmark"));
    m_tune->setObjectName(QStringLiteral("launchTune"));
    m_tune->setToolTip(tr("Launch this server once as it is and once with each setting to try, measure each, and "
                          "recommend the best (kneepoint tune)"));

    auto* form = new QFormLayout;
    form->addRow(tr("E&ngine:"), m_engine);
    auto* ggufRow = new QHBoxLayout;
    ggufRow->addWidget(m_gguf, 1);
    ggufRow->addWidget(m_browseGguf);
    auto* ggufLabel = new QLabel(tr("GG&UF file:"), this);
    ggufLabel->setBuddy(m_gguf);
    form->addRow(ggufLabel, ggufRow);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("&Revision:"), m_revision);
    form->addRow(tr("R&untime:"), m_runtime);
    form->addRow(tr("&Image:"), m_image);
    form->addRow(QString(), m_allowUnpinned);
    form->addRow(tr("Server e&xecutable:"), m_engineCommand);
    auto* gpuRow = new QHBoxLayout;
    gpuRow->addWidget(m_gpu, 1);
    gpuRow->addWidget(new QLabel(tr("×"), this));
    gpuRow->addWidget(m_gpus);
    auto* gpuLabel = new QLabel(tr("&GPU:"), this);
    gpuLabel->setBuddy(m_gpu);
    form->addRow(gpuLabel, gpuRow);
    m_contextLabel = new QLabel(tr("&Context length:"), this);
    m_contextLabel->setBuddy(m_maxModelLen);
    form->addRow(m_contextLabel, m_maxModelLen);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&Engine arguments:"), m_engineArgs);
    m_explain = new QLabel(this);
    m_explain->setObjectName(QStringLiteral("launchExplain"));
    m_explain->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_check, m_start, m_stop, m_benchmark, m_tune})
        buttons->addWidget(b);
    buttons->addStretch(1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addWidget(close);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_explain);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_log, 1);
    resize(760, 720);

    connect(m_check, &QPushButton::clicked, this, &LaunchDialog::check);
    connect(m_start, &QPushButton::clicked, this, &LaunchDialog::startServer);
    connect(m_stop, &QPushButton::clicked, this, &LaunchDialog::stopServer);
    connect(
        m_benchmark, &QPushButton::clicked, this, [this] { Q_EMIT benchmarkRequested(m_url, gpuId(), gpuCount()); });
    connect(m_tune, &QPushButton::clicked, this, [this] { Q_EMIT experimentRequested(request()); });
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_runtime, &QComboBox::currentIndexChanged, this, [this] {
        // The simulator stands in for vLLM only.
        if (simulated())
            m_engine->setCurrentIndex(m_engine->findData(QStringLiteral("vllm")));
        updateEngine();
    });
    connect(m_engine, &QComboBox::currentIndexChanged, this, &LaunchDialog::updateEngine);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, &LaunchDialog::updateButtons);
    connect(m_browseGguf, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("GGUF model"), m_gguf->text(), tr("GGUF models (*.gguf);;All files (*)"));
        if (!file.isEmpty())
            m_gguf->setText(file);
    });
    m_worker.setObjectName(QStringLiteral("launchWorker"));
    m_workerContext = new QObject;
    m_workerContext->moveToThread(&m_worker);
    connect(&m_worker, &QThread::finished, m_workerContext, &QObject::deleteLater);
    m_worker.start();
    updateEngine();
}

bool LaunchDialog::simulated() const
{
    return m_runtime->currentData().toString() == u"simulated";
}

bool LaunchDialog::llamaCpp() const
{
    return m_engine->currentData().toString() == u"llamacpp";
}

void LaunchDialog::updateEngine()
{
    const bool llama = llamaCpp();
    m_model->setPlaceholderText(llama ? tr("optional: ORG/NAME, with the GGUF file's name in that repository")
            : simulated()             ? tr("a model of the catalog: meta-llama/Llama-3.1-8B-Instruct")
                                      : QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"));
    m_image->setPlaceholderText(llama ? QStringLiteral("ghcr.io/ggml-org/llama.cpp:server@sha256:…")
                                      : ImageReference::defaultImage().toString());
    m_engineCommand->setPlaceholderText(llama ? QStringLiteral("llama-server") : QStringLiteral("vllm"));
    m_engineArgs->setPlaceholderText(llama ? tr("One per line, as FLAG=VALUE: --n-gpu-layers=99")
                                           : tr("One per line, as FLAG=VALUE: --kv-cache-dtype=fp8"));
    m_maxModelLen->setAccessibleName(llama ? tr("Context of all slots") : tr("Context length"));
    m_contextLabel->setText(llama ? tr("&Context of all slots:") : tr("&Context length:"));
    // What starting does, for this runtime: the simulator has no image, weights or token to speak of.
    m_explain->setText(simulated()
            ? tr("Kneepoint's simulated vLLM starts on 127.0.0.1 for the model and GPU chosen, at ten times real time: "
                 "no GPU, image or weights are needed, and HF_TOKEN is not passed to it. It is proven (health, model, "
                 "a greedy smoke test) before any load, and stopped when this dialog closes.")
            : tr("Nothing starts before the memory estimate fits. The image must be pinned by digest, engine "
                 "arguments must be on the allowed list, and the server listens on 127.0.0.1 only. It is proven "
                 "(health, model, a greedy smoke test) before any load, and stopped and removed when this dialog "
                 "closes. HF_TOKEN from the environment reaches a vLLM server and nothing else."));
    // llama.cpp runs on the CPU too: then the estimate is held against this machine's memory, not a GPU's.
    const bool hasCpuItem = m_gpu->count() > 0 && m_gpu->itemData(0).toString().isEmpty();
    if (llama && !hasCpuItem) {
        m_gpu->insertItem(0, tr("None: the CPU and this machine's memory"), QString());
        m_gpu->setCurrentIndex(0);
    } else if (!llama && hasCpuItem) {
        m_gpu->removeItem(0);
    }
    updateButtons();
}

LaunchDialog::~LaunchDialog()
{
    // The window is closing: the server is stopped and removed before the thread it was started from ends (Linux
    // sends the server's parent-death signal when that thread ends, and a killed launch leaves its container to the
    // next launch's clean-up). The session is deleted on its own thread.
    if (m_session) {
        LaunchSession* session = m_session;
        m_session = nullptr;
        QMetaObject::invokeMethod(
            m_workerContext,
            [session] {
                session->stop();
                delete session;
            },
            Qt::BlockingQueuedConnection);
    }
    m_worker.quit();
    m_worker.wait();
}

QString LaunchDialog::gpuId() const
{
    return m_gpu->currentData().toString();
}

int LaunchDialog::gpuCount() const
{
    return m_gpus->value();
}

QString LaunchDialog::statusText() const
{
    return m_status->text();
}

QString LaunchDialog::logText() const
{
    return m_log->toPlainText();
}

LaunchRequest LaunchDialog::request() const
{
    LaunchRequest r;
    const bool llama = llamaCpp();
    r.engine = llama ? LaunchEngine::LlamaCpp : LaunchEngine::Vllm;
    r.runtime = launchRuntimeFromName(m_runtime->currentData().toString()).value_or(LaunchRuntime::Docker);
    r.model = m_model->text().trimmed();
    if ((!llama || !r.model.isEmpty()) && !simulated())
        r.revision = m_revision->text().trimmed();
    if (llama)
        r.gguf = m_gguf->text().trimmed();
    r.gpu = gpuId();
    if (!r.gpu.isEmpty())
        r.gpus = gpuCount();
    r.port = m_port->value();
    if (r.runtime == LaunchRuntime::Local) {
        r.engineCommand = m_engineCommand->text().trimmed();
    } else if (launchInContainer(r.runtime)) {
        r.image = m_image->text().trimmed();
        r.allowUnpinned = m_allowUnpinned->isChecked();
    }
    if (m_maxModelLen->value() > 0)
        (llama ? r.ctxSize : r.maxModelLen) = QString::number(m_maxModelLen->value());
    for (const QString& line : m_engineArgs->toPlainText().split(u'\n', Qt::SkipEmptyParts)) {
        if (!line.trimmed().isEmpty())
            r.engineArgs << line.trimmed();
    }
    return r;
}

void LaunchDialog::check()
{
    prepare(false);
}

void LaunchDialog::startServer()
{
    prepare(true);
}

void LaunchDialog::prepare(bool start)
{
    if (isServing())
        return;
    m_log->clear();
    m_failure.clear();
    m_url.clear();
    m_checking = true;
    m_status->setText(start ? tr("Starting: the log below shows the server's progress.") : tr("Checking…"));
    // nvidia-smi, the runtime's daemon and the hub may each take seconds to answer: the window stays live.
    const LaunchRequest r = request();
    m_log->appendPlainText(tr("Same as: kneepoint launch %1").arg(r.arguments().join(u' ')));
    QMetaObject::invokeMethod(m_workerContext, [this, r, start] {
        const LaunchPreparation p = r.prepare(LaunchRequest::Wording::Form);
        QMetaObject::invokeMethod(
            this, [this, p, start] { prepared(p, start); }, Qt::QueuedConnection);
    });
    updateButtons();
}

void LaunchDialog::prepared(const LaunchPreparation& preparation, bool start)
{
    m_checking = false;
    for (const QString& line : preparation.checkLines())
        m_log->appendPlainText(line);
    if (!preparation.ok()) {
        m_status->setText(preparation.refusal);
        updateButtons();
        return;
    }
    if (!start) {
        for (const QString& line : preparation.warnings)
            m_log->appendPlainText(line);
        m_status->setText(tr("It fits and can start (%1): the memory estimate and the exact command line are below.")
                              .arg(preparation.runtime.sentence));
        updateButtons();
        return;
    }
    if (!isVisible()) {
        // Closed while the request was being prepared: nothing starts behind a window that is gone.
        m_status->setText(tr("Not started: the window was closed before the checks ended."));
        updateButtons();
        return;
    }
    m_session = new LaunchSession(preparation);
    m_session->moveToThread(&m_worker);
    connect(m_session, &LaunchSession::notice, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_session, &LaunchSession::progress, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_session, &LaunchSession::logLine, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_session, &LaunchSession::stageChanged, this, [this](ServerLauncher::Stage stage, const QString& detail) {
        if (stage != ServerLauncher::Stage::Failed && stage != ServerLauncher::Stage::Ready)
            m_log->appendPlainText(ServerLauncher::stageName(stage) + (detail.isEmpty() ? QString() : u": " + detail));
    });
    connect(m_session, &LaunchSession::ready, this, &LaunchDialog::sessionReady);
    connect(m_session, &LaunchSession::failed, this, &LaunchDialog::sessionFailed);
    connect(m_session, &LaunchSession::stopped, this, &LaunchDialog::sessionStopped);
    QMetaObject::invokeMethod(m_session, &LaunchSession::start);
    updateButtons();
}

void LaunchDialog::sessionReady(const QUrl& url)
{
    m_url = url;
    m_status->setText(tr("Proven and ready at %1. Benchmark it, or stop it when you are done.").arg(m_url.toString()));
    updateButtons();
}

void LaunchDialog::sessionFailed(const QString& sentence)
{
    // The sentence's first line says what failed; the log lines that explain it follow in the log.
    m_failure = sentence.section(u'\n', 0, 0);
    m_log->appendPlainText(sentence);
    m_status->setText(m_failure);
    m_url.clear();
    stopServer();
}

void LaunchDialog::sessionStopped()
{
    if (!m_session)
        return;
    m_session->deleteLater(); // on its own thread
    m_session = nullptr;
    m_stopping = false;
    m_url.clear();
    m_status->setText(m_failure.isEmpty() ? tr("The server was stopped and removed.") : m_failure);
    updateButtons();
}

void LaunchDialog::stopServer()
{
    if (!m_session || m_stopping)
        return;
    if (m_failure.isEmpty())
        m_status->setText(tr("Stopping and removing the server…"));
    // docker stop alone takes its ten seconds: the window does not wait, sessionStopped() says when it is done.
    m_stopping = true;
    QMetaObject::invokeMethod(m_session, &LaunchSession::stop);
    updateButtons();
}

void LaunchDialog::done(int result)
{
    stopServer();
    QDialog::done(result);
}

void LaunchDialog::updateButtons()
{
    const bool busy = isServing();
    const bool local = m_runtime->currentData().toString() == u"local";
    const bool container = !local && !simulated();
    m_image->setEnabled(container && !busy);
    m_allowUnpinned->setEnabled(container && !busy);
    m_engineCommand->setEnabled(local && !busy);
    m_engine->setEnabled(!simulated() && !busy);
    // A simulated model has no weights, so no revision to pin.
    m_revision->setEnabled(!simulated() && !busy);
    m_gpus->setEnabled(!gpuId().isEmpty() && !busy);
    m_gguf->setEnabled(llamaCpp() && !busy);
    m_browseGguf->setEnabled(llamaCpp() && !busy);
    m_check->setEnabled(!busy);
    m_start->setEnabled(!busy);
    m_stop->setEnabled(m_session && !m_stopping);
    m_benchmark->setEnabled(m_session && m_url.isValid() && !m_url.isEmpty());
    // An experiment launches its own servers, on the same port.
    m_tune->setEnabled(!busy);
}

} // namespace kp::ui
