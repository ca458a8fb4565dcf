// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace kp::core {

/// One request of a production trace: when it arrived and how long it was.
struct TraceRequest
{
    double atSeconds = 0; ///< after the trace's (or the window's) first request
    int inputTokens = 0;
    int outputTokens = 0;
    /// Mooncake: the ids of the prompt's blocks of Trace::blockTokens tokens, in order. Two requests whose ids agree
    /// sent the same tokens there, so a prefix cache could serve them.
    std::vector<std::uint64_t> hashIds;
};

/// A production trace's arrivals and lengths, from the public formats teams replay, read by one reader that says
/// which format it recognised:
///  - Mooncake's JSONL: `{"timestamp": ms, "input_length": n, "output_length": n, "hash_ids": [...]}` a line;
///  - the Azure LLM inference trace's CSV: `TIMESTAMP,ContextTokens,GeneratedTokens`, the time a date and a time of
///    day with up to seven decimals of a second;
///  - BurstGPT's CSV: `Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type`, the time in seconds;
///    a request that failed (no response tokens) is left out and counted.
/// Arrivals are sorted and start at 0.
struct Trace
{
    enum class Format { Mooncake, Azure, BurstGpt };

    Format format = Format::Mooncake;
    QString fileName; ///< the file's name, without its folder: what runs store and reports show
    std::vector<TraceRequest> requests;
    int skipped = 0; ///< rows without a request to replay (BurstGPT's failures, zero lengths)
    int blockTokens = 512; ///< Mooncake's block: the tokens one hash id stands for

    /// The trace in `path`, or nothing and a sentence in `error`: a row it cannot read names its line.
    static std::optional<Trace> read(const QString& path, QString* error);
    /// The requests that arrived from `startSeconds` for `durationSeconds` (0: to the end), their times from the
    /// window's first arrival and divided by `speed` (2: twice as fast as recorded).
    Trace window(double startSeconds, double durationSeconds, double speed) const;
    /// "Mooncake JSONL", "Azure LLM inference CSV", "BurstGPT CSV": as runs store it.
    static QString nameOf(Format format);
    QString formatName() const { return nameOf(format); }
    /// From the first arrival to the last, in seconds.
    double spanSeconds() const;
    /// Requests per second over the span: the open-loop rate the replay is judged at.
    double meanRate() const;
    /// The arrivals in nanoseconds from the first: what the load engine sends by.
    std::vector<std::int64_t> offsetsNs() const;

    /// A trace file is read whole into memory; BurstGPT's 1.4 million rows are some 70 MB.
    static constexpr qint64 maxBytes = qint64(1) << 30;
};

} // namespace kp::core
