// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/requestrecord.h"
#include "core/server/storedmetricssample.h"
#include "core/store/phase.h"
#include "core/store/runannotation.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace kp::core {

/// Where a run stands. Stored as its lowercase name (runStatusName()). ServerFailed: the server stopped answering
/// mid-run and did not come back within the wait (--server-wait); the steps before are kept, the one it went away in
/// is not, and the analysis draws no wall or advice from the run. An older build reads the name as failed.
enum class RunStatus { Running, Complete, Incomplete, Stopped, Failed, Demo, ServerFailed };

/// The stored text of `status`: running, complete, incomplete, stopped, failed, demo, server_failed.
QString runStatusName(RunStatus status);
/// The status stored as `name`, or nullopt for a name this build does not know.
std::optional<RunStatus> runStatusFromName(const QString& name);

/// The stored name of an error class ("rate_limited", "stream_cut", …): part of the schema, and of reports.
QString errorClassName(ErrorClass error);

/// What a run starts with.
struct RunInfo
{
    QString url; ///< the server; any user:password in it is dropped before storing
    QString model;
    QString gpu;
    QString product;
    QJsonObject options; ///< every option of the run, stored as given: the caller strips API keys first
    QJsonObject facts; ///< detected server facts
    QJsonObject environment; ///< client host, OS, CPU, Kneepoint version
    double timeScale = 1; ///< the simulator's speed, 1 for a real server
    bool demo = false;
};

/// One load step of a run.
struct StepInfo
{
    Phase phase = Phase::Baseline;
    int index = 0; ///< order within the run
    QJsonObject load; ///< e.g. {"concurrency": 8}, {"rate": 4.0}, shape {"input": 1024, "output": 256}
    std::int64_t startNs = 0; ///< monotonic
    std::int64_t endNs = 0; ///< monotonic
    QString startedUtc; ///< ISO 8601
    bool cancelled = false;
    QJsonObject client; ///< the client's cost: {"cpu_seconds": …, "wall_seconds": …}; empty when not recorded
    /// The server's GPUs during the step (GpuSeries::toJson: readings, or a note saying why none); empty when not
    /// recorded (a step stored before version 5).
    QJsonObject gpu;
};

/// One scrape of the server's /metrics during a step.
/// A run as the history lists it.
struct RunSummary
{
    qint64 id = -1;
    QString startedUtc; ///< ISO 8601, set by createRun()
    QString finishedUtc; ///< ISO 8601, set by finishRun(); empty while running or when the run was cut short
    RunStatus status = RunStatus::Running;
    QString statusReason; ///< a sentence for the user; empty for a run that completed
    QString url;
    QString model;
    QString gpu;
    QString product;
    int steps = 0;
    qint64 requests = 0;
    bool demo = false;
    double timeScale = 1;
    RunAnnotation annotation;
};

/// A stored step; its requests and samples are loaded separately, since a step can hold millions of chunks.
struct StoredStep
{
    qint64 id = -1;
    StepInfo info;
    int requestCount = 0;
};

/// A run with everything but its requests and samples.
struct StoredRun
{
    RunSummary summary;
    RunInfo info;
    std::vector<StoredStep> steps; ///< by index
};

/// The run history: one SQLite file holding runs, their steps, every request with its chunk arrival times, the
/// server's /metrics samples, the detected facts and the environment.
///
/// A RunStore owns one named QtSql connection and, like every QtSql connection, must be used only on the thread
/// that opened it: a thread that needs the history opens its own RunStore under its own connection name (the
/// writer thread of a run, the GUI thread browsing it). SQLite serializes the writers; readers are not blocked
/// in WAL mode.
///
/// Durability: each addStep() is one transaction, so a run killed at any moment leaves every completed step whole
/// and none half-written; the next open marks the run incomplete. API keys are never stored: nothing in the API
/// takes one, and user information in the URL is dropped.
class RunStore
{
    Q_DECLARE_TR_FUNCTIONS(kp::core::RunStore)

public:
    /// The default database: $KNEEPOINT_DB when set, else <AppDataLocation>/kneepoint.sqlite, its directory
    /// created. The command line's --db overrides both (its caller passes the path to open()).
    static QString defaultPath();

    /// Opens the database at `path`, creating it (and its directory) when missing and migrating an older schema,
    /// under the QtSql connection `connectionName`, which must not be in use (one per thread).
    ///
    /// Runs still marked running whose writer is gone (a RunStore that no longer exists in this process, or a
    /// process that no longer exists) are marked incomplete with a reason. A file that is not a Kneepoint database
    /// (not SQLite, SQLite of another application, damaged, or made by a newer Kneepoint) is refused and left
    /// untouched. A current database this user cannot write (the file or its folder) opens read-only: every read
    /// works, and a write fails with a sentence that names the permissions. Returns null with a sentence that says
    /// what to do in `error` on failure.
    static std::unique_ptr<RunStore> open(
        const QString& path, QString* error, const QString& connectionName = QStringLiteral("kneepoint"));
    /// Opened read-only: the file or its folder cannot be written by this user (open()).
    bool readOnly() const { return m_readOnly; }

    /// Closes the database and removes its connection.
    ~RunStore();
    RunStore(const RunStore&) = delete;
    RunStore& operator=(const RunStore&) = delete;

    /// Starts a run with status running. Returns its id, or -1 with `error` set.
    qint64 createRun(const RunInfo& info, QString* error);

