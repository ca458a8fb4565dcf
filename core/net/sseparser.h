// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace kp::core {

/// An incremental Server-Sent Events parser (WHATWG HTML §9.2.6) over an already de-chunked HTTP body. Only the data
/// of each event is reported; `event:`, `id:`, `retry:` and comment lines are read and dropped.
///
/// Feeding is allocation-free in the common case: an event that arrives whole inside one feed is handed out as a view
/// into the caller's bytes, and only an event cut by the end of a feed is copied into an internal buffer.
class SseParser
{
public:
    /// The largest event (its buffered lines and data) accepted before the stream counts as broken.
    static constexpr qsizetype maxEventBytes = 16 * 1024 * 1024;

    /// Feeds bytes as they were read; calls `onData(QByteArrayView payload)` once per complete event that has data
    /// (its data lines joined by '\n'), in order. The view is valid only during the call. Returns false if the
    /// buffered incomplete event grew past maxEventBytes (a protocol error); the parser then refuses every feed until
    /// reset().
    template<typename F> bool feed(QByteArrayView bytes, F&& onData)
    {
        QByteArrayView payload;
        for (;;) {
            switch (next(&bytes, &payload)) {
            case Step::Event:
                onData(payload);
                break;
            case Step::NeedMore:
                return true;
            case Step::Error:
                return false;
            }
        }
    }

    /// Forgets everything buffered, ready for a new stream.
    void reset();
    /// True while bytes of an event not yet terminated by a blank line are buffered: a stream cut mid-event leaves
    /// this true.
    bool hasPartialEvent() const { return !m_line.isEmpty() || m_dataLines > 0; }
    /// The value of the first `error:` field, at most 4 KiB: llama.cpp ends a failed stream with one instead of a data
    /// event. No event by the standard, so onData never sees it; empty when none came.
    const QByteArray& errorField() const { return m_errorField; }

private:
    enum class Step { Event, NeedMore, Error };

    /// Consumes lines from the front of `bytes` up to and including the next event's terminating blank line, or all
    /// of them.
    Step next(QByteArrayView* bytes, QByteArrayView* payload);
    bool processLine(QByteArrayView line, bool transient);
    bool appendData(QByteArrayView value, bool transient);
    QByteArrayView currentData() const { return m_borrowed ? m_borrowedData : QByteArrayView(m_data); }
    Step finishFeed();

    QByteArray m_line; // the start of a line cut by the end of a feed
    QByteArray m_data; // the data of the current event, when it could not stay a view into the input
    QByteArray m_errorField;
    QByteArrayView m_borrowedData; // the data of the current event while it is one line inside the current feed
    int m_dataLines = 0;
    bool m_borrowed = false;
    bool m_afterCr = false; // the last line ended in CR: a LF first thing next is its other half
    bool m_atStart = true; // a UTF-8 BOM may still come
    bool m_failed = false;
};

} // namespace kp::core
