// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualityrole.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace kp::core {

class RunStore;

/// One answer to one question in one repetition of a pass.
struct QualityAnswer
{
    QString questionId;
    QString category;
    int repetition = 1; ///< 1…repeat
    QString question; ///< the last user message, so a pass reads on its own after the set file is gone
    QString expected; ///< the answer (a regex's pattern)
    QString reply; ///< the model's text; empty on error
    bool correct = false; ///< meaningful only without an error
    QString error; ///< empty when the server answered; else a sentence (HTTP status, timeout, broken reply)
    int httpStatus = 0; ///< 0 when no HTTP response came
    double latencyMs = 0;

    bool answered() const { return error.isEmpty(); }
};

/// What a pass was asked with.
struct QualityPassInfo
{
    qint64 id = -1;
    QString createdUtc; ///< ISO 8601, set when saved
    QString url; ///< user information is dropped before storing
    QString model;
    QString setName;
    QString setSha256;
    int questionCount = 0;
    QualityRole role = QualityRole::Before;
    std::optional<double> allowedDropPp; ///< the rule, stored with a before pass only
    qint64 seed = 0;
    int repeat = 1;
    QJsonObject options; ///< max_tokens, concurrency, api, timeout: never the API key
    QJsonObject facts; ///< what the server said about itself (/version)
};

/// A pass with its answers.
struct QualityPass
{
    QualityPassInfo info;
    std::vector<QualityAnswer> answers; ///< by repetition, then in the set's order
};

/// A pass as `kneepoint quality list` shows it.
struct QualityPassSummary
{
    QualityPassInfo info;
    int answered = 0; ///< first repetition: questions the server answered
    int correct = 0; ///< first repetition: of those, right
    int errors = 0; ///< every repetition: requests that failed
};

/// Quality passes in the run store's database (tables quality_passes and quality_answers, schema version 3). Uses
/// the RunStore's connection, so it lives on the RunStore's thread and no longer than the RunStore.
class QualityStore
{
public:
    explicit QualityStore(const RunStore& store);

    /// Stores a pass and all its answers in one transaction. Returns its id, or -1 with `error` set.
    qint64 savePass(const QualityPassInfo& info, const std::vector<QualityAnswer>& answers, QString* error);
    /// Every pass, newest first.
    QList<QualityPassSummary> passes(QString* error = nullptr) const;
    /// The pass `id` with its answers; nullopt when there is none (`error` stays empty) or reading failed.
    std::optional<QualityPass> pass(qint64 id, QString* error = nullptr) const;
    /// Deletes a pass with its answers; deleting one that does not exist succeeds.
    bool deletePass(qint64 id, QString* error);

private:
    QString m_path;
    QString m_connectionName;
};

} // namespace kp::core
