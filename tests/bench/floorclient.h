// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

/// The floor the load engine is measured against: the least a client can do and still time a stream. One epoll loop in
/// the calling thread over raw non-blocking sockets, one recv per readiness into one buffer, one clock read per recv,
/// and a scan for "data: " that carries its state across reads; no HTTP parsing beyond that, no allocation per chunk.
/// Each connection sends `requestsPerStream` requests one after another, the next when `data: [DONE]` is read.
///
/// With `tls`, the same over TLS 1.3 (OpenSSL, ALPN http/1.1, no certificate check: the server is the benchmark's
/// own): every handshake is done, non-blocking on the same loop, before the first request is sent, as plain
/// connections are opened first. Read-ahead lets one recv bring every record the socket holds, and SSL_read is called
/// again only while SSL_has_pending() says a whole or partial record is buffered, so a readiness still costs about one
/// recv; each event is timed right after the SSL_read that returned it.
class FloorClient
{
public:
    struct Request
    {
        std::string id; ///< the response's id, from its first event
        std::int64_t sentNs = 0; ///< CLOCK_MONOTONIC time right after the request's one write
        std::vector<std::int64_t> chunkNs; ///< CLOCK_MONOTONIC time of the read that brought each event
    };
    struct Result
    {
        std::vector<Request> requests;
        std::uint64_t chunks = 0;
        double cpuS = 0; ///< this thread's CPU, user and system, connection set-up (and TLS handshakes) included
        double setUpCpuS = 0; ///< of which connecting and handshaking, before the first request was sent
        double wallS = 0;
        std::string error; ///< empty when every request ended with [DONE]
    };

    static Result run(
        int port, int streams, int requestsPerStream, const std::string& request, double timeoutS, bool tls = false);
};
