// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctor/doctor.h"

#include "doctor/checksupport.h"
#include "doctor/connectionchecks.h"
#include "doctor/endpointchecks.h"

#include <QHostAddress>
#include <QJsonArray>

namespace kp::core {

using namespace doctorchecks;

QString DoctorCheck::resultName(Result result)
{
    switch (result) {
    case Result::Pass:
        return QStringLiteral("pass");
    case Result::Warn:
        return QStringLiteral("warn");
    case Result::Fail:
        return QStringLiteral("fail");
    case Result::Skipped:
        break;
    }
    return QStringLiteral("skip");
}

bool DoctorReport::canBenchmark() const
{
    return std::none_of(checks.begin(), checks.end(), [](const DoctorCheck& c) { return c.result == Result::Fail; });
}

const DoctorCheck* DoctorReport::find(const QString& id) const
{
    for (const DoctorCheck& c : checks) {
        if (c.id == id)
            return &c;
    }
    return nullptr;
}

QJsonArray DoctorReport::toJson() const
{
    QJsonArray array;
    for (const DoctorCheck& c : checks) {
        array.append(QJsonObject {
            {QStringLiteral("id"), c.id},
            {QStringLiteral("title"), c.title},
            {QStringLiteral("result"), DoctorCheck::resultName(c.result)},
            {QStringLiteral("detail"), c.detail},
            {QStringLiteral("fix"), c.fix},
            {QStringLiteral("ms"), c.ms >= 0 ? QJsonValue(c.ms) : QJsonValue(QJsonValue::Null)},
        });
    }
    return array;
}

QUrl Doctor::normalizeUrl(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (!trimmed.isEmpty() && !trimmed.contains(QStringLiteral("://")))
        return QUrl(QStringLiteral("http://") + trimmed, QUrl::StrictMode);
    return QUrl(trimmed, QUrl::StrictMode);
}

DoctorReport Doctor::run(
    const LoadTarget& target, int timeoutMs, const Progress& onCheck, const Cancellation* cancellation)
{
    DoctorReport report;
    auto add = [&](DoctorCheck c) {
        report.checks.push_back(std::move(c));
        if (onCheck)
            onCheck(report.checks.back());
    };
    // Looked at between checks; a request under way ends within 50 ms of it (HttpClient).
    const auto stopped = [&] {
        report.cancelled = cancellation && cancellation->isCancelled();
        return report.cancelled;
    };
    // Once a step fails that the later ones stand on, they are skipped with the reason rather than failed again.
    QString stop;
    const QUrl url = target.baseUrl;
    add(urlCheck(url));
    if (report.checks.back().result == Result::Fail)
        stop = QStringLiteral("the URL is not usable");

    QHostAddress address;
    if (stop.isEmpty()) {
        add(tcpCheck(url, timeoutMs, &address));
        if (stopped())
            return report;
        if (report.checks.back().result == Result::Fail)
            stop = QStringLiteral("no TCP connection to the server");
    } else {
        add(skipped("tcp", stop));
    }
    if (stop.isEmpty()) {
        add(tlsCheck(target, address, timeoutMs));
        if (stopped())
            return report;
        if (report.checks.back().result == Result::Fail)
            stop = QStringLiteral("no TLS session with the server");
    } else {
        add(skipped("tls", stop));
    }

    if (!stop.isEmpty()) {
        for (const char* id : {"health", "version", "models", "metrics", "tokenize", "completion"})
            add(skipped(id, stop));
    } else {
        Http http(target, timeoutMs, cancellation);
        bool answered = false;
        add(healthCheck(http, &answered));
        if (stopped())
            return report;
        if (!answered) {
            stop = QStringLiteral("no HTTP answer from /health");
            for (const char* id : {"version", "models", "metrics", "tokenize", "completion"})
                add(skipped(id, stop));
        } else {
            add(versionCheck(http, &report));
            if (stopped())
                return report;
            add(modelsCheck(http, target, &report.modelsBody, &report.modelId));
            if (stopped())
                return report;
            add(metricsCheck(http, &report.metricsBody));
            if (stopped())
                return report;
            add(tokenizeCheck(http, report.modelId));
            if (stopped())
                return report;
            if (report.modelId.isEmpty())
                add(skipped("completion", QStringLiteral("no model id from /v1/models")));
            else
                add(completionCheck(http, report.modelId));
            if (stopped())
                return report;
        }
    }

    add(openFilesCheck());
    add(governorCheck());
    add(cpuBusyCheck());
    return report;
}

} // namespace kp::core
