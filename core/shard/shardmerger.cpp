// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/shard/shardmerger.h"

#include "core/shard/shardspec.h"
#include "core/store/clientenvironment.h"
#include "core/store/runstore.h"
#include "core/telemetry/gpuseries.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

namespace kp::core {

namespace {

struct Shard
{
    QString file; ///< the file name only: paths may name users
    const RunStore* store = nullptr;
    StoredRun run;
    ShardSpec spec;
    ClientEnvironment environment; ///< the run's, read once: its host, its Kneepoint, its clock anchor
    std::int64_t shiftNs = 0; ///< added to this shard's monotonic times to put them on shard 0's clock
};

/// The plan every shard must share: the options without the shard's own index.
QJsonObject planOf(const StoredRun& run)
{
    QJsonObject options = run.info.options;
    QJsonObject shard = options.value(u"shard").toObject();
    shard.remove(QStringLiteral("index"));
    shard.remove(QStringLiteral("clock_server")); // how a clock was measured, not what was run
    options[QStringLiteral("shard")] = shard;
    return options;
}

QString firstDifference(const QJsonObject& a, const QJsonObject& b)
{
    QStringList keys = a.keys() + b.keys();
    keys.removeDuplicates();
    keys.sort();
    for (const QString& key : std::as_const(keys)) {
        if (a.value(key) == b.value(key))
            continue;
        const auto text = [](const QJsonValue& v) {
            if (v.isUndefined())
                return QStringLiteral("(not set)");
            if (v.isObject() || v.isArray())
                return QString::fromUtf8((v.isObject() ? QJsonDocument(v.toObject()) : QJsonDocument(v.toArray()))
                                             .toJson(QJsonDocument::Compact));
            return v.toVariant().toString();
        };
        return QStringLiteral("%1 is %2 there, %3 here").arg(key, text(a.value(key)), text(b.value(key)));
    }
    return {};
}

void shift(std::int64_t* ns, std::int64_t by)
{
    if (*ns >= 0)
        *ns += by;
}

/// "shard 1 of 4 (a.sqlite, run 3)": a shard as the sentences about it name it.
QString where(const Shard& s)
{
    return QStringLiteral("shard %1 of %2 (%3, run %4)")
        .arg(s.spec.index)
        .arg(s.spec.count)
        .arg(s.file)
        .arg(s.run.summary.id);
}

/// Why `shards` (sorted by index, at least one) do not make one run: split differently, planned or versioned
/// differently, a simulator at another speed, one incomplete, missing or given twice; empty when they do.
QString refusal(const std::vector<Shard>& shards)
{
    // One plan, every shard once, each complete, one Kneepoint: else the merged numbers would describe nothing.
    const Shard& first = shards.front();
    const int count = first.spec.count;
    for (const Shard& s : shards) {
        if (s.spec.count != count) {
            return QStringLiteral("%1 and %2 split different runs: one into %3 shards, the other into %4.")
                .arg(where(first), where(s))
                .arg(count)
                .arg(s.spec.count);
        }
        if (const QString diff = firstDifference(planOf(first.run), planOf(s.run)); !diff.isEmpty()) {
            return QStringLiteral("%1 was run with another plan than %2: %3. Only the shards of one run merge.")
                .arg(where(s), where(first), diff);
        }
        const QString& version = s.environment.kneepointVersion;
        const QString& firstVersion = first.environment.kneepointVersion;
        if (version != firstVersion) {
            return QStringLiteral("%1 was made by Kneepoint %2 and %3 by %4: shards of different versions may "
                                  "measure differently, so they are not merged. Run every shard with one "
                                  "version.")
                .arg(where(s), version, where(first), firstVersion);
        }
        if (s.run.info.timeScale != first.run.info.timeScale) {
            return QStringLiteral("%1 measured a simulator at another speed than %2.").arg(where(s), where(first));
        }
        if (s.run.summary.status != RunStatus::Complete) {
            return QStringLiteral("%1 did not complete (%2%3): its steps would be missing from the whole. Run "
                                  "the shards again.")
                .arg(where(s), runStatusName(s.run.summary.status),
                    s.run.summary.statusReason.isEmpty() ? QString() : u": " + s.run.summary.statusReason);
        }
    }
    for (int i = 0; i < count; ++i) {
        const auto n = std::count_if(shards.begin(), shards.end(), [i](const Shard& s) { return s.spec.index == i; });
        if (n == 0) {
            return QStringLiteral("Shard %1 of %2 is missing: merge needs every shard's database.").arg(i).arg(count);
        }
        if (n > 1) {
            return QStringLiteral("Shard %1 of %2 is given %3 times: give each shard once.").arg(i).arg(count).arg(n);
        }
    }
    return {};
}

/// The merged run's record: the first shard's, with the shards listed (file, run, host, clock and shift) in place of
/// its own shard and clock.
RunInfo mergedInfo(const std::vector<Shard>& shards)
{
    const Shard& first = shards.front();
    const int count = first.spec.count;
    RunInfo info = first.run.info;
    info.options.remove(QStringLiteral("shard"));
    info.options[QStringLiteral("shards")] = count;
    info.options[QStringLiteral("start_at")] = first.spec.startAt.toString(Qt::ISODateWithMs);
    QJsonArray shardList;
    for (const Shard& s : shards) {
        const ClientEnvironment& environment = s.environment;
        shardList.append(QJsonObject {{QStringLiteral("index"), s.spec.index}, {QStringLiteral("file"), s.file},
            {QStringLiteral("run"), s.run.summary.id}, {QStringLiteral("host"), environment.host},
            {QStringLiteral("clock"), environment.clock ? QJsonValue(environment.clock->toJson()) : QJsonValue()},
            {QStringLiteral("shift_ms"), double(s.shiftNs) / 1e6}});
    }
    info.environment.remove(QStringLiteral("clock"));
    info.environment[QStringLiteral("shards")] = shardList;

    return info;
}

using StepParts = std::vector<std::pair<const Shard*, const StoredStep*>>;

/// The step's requests into `stepId` of `out`, shard after shard, onto shard 0's clock and one numbering of users, in
/// batches: a merged step of any length is never held whole, as a run's own step is not. The requests copied, or
/// nothing and `error`.
std::optional<std::uint64_t> copyRequests(RunStore& out, qint64 stepId, const StepParts& parts, QString* error)
{
    constexpr std::size_t kBatch = 1000;
    std::vector<RequestRecord> batch;
    std::uint64_t nextId = 0;
    QString storeError;
    int userBase = 0;
    for (const auto& [shard, stored] : parts) {
        const std::int64_t by = shard->shiftNs;
        const bool read = shard->store->forEachRequest(
            stored->id,
            [&](const RequestRecord& original) {
                if (!storeError.isEmpty())
                    return;
                RequestRecord r = original;
                for (std::int64_t* ns :
                    {&r.scheduledNs, &r.sentNs, &r.headersNs, &r.firstTokenNs, &r.firstAnswerNs, &r.endNs})
                    shift(ns, by);
                std::vector<ChunkArrival> chunks = r.chunks.toVector();
                for (ChunkArrival& c : chunks)
                    shift(&c.ns, by);
                r.chunks = ChunkTimes(chunks);
                // Each shard numbers its users from 0: the merged step has them all, one after another.
                if (r.user >= 0)
                    r.user += userBase;
                r.id = nextId++;
                batch.push_back(std::move(r));
                if (batch.size() >= kBatch) {
                    if (!out.addRequests(stepId, batch, &storeError))
                        return;
                    batch.clear();
                }
            },
            error);
        if (!read) {
            *error = QStringLiteral("%1: %2").arg(where(*shard), *error);
            return std::nullopt;
        }
        if (!storeError.isEmpty()) {
            *error = storeError;
            return std::nullopt;
        }
        userBase += stored->info.load.value(u"concurrency").toInt();
    }
    if (!out.addRequests(stepId, batch, error))
        return std::nullopt;
    return nextId;
}

/// How far apart the shards began their steps, at the worst step: a warning past half a second, when for that long
/// the server did not see the combined load.
QString startSpread(int worstStep, double worstSpreadS)
{
    if (worstStep >= 0 && worstSpreadS > 0.5)
        return QStringLiteral("The shards began step %1 up to %2 s apart: for that long the server did not "
                              "see the combined load. Check that every shard was ready before --start-at.")
            .arg(worstStep)
            .arg(worstSpreadS, 0, 'f', 2);
    return QStringLiteral("The shards began every step within %1 ms of each other.")
        .arg(worstSpreadS * 1000, 0, 'f', 0);
}

/// Every run of `files` made as a shard (kneepoint run --shard), with the stores that hold them, read in full; false
/// and `error` when a file is the output's own, cannot be read, or holds no shard.
bool openShards(const QStringList& files, const RunStore& out, std::vector<std::unique_ptr<RunStore>>* stores,
    std::vector<Shard>* shards, QString* error)
{
    for (const QString& path : files) {
        const QString name = QFileInfo(path).fileName();
        if (QFileInfo(path).canonicalFilePath() == QFileInfo(out.path()).canonicalFilePath()) {
            *error
                = QStringLiteral("%1 is both a shard and where the merged run goes: give --db another file.").arg(name);
            return false;
        }
        auto store = RunStore::open(path, error, QStringLiteral("shard-%1").arg(stores->size()));
        if (!store)
            return false;
        int found = 0;
        for (const RunSummary& summary : store->runs(error)) {
            std::optional<StoredRun> run = store->run(summary.id, error);
            if (!run) {
                *error = QStringLiteral("%1: %2").arg(name, *error);
                return false;
            }
            const std::optional<ShardSpec> spec = ShardSpec::fromJson(run->info.options.value(u"shard").toObject());
            if (!spec)
                continue;
            ++found;
            ClientEnvironment environment = ClientEnvironment::fromJson(run->info.environment);
            shards->push_back({name, store.get(), std::move(*run), *spec, std::move(environment), 0});
        }
        if (found == 0) {
            *error = QStringLiteral("%1 holds no shard of a run (made with kneepoint run --shard I/N).").arg(name);
            return false;
        }
        stores->push_back(std::move(store));
    }
    return true;
}

} // namespace

ShardMerger::Result ShardMerger::merge(const QStringList& files, RunStore& out)
{
    Result result;
    if (files.isEmpty()) {
        result.error = QStringLiteral("Name the shards' databases to merge.");
        return result;
    }
    std::vector<std::unique_ptr<RunStore>> stores;
    std::vector<Shard> shards;
    QString openError;
    if (!openShards(files, out, &stores, &shards, &openError)) {
        result.error = openError;
        return result;
    }
    std::sort(shards.begin(), shards.end(), [](const Shard& a, const Shard& b) { return a.spec.index < b.spec.index; });

    if (const QString refused = refusal(shards); !refused.isEmpty()) {
        result.error = refused;
        return result;
    }
    const Shard& first = shards.front();
    const int count = first.spec.count;

    // Every shard onto shard 0's monotonic clock, through UTC on the reference clock each one measured against.
    const std::optional<ClockAnchor>& firstClock = first.environment.clock;
    bool ok = firstClock.has_value();
    const std::int64_t base = firstClock ? firstClock->referenceMinusMonotonic() : 0;
    QStringList references;
    for (Shard& s : shards) {
        const std::optional<ClockAnchor>& clock = s.environment.clock;
        s.shiftNs = clock ? clock->referenceMinusMonotonic() - base : 0;
        ok = ok && clock;
        references << (clock ? clock->reference : QString());
    }
    if (!ok) {
        result.error
            = QStringLiteral("A shard has no clock anchor in its environment: it was not made by kneepoint run "
                             "--shard.");
        return result;
    }
    references.removeDuplicates();
    result.notes << QStringLiteral("Clocks: each shard's times moved onto shard 0's by the offsets they measured "
                                   "against %1.")
                        .arg(references.join(QStringLiteral(", ")));

    const RunInfo info = mergedInfo(shards);

    // Steps by their index in the plan; a shard with no part in a step (the baseline's one user) has none.
    std::map<int, StepParts> byIndex;
    for (const Shard& s : shards)
        for (const StoredStep& step : s.run.steps)
            byIndex[step.info.index].push_back({&s, &step});

    QString error;
    const qint64 id = out.createRun(info, &error);
    if (id < 0) {
        result.error = error;
        return result;
    }
    const auto fail = [&](const QString& why) {
        QString ignored;
        out.deleteRun(id, &ignored);
        result.error = why;
        result.runId = -1;
        return result;
    };
    double worstSpreadS = 0;
    int worstStep = -1;
    for (const auto& [index, parts] : byIndex) {
        StepInfo step = parts.front().second->info;
        step.load = step.load.value(u"shard_of").toObject();
        step.startNs = std::numeric_limits<std::int64_t>::max();
        step.endNs = std::numeric_limits<std::int64_t>::min();
        std::vector<StoredMetricsSample> samples;
        double cpu = 0;
        double lateMs = 0;
        std::int64_t earliest = std::numeric_limits<std::int64_t>::max();
        std::int64_t latest = std::numeric_limits<std::int64_t>::min();
        for (const auto& [shard, stored] : parts) {
            if (stored->info.load.value(u"shard_of") != parts.front().second->info.load.value(u"shard_of"))
                return fail(QStringLiteral("Step %1 differs between %2 and %3.")
                                .arg(index)
                                .arg(where(*parts.front().first), where(*shard)));
            const std::int64_t by = shard->shiftNs;
            step.startNs = std::min(step.startNs, stored->info.startNs + by);
            step.endNs = std::max(step.endNs, stored->info.endNs + by);
            earliest = std::min(earliest, stored->info.startNs + by);
            latest = std::max(latest, stored->info.startNs + by);
            if (stored->info.startedUtc < step.startedUtc)
                step.startedUtc = stored->info.startedUtc;
            step.cancelled = step.cancelled || stored->info.cancelled;
            cpu += stored->info.client.value(u"cpu_seconds").toDouble();
            lateMs = std::max(lateMs, stored->info.client.value(u"late_ms").toDouble());
            // The server's GPUs, as the first shard that read them did: every shard saw the same server.
            if (!GpuSeries::fromJson(step.gpu).measured()) {
                GpuSeries gpu = GpuSeries::fromJson(stored->info.gpu);
                for (GpuSample& sample : gpu.samples)
                    sample.ns += by;
                if (gpu.measured() || step.gpu.isEmpty())
                    step.gpu = gpu.toJson();
            }
            // The server's /metrics, as the first shard in the step scraped it: every shard saw the same server.
            if (samples.empty()) {
                samples = shard->store->metricsSamples(stored->id, &error);
                for (StoredMetricsSample& sample : samples)
                    sample.ns += by;
            }
        }
        step.client = QJsonObject {{QStringLiteral("cpu_seconds"), cpu}, {QStringLiteral("shards"), int(parts.size())},
            {QStringLiteral("late_ms_max"), lateMs}};
        const double spreadS = double(latest - earliest) / 1e9;
        if (spreadS > worstSpreadS) {
            worstSpreadS = spreadS;
            worstStep = index;
        }

        // The requests go over in batches, shard after shard, onto one clock: a merged step of any length is never
        // held whole, as a run's own step is not.
        const qint64 stepId = out.beginStep(id, step, &error);
        if (stepId < 0)
            return fail(error);
        const std::optional<std::uint64_t> copied = copyRequests(out, stepId, parts, &error);
        if (!copied || !out.finishStep(stepId, step, samples, &error))
            return fail(error);
        ++result.steps;
        result.requests += qint64(*copied);
    }
    result.notes << startSpread(worstStep, worstSpreadS);
    if (!out.finishRun(id, RunStatus::Complete, QString(), &error))
        return fail(error);
    result.runId = id;
    result.shards = count;
    return result;
}

} // namespace kp::core
