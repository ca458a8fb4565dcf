// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/corenames.h"

#include <QIODevice>

class QFile;

namespace kp::cli {

/// The command line's stdout and stderr: passes text through but drops the control characters a terminal would
/// obey. A server names its model, writes its error texts and its version; an ESC in any of them (a colour, a
/// cursor move, a window title, an OSC 52 clipboard write) must not reach the user's terminal, whichever command
/// prints it. Kept: tab, line feed, and a carriage return that ends a line (CSV's CRLF). Dropped: every other C0
/// control, DEL, and the C1 controls (U+0080–U+009F, which UTF-8 writes as C2 80–C2 9F).
class ControlCharacterFilter : public QIODevice
{
    Q_OBJECT

public:
    /// Writes what passes to `target`, which must be open for writing and outlive the filter.
    explicit ControlCharacterFilter(QIODevice* target, QObject* parent = nullptr);
    ~ControlCharacterFilter() override;

    bool isSequential() const override { return true; }
    /// Bytes dropped so far, for tests.
    qint64 dropped() const { return m_dropped; }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 size) override;

private:
    void flushPending();

    QIODevice* m_target;
    qint64 m_dropped = 0;
    bool m_pendingCr = false; ///< a CR whose next byte decides whether it ends a line
    bool m_pendingC2 = false; ///< a C2 lead byte whose next byte decides whether it is a C1 control
};

} // namespace kp::cli
