// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/telemetry/gpuseries.h"

#include "core/net/prometheustext.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <map>

namespace kp::core {

namespace {

bool finite(double v)
{
    return std::isfinite(v);
}

// The mean of the figures given, NaN where none was.
struct Mean
{
    double sum = 0;
    int count = 0;
    void add(double v)
    {
        if (finite(v)) {
            sum += v;
            ++count;
        }
    }
    double value() const { return count > 0 ? sum / count : GpuSample::kNaN; }
};

void keepMax(double& peak, double v)
{
    if (finite(v))
        peak = finite(peak) ? std::max(peak, v) : v;
}

// Per GPU, what a reading is made of, before the GPUs are taken together.
struct PerGpu
{
    double powerW = GpuSample::kNaN;
    double energyJ = GpuSample::kNaN;
    double smActive = GpuSample::kNaN;
    double utilization = GpuSample::kNaN;
    double memoryUsedMib = GpuSample::kNaN;
    double smClockMhz = GpuSample::kNaN;
};

std::optional<GpuSample> combine(const std::vector<PerGpu>& gpus)
{
    GpuSample s;
    s.gpus = int(gpus.size());
    Mean active, util, clock;
    for (const PerGpu& g : gpus) {
        keepMax(s.memoryUsedMib, g.memoryUsedMib);
        active.add(g.smActive);
        util.add(g.utilization);
        clock.add(g.smClockMhz);
    }
    // A power or energy sum is the server's only when every GPU gave it: a missing one would read as less energy.
    const auto sumOfEvery = [&gpus](double PerGpu::*field) {
        double sum = 0;
        for (const PerGpu& g : gpus) {
            if (!finite(g.*field))
                return GpuSample::kNaN;
            sum += g.*field;
        }
        return sum;
    };
    s.powerW = sumOfEvery(&PerGpu::powerW);
    s.energyJ = sumOfEvery(&PerGpu::energyJ);
    s.smActive = active.value();
    s.utilization = util.value();
    s.smClockMhz = clock.value();
    if (s.gpus == 0 || !s.any())
        return std::nullopt;
    return s;
}

QJsonValue number(double v)
{
    return finite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

double numberOf(const QJsonValue& v)
{
    return v.isDouble() ? v.toDouble() : GpuSample::kNaN;
}

} // namespace

bool GpuSample::any() const
{
    return finite(powerW) || finite(energyJ) || finite(smActive) || finite(utilization) || finite(memoryUsedMib)
        || finite(smClockMhz);
}

QString GpuSeries::sourceName() const
{
    if (source == u"dcgm")
        return QStringLiteral("DCGM exporter");
    return source;
}

QJsonObject GpuSeries::toJson() const
{
    QJsonObject o;
    if (!measured()) {
        o[QStringLiteral("note")] = note;
        return o;
    }
    o[QStringLiteral("source")] = source;
    o[QStringLiteral("columns")] = QJsonArray {QStringLiteral("ns"), QStringLiteral("gpus"), QStringLiteral("power_w"),
        QStringLiteral("energy_j"), QStringLiteral("sm_active"), QStringLiteral("utilization"),
        QStringLiteral("memory_used_mib"), QStringLiteral("sm_clock_mhz")};
    QJsonArray rows;
    for (const GpuSample& s : samples)
        rows.append(QJsonArray {double(s.ns), s.gpus, number(s.powerW), number(s.energyJ), number(s.smActive),
            number(s.utilization), number(s.memoryUsedMib), number(s.smClockMhz)});
    o[QStringLiteral("samples")] = rows;
    return o;
}

GpuSeries GpuSeries::fromJson(const QJsonObject& json)
{
    GpuSeries series;
    series.source = json.value(u"source").toString();
    series.note = json.value(u"note").toString();
    const QJsonArray columns = json.value(u"columns").toArray();
    const auto column = [&columns](const char* name) {
        for (qsizetype i = 0; i < columns.size(); ++i) {
            if (columns.at(i).toString() == QLatin1String(name))
                return int(i);
        }
        return -1;
    };
    // By the names the file carries, so that a later column added or moved reads back in an older build.
    const int ns = column("ns"), gpus = column("gpus"), power = column("power_w"), energy = column("energy_j"),
              active = column("sm_active"), util = column("utilization"), memory = column("memory_used_mib"),
              clock = column("sm_clock_mhz");
    if (ns < 0)
        return series;
    for (const QJsonValue row : json.value(u"samples").toArray()) {
        const QJsonArray r = row.toArray();
        const auto at = [&r](int i) { return i >= 0 && i < r.size() ? numberOf(r.at(i)) : GpuSample::kNaN; };
        GpuSample s;
        s.ns = std::int64_t(at(ns));
        s.gpus = gpus >= 0 ? int(at(gpus)) : 1;
        s.powerW = at(power);
        s.energyJ = at(energy);
        s.smActive = at(active);
        s.utilization = at(util);
        s.memoryUsedMib = at(memory);
        s.smClockMhz = at(clock);
        series.samples.push_back(s);
    }
    return series;
}

namespace {

// The value of `field` at `t`, linear between the readings around it that carry the field; NaN outside them.
double at(const std::vector<const GpuSample*>& readings, double GpuSample::*field, std::int64_t t)
{
    const GpuSample* before = nullptr;
    for (const GpuSample* s : readings) {
        if (!finite(s->*field))
            continue;
        if (s->ns == t)
            return s->*field;
        if (s->ns < t) {
            before = s;
            continue;
        }
        if (!before)
            return GpuSample::kNaN;
        const double share = double(t - before->ns) / double(s->ns - before->ns);
        return before->*field + share * (s->*field - before->*field);
    }
    return GpuSample::kNaN;
}

} // namespace

GpuWindow GpuSeries::window(std::int64_t fromNs, std::int64_t toNs) const
{
    GpuWindow w;
    // The readings that tell about the interval: those inside it, and the last before and first after it, between
    // which the draw is taken as linear (a step shorter than the interval between readings still gets its share).
    std::vector<const GpuSample*> readings;
    const GpuSample* before = nullptr;
    const GpuSample* after = nullptr;
    for (const GpuSample& s : samples) {
        if (s.ns < fromNs)
            before = &s;
        else if (s.ns <= toNs)
            readings.push_back(&s);
        else if (!after)
            after = &s;
    }
    const int inside = int(readings.size());
    if (before)
        readings.insert(readings.begin(), before);
    if (after)
        readings.push_back(after);
    if (readings.empty())
        return w;
    w.gpus = readings.front()->gpus;
    Mean active, util, clock;
    for (const GpuSample* s : readings) {
        keepMax(w.peakMemoryUsedMib, s->memoryUsedMib);
        active.add(s->smActive);
        util.add(s->utilization);
        clock.add(s->smClockMhz);
    }
    w.smActive = active.value();
    w.utilization = util.value();
    w.smClockMhz = clock.value();

    // The part of the interval the readings span; a reading alone inside it stands for the whole.
    const std::int64_t a = std::max(fromNs, readings.front()->ns);
    const std::int64_t b = std::min(toNs, readings.back()->ns);
    if (b <= a) {
        if (inside == 1 && finite(readings[before ? 1 : 0]->powerW)) {
            w.samples = 1;
            w.meanPowerW = readings[before ? 1 : 0]->powerW;
        }
        return w;
    }
    w.samples = int(readings.size());
    w.seconds = double(b - a) / 1e9;
    w.diluted = double(readings.back()->ns - readings.front()->ns) > GpuWindow::kMostSpan * double(toNs - fromNs);
    // The energy counters' difference where they bracket the interval (exact, as every moment went into them) ...
    const double energyA = at(readings, &GpuSample::energyJ, a);
    const double energyB = at(readings, &GpuSample::energyJ, b);
    if (finite(energyA) && finite(energyB) && energyB >= energyA && readings.front()->gpus == readings.back()->gpus) {
        w.energyJ = energyB - energyA;
        w.meanPowerW = w.energyJ / w.seconds;
        w.fromEnergyCounter = true;
        return w;
    }
    // ... else the power readings, linear between them, integrated over [a, b].
    std::vector<std::int64_t> points {a};
    for (const GpuSample* s : readings) {
        if (s->ns > a && s->ns < b && finite(s->powerW))
            points.push_back(s->ns);
    }
    points.push_back(b);
    double joules = 0;
    for (std::size_t i = 1; i < points.size(); ++i) {
        const double p0 = at(readings, &GpuSample::powerW, points[i - 1]);
        const double p1 = at(readings, &GpuSample::powerW, points[i]);
        if (!finite(p0) || !finite(p1))
            return GpuWindow {};
        joules += 0.5 * (p0 + p1) * double(points[i] - points[i - 1]) / 1e9;
    }
    w.energyJ = joules;
    w.meanPowerW = joules / w.seconds;
    return w;
}

QString GpuSeries::nvidiaSmiFields()
{
    return QStringLiteral("index,power.draw,utilization.gpu,memory.used,clocks.sm");
}

std::optional<GpuSample> GpuSeries::parseNvidiaSmi(const QByteArray& output)
{
    std::vector<PerGpu> gpus;
    for (const QByteArray& line : output.split('\n')) {
        const QList<QByteArray> fields = line.split(',');
        if (fields.size() < 5)
            continue;
        const auto at = [&fields](int i) {
            bool ok = false;
            const double v = fields.at(i).trimmed().toDouble(&ok);
            return ok && finite(v) ? v : GpuSample::kNaN;
        };
        PerGpu g;
        g.powerW = at(1);
        g.utilization = finite(at(2)) ? at(2) / 100 : GpuSample::kNaN;
        g.memoryUsedMib = at(3);
        g.smClockMhz = at(4);
        gpus.push_back(g);
    }
    return combine(gpus);
}

std::optional<GpuSample> GpuSeries::parseDcgm(const QByteArray& metrics)
{
    const PrometheusText text = PrometheusText::parse(metrics);
    // By the exporter's `gpu` label (its index), or the UUID where an exporter leaves the index out.
    std::map<QByteArray, PerGpu> gpus;
    for (const PrometheusSample& s : text.samples) {
        if (!s.name.startsWith("DCGM_FI_") || !finite(s.value))
            continue;
        QByteArray id = s.label("gpu");
        if (id.isEmpty())
            id = s.label("UUID");
        PerGpu* g = nullptr;
        const auto gpu = [&gpus, &id, &g] {
            if (!g)
                g = &gpus[id];
            return g;
        };
        if (s.name == "DCGM_FI_DEV_POWER_USAGE")
            gpu()->powerW = s.value;
        else if (s.name == "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION")
            gpu()->energyJ = s.value / 1000; // mJ
        else if (s.name == "DCGM_FI_PROF_SM_ACTIVE")
            gpu()->smActive = s.value;
        else if (s.name == "DCGM_FI_DEV_GPU_UTIL")
            gpu()->utilization = s.value / 100;
        else if (s.name == "DCGM_FI_DEV_FB_USED")
            gpu()->memoryUsedMib = s.value;
        else if (s.name == "DCGM_FI_DEV_SM_CLOCK")
            gpu()->smClockMhz = s.value;
    }
    std::vector<PerGpu> list;
    list.reserve(gpus.size());
    for (const auto& [id, g] : gpus)
        list.push_back(g);
    return combine(list);
}

} // namespace kp::core
