// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/newrundefaults.h"

#include "core/common/urlcredentials.h"
#include "core/plan/sweepinput.h"

#include <QSettings>
#include <QStringList>

namespace kp::ui {

namespace {

// One group, so that "Forget" in a future Settings is one remove(), and the keys read as what they hold.
const QString kGroup = QStringLiteral("newRun");

std::optional<double> positive(const QVariant& v)
{
    bool ok = false;
    const double d = v.toDouble(&ok);
    return ok && d > 0 ? std::optional<double>(d) : std::nullopt;
}

} // namespace

NewRunDefaults NewRunDefaults::load()
{
    QSettings settings;
    settings.beginGroup(kGroup);
    NewRunDefaults d;
    const QString product = settings.value(QStringLiteral("product")).toString();
    // A product a later version removed reads as none rather than as a run the command line would refuse.
    if (core::RunOptions::products().contains(product))
        d.product = product;
    d.ttftMs = positive(settings.value(QStringLiteral("ttftMs")));
    d.tpotMs = positive(settings.value(QStringLiteral("tpotMs")));
    d.percentile = positive(settings.value(QStringLiteral("percentile"))).value_or(0);
    d.gpu = settings.value(QStringLiteral("gpu")).toString();
    d.lastUrl = core::withoutCredentials(QUrl(settings.value(QStringLiteral("lastUrl")).toString()));
    // Read as the wizard's own field reads it; a list edited into something else is no list.
    QString bad;
    d.lastConcurrency
        = core::SweepInput::users(settings.value(QStringLiteral("lastConcurrency")).toString(), 1, 100000, &bad)
              .value_or(QList<int>());
    d.lastQuick = settings.value(QStringLiteral("lastQuick"), false).toBool();
    return d;
}

void NewRunDefaults::save() const
{
    QSettings settings;
    settings.beginGroup(kGroup);
    const auto put = [&settings](const QString& key, const QVariant& value, bool set) {
        if (set)
            settings.setValue(key, value);
        else
            settings.remove(key);
    };
    put(QStringLiteral("product"), product, !product.isEmpty());
    put(QStringLiteral("ttftMs"), ttftMs.value_or(0), ttftMs.has_value());
    put(QStringLiteral("tpotMs"), tpotMs.value_or(0), tpotMs.has_value());
    put(QStringLiteral("percentile"), percentile, percentile > 0);
    put(QStringLiteral("gpu"), gpu, !gpu.isEmpty());
}

void NewRunDefaults::remember(const core::RunOptions& used)
{
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(QStringLiteral("lastUrl"), core::withoutCredentials(used.url).toString());
    QStringList levels;
    for (int users : used.concurrency)
        levels << QString::number(users);
    settings.setValue(QStringLiteral("lastConcurrency"), levels.join(u','));
    settings.setValue(QStringLiteral("lastQuick"), used.quick);
}

core::SloTargets NewRunDefaults::targets() const
{
    core::SloTargets t;
    t.ttftMs = ttftMs;
    t.tpotMs = tpotMs;
    return t;
}

} // namespace kp::ui
