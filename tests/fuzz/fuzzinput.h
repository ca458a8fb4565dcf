// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

#include <cstddef>
#include <cstdint>

/// The fuzzer's bytes cut into `parts` pieces at the separator "\n--\n", so one input can feed readers that take
/// several documents (the three bodies server detection reads, say). Missing pieces are empty.
inline QList<QByteArray> fuzzParts(const std::uint8_t* data, std::size_t size, int parts)
{
    const QByteArray all = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    QList<QByteArray> out;
    qsizetype from = 0;
    for (int i = 0; i < parts; ++i) {
        const qsizetype at = i + 1 < parts ? all.indexOf("\n--\n", from) : -1;
        if (at < 0) {
            out << all.mid(from);
            from = all.size();
        } else {
            out << all.mid(from, at - from);
            from = at + 4;
        }
    }
    return out;
}
