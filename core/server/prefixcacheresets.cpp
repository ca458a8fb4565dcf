// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/server/prefixcacheresets.h"

#include <array>

namespace kp::core {

namespace {

const std::array<QString, 6> UnavailableIds {QString(), QStringLiteral("vllm_dev_mode"),
    QStringLiteral("llama_no_slots"), QStringLiteral("llama_slot_save_path"), QStringLiteral("no_endpoint"),
    QStringLiteral("unknown_server")};

} // namespace

QString PrefixCacheResets::unavailableReason() const
{
    switch (unavailable) {
    case Unavailable::No:
        return QString();
    case Unavailable::VllmDevMode:
        return tr("vLLM serves /reset_prefix_cache only when started with VLLM_SERVER_DEV_MODE=1 (it answered HTTP %1)")
            .arg(status);
    case Unavailable::LlamaNoSlots:
        return tr("llama-server's slot endpoints are off (it was started with --no-slots: GET /slots answered HTTP %1)")
            .arg(status);
    case Unavailable::LlamaSlotSavePath:
        return tr("llama-server erases a slot only when started with --slot-save-path (it answered HTTP %1 to POST "
                  "/slots/%2?action=erase)")
            .arg(status)
            .arg(slot);
    case Unavailable::NoEndpoint:
        return tr("%1 has no endpoint that resets its prefix cache").arg(family);
    case Unavailable::UnknownServer:
        return tr("the server's kind is not known, so there is no endpoint to ask");
    }
    return QString();
}

QString PrefixCacheResets::sentence() const
{
    if (unavailable != Unavailable::No)
        return tr("--reset-prefix-cache asked for the prefix cache to be emptied before each step, but it could not "
                  "be: %1, so each step ran with what the steps before it left.")
            .arg(unavailableReason());
    const QString endpoint = slotsErased > 0 ? tr("%1 for each of %2 slots").arg(how).arg(slotsErased) : how;
    QString out = resets == 1
        ? tr("The server's prefix cache was reset before 1 step (%1)").arg(endpoint)
        : tr("The server's prefix cache was reset before each of %1 steps (%2)").arg(resets).arg(endpoint);
    if (failures > 0)
        out += failures == 1 ? tr("; before 1 step it could not be (%1)").arg(failure)
                             : tr("; before %1 steps it could not be (the last: %2)").arg(failures).arg(failure);
    return out + u'.';
}

QJsonObject PrefixCacheResets::toJson() const
{
    QJsonObject o {
        {QStringLiteral("how"), how}, {QStringLiteral("resets"), resets}, {QStringLiteral("failures"), failures}};
    if (slotsErased > 0)
        o[QStringLiteral("slots")] = slotsErased;
    if (!failure.isEmpty())
        o[QStringLiteral("failure")] = failure;
    if (unavailable != Unavailable::No) {
        o[QStringLiteral("unavailable")] = UnavailableIds[std::size_t(unavailable)];
        if (status > 0)
            o[QStringLiteral("status")] = status;
        if (!family.isEmpty())
            o[QStringLiteral("family")] = family;
        if (slot >= 0)
            o[QStringLiteral("slot")] = slot;
    }
    return o;
}

PrefixCacheResets PrefixCacheResets::ofRunFacts(const QJsonObject& runFacts)
{
    return fromJson(runFacts.value(u"prefix_cache_reset").toObject());
}

PrefixCacheResets PrefixCacheResets::fromJson(const QJsonObject& json)
{
    PrefixCacheResets r;
    r.how = json.value(u"how").toString();
    r.slotsErased = json.value(u"slots").toInt();
    r.resets = json.value(u"resets").toInt();
    r.failures = json.value(u"failures").toInt();
    r.failure = json.value(u"failure").toString();
    const QString unavailable = json.value(u"unavailable").toString();
    for (std::size_t i = 1; i < UnavailableIds.size(); ++i)
        if (unavailable == UnavailableIds[i])
            r.unavailable = Unavailable(i);
    r.status = json.value(u"status").toInt();
    r.family = json.value(u"family").toString();
    r.slot = json.value(u"slot").toInt(-1);
    return r;
}

} // namespace kp::core
