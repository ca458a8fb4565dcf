// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// /metrics as the scraper reads it: Prometheus text, then the sample a run keeps.
#include "core/net/prometheustext.h"
#include "core/server/serverfacts.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    QString error;
    const kp::core::PrometheusText metrics
        = kp::core::PrometheusText::parse(QByteArrayView(reinterpret_cast<const char*>(data), qsizetype(size)), &error);
    (void)kp::core::MetricsSample::from(metrics, 1);
    return 0;
}
