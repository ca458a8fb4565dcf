// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadtarget.h"

#include <QNetworkRequest>
#include <QSslConfiguration>
#include <QSslSocket>

namespace kp::core {

QString LoadTarget::rootPath() const
{
    QString path = baseUrl.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (path.endsWith(QLatin1String("/v1")))
        path.chop(3);
    return path;
}

void LoadTarget::applyTls(QNetworkRequest& request) const
{
    if (verifyTls || request.url().scheme() != u"https")
        return;
    QSslConfiguration config = request.sslConfiguration();
    config.setPeerVerifyMode(QSslSocket::VerifyNone);
    request.setSslConfiguration(config);
}

void LoadTarget::applyTls(QSslSocket& socket) const
{
    if (!verifyTls)
        socket.setPeerVerifyMode(QSslSocket::VerifyNone);
}

} // namespace kp::core
