// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/modelmix.h"

#include <QFileInfo>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <random>

namespace kp::core {

double ModelMix::totalWeight() const
{
    double total = 0;
    for (const Share& s : shares)
        total += s.weight;
    return total;
}

std::optional<ModelMix> ModelMix::parse(const QString& text, QString* error)
{
    ModelMix mix;
    QSet<QString> seen;
    const QStringList items = text.split(u',', Qt::SkipEmptyParts);
    for (const QString& raw : items) {
        const QString item = raw.trimmed();
        Share share;
        share.model = item;
        const qsizetype colon = item.lastIndexOf(u':');
        if (colon >= 0) {
            bool ok = false;
            const double weight = item.sliced(colon + 1).trimmed().toDouble(&ok);
            if (ok) {
                if (!(weight > 0) || !std::isfinite(weight)) {
                    if (error)
                        *error = QStringLiteral("The weight of \"%1\" must be a number above 0.")
                                     .arg(item.first(colon).trimmed());
                    return std::nullopt;
                }
                share.model = item.first(colon).trimmed();
                share.weight = weight;
            }
        }
        if (share.model.isEmpty()) {
            if (error)
                *error = QStringLiteral("\"%1\" names no model; write NAME:WEIGHT, as in base:70,sql:30.").arg(item);
            return std::nullopt;
        }
        if (seen.contains(share.model)) {
            if (error)
                *error = QStringLiteral("\"%1\" is named twice; give each model once, with its whole weight.")
                             .arg(share.model);
            return std::nullopt;
        }
        seen.insert(share.model);
        mix.shares.push_back(share);
    }
    if (mix.shares.empty()) {
        if (error)
            *error = QStringLiteral("No model is named; write NAME:WEIGHT,…, as in base:70,sql:30.");
        return std::nullopt;
    }
    return mix;
}

QString ModelMix::toString() const
{
    QStringList items;
    for (const Share& s : shares)
        items << s.model + u':' + QString::number(s.weight, 'g', 6);
    return items.join(u',');
}

QString ModelMix::describe() const
{
    const double total = totalWeight();
    QStringList items;
    for (const Share& s : shares)
        items << QStringLiteral("%1 %2%").arg(s.model).arg(100.0 * s.weight / total, 0, 'g', 3);
    return items.join(QStringLiteral(", "));
}

std::vector<int> ModelMix::assign(int groups, std::uint64_t seed) const
{
    std::vector<int> out;
    if (shares.empty() || groups <= 0)
        return out;
    const double total = totalWeight();
    // Largest remainders: each share's whole part first, then one more to the largest fractions until all are given.
    std::vector<int> counts(shares.size());
    std::vector<std::pair<double, std::size_t>> remainders;
    int given = 0;
    for (std::size_t i = 0; i < shares.size(); ++i) {
        const double exact = double(groups) * shares[i].weight / total;
        counts[i] = int(std::floor(exact));
        given += counts[i];
        remainders.emplace_back(exact - std::floor(exact), i);
    }
    std::stable_sort(
        remainders.begin(), remainders.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (std::size_t k = 0; given < groups; k = (k + 1) % remainders.size(), ++given)
        ++counts[remainders[k].second];
    for (std::size_t i = 0; i < shares.size(); ++i)
        out.insert(out.end(), std::size_t(counts[i]), int(i));
    std::mt19937_64 rng(seed ^ 0x6d6f64656c73ULL);
    // Fisher–Yates with the generator's own numbers, so the order is the same with every standard library.
    for (std::size_t i = out.size(); i > 1; --i)
        std::swap(out[i - 1], out[std::size_t(rng() % i)]);
    return out;
}

std::optional<std::map<QString, ModelMix::Route>> ModelMix::llamaCppRoutes(
    const QStringList& served, const std::vector<LoraAdapter>& adapters, QString* error) const
{
    const auto loraWith = [&](const LoraAdapter* chosen) {
        QJsonArray lora;
        for (const LoraAdapter& a : adapters)
            lora.append(QJsonObject {{QStringLiteral("id"), a.id}, {QStringLiteral("scale"), &a == chosen ? 1 : 0}});
        return lora;
    };
    std::map<QString, Route> routes;
    for (const Share& share : shares) {
        if (served.contains(share.model)) {
            routes[share.model] = Route {share.model, loraWith(nullptr)};
            continue;
        }
        const auto adapter = std::find_if(
            adapters.begin(), adapters.end(), [&](const LoraAdapter& a) { return a.isNamed(share.model); });
        if (adapter != adapters.end()) {
            routes[share.model] = Route {served.value(0), loraWith(&*adapter)};
            continue;
        }
        if (error) {
            QStringList names;
            for (const LoraAdapter& a : adapters)
                names << QFileInfo(a.path).fileName();
            *error = adapters.empty()
                ? QStringLiteral("llama-server serves neither a model nor a LoRA adapter named \"%1\", which --models "
                                 "names: it serves %2 and no adapter (GET /lora-adapters lists none; start it with "
                                 "--lora FILE for each adapter).")
                      .arg(share.model, served.join(QStringLiteral(", ")))
                : QStringLiteral("llama-server serves neither a model nor a LoRA adapter named \"%1\", which --models "
                                 "names: it serves %2, and its adapters are %3 (name one by its file, with or without "
                                 ".gguf).")
                      .arg(share.model, served.join(QStringLiteral(", ")), names.join(QStringLiteral(", ")));
        }
        return std::nullopt;
    }
    return routes;
}

} // namespace kp::core
