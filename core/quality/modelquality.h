// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualitycomparison.h"
#include "core/quality/qualitystore.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

namespace kp::core {

class RunStore;

/// The quality passes asked of one model, for the report of a run of that model: speed and answers side by side.
/// Passes are asked separately from runs (kneepoint quality ask), so they are matched by the model's name.
struct ModelQuality
{
    QString model;
    QList<QualityPassSummary> passes; ///< of this model, newest first
    /// The newest "after" pass against the newest "before" pass asked before it, when there is such a pair.
    std::optional<QualityComparison> latest;

    /// Reads the passes of `model` from `store`; empty when there are none or they cannot be read.
    static ModelQuality of(const RunStore& store, const QString& model);
    bool isEmpty() const { return passes.isEmpty(); }
    /// A report's paragraph lines: each pass's share of right answers, and the latest comparison's verdict.
    QStringList lines() const;
    QJsonObject toJson() const;
};

} // namespace kp::core
