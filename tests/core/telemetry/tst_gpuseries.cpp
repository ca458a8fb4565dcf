// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/telemetry/gpusampler.h"
#include "core/telemetry/gpuseries.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kp::core;

namespace {

GpuSample reading(double seconds, double powerW, double energyJ = GpuSample::kNaN)
{
    GpuSample s;
    s.ns = std::int64_t(seconds * 1e9);
    s.gpus = 1;
    s.powerW = powerW;
    s.energyJ = energyJ;
    s.utilization = 1;
    s.memoryUsedMib = 70000;
    return s;
}

} // namespace

class TestGpuSeries : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void nvidiaSmiAddsPowerAndKeepsTheBusiestMemory()
    {
        // Two GPUs as `nvidia-smi --query-gpu=index,power.draw,utilization.gpu,memory.used,clocks.sm` prints them.
        const auto s = GpuSeries::parseNvidiaSmi("0, 412.50, 97, 40960, 1980\n1, 398.10, 95, 61234, 1970\n");
        QVERIFY(s);
        QCOMPARE(s->gpus, 2);
        QCOMPARE(s->powerW, 810.6);
        QCOMPARE(s->memoryUsedMib, 61234.0);
        QCOMPARE(s->utilization, 0.96);
        QCOMPARE(s->smClockMhz, 1975.0);
        QVERIFY(std::isnan(s->energyJ));
        // A GPU that cannot say its power leaves the sum unknown rather than half of it.
        const auto partial = GpuSeries::parseNvidiaSmi("0, [N/A], 50, 1000, 1400\n1, 300.0, 60, 2000, 1500\n");
        QVERIFY(partial);
        QVERIFY(std::isnan(partial->powerW));
        QCOMPARE(partial->memoryUsedMib, 2000.0);
        QVERIFY(!GpuSeries::parseNvidiaSmi("NVIDIA-SMI has failed because it couldn't communicate with the driver\n"));
    }

    void dcgmIsReadPerGpu()
    {
        const QByteArray text = "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
                                "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",UUID=\"GPU-a\"} 650.5\n"
                                "DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",UUID=\"GPU-b\"} 600\n"
                                "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\"} 5000000\n"
                                "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"1\"} 7000000\n"
                                "DCGM_FI_PROF_SM_ACTIVE{gpu=\"0\"} 0.8\n"
                                "DCGM_FI_PROF_SM_ACTIVE{gpu=\"1\"} 0.6\n"
                                "DCGM_FI_DEV_FB_USED{gpu=\"0\"} 70123\n"
                                "DCGM_FI_DEV_FB_USED{gpu=\"1\"} 70456\n"
                                "DCGM_FI_DEV_SM_CLOCK{gpu=\"0\"} 1980\n"
                                "DCGM_FI_DEV_SM_CLOCK{gpu=\"1\"} 1960\n";
        const auto s = GpuSeries::parseDcgm(text);
        QVERIFY(s);
        QCOMPARE(s->gpus, 2);
        QCOMPARE(s->powerW, 1250.5);
        QCOMPARE(s->energyJ, 12000.0); // mJ counters, summed
        QCOMPARE(s->smActive, 0.7);
        QCOMPARE(s->memoryUsedMib, 70456.0);
        QCOMPARE(s->smClockMhz, 1970.0);
        QVERIFY(!GpuSeries::parseDcgm("# a vLLM server, not an exporter\nvllm:num_requests_running 3\n"));
    }

    void aWindowTakesTheEnergyCounterOverIntegratedPower()
    {
        GpuSeries series;
        series.source = QStringLiteral("dcgm");
        // Power readings say 400 W throughout; the counter says 2,000 J went in 3 s: the counter is the truth (a
        // reading is a moment, the counter every moment).
        series.samples = {reading(9, 400, 0), reading(10, 400, 1000), reading(10.5, 400, 1250), reading(11, 400, 1500),
            reading(12, 400, 2000)};
        GpuWindow w = series.window(std::int64_t(9e9), std::int64_t(12e9));
        QVERIFY(w.measured());
        QCOMPARE(w.samples, 5);
        QVERIFY(w.fromEnergyCounter);
        QCOMPARE(w.energyJ, 2000.0);
        QCOMPARE(w.seconds, 3.0);
        QVERIFY(std::abs(w.meanPowerW - 2000.0 / 3) < 1e-9);
        // An interval that does not start or end on a reading gets its share of the counter, linear between them ...
        w = series.window(std::int64_t(9.8e9), std::int64_t(11.9e9));
        QVERIFY(w.measured());
        QVERIFY(std::abs(w.energyJ - ((1500 + 0.9 * 500) - 0.8 * 1000)) < 1e-6);
        // ... but not one short against the time between readings: what was drawn around it would weigh on it.
        w = series.window(std::int64_t(10.2e9), std::int64_t(10.4e9));
        QVERIFY(w.diluted);
        QVERIFY(!w.measured());

        // Without counters, power integrated by the trapezoid rule: 200 W for 1 s, then 400 W for 1 s.
        series.samples = {reading(0, 200), reading(1, 200), reading(2, 400), reading(3, 400)};
        w = series.window(0, std::int64_t(3e9));
        QVERIFY(!w.fromEnergyCounter);
        QCOMPARE(w.energyJ, 200.0 + 300.0 + 400.0);
        QCOMPARE(w.meanPowerW, 300.0);
        // Ends between readings: 0.5 s to 2.5 s is 200 W, rising to 400 W over the second second, then 400 W.
        w = series.window(std::int64_t(0.5e9), std::int64_t(2.5e9));
        QVERIFY(std::abs(w.energyJ - (0.5 * 200 + 300 + 0.5 * 400)) < 1e-6);
        // No reading inside: not measured, never a neighbour's figure.
        QVERIFY(!series.window(std::int64_t(4e9), std::int64_t(5e9)).measured());
    }

    void aSeriesReadsBackByItsColumns()
    {
        GpuSeries series;
        series.source = QStringLiteral("nvidia-smi");
        series.samples = {reading(1, 350.5), reading(2, 360)};
        const GpuSeries back = GpuSeries::fromJson(series.toJson());
        QCOMPARE(back.source, series.source);
        QCOMPARE(int(back.samples.size()), 2);
        QCOMPARE(back.samples[1].ns, series.samples[1].ns);
        QCOMPARE(back.samples[1].powerW, 360.0);
        QVERIFY(std::isnan(back.samples[1].energyJ));
        QCOMPARE(back.samples[0].memoryUsedMib, 70000.0);
        const GpuSeries note = GpuSeries::fromJson(GpuSeries {QString(), QStringLiteral("no GPU here"), {}}.toJson());
        QVERIFY(!note.measured());
        QCOMPARE(note.note, QStringLiteral("no GPU here"));
    }

    void theSamplerReadsNvidiaSmiOnTheServersGpus()
    {
        // A stand-in nvidia-smi on PATH that prints its arguments' GPU list as the index column.
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("nvidia-smi")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            "#!/bin/sh\n"
            "case \"$*\" in *--query-gpu=index,power.draw*-i\\ 1*) ;; *) echo \"unexpected: $*\" >&2; exit 2;; "
            "esac\n"
            "echo '1, 301.25, 88, 30000, 1755'\n");
        script.close();
        script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", dir.path().toUtf8() + ':' + path);
        GpuSampler sampler(QUrl(), QStringLiteral("1"), 100);
        QSignalSpy sampled(&sampler, &GpuSampler::sampled);
        sampler.start();
        QVERIFY(sampler.canRead());
        QTRY_VERIFY_WITH_TIMEOUT(sampled.count() >= 2, 10'000);
        sampler.stop();
        qputenv("PATH", path);
        QCOMPARE(sampler.source(), QStringLiteral("nvidia-smi"));
        QCOMPARE(sampler.samples().front().powerW, 301.25);
        QVERIFY(sampler.note().isEmpty());
        const GpuSeries all = sampler.between(0, std::numeric_limits<std::int64_t>::max());
        QCOMPARE(all.source, QStringLiteral("nvidia-smi"));
        QVERIFY(all.samples.size() >= 2);
        QVERIFY(all.samples[1].ns > all.samples[0].ns);
        // Outside the readings: the step says why it has none.
        QCOMPARE(sampler.between(0, 1).note, QStringLiteral("no GPU reading fell within the step"));

        // No nvidia-smi at all: nothing to read, and a sentence that says what to give instead.
        qputenv("PATH", QByteArray("/nonexistent"));
        GpuSampler none(QUrl(), QString(), 100);
        none.start();
        qputenv("PATH", path);
        QVERIFY(!none.canRead());
        QVERIFY2(none.note().contains(QStringLiteral("--dcgm-url")), qPrintable(none.note()));
    }
};

QTEST_GUILESS_MAIN(TestGpuSeries)
#include "tst_gpuseries.moc"
