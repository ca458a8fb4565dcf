// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::cli {

/// `kneepoint report ID --format md|json|html|pdf|csv|requests-csv [-o FILE]`: a stored run's report, regenerated
/// from the stored measurements under the run's targets or the ones given. Needs a QGuiApplication for PDF (the
/// application makes one without a display for this command).
class ReportCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("report"); }
    QString summary() const override
    {
        return QStringLiteral("Write a stored run's report: Markdown, JSON, HTML, PDF or CSV (kneepoint report ID).");
    }
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;
    bool takesArguments() const override { return true; }
    /// Whether the command needs fonts, hence a QGuiApplication: only for PDF.
    static bool needsGui(const QStringList& arguments);
    /// Writes a report's bytes to `output` (a file, saved whole) or to standard output when it is empty or "-", as
    /// report and experiments do; what went wrong is said as `command`'s.
    static int deliver(const QByteArray& data, const QString& output, const QString& command, CommandIo& io);
};

} // namespace kp::cli
