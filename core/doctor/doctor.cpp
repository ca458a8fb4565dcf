// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/doctor/doctor.h"

#include "core/doctor/checksupport.h"
#include "core/doctor/connectionchecks.h"
#include "core/doctor/endpointchecks.h"
#include "core/server/serverfacts.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <string_view>

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
    const ServerEndpoint& target, int timeoutMs, const Progress& onCheck, const Cancellation* cancellation)
{
    return run(target, timeoutMs, {}, onCheck, cancellation);
}

DoctorCheck Doctor::shapesCheck(const DoctorReport& report, const std::vector<ContextFit>& shapes)
{
    DoctorCheck c = begin("shapes");
    const ServerFacts facts = ServerFacts::detect(report.replies());
    QStringList needs;
    for (const ContextFit& s : shapes)
        needs << QStringLiteral("%1 needs %2 tokens").arg(s.describe()).arg(s.longest());
    if (!facts.maxModelLen)
        return finish(c, Result::Warn,
            QStringLiteral("the server reports no context length: %1, unchecked").arg(needs.join(QStringLiteral("; "))),
            QStringLiteral("a request longer than the server's context fails at its first step; vLLM reports "
                           "max_model_len at /v1/models, llama.cpp its per-slot n_ctx at /props"));
    // Where the number comes from, as the models check found it: llama.cpp's is per slot.
    const QJsonObject card
        = QJsonDocument::fromJson(report.modelsBody).object().value(u"data").toArray().at(0).toObject();
    const bool perSlot = facts.family == ServerFamily::LlamaCpp && !card.contains(u"max_model_len");
    const QString allows = perSlot ? QStringLiteral("%1 tokens per slot (/props n_ctx)").arg(*facts.maxModelLen)
                                   : QStringLiteral("%1 tokens (max_model_len)").arg(*facts.maxModelLen);
    QStringList refused;
    for (const ContextFit& s : shapes) {
        if (const std::optional<QString> why = s.refusal(*facts.maxModelLen))
            refused << *why;
    }
    if (!refused.isEmpty())
        return finish(c, Result::Fail,
            refused.join(u' ') + (perSlot ? QStringLiteral(" (per slot, /props n_ctx)") : QString()),
            perSlot ? QStringLiteral("a run refuses these shapes: ask for shorter ones (--shapes), or start "
                                     "llama-server with more context per slot (--ctx-size, which its --parallel "
                                     "slots share)")
                    : QStringLiteral("a run refuses these shapes: ask for shorter ones (--shapes), or start the "
                                     "server with a longer context (vLLM's --max-model-len)"));
    return finish(
        c, Result::Pass, QStringLiteral("%1; the server allows %2").arg(needs.join(QStringLiteral("; ")), allows));
}

DoctorReport Doctor::run(const ServerEndpoint& target, int timeoutMs, const std::vector<ContextFit>& shapes,
    const Progress& onCheck, const Cancellation* cancellation)
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
        for (const char* id : {"health", "version", "models", "metrics", "tokenize", "completion"}) {
            add(skipped(id, stop));
            if (!shapes.empty() && std::string_view(id) == "models")
                add(skipped("shapes", stop));
        }
    } else {
        Http http(target, timeoutMs, cancellation);
        bool answered = false;
        add(healthCheck(http, &answered));
        if (stopped())
            return report;
        if (!answered) {
            stop = QStringLiteral("no HTTP answer from /health");
            for (const char* id : {"version", "models", "metrics", "tokenize", "completion"}) {
                add(skipped(id, stop));
                if (!shapes.empty() && std::string_view(id) == "models")
                    add(skipped("shapes", stop));
            }
        } else {
            add(versionCheck(http, &report));
            if (stopped())
                return report;
            add(modelsCheck(http, target, report.propsBody, &report.modelsBody, &report.modelId));
            if (stopped())
                return report;
            if (!shapes.empty())
                add(shapesCheck(report, shapes));
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
