// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/batchengine.h"

#include "core/common/splitmix.h"
#include "core/sim/simmetrics.h"
#include "core/sim/simtokenizer.h"

#include <algorithm>

namespace kp::core {

struct BatchEngine::Sequence
{
    Request request;
    int generated = 0;
    int computed = 0; // tokens whose KV is in the cache
    int blocks = 0; // held, shared ones included
    std::vector<std::uint64_t> shared; // the cached blocks among them, in prompt order
    int registered = 0; // prompt blocks already looked at for the cache
    int cachedTokens = -1; // served by the prefix cache at the first scheduling; -1 before it
    int preemptions = 0;
    bool running = false;
    bool aborted = false;
    std::uint64_t rng = 0;
    std::int64_t firstScheduledNs = -1;
    std::int64_t firstTokenNs = -1;
    std::int64_t lastTokenNs = -1;

    int length() const { return request.promptTokens + generated; }
};

namespace {

int blocksFor(int tokens, int blockSize)
{
    return (tokens + blockSize - 1) / blockSize;
}

double seconds(std::int64_t ns)
{
    return double(ns) / 1e9;
}

} // namespace

BatchEngine::BatchEngine(const Config& config, const StepTimeModel& model, SimMetrics* metrics)
    : m_config(config)
    , m_model(model)
    , m_metrics(metrics)
    , m_freeBlocks(config.numGpuBlocks)
{ }

BatchEngine::~BatchEngine() = default;

void BatchEngine::add(const Request& request)
{
    auto seq = std::make_unique<Sequence>();
    seq->request = request;
    seq->rng = request.samplerSeed;
    m_waiting.push_back(seq.get());
    m_sequences.emplace(request.id, std::move(seq));
}

bool BatchEngine::resetPrefixCache()
{
    for (const std::uint64_t hash : m_evictable)
        m_cached.erase(hash);
    m_freeBlocks += int(m_evictable.size());
    m_evictable.clear();
    return m_cached.empty();
}

void BatchEngine::abort(std::uint64_t id)
{
    auto it = m_sequences.find(id);
    if (it == m_sequences.end())
        return;
    Sequence* seq = it->second.get();
    if (m_stepInFlight && std::any_of(m_scheduled.begin(), m_scheduled.end(), [seq](const auto& entry) {
            return entry.first == seq;
        })) {
        seq->aborted = true; // removed when the step completes, so the plan never points at freed memory
        return;
    }
    release(seq);
    m_running.erase(std::remove(m_running.begin(), m_running.end(), seq), m_running.end());
    m_waiting.erase(std::remove(m_waiting.begin(), m_waiting.end(), seq), m_waiting.end());
    if (m_metrics)
        m_metrics->recordAborted();
    m_sequences.erase(it);
}

std::vector<std::uint64_t> BatchEngine::blockHashesOf(const std::vector<int>& tokenIds, int blockSize)
{
    std::vector<std::uint64_t> hashes;
    if (blockSize <= 0)
        return hashes;
    std::uint64_t parent = 0xcbf29ce484222325ULL;
    for (std::size_t start = 0; start + std::size_t(blockSize) <= tokenIds.size(); start += std::size_t(blockSize)) {
        // FNV-1a over the parent's hash and the block's ids, then mixed, so equal blocks after different prefixes
        // differ.
        std::uint64_t h = parent;
        for (std::size_t i = start; i < start + std::size_t(blockSize); ++i) {
            h ^= std::uint64_t(std::uint32_t(tokenIds[i]));
            h *= 1099511628211ULL;
        }
        parent = splitMix64(&h);
        hashes.push_back(parent);
    }
    return hashes;
}

bool BatchEngine::allocate(Sequence* seq, int tokens)
{
    const int needed = blocksFor(tokens, m_config.blockSize) - seq->blocks;
    if (needed <= 0)
        return true;
    if (needed > m_freeBlocks + int(m_evictable.size()))
        return false;
    const int fresh = std::min(needed, m_freeBlocks);
    m_freeBlocks -= fresh;
    for (int i = fresh; i < needed; ++i) {
        // Evicted: its memory is reused, so its contents are gone from the cache.
        m_cached.erase(m_evictable.front());
        m_evictable.pop_front();
    }
    seq->blocks += needed;
    return true;
}

void BatchEngine::release(Sequence* seq)
{
    m_freeBlocks += seq->blocks - int(seq->shared.size());
    // The tail first, so that eviction takes a chain's last blocks before the ones others may still match.
    for (auto it = seq->shared.rbegin(); it != seq->shared.rend(); ++it) {
        CachedBlock& block = m_cached.at(*it);
        if (--block.refs == 0)
            block.lru = m_evictable.insert(m_evictable.end(), *it);
    }
    seq->shared.clear();
    seq->blocks = 0;
    seq->registered = 0;
}

int BatchEngine::takeCachedPrefix(Sequence* seq)
{
    if (!m_config.enablePrefixCaching || seq->blocks > 0)
        return 0;
    const std::vector<std::uint64_t>& hashes = seq->request.blockHashes;
    // At most the blocks before the last token, which has to be computed for its logits.
    const std::size_t most = std::min(hashes.size(), std::size_t(std::max(0, seq->length() - 1) / m_config.blockSize));
    std::size_t hit = 0;
    while (hit < most && m_cached.count(hashes[hit]))
        ++hit;
    for (std::size_t i = 0; i < hit; ++i) {
        CachedBlock& block = m_cached.at(hashes[i]);
        if (block.refs++ == 0)
            m_evictable.erase(block.lru);
        seq->shared.push_back(hashes[i]);
    }
    seq->blocks = int(hit);
    seq->registered = int(hit);
    return int(hit) * m_config.blockSize;
}

void BatchEngine::registerBlocks(Sequence* seq)
{
    if (!m_config.enablePrefixCaching)
        return;
    const std::vector<std::uint64_t>& hashes = seq->request.blockHashes;
    while (seq->registered < int(hashes.size()) && (seq->registered + 1) * m_config.blockSize <= seq->computed) {
        const std::uint64_t h = hashes[std::size_t(seq->registered)];
        // A block another sequence computed at the same time stays this one's own copy, as in vLLM.
        if (m_cached.emplace(h, CachedBlock {1, {}}).second)
            seq->shared.push_back(h);
        ++seq->registered;
    }
}

void BatchEngine::preempt(Sequence* seq)
{
    // Recompute preemption (V1 has no swap): the KV is dropped and the sequence recomputes its prompt and the tokens
    // it already generated when it is admitted again, ahead of everything else waiting.
    release(seq);
    seq->computed = 0;
    seq->running = false;
    ++seq->preemptions;
    ++m_preemptions;
    m_running.erase(std::remove(m_running.begin(), m_running.end(), seq), m_running.end());
    m_waiting.push_front(seq);
    if (m_metrics)
        m_metrics->recordPreemption();
}

std::optional<std::int64_t> BatchEngine::beginStep(std::int64_t nowNs)
{
    Q_ASSERT(!m_stepInFlight);
    m_scheduled.clear();
    StepTimeModel::Step step;
    int budget = m_config.maxNumBatchedTokens;
    bool preempted = false;

    // llama-server's way (Config::adaptersApart): the step is the first running sequence's adapter's alone.
    const int stepAdapter = m_running.empty() ? (m_waiting.empty() ? 0 : m_waiting.front()->request.adapter)
                                              : m_running.front()->request.adapter;
    const auto joins
        = [&](const Sequence* seq) { return !m_config.adaptersApart || seq->request.adapter == stepAdapter; };
    // Speculative decoding: a sequence that decodes this step verifies the drafted tokens too, their KV reserved.
    const auto lookahead = [this](const Sequence* seq, int n) {
        return m_config.specTokens > 0 && seq->generated > 0 && seq->computed + n >= seq->length() ? m_config.specTokens
                                                                                                   : 0;
    };
    for (std::size_t i = 0; i < m_running.size() && budget > 0;) {
        Sequence* seq = m_running[i];
        if (!joins(seq)) {
            ++i;
            continue;
        }
        const int n = std::min(seq->length() - seq->computed, budget);
        const int drafted = lookahead(seq, n);
        bool scheduled = true;
        while (!allocate(seq, seq->computed + n + drafted)) {
            Sequence* victim = m_running.back();
            preempt(victim);
            preempted = true;
            if (victim == seq) {
                scheduled = false;
                break;
            }
        }
        if (!scheduled)
            break; // everything after `seq` was preempted before it
        m_model.addSequence(&step, seq->computed, n + drafted, seq->computed + n >= seq->length());
        m_scheduled.emplace_back(seq, n);
        budget -= n + drafted;
        ++i;
    }

    // Like vLLM, admit nothing new in a step that had to preempt: the cache is full.
    while (!preempted && !m_waiting.empty() && budget > 0 && int(m_running.size()) < m_config.maxNumSeqs
        && joins(m_waiting.front())) {
        Sequence* seq = m_waiting.front();
        const int hit = takeCachedPrefix(seq);
        seq->computed = std::max(seq->computed, hit);
        const int n = std::min(seq->length() - seq->computed, budget);
        const int drafted = lookahead(seq, n);
        if (!allocate(seq, seq->computed + n + drafted)) {
            release(seq); // the cached blocks it took go back, to be matched again next step
            seq->computed = 0;
            break;
        }
        if (m_metrics && m_config.enablePrefixCaching)
            m_metrics->recordPrefixCache(seq->length(), hit);
        if (seq->cachedTokens < 0)
            seq->cachedTokens = hit;
        m_waiting.pop_front();
        seq->running = true;
        m_running.push_back(seq);
        if (seq->firstScheduledNs < 0)
            seq->firstScheduledNs = nowNs;
        m_model.addSequence(&step, seq->computed, n + drafted, seq->computed + n >= seq->length());
        m_scheduled.emplace_back(seq, n);
        budget -= n + drafted;
    }

    if (m_scheduled.empty())
        return std::nullopt;
    if (m_metrics)
        m_metrics->recordIteration(step.tokens);
    m_stepInFlight = true;
    m_stepStartNs = nowNs;
    // Each adapter in the batch adds its share once, however many of its sequences run (punica-style kernels).
    double adapterShare = 0;
    std::uint64_t seen = 0; // the adapters counted, as bits (an adapter past the 63rd counts as the 63rd)
    for (const std::pair<Sequence*, int>& scheduled : m_scheduled) {
        const int a = std::min(scheduled.first->request.adapter, 63);
        if (a > 0 && std::size_t(a) <= m_config.loraOverheads.size() && !(seen & (1ULL << a))) {
            seen |= 1ULL << a;
            adapterShare += m_config.loraOverheads[std::size_t(a - 1)];
        }
    }
    m_stepEndNs = nowNs + std::int64_t(double(m_model.stepNs(step)) * (1 + adapterShare));
    return m_stepEndNs - nowNs;
}

int BatchEngine::sampleToken(Sequence* seq)
{
    const std::uint64_t r = splitMix64(&seq->rng);
    const Request& req = seq->request;
    if (!req.ignoreEos && seq->generated >= req.minTokens && m_config.naturalOutputTokens > 0
        && r % std::uint64_t(m_config.naturalOutputTokens) == 0)
        return SimTokenizer::EndOfText;
    const int pick = int((r >> 20) % 100);
    if (pick < 5)
        return SimTokenizer::byteId(',');
    if (pick < 9)
        return SimTokenizer::byteId('.');
    return SimTokenizer::spacedWordId(int((r >> 32) % std::uint64_t(std::max(1, m_config.vocabularyWords))));
}

void BatchEngine::finish(Sequence* seq, Finish reason, std::int64_t nowNs)
{
    release(seq);
    seq->running = false;
    if (m_metrics) {
        SimMetrics::FinishedRequest f;
        f.finishReason = reason == Finish::Stop ? SimMetrics::FinishStop : SimMetrics::FinishLength;
        f.promptTokens = seq->request.promptTokens;
        f.generationTokens = seq->generated;
        f.e2eSeconds = seconds(nowNs - seq->request.arrivalNs);
        f.queueSeconds = seconds(seq->firstScheduledNs - seq->request.arrivalNs);
        f.prefillSeconds = seconds(seq->firstTokenNs - seq->firstScheduledNs);
        f.decodeSeconds = seconds(seq->lastTokenNs - seq->firstTokenNs);
        f.inferenceSeconds = seconds(seq->lastTokenNs - seq->firstScheduledNs);
        f.timePerOutputTokenSeconds
            = seq->generated > 1 ? seconds(seq->lastTokenNs - seq->firstTokenNs) / (seq->generated - 1) : 0.0;
        f.preemptions = seq->preemptions;
        m_metrics->recordFinished(f);
    }
}

BatchEngine::StepResult BatchEngine::completeStep()
{
    Q_ASSERT(m_stepInFlight);
    StepResult result;
    result.endNs = m_stepEndNs;
    std::vector<Sequence*> finished;
    for (const auto& [seq, n] : m_scheduled) {
        if (seq->aborted) {
            finished.push_back(seq);
            continue;
        }
        seq->computed += n;
        registerBlocks(seq);
        if (seq->computed < seq->length())
            continue; // a prefill chunk that did not reach the end samples nothing
        // A decode step with drafts makes the last token's successor and every drafted token accepted before the
        // first rejection; their KV was computed as they were verified.
        int accepted = 0;
        if (m_config.specTokens > 0 && seq->generated > 0) {
            while (accepted < m_config.specTokens
                && double(splitMix64(&m_specState) >> 11) * 0x1.0p-53 < m_config.specAcceptance)
                ++accepted;
        }
        const bool verified = m_config.specTokens > 0 && seq->generated > 0;
        Finish reason = Finish::None;
        int made = 0;
        for (; made <= accepted && reason == Finish::None; ++made) {
            const int token = sampleToken(seq);
            ++seq->generated;
            if (seq->firstTokenNs < 0) {
                seq->firstTokenNs = m_stepEndNs;
                if (m_metrics) {
                    m_metrics->recordTtft(seconds(m_stepEndNs - seq->request.arrivalNs));
                    m_metrics->recordPromptTokens(seq->request.promptTokens);
                }
            } else if (m_metrics && made == 0) {
                m_metrics->recordInterTokenLatency(seconds(m_stepEndNs - seq->lastTokenNs));
            }
            if (m_metrics)
                m_metrics->recordGenerationTokens(1);
            seq->lastTokenNs = m_stepEndNs;
            if (token == SimTokenizer::EndOfText)
                reason = Finish::Stop;
            else if (seq->generated >= seq->request.maxTokens || seq->length() >= m_config.maxModelLen)
                reason = Finish::Length;
            result.tokens.push_back({seq->request.id, token, seq->generated, reason, std::max(0, seq->cachedTokens)});
        }
        if (verified && m_metrics)
            m_metrics->recordSpeculation(m_config.specTokens, made - 1);
        seq->computed += made - 1;
        registerBlocks(seq);
        if (reason != Finish::None) {
            finish(seq, reason, m_stepEndNs);
            finished.push_back(seq);
        }
    }
    m_scheduled.clear();
    m_stepInFlight = false;
    for (Sequence* seq : finished) {
        const std::uint64_t id = seq->request.id;
        if (seq->aborted) {
            release(seq);
            if (m_metrics)
                m_metrics->recordAborted();
        }
        m_running.erase(std::remove(m_running.begin(), m_running.end(), seq), m_running.end());
        m_sequences.erase(id);
    }
    return result;
}

double BatchEngine::kvCacheUsage() const
{
    if (m_config.numGpuBlocks <= 0)
        return 0;
    // As vLLM: cached blocks nobody holds count as free.
    return double(m_config.numGpuBlocks - freeBlocks()) / m_config.numGpuBlocks;
}

} // namespace kp::core
