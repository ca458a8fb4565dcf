// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/democommand.h"

#include "core/cli/runcommand.h"
#include "core/cli/storeoption.h"
#include "core/sim/simulatorprocess.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace kp::cli {

QString DemoCommand::summary() const
{
    return QStringLiteral("Benchmark the built-in simulated vLLM server, end to end.");
}

QString DemoCommand::description() const
{
    return QStringLiteral(
        "Starts the built-in simulated vLLM server (Llama 3.1 8B on one H100 SXM, 10x faster than real time) on a\n"
        "free loopback port, runs a chat benchmark against it (baseline and a concurrency sweep that stops where\n"
        "the targets clearly break), stores it as a demo run, and prints the summary. Under two minutes.\n");
}

QList<QCommandLineOption> DemoCommand::options() const
{
    return {
        dbOption(),
        QCommandLineOption(QStringLiteral("speed"),
            QStringLiteral("How much faster than real time the simulator runs."), QStringLiteral("K"),
            QStringLiteral("10")),
        QCommandLineOption(QStringLiteral("concurrency"), QStringLiteral("Concurrency levels of the sweep."),
            QStringLiteral("LIST"), QStringLiteral("1,2,4,8,16,32,64,128")),
        QCommandLineOption(QStringLiteral("requests"),
            QStringLiteral(
                "Measured requests per step (default: max(16, 6 x concurrency), a quick run's, enough for a steady "
                "window)."),
            QStringLiteral("N")),
        QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print the result as JSON.")),
    };
}

int DemoCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    // Every option is read before the simulator starts: a typo is said at once, and nothing is left running.
    const double speed = option::number(parser, QStringLiteral("speed"), 0.1, 1000);
    const QList<int> levels = option::users(parser, QStringLiteral("concurrency"), 1, 100000);
    const int requests
        = parser.isSet(QStringLiteral("requests")) ? option::integer(parser, QStringLiteral("requests"), 1, 100000) : 0;
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint demo: " << error << '\n';
        return ExitFailure;
    }

    // The simulator runs as a child process, like a real server: its event loop never competes with the client's.
    SimulatorProcess sim;
    sim.start({QStringLiteral("--speed"), QString::number(speed)});
    const QUrl url = sim.waitForListening(&error);
    if (url.isEmpty()) {
        io.err << "kneepoint demo: " << error << '\n';
        return ExitFailure;
    }
    const QString banner = sim.banner();
    io.err << banner;
    io.err.flush();

    RunOptions options = RunOptions::demoRun(url);
    options.concurrency = levels;
    if (requests > 0)
        options.requestsPerStep = requests;
    const int code = RunCommand::execute(options, QByteArray(), store.get(), parser.isSet(QStringLiteral("json")), io);
    sim.stop();
    return code;
}

} // namespace kp::cli
