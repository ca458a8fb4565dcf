// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/steptimemodel.h"

#include <cmath>

namespace kp::core {

StepTimeModel::StepTimeModel(const GpuSpec& gpu, const ModelSpec& model, double bandwidthEfficiency,
    double computeEfficiency, std::int64_t overheadNs, double kvBytesPerElement)
    : m_roofline(gpu, model, 1, kvBytesPerElement)
    , m_bandwidthEfficiency(bandwidthEfficiency)
    , m_computeEfficiency(computeEfficiency)
    , m_overheadNs(overheadNs)
{ }

std::int64_t StepTimeModel::stepNs(const Step& step) const
{
    if (step.tokens == 0)
        return 0;
    if (m_fixedStepNs > 0)
        return m_fixedStepNs;
    const double seconds = m_roofline.seconds(step, m_bandwidthEfficiency, m_computeEfficiency);
    return std::int64_t(std::llround(seconds * 1e9)) + m_overheadNs;
}

} // namespace kp::core
