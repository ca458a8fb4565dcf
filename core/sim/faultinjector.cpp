// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/faultinjector.h"

#include <algorithm>

namespace kp::core {

bool FaultRates::any() const
{
    return http500 > 0 || http503 > 0 || http429 > 0 || cutStream > 0 || inBandError > 0 || stall > 0
        || malformedSse > 0 || slowHeaders > 0;
}

FaultInjector::FaultInjector(const FaultRates& rates)
    : m_rates(rates)
    , m_state(rates.seed)
{ }

double FaultInjector::uniform()
{
    // xorshift64*: a reproducible sequence for a given --fault-seed.
    m_state ^= m_state >> 12;
    m_state ^= m_state << 25;
    m_state ^= m_state >> 27;
    if (m_state == 0)
        m_state = 0x9e3779b97f4a7c15ULL;
    return double((m_state * 0x2545F4914F6CDD1DULL) >> 11) / double(1ULL << 53);
}

FaultInjector::Fault FaultInjector::draw()
{
    if (!m_rates.any())
        return Fault::None;
    const std::pair<double, Fault> order[] = {
        {m_rates.http500, Fault::Http500},
        {m_rates.http503, Fault::Http503},
        {m_rates.http429, Fault::Http429},
        {m_rates.stall, Fault::Stall},
        {m_rates.slowHeaders, Fault::SlowHeaders},
        {m_rates.cutStream, Fault::CutStream},
        {m_rates.inBandError, Fault::InBandError},
        {m_rates.malformedSse, Fault::MalformedSse},
    };
    for (const auto& [rate, fault] : order) {
        if (rate > 0 && uniform() < rate)
            return fault;
    }
    return Fault::None;
}

int FaultInjector::strikeAfter(int tokens)
{
    if (tokens <= 2)
        return 1;
    return 1 + int(uniform() * (tokens - 2));
}

QString FaultInjector::name(Fault fault)
{
    switch (fault) {
    case Fault::None:
        return QStringLiteral("none");
    case Fault::Http500:
        return QStringLiteral("http_500");
    case Fault::Http503:
        return QStringLiteral("http_503");
    case Fault::Http429:
        return QStringLiteral("http_429");
    case Fault::Stall:
        return QStringLiteral("stall");
    case Fault::SlowHeaders:
        return QStringLiteral("slow_headers");
    case Fault::CutStream:
        return QStringLiteral("cut_stream");
    case Fault::InBandError:
        return QStringLiteral("in_band_error");
    case Fault::MalformedSse:
        return QStringLiteral("malformed_sse");
    }
    return {};
}

} // namespace kp::core
