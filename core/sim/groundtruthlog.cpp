// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/groundtruthlog.h"

namespace kp::core {

QByteArray GroundTruthRecord::toJsonLine() const
{
    QByteArray line;
    line.reserve(160 + qsizetype(chunkNs.size()) * 20);
    line += "{\"request_id\":\"" + requestId + "\",\"path\":\"" + path + "\",\"stream\":" + (stream ? "true" : "false")
        + ",\"fault\":\"" + fault.toUtf8() + "\",\"status\":" + QByteArray::number(status) + ",\"prompt_tokens\":"
        + QByteArray::number(promptTokens) + ",\"completion_tokens\":" + QByteArray::number(completionTokens)
        + ",\"arrival_ns\":" + QByteArray::number(arrivalNs) + ",\"first_token_ns\":"
        + (firstTokenNs < 0 ? QByteArray("null") : QByteArray::number(firstTokenNs)) + ",\"chunk_ns\":[";
    for (std::size_t i = 0; i < chunkNs.size(); ++i) {
        if (i)
            line += ',';
        line += QByteArray::number(chunkNs[i]);
    }
    line += "],\"end_ns\":" + (endNs < 0 ? QByteArray("null") : QByteArray::number(endNs)) + "}\n";
    return line;
}

bool GroundTruthLog::open(const QString& path, QString* error)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        *error = QStringLiteral("Cannot write the ground-truth file %1: %2").arg(path, m_file.errorString());
        return false;
    }
    return true;
}

void GroundTruthLog::write(const GroundTruthRecord& record)
{
    if (!m_file.isOpen())
        return;
    m_file.write(record.toJsonLine());
    m_file.flush();
}

} // namespace kp::core
