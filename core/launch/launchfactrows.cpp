// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/launchfactrows.h"

#include <QLocale>

namespace kp::core {

QList<std::pair<QString, QString>> launchFactRows(const LaunchFacts& launch)
{
    QList<std::pair<QString, QString>> rows;
    if (!launch.launched)
        return rows;
    // The C locale with thousands separators: the same digits in every language, still easy to read.
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    rows.append({QStringLiteral("Launched by"), QStringLiteral("kneepoint launch (%1)").arg(launch.runtime)});
    if (launch.image) {
        rows.append({QStringLiteral("Image"), *launch.image});
        rows.append({QStringLiteral("Pinned by digest"),
            launch.imagePinned ? QStringLiteral("yes")
                               : QStringLiteral("NO (--allow-unpinned): the tag may name other software tomorrow")});
    }
    if (launch.engine == u"llamacpp")
        rows.append({QStringLiteral("Engine"), QStringLiteral("llama.cpp (llama-server)")});
    if (!launch.model.isEmpty())
        rows.append({QStringLiteral("Model revision"), QStringLiteral("%1 @ %2").arg(launch.model, launch.revision)});
    if (launch.ggufFile)
        rows.append({QStringLiteral("Model file"),
            QStringLiteral("%1 (%2 bytes)").arg(*launch.ggufFile, c.toString(qint64(launch.ggufBytes)))});
    auto mibText = [&c](double v) -> QString { return c.toString(v, 'f', 1) + QStringLiteral(" MiB"); };
    if (const auto& estimate = launch.memoryEstimate) {
        QStringList parts {QStringLiteral("weights ") + mibText(estimate->weightsMib),
            QStringLiteral("KV cache ") + mibText(estimate->kvCacheMib)};
        if (estimate->computeMib)
            parts << QStringLiteral("compute ") + mibText(*estimate->computeMib);
        parts << QStringLiteral("reserve ") + mibText(estimate->reserveMib);
        rows.append({QStringLiteral("Memory estimate"),
            QStringLiteral("%1 (%2) of %3, %4")
                .arg(mibText(estimate->needMib), parts.join(QStringLiteral(", ")), mibText(estimate->availableMib),
                    estimate->against)});
    }
    QStringList reported;
    for (const auto& [value, label] : {std::pair {launch.reportedWeightsMib, "weights "},
             std::pair {launch.reportedKvCacheMib, "KV cache "}, std::pair {launch.reportedComputeMib, "compute "}}) {
        if (value)
            reported << QLatin1String(label) + mibText(*value);
    }
    if (!reported.isEmpty())
        rows.append({QStringLiteral("Memory the server reported (its log)"), reported.join(QStringLiteral(", "))});
    if (launch.startupSeconds)
        rows.append({QStringLiteral("Start-up (cold start to first answer)"),
            QStringLiteral("%1 s").arg(*launch.startupSeconds, 0, 'f', 1)});
    if (launch.kvCacheTokens)
        rows.append({QStringLiteral("GPU KV cache (vLLM's log)"),
            QStringLiteral("%1 tokens").arg(c.toString(qint64(*launch.kvCacheTokens)))});
    if (launch.maxConcurrency)
        rows.append({QStringLiteral("Maximum concurrency (vLLM's log)"),
            QStringLiteral("%1x at %2 tokens per request")
                .arg(*launch.maxConcurrency, 0, 'f', 2)
                .arg(c.toString(launch.maxConcurrencyTokens))});
    if (launch.kvCachePeakUsage)
        rows.append({QStringLiteral("KV cache peak (/metrics)"),
            QStringLiteral("%1%").arg(100 * *launch.kvCachePeakUsage, 0, 'f', 1)});
    if (launch.peakVramMib)
        rows.append({QStringLiteral("Peak VRAM (busiest GPU)"),
            QStringLiteral("%1 MiB (%2)").arg(c.toString(*launch.peakVramMib, 'f', 0), launch.peakVramSource)});
    else if (launch.peakVramNote)
        rows.append({QStringLiteral("Peak VRAM"), *launch.peakVramNote});
    return rows;
}

QString describeLaunchFacts(const LaunchFacts& launch)
{
    QString out = QStringLiteral("Server launched by Kneepoint:\n");
    for (const auto& [label, value] : launchFactRows(launch))
        out += QStringLiteral("  %1: %2\n").arg(label, value);
    return out;
}

} // namespace kp::core
