// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>

#include <cstdint>

namespace kp::core {

/// One /metrics scrape as the run store keeps it: when it was taken and the values read, by meaning. Here, below the
/// store, because ServerDeltas reads a step's scrapes and the store keeps them.
struct StoredMetricsSample
{
    std::int64_t ns = 0; ///< monotonic time the scrape was asked (the server answered for a moment after it)
    QJsonObject values;
};

} // namespace kp::core
