// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace kp::core {

/// The rule that tells a buffered stream from a streamed one, shared by the doctor (one request) and the run's trust
/// check (every request of every step).
///
/// A proxy that buffers (nginx's default, `proxy_buffering on`) holds the server's events until the answer ends and
/// then passes them in one go: the first token arrives with the last, and TTFT is the whole answer's time (the
/// hostile suite's buffering server: TTFT equal to E2EL). Streamed through nginx in front of llama-server
/// (tests/interop/tst_interopproxy.cpp), even at twice as many users as slots, requests stayed far below 90% whenever
/// an answer had more than a few tokens to decode. (nginx 1.22 did not buffer llama-server's streams there, with
/// proxy_buffering on: llama-server sends X-Accel-Buffering: no, and nginx passed each event on as it came even when
/// told to ignore that header.)
namespace BufferedStream {
/// A request whose first token came this late a share of its whole answer arrived whole.
inline constexpr double kWholeShare = 0.9;
/// A step is buffered when this share of its requests of two or more tokens arrived whole.
inline constexpr double kBufferedShare = 0.9;
/// Fewer requests of two or more tokens than this say nothing either way.
inline constexpr int kMinRequests = 3;
/// Below this E2EL (ms) the whole answer can come in one read from a server next door, streamed or not: not judged.
inline constexpr double kMinE2elMs = 20;

/// Whether a request of two or more tokens arrived whole: its first token no earlier than kWholeShare of its E2EL.
inline bool arrivedWhole(double ttftMs, double e2elMs)
{
    return e2elMs >= kMinE2elMs && ttftMs >= kWholeShare * e2elMs;
}
} // namespace BufferedStream

} // namespace kp::core
