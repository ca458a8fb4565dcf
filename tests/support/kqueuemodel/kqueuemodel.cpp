// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A model of kqueue(2) on Linux's epoll, so that ReadinessSet's kqueue backend, and the transport over it, run in
// this project's tests; no Mac is at hand. What it models, from the FreeBSD and macOS manual pages:
// - a read filter and a write filter per descriptor, each added and deleted on its own, each with its own udata;
//   deleting one that is not there fails with ENOENT;
// - level-triggered reports, one entry per filter: a descriptor ready both ways comes as two entries;
// - EV_EOF on a read filter once the peer shut its side (or reset), on a write filter once the connection is gone,
//   with the socket's error in fflags, which is how kqueue reports a refused connect;
// - a descriptor's filters go with its close().
// Where it cannot be kqueue, and what that leaves to the epoll build's tests:
// - reading the error for fflags clears it, as getsockopt(SO_ERROR) does on Linux, while kqueue leaves it to the
//   socket: after a reset, a recv() here sees the end of the stream where macOS's returns ECONNRESET (the transport
//   ends the request either way, in nearly the same words);
// - an error always comes with EV_EOF here; kqueue can also report one without it (fflags 0), which the backend
//   passes on as plain readiness, and the transport's recv() or send() meets the error itself;
// - a descriptor ready both ways gives its read entry first, always; the transport reads first whatever the order.
#include <cerrno>
#include <mutex>
#include <sys/epoll.h>
#include <sys/event.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>
#include <unordered_map>

namespace {

struct Filters
{
    bool read = false;
    bool write = false;
    void* readData = nullptr;
    void* writeData = nullptr;
};

// Per kqueue (an epoll descriptor), per watched descriptor. Transports on several worker threads each have a queue.
std::mutex g_mutex;
std::unordered_map<int, std::unordered_map<int, Filters>> g_queues;

std::uint32_t epollEvents(const Filters& f)
{
    return (f.read ? EPOLLIN | EPOLLRDHUP : 0u) | (f.write ? EPOLLOUT : 0u);
}

int apply(int kq, std::unordered_map<int, Filters>& filters, const struct kevent& change)
{
    const int fd = int(change.ident);
    if (change.filter != EVFILT_READ && change.filter != EVFILT_WRITE)
        return EINVAL;
    const bool isRead = change.filter == EVFILT_READ;
    auto it = filters.find(fd);
    bool known = it != filters.end() && (it->second.read || it->second.write);
    Filters next = known ? it->second : Filters {};
    if (change.flags & EV_DELETE) {
        if (!(isRead ? next.read : next.write))
            return ENOENT;
        (isRead ? next.read : next.write) = false;
    } else if (change.flags & EV_ADD) {
        (isRead ? next.read : next.write) = true;
        (isRead ? next.readData : next.writeData) = change.udata;
    } else {
        return EINVAL;
    }
    epoll_event e {};
    e.events = epollEvents(next);
    e.data.fd = fd;
    int result = 0;
    if (!next.read && !next.write)
        result = ::epoll_ctl(kq, EPOLL_CTL_DEL, fd, &e);
    else if (known)
        result = ::epoll_ctl(kq, EPOLL_CTL_MOD, fd, &e);
    if (known && result < 0 && errno == ENOENT) {
        // The descriptor was closed, which took its filters with it, and its number now names another one.
        filters.erase(fd);
        if (change.flags & EV_DELETE)
            return ENOENT;
        next = Filters {};
        (isRead ? next.read : next.write) = true;
        (isRead ? next.readData : next.writeData) = change.udata;
        e.events = epollEvents(next);
        known = false;
    }
    if (!known)
        result = ::epoll_ctl(kq, EPOLL_CTL_ADD, fd, &e);
    if (result < 0)
        return errno;
    filters[fd] = next;
    return 0;
}

} // namespace

extern "C" int kqueue()
{
    const int kq = ::epoll_create1(0);
    if (kq >= 0) {
        const std::lock_guard lock(g_mutex);
        g_queues[kq].clear(); // a number a closed queue had
    }
    return kq;
}

extern "C" int kevent(int kq, const struct kevent* changelist, int nchanges, struct kevent* eventlist, int nevents,
    const struct timespec* timeout)
{
    std::unique_lock lock(g_mutex);
    auto& filters = g_queues[kq];
    for (int i = 0; i < nchanges; ++i) {
        if (const int error = apply(kq, filters, changelist[i])) {
            errno = error;
            return -1;
        }
    }
    if (nevents <= 0)
        return 0;
    lock.unlock();
    const int ms = !timeout ? -1 : int(timeout->tv_sec * 1000 + (timeout->tv_nsec + 999'999) / 1'000'000);
    constexpr int kBatch = 512;
    epoll_event ready[kBatch];
    const int n = ::epoll_wait(kq, ready, nevents < kBatch ? nevents : kBatch, ms);
    if (n < 0)
        return -1;
    lock.lock();
    int count = 0;
    for (int i = 0; i < n && count < nevents; ++i) {
        const int fd = ready[i].data.fd;
        const auto it = filters.find(fd);
        if (it == filters.end())
            continue;
        const Filters& f = it->second;
        const std::uint32_t e = ready[i].events;
        int error = 0;
        if (e & EPOLLERR) {
            socklen_t length = sizeof error;
            ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
        }
        const auto add = [&](std::int16_t filter, bool eof, void* udata) {
            if (count == nevents)
                return; // level-triggered: reported again at the next call
            struct kevent& out = eventlist[count++];
            out = {};
            out.ident = std::uintptr_t(fd);
            out.filter = filter;
            out.flags = eof || error != 0 ? EV_EOF : 0;
            out.fflags = std::uint32_t(error);
            out.udata = udata;
            if (filter == EVFILT_READ) {
                int bytes = 0;
                ::ioctl(fd, FIONREAD, &bytes);
                out.data = bytes;
            }
        };
        if (f.read && (e & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)))
            add(EVFILT_READ, e & (EPOLLRDHUP | EPOLLHUP), f.readData);
        if (f.write && (e & (EPOLLOUT | EPOLLHUP | EPOLLERR)))
            add(EVFILT_WRITE, e & EPOLLHUP, f.writeData);
    }
    return count;
}
