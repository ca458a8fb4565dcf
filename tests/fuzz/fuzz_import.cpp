// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Other tools' result files, as kneepoint import reads them: the sniffer, then whichever reader claims the bytes
// (vllm bench serve JSON, AIPerf's per-request JSONL, GuideLLM's benchmarks.json), each through a file.
#include "core/import/importformat.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir dir;
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    (void)kp::core::sniffImportFormat(bytes);
    const QString path = dir.filePath(QStringLiteral("profile_export.jsonl"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        file.write(bytes);
        file.close();
        QString error;
        (void)kp::core::readImportFile(path, &error);
    }
    return 0;
}
