// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/serverlauncher.h"

#include "core/launch/launchcommandbuilder.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcessEnvironment>

#include <array>
#include <csignal>

#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif
#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace kp::core {

namespace {

constexpr int LinesKept = 5000;
constexpr int SmokeMaxTokens = 16;
constexpr int SmokeRequests = 8; // 2 APIs x 2 prompts x 2 repeats
constexpr int CleanupTimeoutMs = 60'000;

// Fixed prompts with short, stable greedy answers on any instruction-tuned model.
const std::array<const char*, 2> CompletionPrompts {"The capital of France is", "1, 2, 3, 4, 5,"};
const std::array<const char*, 2> ChatPrompts {
    "Reply with one word: what colour is the sky on a clear day?", "What is 2 + 2? Answer with a number."};

bool runQuietly(const LaunchCommandLine& c, int timeoutMs)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(c.program, c.arguments);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        return false;
    }
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

} // namespace

ServerLauncher::ServerLauncher(const LaunchPlan& plan, const Options& options, QObject* parent)
    : QObject(parent)
    , m_plan(plan)
    , m_options(options)
    , m_secret(qgetenv("HF_TOKEN").trimmed())
{
    m_poll.setInterval(options.pollIntervalMs);
    connect(&m_poll, &QTimer::timeout, this, &ServerLauncher::pollHealth);
}

ServerLauncher::~ServerLauncher()
{
    stop();
}

QString ServerLauncher::stageName(Stage stage)
{
    switch (stage) {
    case Stage::Idle:
        return QStringLiteral("idle");
    case Stage::Starting:
        return QStringLiteral("starting");
    case Stage::WaitingForHealth:
        return QStringLiteral("health");
    case Stage::CheckingModel:
        return QStringLiteral("model");
    case Stage::SmokeTest:
        return QStringLiteral("smoke test");
    case Stage::Ready:
        return QStringLiteral("ready");
    case Stage::Failed:
        return QStringLiteral("failed");
    case Stage::Stopped:
        return QStringLiteral("stopped");
    }
    return {};
}

QUrl ServerLauncher::baseUrl() const
{
    // A server published on every address is still reached over loopback from here.
    const QString host = m_plan.host == u"0.0.0.0" || m_plan.host.isEmpty() ? QStringLiteral("127.0.0.1") : m_plan.host;
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(host);
    url.setPort(m_plan.port);
    return url;
}

void ServerLauncher::setStage(Stage stage, const QString& detail)
{
    m_stage = stage;
    Q_EMIT stageChanged(stage, detail);
}

QString ServerLauncher::redact(QString line) const
{
    if (m_secret.size() >= 4)
        line.replace(QString::fromUtf8(m_secret), QStringLiteral("[HF_TOKEN]"));
    return line;
}

