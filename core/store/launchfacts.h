// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cmath>
#include <limits>
#include <optional>

namespace kp::core {

/// What a launch of Kneepoint's recorded in its run's facts (stored as "launch"): what was launched (LaunchPlan),
/// what the launch measured (start-up, memory, the server's log, peaks) and the experiment a trial belongs to.
/// Read above store/ through this type, never the stored JSON by key (the layering test holds every layer to it).
struct LaunchFacts
{
    bool launched = false; ///< false: a server Kneepoint did not start; every other field is empty
    QString runtime; ///< "docker", "podman", "local", "simulated"
    QString engine; ///< "vllm" or "llamacpp"
    QString model;
    QString revision;
    QString servedModelName;
    QStringList engineArgs; ///< "--flag=value" or "--flag", as launched
    std::optional<QString> image; ///< a container's image reference
    bool imagePinned = false;
    std::optional<QString> ggufFile; ///< llama.cpp: the model file's name, never its directories
    double ggufBytes = 0;

    /// The memory estimate the launch checked before starting (MemoryEstimate's facts).
    struct MemoryEstimate
    {
        double needMib = 0;
        double weightsMib = 0;
        double kvCacheMib = 0;
        std::optional<double> computeMib; ///< llama.cpp's compute buffers
        double reserveMib = 0;
        double availableMib = 0;
        QString against; ///< what the available memory is: "the catalog's H100 80GB", "nvidia-smi"
    };
    std::optional<MemoryEstimate> memoryEstimate;
    std::optional<double> reportedWeightsMib; ///< the server's log
    std::optional<double> reportedKvCacheMib;
    std::optional<double> reportedComputeMib;
    std::optional<double> startupSeconds; ///< cold start to the first answer
    std::optional<double> kvCacheTokens; ///< vLLM's log: GPU KV cache size
    std::optional<double> maxConcurrency; ///< vLLM's log: maximum concurrency at maxConcurrencyTokens per request
    int maxConcurrencyTokens = 0;
    std::optional<double> kvCachePeakUsage; ///< 0..1, the peak of /metrics' KV cache usage during the run
    std::optional<double> peakVramMib; ///< the busiest GPU's peak
    QString peakVramSource;
    std::optional<QString> peakVramNote; ///< why peak VRAM was not measured

    /// The experiment (kneepoint tune) a trial's run belongs to.
    struct ExperimentTag
    {
        QString id;
        QString setting; ///< "--flag=value" tried; empty: the baseline
        qint64 qualityPass = -1; ///< the trial's quality pass; -1: none
        bool predicted = false; ///< the twin predicted the trial before it ran
        double predictedUsers = std::numeric_limits<double>::quiet_NaN(); ///< NaN: the twin gave no number
        bool predictedAtLeast = false;
        QString predictionWords;
        qint64 predictionFittedToRun = -1;

        QJsonObject toJson() const;
        static ExperimentTag fromJson(const QJsonObject& json);
    };
    std::optional<ExperimentTag> experiment;

    /// What was launched, without what a launch measured or named for itself (start-up time, memory, peaks, the
    /// log, the container's name) and with the engine's arguments sorted: equal for two launches of one
    /// configuration, in whatever order its arguments were typed.
    QJsonObject configuration;

    /// The launch facts of a run's facts ("launch"); not launched when there are none.
    static LaunchFacts of(const QJsonObject& runFacts);
    /// A launch's own facts (LaunchSession::facts): launched.
    static LaunchFacts fromJson(const QJsonObject& launch);
    /// A run's facts with `tag` written into its launch's facts.
    static QJsonObject tagged(QJsonObject runFacts, const ExperimentTag& tag);
};

} // namespace kp::core
