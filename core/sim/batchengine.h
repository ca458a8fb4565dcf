// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/sim/steptimemodel.h"

#include <cstdint>
#include <deque>
#include <list>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace kp::core {

class SimMetrics;

/// Continuous batching as vLLM's V1 scheduler does it, reduced to what shapes latency: a waiting queue served first
/// come, first served; at most `maxNumSeqs` running sequences; a token budget of `maxNumBatchedTokens` per step with
/// chunked prefill; running sequences scheduled before waiting ones (decode first); a KV cache of `numGpuBlocks`
/// blocks of `blockSize` tokens handed out per sequence; and recompute preemption of the newest running sequence
/// when a block cannot be had. Time is simulated nanoseconds; the engine never reads a clock.
///
/// Automatic prefix caching, on by default as in V1: every full block of a prompt is known by a hash chained from
/// the first block, so a block matches only when everything before it matched too. A new sequence takes the longest
/// run of its blocks already in the cache and skips their prefill (all but the last token when the whole prompt
/// matches: something has to produce logits). Blocks a finished sequence leaves stay cached, counted as free, until
/// a new allocation evicts them, least recently used first and a chain's tail before its head.

class BatchEngine
{
public:
    struct Config
    {
        int maxNumSeqs = 256;
        int maxNumBatchedTokens = 8192;
        int maxModelLen = 8192;
        int blockSize = 16;
        int numGpuBlocks = 1000;
        int vocabularyWords = 200; ///< words the sampler picks from (SimTokenizer::wordCount())
        int naturalOutputTokens = 128; ///< mean output length when the end-of-text token is allowed
        bool enablePrefixCaching = true; ///< --enable-prefix-caching, V1's default
        /// LoRA adapters served beside the base model (sim --lora): each one's share of a step's time added to every
        /// step that runs a sequence of it, as its adapter kernels run once more over the batch. Adapter n (from 1)
        /// is overheads[n − 1].
        std::vector<double> loraOverheads;
        /// Each step runs the sequences of one adapter only, the first running sequence's (0: the base), as
        /// llama-server batches a slot only with slots of the same LoRA scales (server_slot::can_batch_with); the
        /// others wait for a step of theirs. False: vLLM's way, every adapter in one batch.
        bool adaptersApart = false;
        /// Speculative decoding (SimConfig::specTokens): each decode step verifies this many drafted tokens of a
        /// sequence beside its last one, their KV reserved ahead, and accepts each with `specAcceptance` until the
        /// first rejection; the step makes 1 + accepted tokens for it. 0: one token a step.
        int specTokens = 0;
        double specAcceptance = 0;
    };

    struct Request
    {
        std::uint64_t id = 0;
        int promptTokens = 0;
        int maxTokens = 16; ///< already clamped to maxModelLen - promptTokens
        int minTokens = 0;
        bool ignoreEos = false;
        std::uint64_t samplerSeed = 0; ///< same seed and prompt, same tokens
        std::int64_t arrivalNs = 0;
        int adapter = 0; ///< the LoRA adapter it runs with, from 1; 0: the base model
        /// One hash per full block of the prompt, each chained from the one before (blockHashesOf); empty: nothing
        /// of this prompt can be cached.
        std::vector<std::uint64_t> blockHashes;
    };

    /// The chained hashes of the full `blockSize`-token blocks of `tokenIds`.
    static std::vector<std::uint64_t> blockHashesOf(const std::vector<int>& tokenIds, int blockSize);

    enum class Finish { None, Stop, Length };

    /// One token sampled for one sequence at the end of a step.
    struct Token
    {
        std::uint64_t requestId = 0;
        int tokenId = 0;
        int outputTokens = 0; ///< generated so far, this one included
        Finish finish = Finish::None;
        int cachedTokens = 0; ///< prompt tokens the prefix cache served when the sequence was first scheduled
    };

    struct StepResult
    {
        std::int64_t endNs = 0;
        std::vector<Token> tokens;
    };

    BatchEngine(const Config& config, const StepTimeModel& model, SimMetrics* metrics = nullptr);
    ~BatchEngine();

    void add(const Request& request);
    /// Drops a request wherever it is (the client went away); its blocks return to the pool.
    void abort(std::uint64_t id);
    /// Empties the prefix cache as vLLM's /reset_prefix_cache does: every cached block nobody holds is freed. Blocks
    /// that running sequences hold stay; false when any did (vLLM then says the reset failed).
    bool resetPrefixCache();

    /// Plans the next step starting at `nowNs`; returns its duration, or nothing when there is no work.
    std::optional<std::int64_t> beginStep(std::int64_t nowNs);
    /// Finishes the planned step: samples one token for every sequence whose computed tokens caught up.
    StepResult completeStep();
    bool stepInFlight() const { return m_stepInFlight; }

    int running() const { return int(m_running.size()); }
    int waiting() const { return int(m_waiting.size()); }
    /// Blocks an allocation can have: the free ones and the cached ones nobody holds.
    int freeBlocks() const { return m_freeBlocks + int(m_evictable.size()); }
    /// Blocks kept in the prefix cache, held or not.
    int cachedBlocks() const { return int(m_cached.size()); }
    /// Fraction of KV blocks in use, 0..1, as vllm:kv_cache_usage_perc.
    double kvCacheUsage() const;
    std::uint64_t preemptions() const { return m_preemptions; }
    const Config& config() const { return m_config; }

private:
    struct Sequence;

    bool allocate(Sequence* seq, int tokens);
    /// Takes the longest cached run of the sequence's prompt blocks; returns the tokens it covers.
    int takeCachedPrefix(Sequence* seq);
    /// Puts the sequence's newly completed prompt blocks into the cache.
    void registerBlocks(Sequence* seq);
    void release(Sequence* seq);
    void preempt(Sequence* seq);
    int sampleToken(Sequence* seq);
    void finish(Sequence* seq, Finish reason, std::int64_t nowNs);

    Config m_config;
    StepTimeModel m_model;
    SimMetrics* m_metrics;
    std::unordered_map<std::uint64_t, std::unique_ptr<Sequence>> m_sequences;
    std::vector<Sequence*> m_running; // in admission order; the back is preempted first
    std::deque<Sequence*> m_waiting;
    int m_freeBlocks; ///< neither held nor cached

    struct CachedBlock
    {
        int refs = 0;
        std::list<std::uint64_t>::iterator lru; ///< into m_evictable while refs == 0
    };
    std::unordered_map<std::uint64_t, CachedBlock> m_cached;
    std::list<std::uint64_t> m_evictable; ///< cached blocks nobody holds, the next to evict first
    std::uint64_t m_preemptions = 0;
    std::uint64_t m_specState = 0x73706563756c6174ULL; ///< draws the drafted tokens accepted, the same every run

    bool m_stepInFlight = false;
    std::int64_t m_stepStartNs = 0;
    std::int64_t m_stepEndNs = 0;
    std::vector<std::pair<Sequence*, int>> m_scheduled;
};

} // namespace kp::core
