// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/server/loraadapter.h"

#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace kp::core {

/// Requests sent to several models or LoRA adapters on one server, each by its weight (`--models a:70,b:20,c:10`): a
/// vLLM server names each adapter it loaded (--lora-modules) as a model of its own, so the request's "model" picks it;
/// llama-server's are picked by the request's "lora" field (llamaCppRoutes()).
struct ModelMix
{
    struct Share
    {
        QString model; ///< the served name: the base model or an adapter
        double weight = 1; ///< relative; the shares need not add up to 100
    };
    std::vector<Share> shares;

    bool empty() const { return shares.empty(); }
    /// The weights' total, for each share's fraction.
    double totalWeight() const;
    /// `a:70,b:20,c:10`; a name without a weight weighs 1 (`a,b`: half each). The weight is what follows the last
    /// colon when it is a number, so a name may hold colons of its own. Nothing and a sentence in `error` for an
    /// empty name, a weight that is not above 0, or a name given twice (without the option's name: the command line
    /// puts "--models: " before it, the wizard shows it under its field).
    static std::optional<ModelMix> parse(const QString& text, QString* error);
    /// "a:70,b:20,c:10", which parse() reads back: what a run stores.
    QString toString() const;
    /// "a 70%, b 20%, c 10%".
    QString describe() const;

    /// Which share each of `groups` groups of requests goes to: each share gets its weight's part of the groups,
    /// rounded by largest remainders (so 64 groups at 70:20:10 are 45, 13 and 6), in an order drawn from `seed`, so
    /// that the shares are spread over the run rather than sent one after the other. A group is one prompt, or one
    /// conversation's turns, which must all go to one model for its prefix cache to serve them.
    std::vector<int> assign(int groups, std::uint64_t seed) const;

    /// How one name of the mix reaches the server: the "model" its requests name and, for llama-server's adapters,
    /// the "lora" field they send (empty: none).
    struct Route
    {
        QString model;
        QJsonArray lora;
    };
    /// The routes to a llama-server whose /v1/models lists `served` and whose /lora-adapters lists `adapters`: a
    /// served name goes as it is, an adapter's (LoraAdapter::isNamed) as the served model with that adapter alone at
    /// scale 1. While the server has adapters every request lists each of them, the others at 0, so that neither the
    /// server's default scales nor its version's reading of a request without "lora" decide what runs. Nothing, and a
    /// sentence naming what the server has, when a name is neither.
    std::optional<std::map<QString, Route>> llamaCppRoutes(
        const QStringList& served, const std::vector<LoraAdapter>& adapters, QString* error) const;
};

} // namespace kp::core
