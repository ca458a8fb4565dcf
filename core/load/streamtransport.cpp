// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamtransport.h"

#include "qnamtransport.h"
#include "sockettransport.h"

namespace kp::core {

std::unique_ptr<StreamTransport> StreamTransport::create(Kind kind, const LoadTarget& target)
{
    if (kind == Kind::Qnam)
        return std::make_unique<QnamTransport>(target);
    return std::make_unique<SocketTransport>(target);
}

QString StreamTransport::name(Kind kind)
{
    return kind == Kind::Qnam ? QStringLiteral("qnam") : QStringLiteral("socket");
}

} // namespace kp::core