    /// Stores one completed step with all its requests (chunk arrival times and token counts delta-encoded in one
    /// blob per request, see ChunkCodec) and the /metrics samples taken during it, in one transaction: afterwards
    /// either all of it is there or none (disk full included). Returns the step's id, or -1 with `error` set.
    qint64 addStep(qint64 runId, const StepInfo& step, const std::vector<RequestRecord>& requests,
        const std::vector<StoredMetricsSample>& samples, QString* error);

    /// Stores a step while it runs, so that its requests need not wait in memory: beginStep() makes the step's row,
    /// open and unseen by every reader (run(), runs()); addRequests() stores a batch of its finished requests, each
    /// batch one transaction; finishStep() writes what is known at its end (times, whether it was cut short, the
    /// client's cost, the /metrics samples) and shows it. A run killed meanwhile keeps the requests stored so far:
    /// the next open() closes the step as cut short (cancelled), from its first send to its last end.
    /// discardStep() removes a step that never ran. Return the step's id, or -1 / false, with `error` set.
    qint64 beginStep(qint64 runId, const StepInfo& step, QString* error);
    bool addRequests(qint64 stepId, const std::vector<RequestRecord>& requests, QString* error);
    bool finishStep(
        qint64 stepId, const StepInfo& step, const std::vector<StoredMetricsSample>& samples, QString* error);
    bool discardStep(qint64 stepId, QString* error);

    /// Ends a run with `status` (anything but Running) and `reason` (a sentence; empty when it completed).
    bool finishRun(qint64 runId, RunStatus status, const QString& reason, QString* error);
    /// Replaces a run's facts, for what is learnt after it started (a launched server's start-up and peak memory).
    bool updateFacts(qint64 runId, const QJsonObject& facts, QString* error);

    /// Every run, newest first.
    QList<RunSummary> runs(QString* error = nullptr) const;
    /// The run `id` with its steps, or nullopt when there is none (`error` stays empty) or reading failed.
    std::optional<StoredRun> run(qint64 id, QString* error = nullptr) const;
    /// The requests of step `stepId`, exactly as stored, in the order given to addStep() (or to addRequests()),
    /// chunks restored.
    std::vector<RequestRecord> requests(qint64 stepId, QString* error = nullptr) const;
    /// The same, one at a time, without holding the step: `visit` sees each in turn (a reference valid for the
    /// call only). False, with `error` set, when reading failed; the requests visited before stay visited.
    bool forEachRequest(
        qint64 stepId, const std::function<void(const RequestRecord&)>& visit, QString* error = nullptr) const;
    /// The /metrics samples of step `stepId`, in the order given to addStep().
    std::vector<StoredMetricsSample> metricsSamples(qint64 stepId, QString* error = nullptr) const;
    /// Replaces run `id`'s name, notes and tags with `annotation`, cleaned. False, with `error` set, when there is no
    /// such run or writing failed.
    bool annotateRun(qint64 id, const RunAnnotation& annotation, QString* error);
    /// Deletes a run with its steps, requests and samples. Deleting a run that does not exist succeeds.
    bool deleteRun(qint64 id, QString* error);

    /// Copies run `id` of the Kneepoint database at `fromPath`, which must be of this build's schema version, into
    /// this store in one transaction: the run as it was stored (its start and end, status and reason, options, facts
    /// and environment), its finished steps, their requests and /metrics samples, byte for byte. What `kneepoint
    /// export` and `import` move between machines. A run already here (the same start, options, facts and
    /// environment) is not copied again: its id here is returned with `alreadyStored` set. A run still running is
    /// refused. Returns the run's id here, or -1 with `error` set.
    qint64 copyRun(const QString& fromPath, qint64 id, bool* alreadyStored, QString* error);
    /// Makes the file whole by itself and no larger than its content (a rollback journal instead of a -wal file
    /// beside it, then VACUUM), for a file that leaves this machine: an export.
    bool compact(QString* error);

    /// Whether a store of this process has `path` open. Nothing may open and close that file meanwhile (a QFile
    /// that sniffs a dropped file, say): closing any descriptor of it drops SQLite's locks on it, and another
    /// process then takes this one's -wal and -shm files for abandoned and deletes them.
    static bool isOpenInProcess(const QString& path);

    /// The file this store opened.
    QString path() const;
    /// The QtSql connection this store owns, for stores of other record kinds on the same thread (QualityStore).
    QString connectionName() const { return m_connectionName; }
    /// The schema version this build creates and reads; older ones are migrated on open.
    static int schemaVersion();

    /// The space kept beside the database (`<file>-reserve`, kReserveBytes) so that a run ended by a full disk is
    /// still stored as such: it is given back to the file system when finishing a run meets a full disk.
    QString reservePath() const { return m_path + QStringLiteral("-reserve"); }
    static constexpr qint64 kReserveBytes = 1024 * 1024;

private:
    RunStore(QString path, QString connectionName);
    bool markAbandonedRuns(QString* error);
    bool finishRunOnce(qint64 runId, RunStatus status, const QString& reason, QString* error, int* failedCode);
    void keepReserve() const;

    QString m_path;
    QString m_connectionName;
    QString m_registryKey; ///< the canonical path, naming the file in the process-wide set of live runs
    QString m_fileKey; ///< this store's place in the process-wide count of open files; empty until counted
    std::vector<qint64> m_liveRuns; ///< runs this store created and has not finished
    bool m_readOnly = false;
};

} // namespace kp::core
