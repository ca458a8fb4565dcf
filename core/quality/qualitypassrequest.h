// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualityrole.h"
#include "core/quality/questionset.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace kp::core {

/// A quality pass as a person asks for it, checked once for the command line (kneepoint quality ask) and the window
/// (Quality › Ask): the server's address, the question set (the bundled one, or a file that must be clean: nothing
/// is asked of a set with a problem), and the role with its rule. A before pass carries the accuracy drop allowed
/// after the change (kDefaultAllowedDropPp unless given); an after pass carries none, since a comparison holds the
/// after pass to the rule its before pass was asked with.
struct QualityPassRequest
{
    Q_DECLARE_TR_FUNCTIONS(QualityPassRequest)

public:
    QUrl url;
    QualityRole role = QualityRole::Before;
    std::optional<double> allowedDropPp; ///< set for a before pass only
    QuestionSet set;

    /// The most accuracy a before pass may allow to drop, in percentage points: past it no change is ever judged
    /// worse.
    static constexpr double kMostAllowedDropPp = 50;

    /// What the person gave.
    struct Given
    {
        QString url; ///< as typed: "localhost:8000" is http://localhost:8000
        QualityRole role = QualityRole::Before;
        std::optional<double> allowedDropPp; ///< nullopt: the default for a before pass
        QString setFile; ///< empty: the bundled set
    };
    /// The request, or nullopt with `error` a sentence that says what to change (and `problems` every line of a
    /// question set that is not clean, each with its line number).
    static std::optional<QualityPassRequest> of(const Given& given, QString* error, QStringList* problems);
};

} // namespace kp::core
