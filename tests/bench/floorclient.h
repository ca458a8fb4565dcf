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
class FloorClient
{
public:
    struct Request
    {
        std::string id; ///< the response's id, from its first event
        std::vector<std::int64_t> chunkNs; ///< CLOCK_MONOTONIC time of the read that brought each event
    };
    struct Result
    {
        std::vector<Request> requests;
        std::uint64_t chunks = 0;
        double cpuS = 0; ///< this thread's CPU, user and system
        double wallS = 0;
        std::string error; ///< empty when every request ended with [DONE]
    };

    static Result run(int port, int streams, int requestsPerStream, const std::string& request, double timeoutS);
};
