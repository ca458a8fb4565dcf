// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/contextfit.h"
#include "core/load/serverendpoint.h"
#include "core/server/serverfamily.h"

#include <QByteArray>
#include <QJsonArray>
#include <QString>
#include <QUrl>

#include <functional>
#include <optional>
#include <vector>

namespace kp::core {

/// One finding of `kneepoint doctor`: what was checked, what came out, and what to do about it.
struct DoctorCheck
{
    enum class Result { Pass, Warn, Fail, Skipped };

    /// Stable, for scripts and the run: url, tcp, tls, health, version, models, shapes (when shapes were given),
    /// metrics, tokenize, completion, open-files, governor, cpu-busy.
    QString id;
    QString title; ///< "TCP connect"
    Result result = Result::Skipped;
    QString detail; ///< what was found, with numbers ("0.21 ms to 127.0.0.1:8000"); for a skipped check, why
    QString fix; ///< for a warning or a failure: what to do, in words
    double ms = -1; ///< how long it took, when timed

    /// "pass", "warn", "fail" or "skip": the word the text and the JSON output use.
    static QString resultName(Result result);
};

/// Everything the doctor found, in the order the checks ran.
struct DoctorReport
{
    std::vector<DoctorCheck> checks;
    QString modelId; ///< the served model the completion check used (a base model, not a LoRA adapter); empty if none
    /// The raw answers, so that a run can detect the server's version, context and metric names without asking again.
    QByteArray versionBody;
    QByteArray modelsBody;
    QByteArray metricsBody;
    QByteArray propsBody; ///< llama.cpp's /props, when it answered one
    QByteArray serverHeader; ///< the Server: header of the /version answer
    bool cancelled = false; ///< its Cancellation stopped it: the checks after that point did not run

    /// The answers as ServerFacts::detect() reads them.
    ServerReplies replies() const { return {versionBody, modelsBody, metricsBody, propsBody, serverHeader}; }

    /// No check failed: a benchmark can start (warnings only make some findings less certain).
    bool canBenchmark() const;
    /// The check with this id, or nullptr.
    const DoctorCheck* find(const QString& id) const;
    /// An array of {id, title, result, detail, fix, ms}; ms is null where nothing was timed. Never holds the API key.
    QJsonArray toJson() const;
};

/// Checks, before a benchmark, that a server answers like vLLM and that this machine can measure it fairly.
/// Synchronous: it spins its own event loops, so call it from a thread that may block for a few timeouts.
class Doctor
{
public:
    using Progress = std::function<void(const DoctorCheck&)>;

    /// Runs every check in order against `target` (its apiKey goes out as a bearer token and nowhere else), waiting
    /// at most `timeoutMs` for each network step. `onCheck` sees each check as soon as it is done.
    /// A `cancellation` (from another thread) stops it between checks, and ends a request under way within 50 ms;
    /// the report is then cancelled and holds the checks done so far.
    static DoctorReport run(const ServerEndpoint& target, int timeoutMs, const Progress& onCheck = {},
        const Cancellation* cancellation = nullptr);
    /// The same, and after /v1/models whether requests of `shapes` fit the context the server gives one request,
    /// judged as `run` judges them (ContextFit against ServerFacts' context): the "shapes" check, which fails where
    /// `run` would refuse. No shapes: no such check.
    static DoctorReport run(const ServerEndpoint& target, int timeoutMs, const std::vector<ContextFit>& shapes,
        const Progress& onCheck = {}, const Cancellation* cancellation = nullptr);
    /// The "shapes" check alone, from the answers `report` holds.
    static DoctorCheck shapesCheck(const DoctorReport& report, const std::vector<ContextFit>& shapes);

    /// What a user typed, as a URL: "localhost:8000" without a scheme means http://localhost:8000. Anything else is
    /// left for the url check to judge, so that a wrong URL is reported as a finding rather than rejected silently.
    static QUrl normalizeUrl(const QString& text);
    /// `url` as a server can be: http:// or https:// with a host (what run, quality ask and the dialogs accept).
    static bool isServerUrl(const QUrl& url)
    {
        return url.isValid() && !url.host().isEmpty() && (url.scheme() == u"http" || url.scheme() == u"https");
    }

    /// The host checks, on their own for tests. `cpuDir` stands for /sys/devices/system/cpu.
    static DoctorCheck openFilesCheck();
    static DoctorCheck governorCheck(const QString& cpuDir = QStringLiteral("/sys/devices/system/cpu"));
    static DoctorCheck cpuBusyCheck(int sampleMs = 200);

    /// The fraction of the machine's CPU time that went to other processes between two readings of /proc/stat,
    /// given `ownTicks` (clock ticks, as /proc/stat counts) this process used meanwhile; nullopt if unreadable.
    static std::optional<double> busyFraction(
        const QByteArray& procStatBefore, const QByteArray& procStatAfter, double ownTicks);
};

} // namespace kp::core