void ServerLauncher::start()
{
    const LaunchCommandLine command = LaunchCommandBuilder::build(m_plan);
    m_record.id = m_plan.id;
    m_record.runtime = m_plan.runtime;
    m_record.container = launchInContainer(m_plan.runtime) ? m_plan.containerName() : QString();
    m_record.program = command.program;
    m_record.arguments = command.arguments;
    m_record.ownerPid = QCoreApplication::applicationPid();
    m_record.startedUtc = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    QString error;
    // Written before the start: a crash between start and record would otherwise leave a server nobody knows of.
    if (!m_record.write(&error, m_options.recordDirectory)) {
        fail(error, false);
        return;
    }
    if (!m_options.logPath.isEmpty()) {
        m_logFile.setFileName(m_options.logPath);
        if (!m_logFile.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
            m_logFile.setFileName(QString());
    }

    HttpClient::Settings probes;
    // The launcher's probes read a health answer, a model list and a one-token completion: a few KB at most.
    probes.maxBytes = qint64(4) << 20;
    m_client = std::make_unique<HttpClient>(std::move(probes));
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : command.environment)
        env.insert(name, value);
    for (const QString& name : command.unsetEnvironment)
        env.remove(name);
    m_process->setProcessEnvironment(env);
#ifdef Q_OS_UNIX
    m_process->setChildProcessModifier([] {
        // Its own process group, so that stop() reaches vLLM's worker processes and a Ctrl-C on the terminal reaches
        // only Kneepoint, which then stops the server in order.
        ::setsid();
#ifdef Q_OS_LINUX
        // Should Kneepoint die without cleaning up, the engine (or `docker run`, which passes the signal on to the
        // container) is told to stop.
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
    });
#endif
    connect(m_process, &QProcess::readyReadStandardOutput, this, &ServerLauncher::onOutput);
    connect(m_process, &QProcess::finished, this, &ServerLauncher::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart && !m_stopping)
            fail(QStringLiteral("Cannot start %1: %2. Is it installed and on PATH?")
                     .arg(m_record.program, m_process->errorString()),
                false);
    });
    setStage(Stage::Starting, LaunchCommandBuilder::display(command));
    m_clock.start();
    m_process->start(command.program, command.arguments);
    if (!m_process->waitForStarted(30'000)) {
        if (m_stage != Stage::Failed)
            fail(QStringLiteral("Cannot start %1: %2.").arg(command.program, m_process->errorString()), false);
        return;
    }
    m_record.pid = m_process->processId();
    m_record.write(&error, m_options.recordDirectory);
    setStage(Stage::WaitingForHealth,
        QStringLiteral("waiting up to %1 min for /health").arg(m_options.healthTimeoutMs / 60'000.0, 0, 'g', 3));
    m_poll.start();
}

void ServerLauncher::onOutput()
{
    m_partial += m_process->readAllStandardOutput();
    qsizetype end = 0;
    while ((end = m_partial.indexOf('\n')) >= 0 || (end = m_partial.indexOf('\r')) >= 0) {
        // Progress bars redraw with carriage returns: each redraw is a line of its own.
        const QString line = redact(QString::fromUtf8(m_partial.left(end)).trimmed());
        m_partial.remove(0, end + 1);
        if (line.isEmpty())
            continue;
        m_lines << line;
        if (m_lines.size() > LinesKept)
            m_lines.removeFirst();
        if (m_logFile.isOpen()) {
            m_logFile.write(line.toUtf8() + '\n');
            m_logFile.flush();
        }
        Q_EMIT logLine(line);
        if (m_log.feed(line) == StartupLog::Kind::Progress && m_log.progress() != m_lastProgress) {
            m_lastProgress = m_log.progress();
            Q_EMIT progress(m_lastProgress);
        }
    }
}

QString ServerLauncher::explain() const
{
    QString text;
    for (const QString& s : m_log.fatalSentences())
        text += u' ' + s;
    QStringList lines = m_log.relevantLines(12);
    if (lines.isEmpty())
        lines = m_lines.mid(std::max<qsizetype>(0, m_lines.size() - 12));
    if (!lines.isEmpty())
        text += QStringLiteral("\nThe server's last relevant log lines:\n  ") + lines.join(QStringLiteral("\n  "));
    return text;
}

void ServerLauncher::fail(const QString& sentence, bool withLog)
{
    if (m_stage == Stage::Failed || m_stopping)
        return;
    m_poll.stop();
    m_failure = sentence + (withLog ? explain() : QString());
    stop();
    m_stage = Stage::Failed;
    Q_EMIT stageChanged(Stage::Failed, m_failure);
    Q_EMIT failed(m_failure);
}

void ServerLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (m_stopping)
        return;
    onOutput();
    const QString how = status == QProcess::CrashExit ? QStringLiteral("crashed")
                                                      : QStringLiteral("exited with code %1").arg(exitCode);
    if (m_stage == Stage::Ready) {
        const QString sentence = QStringLiteral("The server %1 while it was in use.").arg(how) + explain();
        stop();
        Q_EMIT exitedUnexpectedly(sentence);
        return;
    }
    fail(QStringLiteral("Start-up failed at the %1 check: the server %2 before it was ready.")
             .arg(stageName(m_stage), how));
}

void ServerLauncher::request(const QString& path, const QJsonObject* body, int timeoutMs, const Answer& answer)
{
    QUrl url = baseUrl();
    url.setPath(path);
    HttpClient::Request r = HttpClient::Request::get(url, timeoutMs);
    if (body)
        r = HttpClient::Request::post(url, *body, timeoutMs);
    connect(m_client->start(r), &HttpExchange::answered, this,
        [answer](const HttpAnswer& a) { answer(a.status, a.body, a.failure); });
}

void ServerLauncher::pollHealth()
{
    if (m_stage != Stage::WaitingForHealth || m_healthInFlight)
        return;
    if (m_clock.elapsed() > m_options.healthTimeoutMs) {
        fail(QStringLiteral("The health check failed: the server did not answer /health within %1 s%2.")
                 .arg(m_options.healthTimeoutMs / 1000)
                 .arg(m_lastProgress.isEmpty() ? QString()
                                               : QStringLiteral(" (last progress: %1)").arg(m_lastProgress)));
        return;
    }
    m_healthInFlight = true;
    request(QStringLiteral("/health"), nullptr, 5000, [this](int status, const QByteArray&, const QString&) {
        m_healthInFlight = false;
        if (m_stage != Stage::WaitingForHealth || status != 200)
            return;
        m_poll.stop();
        checkModel();
    });
}

void ServerLauncher::checkModel()
{
    setStage(Stage::CheckingModel, QStringLiteral("/v1/models"));
    request(
        QStringLiteral("/v1/models"), nullptr, 30'000, [this](int status, const QByteArray& body, const QString& e) {
            if (m_stage != Stage::CheckingModel)
                return;
            if (status != 200) {
                fail(QStringLiteral("The model check failed: /v1/models answered %1.")
                         .arg(status ? QStringLiteral("HTTP %1").arg(status) : e));
                return;
            }
            const QJsonArray cards = QJsonDocument::fromJson(body).object().value(u"data").toArray();
            QStringList names;
            for (const QJsonValue v : cards) {
                const QJsonObject card = v.toObject();
                names << card.value(u"id").toString();
                if (card.value(u"id").toString() != m_plan.servedModelName)
                    continue;
                if (m_plan.engine == LaunchEngine::LlamaCpp) {
                    // llama-server lists the file under its --alias, without vLLM's root or max_model_len.
                    setStage(Stage::SmokeTest, QStringLiteral("greedy completions and chat, each asked twice"));
                    runSmoke(0);
                    return;
                }
                const QString root = card.value(u"root").toString();
                if (root != m_plan.model) {
                    fail(QStringLiteral(
                        "The model check failed: /v1/models serves %1 from '%2', not the requested '%3'.")
                             .arg(m_plan.servedModelName, root, m_plan.model));
                    return;
                }
                const QString wanted = m_plan.engineArg(QStringLiteral("--max-model-len"));
                const int served = card.value(u"max_model_len").toInt();
                if (!wanted.isEmpty() && served != wanted.toInt()) {
                    fail(
                        QStringLiteral("The model check failed: /v1/models reports max_model_len %1, not the requested "
                                       "%2.")
                            .arg(served)
                            .arg(wanted));
                    return;
                }
                setStage(Stage::SmokeTest, QStringLiteral("greedy completions and chat, each asked twice"));
                runSmoke(0);
                return;
            }
            fail(QStringLiteral("The model check failed: /v1/models does not list '%1' (it lists: %2).")
                     .arg(m_plan.servedModelName, names.isEmpty() ? QStringLiteral("nothing") : names.join(u", ")));
        });
}

