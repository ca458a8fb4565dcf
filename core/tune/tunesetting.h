// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// One engine setting an experiment tries: an engine argument and its value, as `kneepoint tune --try KEY=V1,V2`
/// names it ("parallel=4" for llama-server, "max-num-seqs=64" for vLLM). The launch checks it against the engine's
/// allow-list like any --engine-arg.
struct TuneSetting
{
    QString key; ///< the flag's name without dashes: "parallel"
    QString value; ///< "4"

    /// As --engine-arg takes it: "parallel=4".
    QString engineArg() const { return key + u'=' + value; }
    /// As a person types it on the server's command line: "--parallel 4".
    QString flag() const { return QStringLiteral("--%1 %2").arg(key, value); }
    /// As the twin takes it (Prediction::apply): "parallel=4".
    QString twinSetting() const { return engineArg(); }
    /// Whether the setting can change what the model answers, not only how fast: a KV cache stored in fewer bits
    /// (vLLM's kv-cache-dtype, llama.cpp's cache-type-k/-v), another quantisation or dtype of the weights, or
    /// speculative decoding. An experiment asks the question set of such a setting's server and the baseline's.
    bool changesAnswers() const;

    /// The settings of --try's values, each KEY=V1,V2,…: one setting per value, each tried alone against the
    /// baseline. Nullopt with `error` a sentence for a value that is not KEY=V1[,V2…], or a setting named twice.
    static std::optional<QList<TuneSetting>> parse(const QStringList& tries, QString* error);

    friend bool operator==(const TuneSetting&, const TuneSetting&) = default;
};

} // namespace kp::core
