// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The user's JSONL files: a data set of requests (read from a file, as `run --dataset` does) and a question set.
#include "core/load/workload.h"
#include "core/quality/questionset.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir dir;
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QString path = dir.filePath(QStringLiteral("input.jsonl"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        file.write(bytes);
        file.close();
        (void)kp::core::WorkloadBuilder::fromJsonl(path, kp::core::WorkloadSpec());
    }
    QStringList problems;
    (void)kp::core::QuestionSet::parse(bytes, QStringLiteral("input.jsonl"), &problems);
    return 0;
}
