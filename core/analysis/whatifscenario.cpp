// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/whatifscenario.h"

#include "core/catalog/catalog.h"
#include "core/common/textformat.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>

#include <algorithm>

namespace kp::core {

namespace {

const QString kGroup = QStringLiteral("whatIfScenarios");

// A scenario is one JSON object under its name: one key per scenario, so that saving one never rewrites another.
QJsonObject toJson(const WhatIfScenario& s)
{
    QJsonObject o {{QStringLiteral("percentile"), s.percentile}};
    if (s.slo.ttftMs)
        o[QStringLiteral("ttft_ms")] = *s.slo.ttftMs;
    if (s.slo.tpotMs)
        o[QStringLiteral("tpot_ms")] = *s.slo.tpotMs;
    if (s.slo.e2elMs)
        o[QStringLiteral("e2el_ms")] = *s.slo.e2elMs;
    if (s.slo.ttfoMs)
        o[QStringLiteral("ttfo_ms")] = *s.slo.ttfoMs;
    if (!s.gpu.isEmpty())
        o[QStringLiteral("gpu")] = s.gpu;
    return o;
}

std::optional<double> positive(const QJsonValue& v)
{
    return v.isDouble() && v.toDouble() > 0 ? std::optional<double>(v.toDouble()) : std::nullopt;
}

// Settings keys may not hold a slash (it makes a group) or be empty; the name is kept inside the value as typed.
QString keyOf(const QString& name)
{
    return QString::fromLatin1(name.toUtf8().toPercentEncoding());
}

} // namespace

AnalysisSettings WhatIfScenario::applied(AnalysisSettings settings) const
{
    settings.slo = slo;
    settings.percentile = percentile;
    if (!gpu.isEmpty()) {
        if (std::optional<GpuSpec> spec = Catalog::forUser().gpu(gpu))
            settings.gpu = spec;
    }
    return settings;
}

WhatIfScenario WhatIfScenario::of(const QString& name, const AnalysisSettings& settings, const AnalysisSettings& run)
{
    WhatIfScenario s;
    s.name = name.simplified();
    s.slo = settings.slo;
    s.percentile = settings.percentile;
    const QString asked = settings.gpu ? settings.gpu->id : QString();
    if (asked != (run.gpu ? run.gpu->id : QString()))
        s.gpu = asked;
    return s;
}

QString WhatIfScenario::description() const
{
    QStringList parts;
    if (slo.ttftMs)
        parts << QCoreApplication::translate("WhatIfScenario", "%1 TTFT").arg(text::milliseconds(*slo.ttftMs));
    if (slo.tpotMs)
        parts << QCoreApplication::translate("WhatIfScenario", "%1 TPOT").arg(text::milliseconds(*slo.tpotMs));
    if (slo.e2elMs)
        parts << QCoreApplication::translate("WhatIfScenario", "%1 end to end").arg(text::milliseconds(*slo.e2elMs));
    if (slo.ttfoMs)
        parts << QCoreApplication::translate("WhatIfScenario", "%1 to the first answer token")
                     .arg(text::milliseconds(*slo.ttfoMs));
    if (parts.isEmpty())
        parts << QCoreApplication::translate("WhatIfScenario", "no latency target");
    QString line = QCoreApplication::translate("WhatIfScenario", "%1 at p%2")
                       .arg(parts.join(QStringLiteral(", ")), text::number(percentile));
    if (!gpu.isEmpty()) {
        const std::optional<GpuSpec> spec = Catalog::forUser().gpu(gpu);
        line = QCoreApplication::translate("WhatIfScenario", "%1 on the %2").arg(line, spec ? spec->name : gpu);
    }
    return line;
}

QList<WhatIfScenario> WhatIfScenario::saved()
{
    QSettings settings;
    settings.beginGroup(kGroup);
    QList<WhatIfScenario> list;
    for (const QString& key : settings.childKeys()) {
        const QJsonObject o = QJsonDocument::fromJson(settings.value(key).toByteArray()).object();
        WhatIfScenario s;
        s.name = o.value(u"name").toString();
        if (s.name.isEmpty())
            continue;
        s.slo.ttftMs = positive(o.value(u"ttft_ms"));
        s.slo.tpotMs = positive(o.value(u"tpot_ms"));
        s.slo.e2elMs = positive(o.value(u"e2el_ms"));
        s.slo.ttfoMs = positive(o.value(u"ttfo_ms"));
        s.percentile = std::clamp(o.value(u"percentile").toDouble(99), 50.0, 99.9);
        s.gpu = o.value(u"gpu").toString();
        list << s;
    }
    std::sort(list.begin(), list.end(), [](const WhatIfScenario& a, const WhatIfScenario& b) {
        return a.name.compare(b.name, Qt::CaseInsensitive) < 0;
    });
    return list;
}

std::optional<WhatIfScenario> WhatIfScenario::find(const QString& name)
{
    for (const WhatIfScenario& s : saved()) {
        if (s.name.compare(name.simplified(), Qt::CaseInsensitive) == 0)
            return s;
    }
    return std::nullopt;
}

bool WhatIfScenario::save(const WhatIfScenario& scenario)
{
    const QString name = scenario.name.simplified();
    if (name.isEmpty())
        return false;
    remove(name); // the same name in another case is the same scenario
    QJsonObject o = toJson(scenario);
    o[QStringLiteral("name")] = name;
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(keyOf(name.toLower()), QJsonDocument(o).toJson(QJsonDocument::Compact));
    return true;
}

void WhatIfScenario::remove(const QString& name)
{
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.remove(keyOf(name.simplified().toLower()));
}

} // namespace kp::core
