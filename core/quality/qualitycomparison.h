// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualitystatistics.h"
#include "core/quality/qualitystore.h"
#include "core/quality/qualityverdict.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace kp::core {

/// One category's share of a comparison.
struct QualityCategoryRow
{
    QString category;
    PairedCounts counts;
};

/// A question whose correctness differs between the two passes.
struct QualityChangedAnswer
{
    QString questionId;
    QString category;
    QString question;
    QString expected;
    QString beforeReply;
    QString afterReply;
    bool nowRight = false; ///< wrong → right; else right → wrong
};

/// The paired comparison of a before pass and an after pass of the same question set, question by question.
///
/// Each question counts by its first repetition in each pass (the later ones measure the noise floor). A question
/// that failed to get an answer (HTTP error, timeout) in either pass is left out of the paired analysis, never
/// counted as wrong, and the number left out is reported.
struct QualityComparison
{
    QualityPassInfo before;
    QualityPassInfo after;
    double confidence = 0.95;
    double allowedDropPp = 1; ///< the rule stored with the before pass
    PairedCounts counts;
    ConfidenceInterval interval; ///< after − before, as a fraction
    double mcNemarP = 1;
    int excluded = 0; ///< questions without an answer in either pass
    std::optional<double> beforeNoise; ///< noise floor of each pass; nullopt when asked once
    std::optional<double> afterNoise;
    bool withinNoise = false; ///< the share of answers that changed is no larger than a pass's own noise floor
    std::vector<QualityCategoryRow> categories; ///< in the before pass's order
    std::vector<QualityChangedAnswer> changed; ///< right → wrong first, then wrong → right
    QualityVerdict verdict;

    /// Compares `before` (role before, which carries the rule) with `after` at `confidence`. nullopt with a
    /// sentence in `refusal` when they cannot be compared: other question sets, roles the wrong way round, no
    /// rule stored, or no question answered in both.
    static std::optional<QualityComparison> compare(
        const QualityPass& before, const QualityPass& after, double confidence, QString* refusal);

    /// A sentence about the noise floor, empty when neither pass was repeated.
    QString noiseSentence() const;
    QJsonObject toJson() const;
};

/// The noise floor of one pass: the share of questions whose correctness moved between its repetitions.
std::optional<double> qualityNoiseFloor(const QualityPass& pass);

} // namespace kp::core
