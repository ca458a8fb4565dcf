// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"

#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace kp::ui {

/// What the wizard starts a new run from, kept in QSettings between sessions:
///
/// - the defaults chosen in Settings: the traffic product, the TTFT and TPOT targets (empty: the product's), the
///   percentile and the GPU;
/// - what the last run started from the wizard used: the server's address (without credentials), the concurrency
///   levels and Quick look.
///
/// Never an API key: that lives in the wizard's memory only.
struct NewRunDefaults
{
    QString product; ///< empty: chat
    std::optional<double> ttftMs; ///< empty: the product's default
    std::optional<double> tpotMs; ///< empty: the product's default
    double percentile = 0; ///< 0: p99, the command line's default
    QString gpu; ///< a catalog id; empty: chosen in the wizard

    QUrl lastUrl;
    QList<int> lastConcurrency;
    bool lastQuick = false;

    static NewRunDefaults load();
    /// Saves the defaults chosen in Settings (not the last run's part).
    void save() const;
    /// Keeps what a run started from the wizard used: its address without user info or key-like parameters, its
    /// levels and Quick look.
    static void remember(const core::RunOptions& used);
    /// The choice the user set in Settings, as the wizard's options: what it fills in, the rest left empty.
    core::SloTargets targets() const;
};

} // namespace kp::ui
