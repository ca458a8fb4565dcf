// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/phase.h"

#include <array>
#include <utility>

namespace kp::core {

namespace {

constexpr std::array<std::pair<Phase, const char16_t*>, 5> kNames {
    {{Phase::Baseline, u"baseline"}, {Phase::Uncached, u"uncached"}, {Phase::Concurrency, u"concurrency"},
        {Phase::Rate, u"rate"}, {Phase::Shape, u"shape"}}};

} // namespace

QString phaseName(Phase phase)
{
    for (const auto& [p, name] : kNames)
        if (p == phase)
            return QString::fromUtf16(name);
    return QStringLiteral("unknown");
}

Phase phaseNamed(QStringView name)
{
    for (const auto& [p, text] : kNames)
        if (name == QStringView(text))
            return p;
    return Phase::Unknown;
}

} // namespace kp::core
