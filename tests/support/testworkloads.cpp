// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testworkloads.h"

#include <memory>
#include <vector>

namespace kp::test {

kp::core::Workload completions(int count, int maxTokens, const QString& prompt, int inputTokens, const QString& model)
{
    kp::core::WorkloadSpec spec;
    spec.model = model;
    auto list = std::make_shared<std::vector<kp::core::RequestTemplate>>();
    for (int i = 0; i < count; ++i) {
        kp::core::RequestTemplate t;
        t.path = "/v1/completions";
        t.body = kp::core::WorkloadBuilder::body(spec, prompt.arg(i), maxTokens);
        t.inputTokens = inputTokens;
        t.outputTokens = maxTokens;
        list->push_back(t);
    }
    return list;
}

} // namespace kp::test
