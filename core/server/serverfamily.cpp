// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/server/serverfamily.h"

#include "core/net/prometheustext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace kp::core {

namespace {

QJsonObject objectOf(const QByteArray& body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    return doc.isObject() ? doc.object() : QJsonObject();
}

bool anyMetricStartsWith(const PrometheusText& metrics, QByteArrayView prefix)
{
    return std::any_of(metrics.samples.begin(), metrics.samples.end(),
        [prefix](const PrometheusSample& s) { return s.name.startsWith(prefix); });
}

} // namespace

QString serverFamilyId(ServerFamily family)
{
    switch (family) {
    case ServerFamily::Vllm:
        return QStringLiteral("vllm");
    case ServerFamily::LlamaCpp:
        return QStringLiteral("llamacpp");
    case ServerFamily::SGLang:
        return QStringLiteral("sglang");
    case ServerFamily::Tgi:
        return QStringLiteral("tgi");
    case ServerFamily::Ollama:
        return QStringLiteral("ollama");
    case ServerFamily::Unknown:
        break;
    }
    return {};
}

ServerFamily serverFamilyFromId(const QString& id)
{
    for (ServerFamily f :
        {ServerFamily::Vllm, ServerFamily::LlamaCpp, ServerFamily::SGLang, ServerFamily::Tgi, ServerFamily::Ollama}) {
        if (serverFamilyId(f) == id)
            return f;
    }
    return ServerFamily::Unknown;
}

QString serverFamilyName(ServerFamily family)
{
    switch (family) {
    case ServerFamily::Vllm:
        return QStringLiteral("vLLM");
    case ServerFamily::LlamaCpp:
        return QStringLiteral("llama.cpp");
    case ServerFamily::SGLang:
        return QStringLiteral("SGLang");
    case ServerFamily::Tgi:
        return QStringLiteral("TGI");
    case ServerFamily::Ollama:
        return QStringLiteral("Ollama");
    case ServerFamily::Unknown:
        break;
    }
    return QCoreApplication::translate("ServerFamily", "an unknown server");
}

ServerFamily detectServerFamily(const ServerReplies& replies, const PrometheusText& metrics)
{
    // vLLM's /version is {"version": "0.x.y"}; the others answer 404 there, or something else.
    const QJsonObject version = objectOf(replies.version);
    if (version.value(u"version").isString() && !version.value(u"version").toString().isEmpty())
        return ServerFamily::Vllm;
    if (anyMetricStartsWith(metrics, "vllm:"))
        return ServerFamily::Vllm;
    if (anyMetricStartsWith(metrics, "llamacpp:"))
        return ServerFamily::LlamaCpp;
    if (anyMetricStartsWith(metrics, "sglang:"))
        return ServerFamily::SGLang;
    if (anyMetricStartsWith(metrics, "tgi_"))
        return ServerFamily::Tgi;
    const QJsonObject props = objectOf(replies.props);
    if (props.contains(u"total_slots") || props.contains(u"default_generation_settings"))
        return ServerFamily::LlamaCpp;
    const QJsonArray cards = objectOf(replies.models).value(u"data").toArray();
    const QString owner = cards.isEmpty() ? QString() : cards.first().toObject().value(u"owned_by").toString();
    if (owner == u"vllm")
        return ServerFamily::Vllm;
    if (owner == u"llamacpp")
        return ServerFamily::LlamaCpp;
    if (owner == u"sglang")
        return ServerFamily::SGLang;
    if (owner == u"text-generation-inference" || owner == u"tgi")
        return ServerFamily::Tgi;
    if (owner == u"library" || owner == u"ollama")
        return ServerFamily::Ollama;
    const QByteArray server = replies.serverHeader.toLower();
    if (server.contains("llama.cpp"))
        return ServerFamily::LlamaCpp;
    if (server.contains("ollama"))
        return ServerFamily::Ollama;
    return ServerFamily::Unknown;
}

QString detectServerVersion(ServerFamily family, const ServerReplies& replies)
{
    switch (family) {
    case ServerFamily::Vllm:
        return objectOf(replies.version).value(u"version").toString();
    case ServerFamily::LlamaCpp:
        return objectOf(replies.props).value(u"build_info").toString();
    default:
        return {};
    }
}

} // namespace kp::core
