// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "batchengine.h"

#include "common/splitmix.h"
#include "simmetrics.h"
#include "simtokenizer.h"

#include <algorithm>

namespace kp::core {

struct BatchEngine::Sequence
{
    Request request;
    int generated = 0;
    int computed = 0; // tokens whose KV is in the cache
    int blocks = 0;
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

bool BatchEngine::allocate(Sequence* seq, int tokens)
{
    const int needed = blocksFor(tokens, m_config.blockSize) - seq->blocks;
    if (needed <= 0)
        return true;
    if (needed > m_freeBlocks)
        return false;
    m_freeBlocks -= needed;
    seq->blocks += needed;
    return true;
}

void BatchEngine::release(Sequence* seq)
{
    m_freeBlocks += seq->blocks;
    seq->blocks = 0;
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

    for (std::size_t i = 0; i < m_running.size() && budget > 0;) {
        Sequence* seq = m_running[i];
        const int n = std::min(seq->length() - seq->computed, budget);
        bool scheduled = true;
        while (!allocate(seq, seq->computed + n)) {
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
        m_model.addSequence(&step, seq->computed, n, seq->computed + n >= seq->length());
        m_scheduled.emplace_back(seq, n);
        budget -= n;
        ++i;
    }

    // Like vLLM, admit nothing new in a step that had to preempt: the cache is full.
    while (!preempted && !m_waiting.empty() && budget > 0 && int(m_running.size()) < m_config.maxNumSeqs) {
        Sequence* seq = m_waiting.front();
        const int n = std::min(seq->length() - seq->computed, budget);
        if (!allocate(seq, seq->computed + n))
            break;
        m_waiting.pop_front();
        seq->running = true;
        m_running.push_back(seq);
        if (seq->firstScheduledNs < 0)
            seq->firstScheduledNs = nowNs;
        m_model.addSequence(&step, seq->computed, n, seq->computed + n >= seq->length());
        m_scheduled.emplace_back(seq, n);
        budget -= n;
    }

    if (m_scheduled.empty())
        return std::nullopt;
    if (m_metrics)
        m_metrics->recordIteration(step.tokens);
    m_stepInFlight = true;
    m_stepStartNs = nowNs;
    m_stepEndNs = nowNs + m_model.stepNs(step);
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
        if (seq->computed < seq->length())
            continue; // a prefill chunk that did not reach the end samples nothing
        const int token = sampleToken(seq);
        ++seq->generated;
        if (seq->firstTokenNs < 0) {
            seq->firstTokenNs = m_stepEndNs;
            if (m_metrics) {
                m_metrics->recordTtft(seconds(m_stepEndNs - seq->request.arrivalNs));
                m_metrics->recordPromptTokens(seq->request.promptTokens);
            }
        } else if (m_metrics) {
            m_metrics->recordInterTokenLatency(seconds(m_stepEndNs - seq->lastTokenNs));
        }
        if (m_metrics)
            m_metrics->recordGenerationTokens(1);
        seq->lastTokenNs = m_stepEndNs;

        Finish reason = Finish::None;
        if (token == SimTokenizer::EndOfText)
            reason = Finish::Stop;
        else if (seq->generated >= seq->request.maxTokens || seq->length() >= m_config.maxModelLen)
            reason = Finish::Length;
        result.tokens.push_back({seq->request.id, token, seq->generated, reason});
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
    return double(m_config.numGpuBlocks - m_freeBlocks) / m_config.numGpuBlocks;
}

} // namespace kp::core
