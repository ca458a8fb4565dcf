// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace kp::core {

/// What resetting the server's prefix cache before each step came to (--reset-prefix-cache), as the run keeps it in
/// its facts ("prefix_cache_reset"): how the server was asked, before how many steps it was reset, and when it could
/// not be, why. Stored as data (the endpoint, codes, HTTP statuses), put into words when shown, in the reader's
/// language; the prefix-cache check says it beside its counts.
struct PrefixCacheResets
{
    Q_DECLARE_TR_FUNCTIONS(kp::core::PrefixCacheResets)

public:
    /// Why the server cannot be asked at all: said once, and no later step asks again.
    enum class Unavailable {
        No,
        VllmDevMode, ///< vLLM serves /reset_prefix_cache only with VLLM_SERVER_DEV_MODE=1 (404 without)
        LlamaNoSlots, ///< llama-server started with --no-slots: GET /slots answers 501
        LlamaSlotSavePath, ///< llama-server acts on a slot only with --slot-save-path: the erase answers 501
        NoEndpoint, ///< the family has none (TGI, Ollama)
        UnknownServer, ///< the server's family is not known
    };

    QString how; ///< the endpoint: "POST /reset_prefix_cache", "POST /slots/ID?action=erase", "POST /flush_cache"
    int slotsErased = 0; ///< llama-server: the slots erased each time
    int resets = 0; ///< steps the cache was reset before
    int failures = 0; ///< steps it could not be reset before (the step was measured anyway)
    QString failure; ///< the last failure as the client saw it ("HTTP 500: …", a timeout)
    Unavailable unavailable = Unavailable::No;
    int status = 0; ///< the HTTP status that said it is unavailable
    QString family; ///< the server family's name, for NoEndpoint
    int slot = -1; ///< the slot whose erase answered 501, for LlamaSlotSavePath

    bool any() const { return resets > 0 || failures > 0 || unavailable != Unavailable::No; }
    /// Why it is unavailable, in words with its status: "vLLM serves /reset_prefix_cache only when started with
    /// VLLM_SERVER_DEV_MODE=1 (it answered HTTP 404)"; empty when it is not.
    QString unavailableReason() const;
    /// One sentence with the numbers: "The server's prefix cache was reset before each of 9 steps (POST
    /// /reset_prefix_cache)", or why it was not.
    QString sentence() const;

    QJsonObject toJson() const;
    static PrefixCacheResets fromJson(const QJsonObject& json);
    /// The resets of a run's facts (stored there as "prefix_cache_reset"): none asked for a run without them.
    static PrefixCacheResets ofRunFacts(const QJsonObject& runFacts);
};

} // namespace kp::core
