// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace kp::core {

struct Experiment;

/// An experiment (kneepoint tune) put into words in every format: the recommendation with the flag to copy, the
/// ranked table (Experiment::tableRows, the window's too), the answers' quality and what decided each row. Markdown
/// for a pull request, a self-contained HTML page, a PDF with the JSON attached, and the JSON itself.
struct ExperimentReport
{
    /// "md", "html", "json", "pdf", "text".
    static QString formats();
    /// The report in `format`; a null array with `error` set for a format it does not know or a PDF that failed.
    static QByteArray write(const Experiment& experiment, const QString& format, QString* error);

    static QString markdown(const Experiment& experiment);
    static QString html(const Experiment& experiment);
    /// Experiment::toJson() under "schema": "kneepoint-experiment/1".
    static QJsonObject json(const Experiment& experiment);
    static QByteArray pdf(const Experiment& experiment, QString* error);
};

} // namespace kp::core
