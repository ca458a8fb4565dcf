// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/launchfacts.h"

#include <QLocale>

namespace kp::core {

QList<std::pair<QString, QString>> launchFactRows(const QJsonObject& launch)
{
    QList<std::pair<QString, QString>> rows;
    if (launch.isEmpty())
        return rows;
    // The C locale with thousands separators: the same digits in every language, still easy to read.
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    auto text = [&launch](const char* key) { return launch.value(QLatin1String(key)).toString(); };
    rows.append({QStringLiteral("Launched by"), QStringLiteral("kneepoint launch (%1)").arg(text("runtime"))});
    if (launch.contains(u"image")) {
        rows.append({QStringLiteral("Image"), text("image")});
        rows.append({QStringLiteral("Pinned by digest"),
            launch.value(u"image_pinned").toBool()
                ? QStringLiteral("yes")
                : QStringLiteral("NO (--allow-unpinned): the tag may name other software tomorrow")});
    }
    if (launch.value(u"engine").toString() == u"llamacpp")
        rows.append({QStringLiteral("Engine"), QStringLiteral("llama.cpp (llama-server)")});
    if (!text("model").isEmpty())
        rows.append({QStringLiteral("Model revision"), QStringLiteral("%1 @ %2").arg(text("model"), text("revision"))});
    if (launch.contains(u"gguf_file"))
        rows.append({QStringLiteral("Model file"),
            QStringLiteral("%1 (%2 bytes)")
                .arg(text("gguf_file"), c.toString(qint64(launch.value(u"gguf_bytes").toDouble())))});
    const QJsonObject estimate = launch.value(u"memory_estimate").toObject();
    auto mibText = [&c](double v) -> QString { return c.toString(v, 'f', 1) + QStringLiteral(" MiB"); };
    if (!estimate.isEmpty()) {
        QStringList parts {QStringLiteral("weights ") + mibText(estimate.value(u"weights_mib").toDouble()),
            QStringLiteral("KV cache ") + mibText(estimate.value(u"kv_cache_mib").toDouble())};
        if (estimate.contains(u"compute_mib"))
            parts << QStringLiteral("compute ") + mibText(estimate.value(u"compute_mib").toDouble());
        parts << QStringLiteral("reserve ") + mibText(estimate.value(u"reserve_mib").toDouble());
        rows.append({QStringLiteral("Memory estimate"),
            QStringLiteral("%1 (%2) of %3, %4")
                .arg(mibText(estimate.value(u"need_mib").toDouble()), parts.join(QStringLiteral(", ")),
                    mibText(estimate.value(u"available_mib").toDouble()), estimate.value(u"against").toString())});
    }
    QStringList reported;
    for (const auto& [key, label] : {std::pair {"reported_weights_mib", "weights "},
             std::pair {"reported_kv_cache_mib", "KV cache "}, std::pair {"reported_compute_mib", "compute "}}) {
        if (launch.contains(QLatin1String(key)))
            reported << QLatin1String(label) + mibText(launch.value(QLatin1String(key)).toDouble());
    }
    if (!reported.isEmpty())
        rows.append({QStringLiteral("Memory the server reported (its log)"), reported.join(QStringLiteral(", "))});
    if (launch.contains(u"startup_seconds"))
        rows.append({QStringLiteral("Start-up (cold start to first answer)"),
            QStringLiteral("%1 s").arg(launch.value(u"startup_seconds").toDouble(), 0, 'f', 1)});
    if (launch.contains(u"kv_cache_tokens"))
        rows.append({QStringLiteral("GPU KV cache (vLLM's log)"),
            QStringLiteral("%1 tokens").arg(c.toString(qint64(launch.value(u"kv_cache_tokens").toDouble())))});
    if (launch.contains(u"max_concurrency"))
        rows.append({QStringLiteral("Maximum concurrency (vLLM's log)"),
            QStringLiteral("%1x at %2 tokens per request")
                .arg(launch.value(u"max_concurrency").toDouble(), 0, 'f', 2)
                .arg(c.toString(launch.value(u"max_concurrency_tokens").toInt()))});
    if (launch.contains(u"kv_cache_peak_usage"))
        rows.append({QStringLiteral("KV cache peak (/metrics)"),
            QStringLiteral("%1%").arg(100 * launch.value(u"kv_cache_peak_usage").toDouble(), 0, 'f', 1)});
    if (launch.contains(u"peak_vram_mib"))
        rows.append({QStringLiteral("Peak VRAM (busiest GPU)"),
            QStringLiteral("%1 MiB (%2)")
                .arg(c.toString(launch.value(u"peak_vram_mib").toDouble(), 'f', 0), text("peak_vram_source"))});
    else if (launch.contains(u"peak_vram_note"))
        rows.append({QStringLiteral("Peak VRAM"), text("peak_vram_note")});
    return rows;
}

QString describeLaunchFacts(const QJsonObject& launch)
{
    QString out = QStringLiteral("Server launched by Kneepoint:\n");
    for (const auto& [label, value] : launchFactRows(launch))
        out += QStringLiteral("  %1: %2\n").arg(label, value);
    return out;
}

} // namespace kp::core
