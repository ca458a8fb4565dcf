// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Requests, steps and runs as a serving benchmark stores them, for the run store's tests.

#include "core/store/runstore.h"

#include <QByteArray>

#include <random>
#include <vector>

namespace kp::test {

/// A stream as a decoding server sends it: a time to first token, then chunks at a per-request cadence of 5–50 ms
/// with ±30 % jitter, now and then two tokens in one chunk.
std::vector<core::ChunkArrival> realisticChunks(std::mt19937_64& rng, std::int64_t sentNs, int tokens);
/// One request of `tokens` output tokens sent at `sentNs`: every 50th a warm-up, every 17th (from 5) cut short.
core::RequestRecord makeRequest(std::mt19937_64& rng, std::uint64_t id, int tokens, std::int64_t sentNs);
/// The requests of one step, the same for the same seed.
std::vector<core::RequestRecord> makeRequests(std::uint64_t seed, int count, int tokens);
core::StepInfo makeStep(int index);
std::vector<core::StoredMetricsSample> makeSamples(int index);
core::RunInfo makeRunInfo();

/// QCOMPAREs every field, chunks included.
void compareRecords(const core::RequestRecord& a, const core::RequestRecord& b);
void compareRequests(const std::vector<core::RequestRecord>& stored, const std::vector<core::RequestRecord>& expected);

/// Chunks (5 001 000 000, 1), (5 021 000 000, 1), (5 040 500 000, 2) against a sentNs of 5 000 000 000, in chunk
/// format 1: the bytes every version must go on reading.
extern const QByteArray kFrozenChunks;
std::vector<core::ChunkArrival> frozenChunks();

} // namespace kp::test
