// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A GGUF file as kneepoint launch --engine llamacpp reads it for its memory estimate: header, metadata and tensor
// table, then the estimate of what it would need.
#include "core/catalog/ggufmodel.h"
#include "core/launch/llamamemoryestimate.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("model.gguf"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    file.write(reinterpret_cast<const char*>(data), qint64(size));
    file.close();
    QString error;
    if (const auto model = kp::core::GgufModel::read(path, &error)) {
        kp::core::LlamaMemoryEstimate::Inputs in;
        in.model = *model;
        in.memory = {QStringLiteral("a machine"), 8.0 * 1024 * 1024 * 1024, true};
        in.gpuLayers = 1;
        (void)kp::core::LlamaMemoryEstimate::of(in).refusal();
        (void)model->describeTypes();
    }
    return 0;
}
