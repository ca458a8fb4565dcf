// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/controlcharacterfilter.h"

namespace kp::cli {

namespace {

bool isDroppedByte(unsigned char c)
{
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f;
}

} // namespace

ControlCharacterFilter::ControlCharacterFilter(QIODevice* target, QObject* parent)
    : QIODevice(parent)
    , m_target(target)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

ControlCharacterFilter::~ControlCharacterFilter()
{
    flushPending();
}

void ControlCharacterFilter::flushPending()
{
    // A CR or C2 at the very end: a lone CR moves the cursor, so it goes; a lone C2 is a broken UTF-8 lead that
    // the terminal shows as a replacement character, harmless.
    if (m_pendingCr)
        ++m_dropped;
    if (m_pendingC2)
        m_target->write("\xc2", 1);
    m_pendingCr = m_pendingC2 = false;
}

qint64 ControlCharacterFilter::writeData(const char* data, qint64 size)
{
    QByteArray out;
    out.reserve(qsizetype(size) + 2);
    for (qint64 i = 0; i < size; ++i) {
        const auto c = static_cast<unsigned char>(data[i]);
        if (m_pendingCr) {
            m_pendingCr = false;
            if (c == '\n')
                out += '\r';
            else
                ++m_dropped;
        }
        if (m_pendingC2) {
            m_pendingC2 = false;
            if (c >= 0x80 && c <= 0x9f) {
                m_dropped += 2;
                continue;
            }
            out += '\xc2';
        }
        if (c == '\r') {
            m_pendingCr = true;
        } else if (c == 0xc2) {
            m_pendingC2 = true;
        } else if (isDroppedByte(c)) {
            ++m_dropped;
        } else {
            out += char(c);
        }
    }
    if (!out.isEmpty() && m_target->write(out) != out.size())
        return -1;
    return size;
}

} // namespace kp::cli
