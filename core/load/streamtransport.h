// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/requestrecord.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace kp::core {

struct ServerEndpoint;

/// How streamed requests reach the server. Lives in, and is only touched from, one worker thread: create it there.
class StreamTransport
{
public:
    /// Readiness: the readiness-set transport, named "epoll" on the command line (and "kqueue" where that is the
    /// backend); Socket: QTcpSockets; Qnam: QNetworkAccessManagers.
    enum class Kind { Readiness, Socket, Qnam };
    using Finished = std::function<void(RequestRecord&&)>;

    virtual ~StreamTransport() = default;

    /// The transport a run uses unless told otherwise: epoll, the floor's read path (tests/bench/bench_load measures
    /// it against a minimal epoll client of its own, in the same run). It speaks HTTP, and HTTPS where it was built
    /// with OpenSSL, over epoll on Linux and over kqueue on macOS and the BSDs; elsewhere create() gives the socket
    /// transport in its place.
    static constexpr Kind defaultKind() { return Kind::Readiness; }
    /// A transport of `kind` for `target`, for the calling thread.
    static std::unique_ptr<StreamTransport> create(Kind kind, const ServerEndpoint& target);
    /// The kind create() gives for `kind` and `target`: epoll falls back to socket where it cannot serve.
    static Kind effectiveKind(Kind kind, const ServerEndpoint& target);
    static QString name(Kind kind);
    /// The kind called `name` ("epoll", also "kqueue"; "socket", "qnam"), or nothing.
    static std::optional<Kind> named(QStringView name);

    /// Opens `connections` keep-alive connections before anything is measured; `ready` is called once, with an
    /// empty string when they are all open, else with what went wrong.
    virtual void prepare(int connections, std::function<void(const QString& error)> ready) = 0;
    /// Sends a streaming POST of a JSON `body` to `path`. `record` arrives with its id, user, scheduled time and
    /// requested lengths; `finished` gets it back, measured, exactly once.
    virtual void send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished) = 0;
    /// Ends every request in flight as Cancelled, at once.
    virtual void cancelAll() = 0;
    virtual int inFlight() const = 0;
    /// Connections currently open.
    virtual int openConnections() const = 0;
};

} // namespace kp::core
