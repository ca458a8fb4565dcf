// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/replylimit.h"

#include <QNetworkReply>

#include <algorithm>

namespace kp::core::replylimit {

namespace {

constexpr const char* kCutProperty = "kneepointBodyCut";

void cut(QNetworkReply* reply)
{
    if (reply->property(kCutProperty).toBool())
        return;
    reply->setProperty(kCutProperty, true);
    reply->abort();
}

} // namespace

void apply(QNetworkReply* reply, qint64 maxBytes)
{
    // Qt emits downloadProgress at most every so often: a fast server could fill memory with hundreds of MiB
    // between two signals and, once it stopped sending without ending the body, never be cut at all. So QNAM holds
    // at most half the limit again unread (it stops reading the socket when its buffer is full; room past the
    // limit, so that a full buffer is always past it), and any arrival that finds the buffer past the limit cuts
    // at once.
    reply->setReadBufferSize(maxBytes + std::max<qint64>(maxBytes / 2, 64 * 1024));
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [reply, maxBytes] {
        if (reply->bytesAvailable() > maxBytes)
            cut(reply);
    });
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply, [reply, maxBytes](qint64 received, qint64 total) {
        if (received > maxBytes || total > maxBytes)
            cut(reply);
    });
}

bool wasCut(const QNetworkReply* reply)
{
    return reply->property(kCutProperty).toBool();
}

QString sentence(qint64 maxBytes)
{
    const QString size = maxBytes >= 1024 * 1024 ? QStringLiteral("%1 MiB").arg(maxBytes / (1024 * 1024))
                                                 : QStringLiteral("%1 KiB").arg(maxBytes / 1024);
    return QStringLiteral("The answer passed %1, so Kneepoint stopped reading it.").arg(size);
}

} // namespace kp::core::replylimit
