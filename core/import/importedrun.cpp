// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/import/importedrun.h"

#include "core/common/version.h"
#include "core/plan/runoptions.h"
#include "core/store/clientenvironment.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <utility>

namespace kp::core {

namespace {

constexpr std::int64_t kNsPerSecond = 1'000'000'000;

// 0 single user, 1 concurrency, 2 rate: the order a native run measures them in.
int phaseRank(const ImportedStep& s)
{
    if (s.info.load.contains(u"rate"))
        return 2;
    return s.info.load.value(u"concurrency").toInt() == 1 ? 0 : 1;
}

double loadValue(const ImportedStep& s)
{
    return s.info.load.contains(u"rate") ? s.info.load.value(u"rate").toDouble()
                                         : s.info.load.value(u"concurrency").toDouble();
}

void shift(std::int64_t& t, std::int64_t by)
{
    if (t >= 0)
        t += by;
}

} // namespace

void ImportedRun::markNotRecorded(const QString& what)
{
    if (!notRecorded.contains(what))
        notRecorded << what;
}

void ImportedRun::absorb(ImportedRun&& other)
{
    files << other.files;
    for (const QString& n : std::as_const(other.notRecorded))
        markNotRecorded(n);
    for (const QString& n : std::as_const(other.notes))
        if (!notes.contains(n))
            notes << n;
    if (toolVersion.isEmpty())
        toolVersion = other.toolVersion;
    if (url.isEmpty())
        url = other.url;
    if (startedUtc.isEmpty() || (!other.startedUtc.isEmpty() && other.startedUtc < startedUtc))
        startedUtc = other.startedUtc;
    for (ImportedStep& s : other.steps)
        steps.push_back(std::move(s));
}

void ImportedRun::finish()
{
    std::stable_sort(steps.begin(), steps.end(), [](const ImportedStep& a, const ImportedStep& b) {
        const int ra = phaseRank(a), rb = phaseRank(b);
        return ra != rb ? ra < rb : loadValue(a) < loadValue(b);
    });
    bool haveBaseline = false;
    std::int64_t offset = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        ImportedStep& s = steps[i];
        const int rank = phaseRank(s);
        // The analysis takes its single-user reference from the baseline phase; a second single-user level (two
        // files at concurrency 1) joins the sweep instead.
        if (rank == 0 && !haveBaseline) {
            s.info.phase = Phase::Baseline;
            haveBaseline = true;
        } else {
            s.info.phase = rank == 2 ? Phase::Rate : Phase::Concurrency;
        }
        s.info.index = int(i);
        if (s.info.startedUtc.isEmpty())
            s.info.startedUtc = startedUtc;
        // Steps of different files (or different benchmarks of one file) each start at 0: one after another they
        // form a time line like a native run's, a second apart.
        std::int64_t first = -1, last = 0;
        for (RequestRecord& r : s.records) {
            for (std::int64_t* t :
                {&r.scheduledNs, &r.sentNs, &r.headersNs, &r.firstTokenNs, &r.firstAnswerNs, &r.endNs})
                shift(*t, offset);
            std::vector<ChunkArrival> chunks = r.chunks.toVector();
            for (ChunkArrival& c : chunks)
                shift(c.ns, offset);
            r.chunks = ChunkTimes(chunks);
            if (r.sentNs >= 0)
                first = first < 0 ? r.sentNs : std::min(first, r.sentNs);
            last = std::max(last, r.endNs);
        }
        s.info.startNs = first < 0 ? offset : first;
        s.info.endNs = std::max(s.info.startNs, last);
        offset = s.info.endNs + kNsPerSecond;
    }
}

ClientEnvironment::Import ImportedRun::importSource() const
{
    return ClientEnvironment::Import {
        source, files.join(QStringLiteral(", ")), toolVersion, notRecorded, driven, outputLengthsRecorded};
}

RunInfo ImportedRun::runInfo(const QString& gpu) const
{
    RunOptions o;
    o.product = QStringLiteral("chat");
    o.model = model;
    o.gpu = gpu;
    o.concurrency.clear();
    double in = 0, out = 0;
    int n = 0;
    for (const ImportedStep& s : steps) {
        if (s.info.load.contains(u"rate"))
            o.rates << s.info.load.value(u"rate").toDouble();
        else
            o.concurrency << s.info.load.value(u"concurrency").toInt();
        for (const RequestRecord& r : s.records) {
            if (!r.ok() || r.warmup)
                continue;
            in += std::max(0, r.promptTokens);
            out += std::max(0, r.outputTokens());
            ++n;
        }
    }
    // The request size the tool sent, as the mean of what came back: the physics floors need one.
    if (n > 0 && in > 0 && out > 0)
        o.shapes << Shape {int(std::lround(in / n)), int(std::lround(out / n))};
    RunInfo info;
    // Files that do not name the server say so where the run's server is shown.
    info.url = url.isEmpty() ? QStringLiteral("(server not recorded)") : url;
    info.model = model;
    info.gpu = gpu;
    info.product = o.product;
    info.options = o.resolved().toJson();
    info.options[QStringLiteral("url")] = info.url;
    info.options[QStringLiteral("engine")] = source;
    ClientEnvironment environment;
    environment.kneepointVersion = kneepointVersion();
    environment.import = importSource();
    info.environment = environment.toJson();
    return info;
}

