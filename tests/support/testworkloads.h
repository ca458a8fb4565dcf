// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/workload.h"

#include <QString>

namespace kp::test {

/// `count` small /v1/completions requests, each its own prompt (`prompt` with %1 the request's number), built as the
/// product builds them, asking for `maxTokens`; `model` names a model (empty: the server's default).
kp::core::Workload completions(
    int count, int maxTokens, const QString& prompt, int inputTokens, const QString& model = QString());

} // namespace kp::test
