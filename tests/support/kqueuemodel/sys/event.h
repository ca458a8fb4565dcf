// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The part of the BSDs' <sys/event.h> that ReadinessSet's kqueue backend uses, for Linux, which has no kqueue: the
// declarations as kqueue(2) documents them (macOS's constants), implemented by kqueuemodel.cpp on top of epoll.
#pragma once

#include <cstdint>
#include <ctime>

struct kevent
{
    std::uintptr_t ident; // the descriptor
    std::int16_t filter; // EVFILT_*
    std::uint16_t flags; // EV_*
    std::uint32_t fflags; // with EV_EOF on a socket: its error
    std::intptr_t data; // a read filter's bytes to read
    void* udata; // returned as given
};

#define EVFILT_READ (-1)
#define EVFILT_WRITE (-2)

#define EV_ADD 0x0001
#define EV_DELETE 0x0002
#define EV_ENABLE 0x0004
#define EV_DISABLE 0x0008
#define EV_ERROR 0x4000
#define EV_EOF 0x8000

#define EV_SET(kevp, a, b, c, d, e, f)                                                                                 \
    do {                                                                                                               \
        struct kevent* kevp_ = (kevp);                                                                                 \
        kevp_->ident = (a);                                                                                            \
        kevp_->filter = (b);                                                                                           \
        kevp_->flags = (c);                                                                                            \
        kevp_->fflags = (d);                                                                                           \
        kevp_->data = (e);                                                                                             \
        kevp_->udata = (f);                                                                                            \
    } while (0)

extern "C" {
int kqueue();
int kevent(int kq, const struct kevent* changelist, int nchanges, struct kevent* eventlist, int nevents,
    const struct timespec* timeout);
}