namespace ImportMapping {

ErrorClass errorClassOf(int status, const QString& message)
{
    if (status == 429 || message.contains(u"429") || message.contains(u"Too Many Requests", Qt::CaseInsensitive))
        return ErrorClass::RateLimited;
    if (status == 401 || status == 403)
        return ErrorClass::Unauthorized;
    if (status == 404)
        return ErrorClass::NotFound;
    if (status >= 500 && status < 600)
        return ErrorClass::ServerError;
    if (status == 499 || message.contains(u"cancel", Qt::CaseInsensitive))
        return ErrorClass::Cancelled;
    if (message.contains(u"timeout", Qt::CaseInsensitive) || message.contains(u"timed out", Qt::CaseInsensitive))
        return ErrorClass::Timeout;
    if (message.contains(u"refused", Qt::CaseInsensitive) || message.contains(u"Cannot connect", Qt::CaseInsensitive))
        return ErrorClass::ConnectionRefused;
    if (status >= 400)
        return ErrorClass::HttpError;
    // Tools that keep only the exception text still name the status in it ("503 Service Unavailable").
    static const QRegularExpression serverStatus(QStringLiteral("\\b5\\d\\d\\b"));
    if (message.contains(serverStatus) || message.contains(u"Server Error", Qt::CaseInsensitive))
        return ErrorClass::ServerError;
    if (message.contains(u"payload", Qt::CaseInsensitive) || message.contains(u"disconnect", Qt::CaseInsensitive))
        return ErrorClass::StreamCut;
    return ErrorClass::Other;
}

void setChunks(RequestRecord& r, const std::vector<std::int64_t>& arrivals, int tokens)
{
    r.chunks.clear();
    if (arrivals.empty())
        return;
    const int n = int(arrivals.size());
    const int total = std::max(tokens, n);
    for (int i = 0; i < n; ++i) {
        // Whole tokens per chunk, the remainder on the first chunks, so that they add up to the count.
        const int k = total / n + (i < total % n ? 1 : 0);
        r.chunks.push_back({arrivals[std::size_t(i)], std::max(1, k)});
    }
    r.firstTokenNs = arrivals.front();
}

void spreadChunks(RequestRecord& r, std::int64_t firstNs, std::int64_t lastNs, int tokens)
{
    r.chunks.clear();
    if (firstNs < 0)
        return;
    r.firstTokenNs = firstNs;
    // No real answer has a million tokens; a file that says so must not make us allocate them.
    const int n = std::clamp(tokens, 1, 1 << 20);
    r.chunks.reserve(std::size_t(n));
    const double span = lastNs > firstNs ? double(lastNs - firstNs) : 0.0; // firstNs >= 0: no overflow
    for (int i = 0; i < n; ++i) {
        // The last is exact, whatever the rounding did.
        const std::int64_t t = n == 1 ? firstNs
            : i == n - 1              ? std::max(firstNs, lastNs)
                                      : firstNs + std::llround(span * i / (n - 1));
        r.chunks.push_back({t, 1});
    }
}

std::int64_t secondsToNs(double seconds)
{
    // A file's numbers are not to be trusted: anything beyond about 73 years either way (or not a number) is held
    // there, so that one sum or difference of two times can never overflow.
    constexpr double limit = 2305843009213693952.0; // 2^61 ns
    const double ns = seconds * 1e9;
    if (!(ns == ns))
        return 0;
    return std::llround(std::clamp(ns, -limit, limit));
}

std::optional<double> toNs(double value, const QString& unit)
{
    const QString u = unit.trimmed().toLower();
    if (u == u"ns")
        return value;
    if (u == u"us" || u == u"µs")
        return value * 1e3;
    if (u == u"ms")
        return value * 1e6;
    if (u == u"s" || u == u"sec" || u == u"seconds")
        return value * 1e9;
    return std::nullopt;
}

int peakInFlight(const std::vector<RequestRecord>& records)
{
    std::vector<std::pair<std::int64_t, int>> events;
    for (const RequestRecord& r : records) {
        if (r.sentNs < 0 || r.endNs < r.sentNs)
            continue;
        events.emplace_back(r.sentNs, 1);
        events.emplace_back(r.endNs, -1);
    }
    // Ends before starts at the same instant: a closed loop's next request replaces the one that just ended.
    std::sort(events.begin(), events.end());
    int level = 0, peak = 0;
    for (const auto& [t, d] : events) {
        level += d;
        peak = std::max(peak, level);
    }
    return peak;
}

} // namespace ImportMapping

qint64 ImportedRun::store(
    const RunInfo& info, RunStore& store, QString* error, RunStatus status, const QString& reason) const
{
    const qint64 id = store.createRun(info, error);
    if (id < 0)
        return -1;
    for (const ImportedStep& step : steps) {
        if (store.addStep(id, step.info, step.records, {}, error) < 0) {
            QString ignored;
            store.deleteRun(id, &ignored);
            return -1;
        }
    }
    if (!store.finishRun(id, status, reason, error)) {
        QString ignored;
        store.deleteRun(id, &ignored);
        return -1;
    }
    return id;
}

} // namespace kp::core
