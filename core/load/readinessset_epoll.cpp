// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// ReadinessSet on Linux: one epoll instance.
#include "core/load/readinessset.h"

#include <algorithm>
#include <cerrno>
#include <sys/epoll.h>
#include <unistd.h>

namespace kp::core {

namespace {

std::uint32_t epollEvents(std::uint8_t interest)
{
    std::uint32_t events = 0;
    // RDHUP with reading: a peer that closes is seen even while its last bytes are still to be read.
    if (interest & ReadinessSet::Read)
        events |= EPOLLIN | EPOLLRDHUP;
    if (interest & ReadinessSet::Write)
        events |= EPOLLOUT;
    return events;
}

} // namespace

ReadinessSet::ReadinessSet()
{
    m_fd = ::epoll_create1(EPOLL_CLOEXEC);
    if (m_fd < 0)
        m_error = errno;
}

ReadinessSet::~ReadinessSet()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

const char* ReadinessSet::backend()
{
    return "epoll";
}

bool ReadinessSet::watch(int fd, std::uint64_t id, std::uint8_t watched, std::uint8_t wanted)
{
    if (watched == wanted)
        return true;
    epoll_event e {};
    e.events = epollEvents(wanted);
    e.data.u64 = id;
    const int op = watched == None ? EPOLL_CTL_ADD : wanted == None ? EPOLL_CTL_DEL : EPOLL_CTL_MOD;
    return ::epoll_ctl(m_fd, op, fd, &e) == 0;
}

int ReadinessSet::poll(Ready* out, int max)
{
    constexpr int kBatch = 512;
    epoll_event events[kBatch];
    const int n = ::epoll_wait(m_fd, events, std::min(max, kBatch), 0);
    for (int i = 0; i < n; ++i) {
        const std::uint32_t e = events[i].events;
        std::uint8_t ready = 0;
        if (e & EPOLLIN)
            ready |= Readable;
        if (e & EPOLLOUT)
            ready |= Writable;
        if (e & (EPOLLRDHUP | EPOLLHUP))
            ready |= PeerClosed;
        if (e & EPOLLERR)
            ready |= Failed;
        out[i] = Ready {events[i].data.u64, ready, 0};
    }
    return n;
}

} // namespace kp::core
