// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPalette>
#include <QString>

namespace kp::ui {

/// Light, dark, or whatever the desktop uses. Light and dark are Qt's Fusion style with a palette of our own, so they
/// look the same on every platform; the charts read the palette and theme themselves to match (SpecChartView,
/// LiveRunView). Kept in the settings as "appearance".
class Appearance
{
public:
    enum class Mode { System, Light, Dark };

    /// At start: remembers the desktop's own style (for System) and applies $KNEEPOINT_APPEARANCE ("light", "dark",
    /// "system") where it is set, else the saved mode.
    static void applySaved();
    static Mode saved();
    static void save(Mode mode);
    /// Applies `mode` to the running application; every open window repaints in it.
    static void apply(Mode mode);
    static Mode current() { return s_current; }

    static QPalette lightPalette();
    static QPalette darkPalette();
    /// "system", "light", "dark": the settings' words, and --appearance's.
    static QString name(Mode mode);
    static Mode fromName(const QString& name, bool* ok = nullptr);

private:
    static inline Mode s_current = Mode::System;
    static inline QString s_systemStyle; ///< the style the application started with, for System
};

} // namespace kp::ui
