// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/doctor/checksupport.h"

#include <map>

namespace kp::core::doctorchecks {

DoctorCheck begin(const char* id)
{
    static const std::map<QString, QString> titles {
        {QStringLiteral("url"), QStringLiteral("URL")},
        {QStringLiteral("tcp"), QStringLiteral("TCP connect")},
        {QStringLiteral("tls"), QStringLiteral("TLS handshake")},
        {QStringLiteral("health"), QStringLiteral("GET /health")},
        {QStringLiteral("version"), QStringLiteral("GET /version")},
        {QStringLiteral("models"), QStringLiteral("GET /v1/models")},
        {QStringLiteral("shapes"), QStringLiteral("Request shapes")},
        {QStringLiteral("metrics"), QStringLiteral("GET /metrics")},
        {QStringLiteral("tokenize"), QStringLiteral("POST /tokenize")},
        {QStringLiteral("completion"), QStringLiteral("One-token completion")},
        {QStringLiteral("open-files"), QStringLiteral("Open-files limit")},
        {QStringLiteral("governor"), QStringLiteral("CPU governor")},
        {QStringLiteral("cpu-busy"), QStringLiteral("Other CPU load")},
    };
    DoctorCheck c;
    c.id = QString::fromLatin1(id);
    c.title = titles.at(c.id);
    return c;
}

DoctorCheck finish(DoctorCheck c, Result result, const QString& detail, const QString& fix, double ms)
{
    c.result = result;
    c.detail = detail;
    c.fix = fix;
    c.ms = ms;
    return c;
}

DoctorCheck skipped(const char* id, const QString& why)
{
    return finish(begin(id), Result::Skipped, QStringLiteral("not checked: %1").arg(why));
}

QString formatMs(double ms)
{
    return QString::number(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0) + QStringLiteral(" ms");
}

double elapsedMs(const QElapsedTimer& clock)
{
    return double(clock.nsecsElapsed()) / 1e6;
}

QString hostPort(const QString& host, quint16 port)
{
    return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
}

QString shown(const QUrl& url)
{
    return url.toString(QUrl::RemoveUserInfo);
}

} // namespace kp::core::doctorchecks
