// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstdint>
#include <vector>

namespace kp::core {

/// What the simulated server knows about one generation request, on its own monotonic clock: when it arrived, when
/// the first token and every streamed chunk left. A client on the same machine reads the same clock, so a test can
/// tell how accurately the client timed the stream.
struct GroundTruthRecord
{
    QByteArray requestId; ///< the response id (cmpl-…, chatcmpl-…)
    QByteArray path;
    bool stream = false;
    QString fault;
    int status = 200;
    int promptTokens = 0;
    int completionTokens = 0;
    std::int64_t arrivalNs = 0; ///< the whole request had been read
    std::int64_t firstTokenNs = -1; ///< the first chunk carrying a token was written
    std::vector<std::int64_t> chunkNs; ///< every chunk carrying a token, as written
    std::int64_t endNs = -1; ///< the response was complete, or the stream was cut

    QByteArray toJsonLine() const;
};

/// Writes one JSON line per request to the file named by --ground-truth, flushed as each request ends.
class GroundTruthLog
{
public:
    bool open(const QString& path, QString* error);
    bool isOpen() const { return m_file.isOpen(); }
    void write(const GroundTruthRecord& record);

private:
    QFile m_file;
};

} // namespace kp::core