void ServerLauncher::runSmoke(int index)
{
    if (index >= SmokeRequests) {
        setStage(Stage::Ready, baseUrl().toString());
        Q_EMIT ready();
        return;
    }
    const bool chat = index >= SmokeRequests / 2;
    const int prompt = (index / 2) % 2;
    const char* text = chat ? ChatPrompts.at(prompt) : CompletionPrompts.at(prompt);
    QJsonObject body {{QStringLiteral("model"), m_plan.servedModelName}, {QStringLiteral("temperature"), 0},
        {QStringLiteral("max_tokens"), SmokeMaxTokens}, {QStringLiteral("stream"), false}};
    if (chat)
        body[QStringLiteral("messages")] = QJsonArray {QJsonObject {
            {QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), QString::fromUtf8(text)}}};
    else
        body[QStringLiteral("prompt")] = QString::fromUtf8(text);
    const QString path = chat ? QStringLiteral("/v1/chat/completions") : QStringLiteral("/v1/completions");
    request(path, &body, m_options.requestTimeoutMs,
        [this, index, chat, path, text](int status, const QByteArray& reply, const QString& error) {
            if (m_stage != Stage::SmokeTest)
                return;
            const QString promptText = QString::fromUtf8(text);
            if (status != 200) {
                const QJsonObject answer = QJsonDocument::fromJson(reply).object();
                // vLLM's error body: {"error": {"message": …}} in newer versions, {"message": …} in older ones.
                const QString detail
                    = answer.value(u"error").toObject().value(u"message").toString(answer.value(u"message").toString());
                fail(QStringLiteral("The smoke test failed: %1 answered %2%3 to \"%4\".")
                         .arg(path, status ? QStringLiteral("HTTP %1").arg(status) : error,
                             detail.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(detail), promptText));
                return;
            }
            const QJsonObject choice
                = QJsonDocument::fromJson(reply).object().value(u"choices").toArray().at(0).toObject();
            const QString answer = chat ? choice.value(u"message").toObject().value(u"content").toString()
                                        : choice.value(u"text").toString();
            if (answer.trimmed().isEmpty()) {
                fail(QStringLiteral("The smoke test failed: %1 gave an empty answer to \"%2\".").arg(path, promptText));
                return;
            }
            if (m_startupSeconds < 0)
                m_startupSeconds = double(m_clock.nsecsElapsed()) / 1e9;
            if (index % 2 == 1 && answer != m_smokeAnswers.last()) {
                fail(QStringLiteral("The smoke test failed: %1 at temperature 0 answered \"%2\" differently on "
                                    "repeat (\"%3\", then \"%4\"): the server is not deterministic, or not the model "
                                    "asked for.")
                         .arg(path, promptText, m_smokeAnswers.last(), answer));
                return;
            }
            m_smokeAnswers << answer;
            runSmoke(index + 1);
        });
}

