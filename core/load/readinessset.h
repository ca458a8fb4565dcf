// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace kp::core {

/// The kernel's readiness notification for many sockets at once: epoll on Linux (readinessset_epoll.cpp), kqueue on
/// macOS and the BSDs (readinessset_kqueue.cpp). One descriptor stands for the whole set, so a worker thread's Qt
/// event loop watches a single socket notifier however many connections are open. Level-triggered on both: what a
/// wake-up leaves unread is reported again at the next. Not thread-safe; one thread owns a set.
class ReadinessSet
{
public:
    /// What a socket is watched for.
    enum Interest : std::uint8_t { None = 0, Read = 1, Write = 2 };
    /// What the kernel says of a socket. On kqueue a socket watched for both may come as two entries of one poll().
    enum Event : std::uint8_t {
        Readable = 1, ///< bytes, or the end of the stream, to recv()
        Writable = 2, ///< room to send(), or a connect() that ended
        PeerClosed = 4, ///< the peer shut its side down (epoll's RDHUP or HUP, kqueue's EV_EOF)
        Failed = 8, ///< the socket has an error pending (epoll's ERR; kqueue's error in fflags)
    };
    struct Ready
    {
        std::uint64_t id = 0; ///< what watch() was told
        std::uint8_t events = 0; ///< Event bits
        /// The socket's error where the kernel said it with the event (kqueue), else 0: then SO_ERROR holds it.
        int error = 0;
    };

    ReadinessSet();
    ~ReadinessSet();
    ReadinessSet(const ReadinessSet&) = delete;
    ReadinessSet& operator=(const ReadinessSet&) = delete;

    /// Whether the kernel gave a set; when not, error() says why (an errno).
    bool isValid() const { return m_fd >= 0; }
    int error() const { return m_error; }
    /// The one descriptor to watch for reading: readable while something in the set is ready.
    int descriptor() const { return m_fd; }
    /// "epoll" or "kqueue": which kernel interface this build uses.
    static const char* backend();

    /// Watches `fd` for `wanted` where it was watched for `watched` before (None: not in the set yet), and reports
    /// it as `id`. Closing a socket takes it out of the set. False, with errno, when the kernel refused.
    bool watch(int fd, std::uint64_t id, std::uint8_t watched, std::uint8_t wanted);
    /// What is ready now, without waiting: up to `max` entries into `out`. 0 when nothing is, -1 (errno) on error.
    int poll(Ready* out, int max);

private:
    int m_fd = -1;
    int m_error = 0;
};

} // namespace kp::core
