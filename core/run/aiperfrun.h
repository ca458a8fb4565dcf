// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/import/importedrun.h"
#include "core/plan/runoptions.h"
#include "core/store/runstore.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QProcess;
class QTemporaryDir;
class QTimer;

namespace kp::core {

/// A run whose load an installed AIPerf drives (`kneepoint run --engine aiperf`), beside the run pipeline that drives
/// Kneepoint's own engine: the plan's concurrency and rate steps (RunPlan::of), each measured by one `aiperf profile`
/// process (started with an argument list, never a shell, and never waited on: every step reports through the event
/// loop, bounded by a timeout, and cancel() stops the one in progress), its per-request export read with
/// AiperfImporter into one ImportedRun. Storing it and saying what it found are the caller's, as for an import.
class AiperfRun : public QObject
{
    Q_OBJECT
public:
    /// What the run came to: the steps measured (none when the first failed or nothing could start), and whether it
    /// is whole; `reason` says why not, in a sentence that never holds the API key.
    struct Outcome
    {
        ImportedRun run;
        RunStatus status = RunStatus::Complete;
        QString reason;
        bool cancelled = false;
    };

    /// The AIPerf version the mapping was written against (its export format, docs/reference/json-export-schema.md).
    static QString referenceVersion() { return QStringLiteral("0.13"); }
    /// Why `options` (resolved) cannot be measured by AIPerf, as a usage error's sentence; empty when they can.
    static QString refusal(const RunOptions& options);
    /// The `aiperf profile` arguments of one step, without the API key: a closed loop of `users` (rate 0) or an
    /// open loop at `rate`.
    static QStringList profileArguments(
        const RunOptions& options, int users, double rate, int requests, const QString& artifactDir);

    /// `options` resolved; the key reaches the AIPerf processes only.
    AiperfRun(const RunOptions& options, QByteArray apiKey, QObject* parent = nullptr);
    ~AiperfRun() override;

    /// Finds aiperf on PATH, asks its version, then measures each step in turn; finished() comes once.
    void start();
    /// Stops the step in progress; the steps measured before it are kept, and finished() says it was cancelled.
    void cancel();

signals:
    /// A line for the user: each step as it starts, and a warning about the AIPerf version.
    void said(const QString& line);
    void finished(const kp::core::AiperfRun::Outcome& outcome);

private:
    struct Level
    {
        int users = 0;
        double rate = 0;
        int requests = 0;
        QString what; ///< "concurrency 4", "2.5 req/s"
    };

    void versionAnswered(bool finished);
    void startStep();
    void stepEnded(bool finished);
    /// Ends the run: `reason` empty for a whole one.
    void end(const QString& reason);
    /// Starts `arguments` under a timeout of `timeoutMs`; `done` is called once with whether it finished in time.
    void launch(const QStringList& arguments, int timeoutMs, void (AiperfRun::*done)(bool finished));

    RunOptions m_options;
    QByteArray m_apiKey;
    QString m_executable;
    std::vector<Level> m_levels;
    std::size_t m_next = 0;
    std::unique_ptr<QTemporaryDir> m_work;
    QProcess* m_process = nullptr;
    QTimer* m_timeout = nullptr;
    Outcome m_outcome;
    bool m_ended = false;
};

} // namespace kp::core
