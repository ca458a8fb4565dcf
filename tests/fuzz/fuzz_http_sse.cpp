// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A streamed response as the socket transport reads it: HTTP/1.1 head and (chunked) body, SSE events, and each
// event's JSON classified. The first byte picks where reads are cut, since a server's bytes arrive in any pieces.
#include "core/net/httpresponsereader.h"
#include "core/net/sseparser.h"
#include "core/net/streamevent.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1)
        return 0;
    const qsizetype piece = 1 + data[0] % 64;
    QByteArrayView bytes(reinterpret_cast<const char*>(data + 1), qsizetype(size - 1));
    kp::core::HttpResponseReader http;
    kp::core::SseParser sse;
    kp::core::StreamEventReader events;
    bool sseOk = true;
    auto onBody = [&](QByteArrayView body) {
        if (sseOk)
            sseOk = sse.feed(body, [&](QByteArrayView payload) { (void)events.read(payload); });
    };
    while (!bytes.isEmpty()) {
        const qsizetype used = http.feed(bytes.first(std::min(piece, bytes.size())), onBody);
        // A reader that takes nothing more is done, failed, or leaves the rest to the next response.
        if (used <= 0 || http.done() || http.state() == kp::core::HttpResponseReader::State::Error)
            break;
        bytes = bytes.sliced(used);
    }
    if (!http.done())
        http.closed();
    (void)sse.hasPartialEvent();
    return 0;
}
