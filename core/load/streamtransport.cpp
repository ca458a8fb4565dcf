// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/streamtransport.h"

#include "core/load/qnamtransport.h"
#include "core/load/serverendpoint.h"
#include "core/load/sockettransport.h"

#ifdef KNEEPOINT_LEAN_TRANSPORT
#include "core/load/readinesstransport.h"
#endif

namespace kp::core {

StreamTransport::Kind StreamTransport::effectiveKind(Kind kind, const ServerEndpoint& target)
{
    if (kind != Kind::Readiness)
        return kind;
#ifdef KNEEPOINT_LEAN_TRANSPORT
    if (ReadinessTransport::supports(target))
        return Kind::Readiness;
#else
    Q_UNUSED(target)
#endif
    return Kind::Socket; // TLS, or a system with neither epoll nor kqueue
}

std::unique_ptr<StreamTransport> StreamTransport::create(Kind kind, const ServerEndpoint& target)
{
    switch (effectiveKind(kind, target)) {
    case Kind::Qnam:
        return std::make_unique<QnamTransport>(target);
#ifdef KNEEPOINT_LEAN_TRANSPORT
    case Kind::Readiness:
        return std::make_unique<ReadinessTransport>(target);
#endif
    default:
        return std::make_unique<SocketTransport>(target);
    }
}

QString StreamTransport::name(Kind kind)
{
    switch (kind) {
    case Kind::Readiness:
        return QStringLiteral("epoll");
    case Kind::Qnam:
        return QStringLiteral("qnam");
    case Kind::Socket:
        break;
    }
    return QStringLiteral("socket");
}

std::optional<StreamTransport::Kind> StreamTransport::named(QStringView name)
{
    for (const Kind kind : {Kind::Readiness, Kind::Socket, Kind::Qnam}) {
        if (name == StreamTransport::name(kind))
            return kind;
    }
    // The readiness-set transport is one kind wherever it runs; on macOS its kernel interface is kqueue, and a user
    // says so.
    if (name == u"kqueue")
        return Kind::Readiness;
    return std::nullopt;
}

} // namespace kp::core
