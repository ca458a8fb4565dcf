// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace kp::core {

/// What the user says of a run, beside what was measured: a name to find it by, notes, tags. Kept with the run
/// (exported and imported with it); never read by the analysis.
struct RunAnnotation
{
    QString name; ///< one line; empty: unnamed
    QString notes; ///< free text
    QStringList tags; ///< each one word or phrase without commas, each once, in the order given

    /// Trimmed, the name on one line, tags without empty ones, commas or repeats (compared without case).
    RunAnnotation cleaned() const;
    /// Tags typed as one line: "baseline, fp8 kv,  h100" → {baseline, fp8 kv, h100}.
    static QStringList tagsFromText(const QString& text);
    bool operator==(const RunAnnotation&) const = default;
};

} // namespace kp::core
