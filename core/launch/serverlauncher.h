// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/launch/launchplan.h"
#include "core/launch/launchrecord.h"
#include "core/launch/startuplog.h"
#include "core/net/httpclient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

class QNetworkReply;

namespace kp::core {

/// Starts vLLM or llama-server from a LaunchPlan and proves it answers before anything else may load it:
///   process started → /health polled every second (up to a timeout, progress read from the log) → /v1/models names
///   the served name (for vLLM with the requested model as `root` and the expected max_model_len) → a greedy smoke test
///   (temperature 0, two fixed prompts each for completions and chat, each asked twice: non-empty and identical) →
///   ready, with the start-up time (process start to the first smoke answer).
/// Any failed step stops the server and says which check failed, with the log lines that explain it. stop() (and the
/// destructor) stop and remove the server; a launch record on disk lets the next launch clean up after a crash.
/// Lives on one thread with an event loop; stop() blocks for at most the clean-up's timeouts.
class ServerLauncher : public QObject
{
    Q_OBJECT
public:
    enum class Stage { Idle, Starting, WaitingForHealth, CheckingModel, SmokeTest, Ready, Failed, Stopped };

    struct Options
    {
        int healthTimeoutMs = 15 * 60 * 1000;
        int pollIntervalMs = 1000;
        int requestTimeoutMs = 120'000; ///< per smoke request: the first may compile kernels
        int stopGraceMs = 10'000; ///< SIGTERM to SIGKILL, for the local runtime
        QString recordDirectory = LaunchRecord::directory();
        QString logPath; ///< where the server's output is written as it comes; empty: nowhere
    };

    ServerLauncher(const LaunchPlan& plan, const Options& options, QObject* parent = nullptr);
    ~ServerLauncher() override;

    void start();
    /// Stops and removes the server; idempotent. Blocks until it is gone or the clean-up timed out.
    void stop();

    Stage stage() const { return m_stage; }
    static QString stageName(Stage stage);
    const LaunchPlan& plan() const { return m_plan; }
    QUrl baseUrl() const;
    /// From process start to the first smoke-test answer, in seconds; -1 until then.
    double startupSeconds() const { return m_startupSeconds; }
    const StartupLog& log() const { return m_log; }
    /// The last lines of output (at most a few thousand), secrets removed.
    const QStringList& logLines() const { return m_lines; }
    /// The sentence of the failed check; empty unless failed.
    const QString& failure() const { return m_failure; }
    /// For the run's facts: the plan's (runtime, image, digest, pinned, revision…), the log's (KV cache tokens, max
    /// concurrency…), startup_seconds and the smoke test.
    QJsonObject facts() const;

Q_SIGNALS:
    void stageChanged(kp::core::ServerLauncher::Stage stage, const QString& detail);
    void logLine(const QString& line);
    /// A step of start-up worth showing ("loading weights: 2/4 shards").
    void progress(const QString& what);
    void ready();
    void failed(const QString& sentence);
    /// The server ended by itself after it was ready.
    void exitedUnexpectedly(const QString& sentence);

private:
    using Answer = std::function<void(int status, const QByteArray& body, const QString& error)>;

    void setStage(Stage stage, const QString& detail = {});
    void fail(const QString& sentence, bool withLog = true);
    void onOutput();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void pollHealth();
    void checkModel();
    void runSmoke(int index);
    void request(const QString& path, const QJsonObject* body, int timeoutMs, const Answer& answer);
    QString redact(QString line) const;
    QString explain() const;

    LaunchPlan m_plan;
    Options m_options;
    Stage m_stage = Stage::Idle;
    QProcess* m_process = nullptr;
    std::unique_ptr<HttpClient> m_client; ///< the start-up probes': the launched server has no API key
    QTimer m_poll;
    QElapsedTimer m_clock;
    LaunchRecord m_record;
    StartupLog m_log;
    QStringList m_lines;
    QByteArray m_partial;
    QFile m_logFile;
    QByteArray m_secret; ///< HF_TOKEN's value, to keep it out of every line kept or shown
    QString m_failure;
    QString m_lastProgress;
    double m_startupSeconds = -1;
    QStringList m_smokeAnswers;
    bool m_stopping = false;
    bool m_healthInFlight = false;
};

} // namespace kp::core
