// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Soak: `kneepoint run` for half an hour at moderate load against `kneepoint sim`, one step a minute, with the client's
// resident memory read from /proc every minute. A client that leaks per request or per step shows it here long before
// a user's overnight run would.
//
//   bench_soak [--minutes N] [--concurrency C]      (defaults: 30 minutes, 16 streams)
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

/// VmRSS of `pid` in MiB, or -1 when it cannot be read (the process is gone, or this is not Linux).
double residentMiB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024;
    return -1;
}

int option(const QStringList& args, const QString& name, int fallback)
{
    const qsizetype at = args.indexOf(name);
    return at >= 0 && at + 1 < args.size() ? std::max(1, args[at + 1].toInt()) : fallback;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int minutes = option(args, QStringLiteral("--minutes"), 30);
    const int users = option(args, QStringLiteral("--concurrency"), 16);
    const QString binary = QStringLiteral(KNEEPOINT_BINARY_PATH);
    QTemporaryDir dir;

    // Real time (speed 1): what a user's server would do, a modest load for two cores.
    QProcess sim;
    sim.start(binary, {QStringLiteral("sim"), QStringLiteral("--port"), QStringLiteral("0")});
    static const QRegularExpression listening(QStringLiteral("Listening on (http://\\S+)"));
    QString simOut;
    QString url;
    for (int i = 0; i < 200 && url.isEmpty(); ++i) {
        sim.waitForReadyRead(100);
        simOut += QString::fromUtf8(sim.readAllStandardOutput());
        url = listening.match(simOut).captured(1);
    }
    if (url.isEmpty()) {
        std::fprintf(stderr, "bench_soak: the simulator did not start: %s\n", qPrintable(simOut));
        return 1;
    }

    // One step a minute at the same load, so that every minute stores a step and frees its records; targets loose
    // enough never to end the sweep early.
    QStringList levels;
    for (int m = 0; m < minutes; ++m)
        levels << QString::number(users);
    QProcess run;
    run.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    run.start(binary,
        {QStringLiteral("run"), QStringLiteral("--url"), url, QStringLiteral("--concurrency"), levels.join(u','),
            QStringLiteral("--duration"), QStringLiteral("60"), QStringLiteral("--shapes"), QStringLiteral("512/128"),
            QStringLiteral("--slo-ttft-ms"), QStringLiteral("1000000"), QStringLiteral("--slo-tpot-ms"),
            QStringLiteral("1000000"), QStringLiteral("--max-failures"), QStringLiteral("1"), QStringLiteral("--db"),
            QDir(dir.path()).filePath(QStringLiteral("soak.sqlite"))});
    if (!run.waitForStarted()) {
        std::fprintf(stderr, "bench_soak: cannot start %s\n", qPrintable(binary));
        return 1;
    }
    std::printf("Soak: %d minutes at %d concurrent streams (512 tokens in, 128 out) against the simulator at %s\n",
        minutes, users, qPrintable(url));
    std::printf("%8s  %16s  %16s\n", "minute", "client RSS MiB", "server RSS MiB");
    std::fflush(stdout);

    std::vector<double> samples;
    QElapsedTimer clock;
    clock.start();
    for (int minute = 0; run.state() == QProcess::Running; ++minute) {
        const double client = residentMiB(run.processId());
        const double server = residentMiB(sim.processId());
        if (client < 0)
            break;
        samples.push_back(client);
        std::printf("%8d  %16.1f  %16.1f\n", minute, client, server);
        std::fflush(stdout);
        // Sleep to the next whole minute of the run, waking early if it ends.
        const qint64 next = qint64(minute + 1) * 60'000;
        while (run.state() == QProcess::Running && clock.elapsed() < next)
            run.waitForFinished(int(std::min<qint64>(1000, next - clock.elapsed())));
    }
    run.waitForFinished(-1);
    sim.terminate();
    sim.waitForFinished(5000);
    const QByteArray summary = run.readAllStandardOutput();
    if (run.exitCode() != 0 || samples.size() < 3) {
        std::fprintf(stderr, "bench_soak: the run ended with %d after %zu samples\n%s\n", run.exitCode(),
            samples.size(), summary.constData());
        return 1;
    }
    // From minute 2 on: the first minute holds start-up (prompts, connections, the first step's records).
    const double settled = samples[std::min<std::size_t>(2, samples.size() - 1)];
    const double peak = *std::max_element(samples.begin(), samples.end());
    const double last = samples.back();
    std::printf("\nClient RSS: %.1f MiB at minute 2, %.1f MiB at the last sample, peak %.1f MiB: %+.1f%% over the "
                "run (%s).\n",
        settled, last, peak, (last - settled) / settled * 100,
        last <= settled * 1.10 ? "flat: within 10%" : "GROWING: more than 10%");
    std::printf("%s", summary.right(600).constData());
    return last <= settled * 1.10 ? 0 : 2;
}
