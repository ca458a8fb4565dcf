// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Long steps: `kneepoint run` with one step of each length against `kneepoint sim`, its peak resident memory (VmHWM)
// read from /proc, each as a ratio to the shortest step's, measured in the same run. A step stores its requests as
// they finish and computes its statistics from the store in passes, so the peak must not grow with the step's
// length; before, every chunk of a step was held until it ended (half a gigabyte after 12 s at full speed).
//
//   bench_longstep [--seconds 10,30,60] [--concurrency 64] [--speed 20]
//
// Seconds are wall-clock seconds of the measured step; the simulator runs --speed times faster than real time, so
// a 60 s step at speed 20 is twenty minutes of the server's time, and 64 streams of 256 tokens send ~120,000 chunks a
// second on two cores.
#include "core/sim/simulatorprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdio>
#include <vector>

namespace {

/// A field of /proc/<pid>/status in MiB (VmHWM: the peak resident set), or -1 when it cannot be read.
double statusMiB(qint64 pid, const char* field)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(qsizetype(qstrlen(field))).trimmed().split(' ').value(0).toDouble() / 1024;
    return -1;
}

QString option(const QStringList& args, const QString& name, const QString& fallback)
{
    const qsizetype at = args.indexOf(name);
    return at >= 0 && at + 1 < args.size() ? args[at + 1] : fallback;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    std::vector<int> lengths;
    for (const QString& s : option(args, QStringLiteral("--seconds"), QStringLiteral("10,30,60")).split(u','))
        if (s.toInt() > 0)
            lengths.push_back(s.toInt());
    const int users = option(args, QStringLiteral("--concurrency"), QStringLiteral("64")).toInt();
    const int speed = option(args, QStringLiteral("--speed"), QStringLiteral("20")).toInt();
    if (lengths.empty() || users <= 0 || speed <= 0) {
        std::fprintf(stderr, "Usage: bench_longstep [--seconds 10,30,60] [--concurrency 64] [--speed 20]\n");
        return 1;
    }
    const QString binary = QStringLiteral(KNEEPOINT_BINARY_PATH);
    QTemporaryDir dir;

    // The simulator as `kneepoint demo` starts it: a child process on a free port.
    kp::core::SimulatorProcess sim;
    sim.start({QStringLiteral("--speed"), QString::number(speed), QStringLiteral("--max-num-seqs"),
                  QString::number(std::max(256, users))},
        binary);
    QString simError;
    const QString url = sim.waitForListening(&simError).toString();
    if (url.isEmpty()) {
        std::fprintf(stderr, "bench_longstep: the simulator did not start: %s\n", qPrintable(simError));
        return 1;
    }

    std::printf("Long steps: %d streams (16 tokens in, 256 out) against the simulator at %dx, at %s\n", users, speed,
        qPrintable(url));
    std::printf(
        "%10s  %12s  %14s  %14s  %22s\n", "step s", "requests", "chunks", "peak RSS MiB", "ratio to the shortest");
    std::fflush(stdout);
    double reference = -1;
    double worst = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) {
        const QString db = QDir(dir.path()).filePath(QStringLiteral("step-%1.sqlite").arg(i));
        QProcess run;
        run.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        // --duration is in the server's time; targets loose enough never to end the sweep.
        run.start(binary,
            {QStringLiteral("run"), QStringLiteral("--url"), url, QStringLiteral("--concurrency"),
                QString::number(users), QStringLiteral("--duration"), QString::number(lengths[i] * speed),
                QStringLiteral("--shapes"), QStringLiteral("16/256"), QStringLiteral("--slo-ttft-ms"),
                QStringLiteral("1000000"), QStringLiteral("--slo-tpot-ms"), QStringLiteral("1000000"),
                QStringLiteral("--json"), QStringLiteral("--db"), db});
        if (!run.waitForStarted()) {
            std::fprintf(stderr, "bench_longstep: cannot start %s\n", qPrintable(binary));
            return 1;
        }
        double peak = -1;
        while (!run.waitForFinished(200))
            peak = std::max(peak, statusMiB(run.processId(), "VmHWM:"));
        const QByteArray out = run.readAllStandardOutput();
        if (run.exitCode() != 0 || peak < 0) {
            std::fprintf(stderr, "bench_longstep: the %d s run ended with %d\n%s\n", lengths[i], run.exitCode(),
                out.right(2000).constData());
            return 1;
        }
        // What the step sent, from the store's own file through the command line.
        QProcess count;
        count.start(binary, {QStringLiteral("runs"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        count.waitForFinished(30'000);
        static const QRegularExpression requests(QStringLiteral("\"requests\"\\s*:\\s*(\\d+)"));
        const qint64 n = requests.match(QString::fromUtf8(count.readAllStandardOutput())).captured(1).toLongLong();
        if (reference < 0)
            reference = peak;
        worst = std::max(worst, peak / reference);
        std::printf("%10d  %12lld  %14lld  %14.1f  %21.2fx\n", lengths[i], static_cast<long long>(n),
            static_cast<long long>(n) * 256, peak, peak / reference);
        std::fflush(stdout);
    }
    sim.stop();
    std::printf("\nThe longest step's peak is %.2fx the shortest's (%s).\n", worst,
        worst <= 1.25 ? "bounded: within 25%" : "GROWING with the step");
    return worst <= 1.25 ? 0 : 2;
}
