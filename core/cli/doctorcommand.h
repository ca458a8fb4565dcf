// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/command.h"
#include "core/cli/corenames.h"

namespace kp::core {
struct DoctorCheck;
struct DoctorReport;
} // namespace kp::core

namespace kp::cli {

/// `kneepoint doctor --url URL`: checks a server and this machine before a benchmark, one line per check with a
/// fix in words. Exit 0 when nothing failed, 1 when a check failed (a dead or malformed URL included: it is a
/// finding, reported like the others), 2 on a usage error (no --url, a bad --timeout-ms, an unreadable key file).
class DoctorCommand : public Command
{
public:
    QString name() const override { return QStringLiteral("doctor"); }
    QString summary() const override;
    QString description() const override;
    QList<QCommandLineOption> options() const override;
    int run(const QCommandLineParser& parser, CommandIo& io) override;

    /// One aligned line for a check: result, title, detail and, for a warning or failure, the fix.
    static QString formatLine(const DoctorCheck& check);
    /// The closing sentence: whether the server can be benchmarked.
    static QString verdict(const DoctorReport& report);
};

} // namespace kp::cli
