// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/replylimit.h"

#include <QNetworkReply>

namespace kp::core::replylimit {

namespace {

constexpr const char* kCutProperty = "kneepointBodyCut";

} // namespace

void apply(QNetworkReply* reply, qint64 maxBytes)
{
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply, [reply, maxBytes](qint64 received, qint64 total) {
        if ((received > maxBytes || total > maxBytes) && !reply->property(kCutProperty).toBool()) {
            reply->setProperty(kCutProperty, true);
            reply->abort();
        }
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
