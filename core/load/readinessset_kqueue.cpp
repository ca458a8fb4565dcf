// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReadinessSet on macOS and the BSDs: one kqueue, with a read filter and a write filter per socket. Linux has no
// kqueue; tests/support/kqueuemodel runs this file there against a model of kqueue(2) built on epoll, so the
// transport's suites run through it too (tst_hostile_kqueuemodel).
#include "readinessset.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <fcntl.h>
#include <sys/event.h>
#include <sys/types.h>
#include <unistd.h>

namespace kp::core {

namespace {

void* udata(std::uint64_t id)
{
    return reinterpret_cast<void*>(static_cast<std::uintptr_t>(id));
}

} // namespace

ReadinessSet::ReadinessSet()
{
    m_fd = ::kqueue();
    if (m_fd < 0) {
        m_error = errno;
        return;
    }
    // kqueue() has no close-on-exec flag of its own: a server Kneepoint launches must not inherit the set.
    ::fcntl(m_fd, F_SETFD, FD_CLOEXEC);
}

ReadinessSet::~ReadinessSet()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

const char* ReadinessSet::backend()
{
    return "kqueue";
}

bool ReadinessSet::watch(int fd, std::uint64_t id, std::uint8_t watched, std::uint8_t wanted)
{
    // Each interest is a filter of its own: added where newly wanted, deleted where no longer wanted.
    struct kevent changes[2];
    int n = 0;
    const auto change = [&](std::uint8_t interest, short filter) {
        if ((wanted & interest) && !(watched & interest))
            EV_SET(&changes[n++], uintptr_t(fd), filter, EV_ADD | EV_ENABLE, 0, 0, udata(id));
        else if ((watched & interest) && !(wanted & interest))
            EV_SET(&changes[n++], uintptr_t(fd), filter, EV_DELETE, 0, 0, udata(id));
    };
    change(Read, EVFILT_READ);
    change(Write, EVFILT_WRITE);
    if (n == 0)
        return true;
    // No room for events: a change the kernel refuses fails the whole call with its errno.
    return ::kevent(m_fd, changes, n, nullptr, 0, nullptr) == 0;
}

int ReadinessSet::poll(Ready* out, int max)
{
    constexpr int kBatch = 512;
    struct kevent events[kBatch];
    const struct timespec now
    { };
    const int n = ::kevent(m_fd, nullptr, 0, events, std::min(max, kBatch), &now);
    int count = 0;
    for (int i = 0; i < n; ++i) {
        const struct kevent& e = events[i];
        if (e.flags & EV_ERROR)
            continue; // a change that failed; poll() applies none, so none is expected here
        std::uint8_t ready = e.filter == EVFILT_WRITE ? Writable : Readable;
        if (e.flags & EV_EOF)
            ready |= PeerClosed;
        // With EV_EOF, fflags holds the socket's error: a refused connect, a reset.
        const int error = (e.flags & EV_EOF) ? int(e.fflags) : 0;
        if (error != 0)
            ready |= Failed;
        out[count++] = Ready {std::uint64_t(reinterpret_cast<std::uintptr_t>(e.udata)), ready, error};
    }
    return n < 0 ? n : count;
}

} // namespace kp::core
