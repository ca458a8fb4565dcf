// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/requestrecord.h"
#include "core/store/clientenvironment.h"
#include "core/store/runstore.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace kp::core {

/// One load level read from another tool's result, with its requests rebuilt as Kneepoint records.
struct ImportedStep
{
    StepInfo info; ///< phase and index are set by ImportedRun::finish()
    std::vector<RequestRecord> records; ///< times in ns from the step's first request (which starts at 0)
};

/// Another tool's benchmark, mapped onto Kneepoint's definitions (peers §2): what the importers produce and the
/// import command stores. The mapping is lossy where the source did not record something; every such gap is named
/// in notRecorded, stored with the run (environment "import") and reported by the trust checks.
struct ImportedRun
{
    QString source; ///< vllm-bench-serve, aiperf, guidellm: the stored name
    QString sourceName; ///< vllm bench serve, AIPerf, GuideLLM: for sentences
    QStringList files; ///< file names (no directories: they may name users)
    QString toolVersion; ///< empty when the file does not say
    QString model;
    QString url;
    QString startedUtc; ///< ISO 8601 when the file says, else empty
    QStringList notRecorded; ///< what the source did not record, as phrases
    QStringList notes; ///< sentences for the user about how the file was read
    std::vector<ImportedStep> steps;
    bool driven = false; ///< measured by the tool for `kneepoint run --engine`, not imported afterwards
    /// False when the file's output lengths could not be taken as recorded (vllm bench serve's zeros against
    /// llama.cpp): then no claim is made that answers were as long as asked.
    bool outputLengthsRecorded = true;

    /// Adds a phrase to notRecorded once.
    void markNotRecorded(const QString& what);
    /// Takes the steps of `other` (a further file of the same tool and model) into this run.
    void absorb(ImportedRun&& other);
    /// Sorts the steps by load (single user first, then concurrency, then rate), names their phases and indices,
    /// and lays them out one after another on one time line.
    void finish();
    /// What the run's environment stores of the import ("import"): source, file, tool_version, not_recorded.
    ClientEnvironment::Import importSource() const;
    /// The run to create: the model, the GPU (a catalog id, may be empty), the product's targets and the mean
    /// request size the steps saw.
    RunInfo runInfo(const QString& gpu) const;
    /// Stores this run (finished) in `store` as one run created with `info` and ended with `status` and `reason`;
    /// returns its id, or -1 with `error` set, in which case nothing of it is left in the store. The import
    /// command, the AIPerf engine and the window's File › Open all store an imported run this one way.
    qint64 store(const RunInfo& info, RunStore& store, QString* error, RunStatus status = RunStatus::Complete,
        const QString& reason = QString()) const;
};

/// Helpers the importers share.
namespace ImportMapping {
/// The error class of a failed request from its HTTP status (0 when unknown) and its message.
ErrorClass errorClassOf(int httpStatus, const QString& message);
/// Gives `record` chunks at exactly `arrivalsNs` (the first is the first token), sharing `tokens` over them as
/// evenly as whole numbers allow: the sources record gaps per chunk but not tokens per chunk.
void setChunks(RequestRecord& record, const std::vector<std::int64_t>& arrivalsNs, int tokens);
/// Gives `record` one chunk per output token, spread evenly from `firstNs` to `lastNs`: for sources that record
/// only the first and last token times (or a per-request mean).
void spreadChunks(RequestRecord& record, std::int64_t firstNs, std::int64_t lastNs, int tokens);
/// Seconds (as double) to whole nanoseconds.
std::int64_t secondsToNs(double seconds);
/// A value in `unit` (ns, us, ms, s, sec) to nanoseconds; nullopt for another unit.
std::optional<double> toNs(double value, const QString& unit);
/// The peak number of requests in flight at once: for a source that does not say its concurrency.
int peakInFlight(const std::vector<RequestRecord>& records);
} // namespace ImportMapping

} // namespace kp::core
