// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/server/prefixcacheresets.h"
#include "core/server/serverfamily.h"

#include <QString>

namespace kp::core {

class Cancellation;
struct ServerEndpoint;

/// One reset of a server's prefix cache, as --reset-prefix-cache asks before each step, through the endpoint its
/// family has: vLLM's POST /reset_prefix_cache (served only when the server runs with VLLM_SERVER_DEV_MODE=1),
/// SGLang's POST /flush_cache, llama-server's POST /slots/ID?action=erase for every slot GET /slots lists (which it
/// serves only when started with --slot-save-path, answering 501 otherwise). TGI and Ollama have none. Waits on the
/// calling thread, `timeoutMs` a request at most.
struct PrefixCacheReset
{
    bool ok = false;
    QString how; ///< the endpoint: "POST /reset_prefix_cache"
    int slotsErased = 0; ///< llama-server: the slots erased
    QString failure; ///< why not, as the client saw it ("HTTP 500: …", a timeout)
    /// The server cannot be asked at all (no later step need ask again), with the status that said so.
    PrefixCacheResets::Unavailable unavailable = PrefixCacheResets::Unavailable::No;
    int status = 0;
    int slot = -1;

    static PrefixCacheReset of(const ServerEndpoint& target, ServerFamily family, int timeoutMs = 5000,
        const Cancellation* cancellation = nullptr);
    /// Adds this reset to the run's tally.
    void addTo(PrefixCacheResets& resets, ServerFamily family) const;
};

} // namespace kp::core
