// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReadinessSet on macOS and the BSDs: one kqueue, with a read filter and a write filter per socket. Linux has no
// kqueue; tests/support/kqueuemodel runs this file there against a model of kqueue(2) built on epoll, so the
// transport's suites run through it too (tst_hostile_kqueuemodel).
#include "core/load/readinessset.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <ctime>
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
    // Each interest is a filter of its own. One kevent() per change, the addition first: without an event list,
    // kevent() stops at the first change it refuses and keeps those before it, and the set must stay as `watched`
    // says when this returns false (a write filter left behind would report a socket writable for ever).
    const auto apply = [&](short filter, unsigned short flags) {
        struct kevent change;
        EV_SET(&change, uintptr_t(fd), filter, flags, 0, 0, udata(id));
        return ::kevent(m_fd, &change, 1, nullptr, 0, nullptr) == 0;
    };
    const auto filterOf = [](std::uint8_t interest) -> short { return interest == Read ? EVFILT_READ : EVFILT_WRITE; };
    std::uint8_t added = None;
    for (const std::uint8_t interest : {Read, Write}) {
        if ((wanted & interest) && !(watched & interest)) {
            if (!apply(filterOf(interest), EV_ADD | EV_ENABLE)) {
                const int error = errno;
                if (added != None)
                    apply(filterOf(added), EV_DELETE);
                errno = error;
                return false;
            }
            added = std::uint8_t(added | interest);
        }
    }
    for (const std::uint8_t interest : {Read, Write}) {
        if ((watched & interest) && !(wanted & interest) && !apply(filterOf(interest), EV_DELETE)) {
            const int error = errno;
            for (const std::uint8_t undo : {Read, Write}) {
                if (added & undo)
                    apply(filterOf(undo), EV_DELETE);
            }
            errno = error;
            return false;
        }
    }
    return true;
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