void ServerLauncher::stop()
{
    if (m_stopping || !m_process)
        return;
    m_stopping = true;
    m_poll.stop();
    if (launchInContainer(m_plan.runtime)) {
        // The container goes first: `docker run` ending does not end the container.
        for (const LaunchCommandLine& c : LaunchCommandBuilder::cleanup(m_plan.runtime, m_plan.containerName()))
            runQuietly(c, CleanupTimeoutMs);
        if (m_process->state() != QProcess::NotRunning && !m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(2000);
        }
    } else if (m_record.pid > 1) {
#ifdef Q_OS_UNIX
        // The pid recorded at start, never processId() (0 once the process ended: kill(0) would hit Kneepoint's own
        // group). The group outlives its leader while vLLM's workers do, so it still names them.
        const auto group = pid_t(m_record.pid);
        if (m_process->state() != QProcess::NotRunning) {
            ::kill(-group, SIGTERM);
            if (!m_process->waitForFinished(m_options.stopGraceMs)) {
                ::kill(-group, SIGKILL);
                m_process->waitForFinished(5000);
            }
        }
        ::kill(-group, SIGKILL);
#else
        m_process->kill();
        m_process->waitForFinished(5000);
#endif
    }
    m_record.remove(m_options.recordDirectory);
    if (m_logFile.isOpen())
        m_logFile.close();
    if (m_stage != Stage::Failed)
        setStage(Stage::Stopped);
}

QJsonObject ServerLauncher::facts() const
{
    QJsonObject o = m_plan.toJson();
    const QJsonObject log = m_log.toJson();
    for (auto it = log.begin(); it != log.end(); ++it)
        o.insert(it.key(), it.value());
    if (m_startupSeconds >= 0)
        o[QStringLiteral("startup_seconds")] = m_startupSeconds;
    o[QStringLiteral("smoke_test")] = m_stage == Stage::Ready
            || (m_stage == Stage::Stopped && m_startupSeconds >= 0 && m_smokeAnswers.size() == SmokeRequests)
        ? QStringLiteral("passed")
        : QStringLiteral("not passed");
    return o;
}

} // namespace kp::core
