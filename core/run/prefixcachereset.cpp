// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/prefixcachereset.h"

#include "core/load/serverendpoint.h"
#include "core/net/httpclient.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace kp::core {

namespace {

// "HTTP 500: {…}" or the client's sentence: what a failed answer was, briefly.
QString answerFailure(const HttpAnswer& a)
{
    if (!a.answered())
        return a.failure;
    return QStringLiteral("HTTP %1%2")
        .arg(a.status)
        .arg(a.body.isEmpty() ? QString() : u": " + QString::fromUtf8(a.body.left(160)).simplified());
}

} // namespace

PrefixCacheReset PrefixCacheReset::of(
    const ServerEndpoint& target, ServerFamily family, int timeoutMs, const Cancellation* cancellation)
{
    using Unavailable = PrefixCacheResets::Unavailable;
    PrefixCacheReset r;
    HttpClient client(target.httpSettings(timeoutMs, cancellation));
    switch (family) {
    case ServerFamily::Vllm:
    case ServerFamily::SGLang: {
        const bool vllm = family == ServerFamily::Vllm;
        const QString path = vllm ? QStringLiteral("/reset_prefix_cache") : QStringLiteral("/flush_cache");
        r.how = QStringLiteral("POST ") + path;
        const HttpAnswer a = client.post(target.endpoint(path), QByteArray(), QByteArray());
        r.ok = a.ok();
        if (!r.ok && vllm && (a.status == 404 || a.status == 405)) {
            r.unavailable = Unavailable::VllmDevMode;
            r.status = a.status;
        } else if (!r.ok) {
            r.failure = answerFailure(a);
        }
        return r;
    }
    case ServerFamily::LlamaCpp: {
        r.how = QStringLiteral("POST /slots/ID?action=erase");
        const HttpAnswer listed = client.get(target.endpoint(QStringLiteral("/slots")));
        if (listed.status == 501 || listed.status == 404) {
            r.unavailable = Unavailable::LlamaNoSlots;
            r.status = listed.status;
            return r;
        }
        const QJsonArray list = QJsonDocument::fromJson(listed.body).array();
        if (!listed.ok() || list.isEmpty()) {
            r.failure = listed.ok() ? QStringLiteral("GET /slots listed no slot") : answerFailure(listed);
            return r;
        }
        for (const QJsonValue v : list) {
            const int id = v.toObject().value(u"id").toInt(-1);
            if (id < 0)
                continue;
            QUrl url = target.endpoint(QStringLiteral("/slots/%1").arg(id));
            url.setQuery(QStringLiteral("action=erase"));
            const HttpAnswer a = client.post(url, QByteArray(), QByteArray());
            // llama-server acts on a slot only when it has somewhere to save one: 501 without --slot-save-path.
            if (a.status == 501) {
                r.unavailable = Unavailable::LlamaSlotSavePath;
                r.status = a.status;
                r.slot = id;
                return r;
            }
            if (!a.ok()) {
                r.failure = QStringLiteral("slot %1: %2").arg(id).arg(answerFailure(a));
                return r;
            }
            ++r.slotsErased;
        }
        r.ok = true;
        return r;
    }
    case ServerFamily::Tgi:
    case ServerFamily::Ollama:
        r.unavailable = Unavailable::NoEndpoint;
        return r;
    case ServerFamily::Unknown:
        break;
    }
    r.unavailable = Unavailable::UnknownServer;
    return r;
}

void PrefixCacheReset::addTo(PrefixCacheResets& resets, ServerFamily family) const
{
    resets.how = how;
    if (ok) {
        ++resets.resets;
        resets.slotsErased = slotsErased;
    } else if (unavailable != PrefixCacheResets::Unavailable::No) {
        resets.unavailable = unavailable;
        resets.status = status;
        resets.slot = slot;
        if (unavailable == PrefixCacheResets::Unavailable::NoEndpoint)
            resets.family = serverFamilyName(family);
    } else {
        ++resets.failures;
        resets.failure = failure;
    }
}

} // namespace kp::core
