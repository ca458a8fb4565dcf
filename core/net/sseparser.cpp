// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/sseparser.h"

#include <algorithm>
#include <cstring>

namespace kp::core {

void SseParser::reset()
{
    // clear(), not resize(0): a parser kept after an oversized event must not hold on to 16 MiB.
    m_line.clear();
    m_data.clear();
    m_errorField.clear();
    m_borrowedData = {};
    m_dataLines = 0;
    m_borrowed = false;
    m_afterCr = false;
    m_atStart = true;
    m_failed = false;
}

SseParser::Step SseParser::finishFeed()
{
    // The input goes away when feed() returns: data still pointing into it must be copied now.
    if (m_borrowed) {
        m_data.resize(0);
        m_data.append(m_borrowedData);
        m_borrowed = false;
        m_borrowedData = {};
    }
    if (m_line.size() + m_data.size() > maxEventBytes) {
        m_failed = true;
        return Step::Error;
    }
    return Step::NeedMore;
}

bool SseParser::appendData(QByteArrayView value, bool transient)
{
    if (m_dataLines == 0) {
        if (transient) {
            m_data.resize(0);
            m_data.append(value);
        } else {
            m_borrowedData = value;
            m_borrowed = true;
        }
    } else {
        if (m_borrowed) {
            m_data.resize(0);
            m_data.append(m_borrowedData);
            m_borrowed = false;
            m_borrowedData = {};
        }
        m_data.append('\n');
        m_data.append(value);
    }
    ++m_dataLines;
    return currentData().size() <= maxEventBytes;
}

bool SseParser::processLine(QByteArrayView line, bool transient)
{
    if (m_atStart) {
        m_atStart = false;
        if (line.startsWith("\xEF\xBB\xBF"))
            line = line.sliced(3);
    }
    if (line.startsWith("error") && (line.size() == 5 || line[5] == ':')) {
        if (m_errorField.isEmpty()) {
            QByteArrayView value = line.sliced(std::min<qsizetype>(line.size(), 6));
            if (value.startsWith(' '))
                value = value.sliced(1);
            m_errorField = value.first(std::min<qsizetype>(value.size(), 4096)).toByteArray();
        }
        return true;
    }
    // Every other field but data is dropped, so only "data" and "data:…" matter; comments (':') fall through too.
    if (!line.startsWith("data") || (line.size() > 4 && line[4] != ':'))
        return true;
    QByteArrayView value = line.size() > 4 ? line.sliced(5) : QByteArrayView();
    if (value.startsWith(' '))
        value = value.sliced(1);
    return appendData(value, transient);
}

SseParser::Step SseParser::next(QByteArrayView* bytes, QByteArrayView* payload)
{
    if (m_failed)
        return Step::Error;
    QByteArrayView in = *bytes;
    for (;;) {
        if (m_afterCr && !in.isEmpty()) {
            m_afterCr = false;
            if (in.front() == '\n')
                in = in.sliced(1);
        }
        if (in.isEmpty()) {
            *bytes = in;
            return finishFeed();
        }
        const char* begin = in.data();
        const auto* lf = static_cast<const char*>(std::memchr(begin, '\n', size_t(in.size())));
        const auto* cr = static_cast<const char*>(std::memchr(begin, '\r', size_t(lf ? lf - begin : in.size())));
        const char* end = cr ? cr : lf;
        if (!end) {
            m_line.append(in);
            *bytes = {};
            return finishFeed();
        }
        m_afterCr = *end == '\r';
        QByteArrayView line(begin, end - begin);
        in = in.sliced(end - begin + 1);
        if (line.isEmpty() && m_line.isEmpty()) {
            m_atStart = false;
            if (m_dataLines == 0)
                continue; // an event without data is not dispatched
            *payload = currentData();
            m_dataLines = 0;
            m_borrowed = false;
            m_borrowedData = {};
            *bytes = in;
            return Step::Event;
        }
        bool ok;
        if (m_line.isEmpty()) {
            ok = processLine(line, false);
        } else {
            m_line.append(line);
            ok = processLine(m_line, true);
            m_line.resize(0);
        }
        if (!ok) {
            m_failed = true;
            return Step::Error;
        }
    }
}

} // namespace kp::core
