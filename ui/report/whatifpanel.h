// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/analysissettings.h"
#include "core/catalog/catalog.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QPushButton;
class QSlider;

namespace kp::ui {

/// "What if": the TTFT, TPOT and end-to-end targets, each a slider on a logarithmic scale bound to a number field
/// that takes an exact value from the keyboard, the percentile, the GPU the physics check assumes, and a reset to
/// the run's own settings. Every change announces the new settings; the owner debounces and recomputes from stored
/// data.
class WhatIfPanel : public QWidget
{
    Q_OBJECT

public:
    explicit WhatIfPanel(QWidget* parent = nullptr);

    /// Shows `settings` without announcing them (a newly loaded run).
    void setSettings(const kp::core::AnalysisSettings& settings);
    kp::core::AnalysisSettings settings() const;
    /// Back to the settings of setSettings(), announced.
    void reset();
    /// The saved what-if `name` (core::WhatIfScenario) on the panel, announced; false when none is saved by that name.
    bool applyScenario(const QString& name);
    /// Saves what the panel asks now as the what-if `name`, for this panel, other runs and `--scenario`.
    bool saveScenario(const QString& name);

    /// Slider positions and target values, on a logarithmic scale from `low` to `high` milliseconds.
    static double valueAt(int position, double low, double high);
    static int positionOf(double value, double low, double high);
    static constexpr int kSteps = 1000;

Q_SIGNALS:
    void settingsChanged(const kp::core::AnalysisSettings& settings);

protected:
    /// The wheel over a control that has not been clicked scrolls the report page rather than change a target.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void bind(QSlider* slider, QDoubleSpinBox* field, double low, double high);
    void announce();
    /// Sets every control to `settings` without announcing them.
    void display(const kp::core::AnalysisSettings& settings);
    void fillScenarios();

    kp::core::AnalysisSettings m_base;
    kp::core::Catalog m_catalog; ///< read once: a slider must not read the user's catalog files on every move
    QSlider* m_ttft;
    QSlider* m_tpot;
    QSlider* m_e2el;
    QCheckBox* m_e2elOn;
    QComboBox* m_percentile;
    QComboBox* m_gpu;
    QDoubleSpinBox* m_ttftField;
    QDoubleSpinBox* m_tpotField;
    QDoubleSpinBox* m_e2elField;
    QPushButton* m_reset;
    QComboBox* m_scenario;
    QPushButton* m_saveScenario;
    /// The target on the first answer token (a reasoning model's), optional as E2EL's.
    QSlider* m_ttfo = nullptr;
    QCheckBox* m_ttfoOn = nullptr;
    QDoubleSpinBox* m_ttfoField = nullptr;
    bool m_quiet = false;
    bool m_syncing = false; ///< a slider and its field are being set from each other
};

} // namespace kp::ui
