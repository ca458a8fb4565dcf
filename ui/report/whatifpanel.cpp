// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/whatifpanel.h"

#include "core/analysis/whatifscenario.h"
#include "core/catalog/catalog.h"
#include "core/plan/runoptions.h"
#include "core/plan/trafficprofile.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace kp::ui {

namespace {

// Target ranges in milliseconds, on a log scale: a slider should move 10 ms as easily as 10 s.
constexpr double kTtftLow = 10, kTtftHigh = 20'000;
constexpr double kTpotLow = 1, kTpotHigh = 1'000;
constexpr double kE2elLow = 100, kE2elHigh = 600'000;

// The exact value: typed, or stepped with the arrow keys in steps that grow with it (1 ms at 30 ms, 10 ms at 500).
QDoubleSpinBox* targetField(const QString& name, const QString& accessible, double low, double high, QWidget* parent)
{
    auto* f = new QDoubleSpinBox(parent);
    f->setObjectName(name);
    f->setAccessibleName(accessible);
    f->setRange(low, high);
    f->setDecimals(low < 10 ? 1 : 0);
    f->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    f->setSuffix(QCoreApplication::translate("kp::ui::WhatIfPanel", " ms"));
    f->setKeyboardTracking(false); // recompute on Enter or leaving the field, not on every keystroke
    f->setAlignment(Qt::AlignRight);
    return f;
}

QSlider* targetSlider(const QString& name, const QString& accessible, QWidget* parent)
{
    auto* s = new QSlider(Qt::Horizontal, parent);
    s->setObjectName(name);
    s->setAccessibleName(accessible);
    s->setRange(0, WhatIfPanel::kSteps);
    s->setPageStep(WhatIfPanel::kSteps / 20);
    return s;
}

} // namespace

double WhatIfPanel::valueAt(int position, double low, double high)
{
    const double t = double(position) / kSteps;
    const double v = low * std::pow(high / low, t);
    // Round to what a person would type: two significant digits.
    const double magnitude = std::pow(10.0, std::floor(std::log10(v)) - 1);
    return std::round(v / magnitude) * magnitude;
}

int WhatIfPanel::positionOf(double value, double low, double high)
{
    const double t = std::log(std::clamp(value, low, high) / low) / std::log(high / low);
    return int(std::lround(t * kSteps));
}

WhatIfPanel::WhatIfPanel(QWidget* parent)
    : QWidget(parent)
    , m_catalog(kp::core::Catalog::forUser())
    , m_ttft(targetSlider(QStringLiteral("whatIfTtft"), tr("Time to first token target"), this))
    , m_tpot(targetSlider(QStringLiteral("whatIfTpot"), tr("Time per output token target"), this))
    , m_e2el(targetSlider(QStringLiteral("whatIfE2el"), tr("End-to-end latency target"), this))
    , m_e2elOn(new QCheckBox(tr("E2EL"), this))
    , m_percentile(new QComboBox(this))
    , m_gpu(new QComboBox(this))
    , m_ttftField(targetField(QStringLiteral("whatIfTtftField"), tr("Time to first token target in milliseconds"),
          kTtftLow, kTtftHigh, this))
    , m_tpotField(targetField(QStringLiteral("whatIfTpotField"), tr("Time per output token target in milliseconds"),
          kTpotLow, kTpotHigh, this))
    , m_e2elField(targetField(QStringLiteral("whatIfE2elField"), tr("End-to-end latency target in milliseconds"),
          kE2elLow, kE2elHigh, this))
    , m_reset(new QPushButton(tr("&Reset to the run's targets"), this))
    , m_scenario(new QComboBox(this))
    , m_saveScenario(new QPushButton(tr("Sa&ve as a what-if…"), this))
{
    m_ttfo = targetSlider(QStringLiteral("whatIfTtfo"), tr("Time to first answer token target"), this);
    m_ttfoOn = new QCheckBox(tr("TTFO"), this);
    m_ttfoOn->setObjectName(QStringLiteral("whatIfTtfoOn"));
    m_ttfoOn->setAccessibleName(tr("Use a target on the time to the first answer token"));
    m_ttfoOn->setToolTip(tr("Time to the first answer token: a reasoning model's first token after its thinking"));
    m_ttfoField = targetField(QStringLiteral("whatIfTtfoField"),
        tr("Time to first answer token target in milliseconds"), kTtftLow, kE2elHigh, this);
    m_scenario->setObjectName(QStringLiteral("whatIfScenario"));
    m_scenario->setAccessibleName(tr("Saved what-if"));
    m_scenario->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_scenario->setMinimumContentsLength(14); // as the GPU's

    m_saveScenario->setObjectName(QStringLiteral("whatIfSaveScenario"));
    m_saveScenario->setToolTip(tr("Keep these targets, percentile and GPU under a name, to ask of any run (also "
                                  "kneepoint show ID --scenario NAME)"));
    fillScenarios();
    m_e2elOn->setObjectName(QStringLiteral("whatIfE2elOn"));
    m_e2elOn->setAccessibleName(tr("Use an end-to-end latency target"));
    m_percentile->setObjectName(QStringLiteral("whatIfPercentile"));
    m_percentile->setAccessibleName(tr("Percentile the targets hold at"));
    for (const double p : core::percentileChoices())
        m_percentile->addItem(core::percentileLabel(p), p);
    m_gpu->setObjectName(QStringLiteral("whatIfGpu"));
    m_gpu->setAccessibleName(tr("GPU the physics check assumes"));
    // The longest GPU name would otherwise set the panel's width; the open list shows names in full.
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(14);
    m_gpu->addItem(tr("Not given"), QString());
    for (const kp::core::GpuSpec& g : m_catalog.gpus()) {
        // Without the vendor's name the model fits the panel ("H100 SXM5 80GB", not "NVIDIA H100 SXM5 80"); the
        // whole name is the item's tool tip, and the combo's while it is chosen.
        QString shown = g.name;
        if (!g.vendor.isEmpty() && shown.startsWith(g.vendor + u' ', Qt::CaseInsensitive))
            shown = shown.mid(g.vendor.size() + 1);
        m_gpu->addItem(shown, g.id);
        m_gpu->setItemData(m_gpu->count() - 1, g.name, Qt::ToolTipRole);
    }
    connect(m_gpu, &QComboBox::currentIndexChanged, m_gpu,
        [this](int index) { m_gpu->setToolTip(m_gpu->itemData(index, Qt::ToolTipRole).toString()); });
    m_reset->setObjectName(QStringLiteral("whatIfReset"));
    m_reset->setToolTip(tr("The targets, percentile and GPU the run was measured with"));

    // Each slider on a row of its own under its label and field, the panel's whole width: three decades and more on
    // a log scale, beside the field they had 66 pixels, and 500 ms to 20 s took 30 of them.
    auto* form = new QFormLayout(this);
    // The saved list above the controls it sets, Save… under Reset: neither row is wider than the GPU's, so the
    // panel takes no width from the report (its scorecard fits at 1280 pixels without scrolling sideways).
    form->addRow(tr("Saved"), m_scenario);
    form->addRow(tr("TTFT target"), m_ttftField);
    form->addRow(m_ttft);
    form->addRow(tr("TPOT target"), m_tpotField);
    form->addRow(m_tpot);
    form->addRow(m_e2elOn, m_e2elField);
    form->addRow(m_e2el);
    form->addRow(m_ttfoOn, m_ttfoField);
    form->addRow(m_ttfo);
    form->addRow(tr("Percentile"), m_percentile);
    form->addRow(tr("GPU"), m_gpu);
    // Across the panel, not in the fields' column: German "Auf die Ziele des Laufs zurücksetzen" did not fit there.
    form->addRow(m_reset);
    form->addRow(m_saveScenario);

    bind(m_ttft, m_ttftField, kTtftLow, kTtftHigh);
    bind(m_tpot, m_tpotField, kTpotLow, kTpotHigh);
    bind(m_e2el, m_e2elField, kE2elLow, kE2elHigh);
    bind(m_ttfo, m_ttfoField, kTtftLow, kE2elHigh);
    connect(m_e2elOn, &QCheckBox::toggled, this, &WhatIfPanel::announce);
    connect(m_ttfoOn, &QCheckBox::toggled, this, &WhatIfPanel::announce);
    connect(m_percentile, &QComboBox::currentIndexChanged, this, &WhatIfPanel::announce);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, &WhatIfPanel::announce);
    connect(m_reset, &QPushButton::clicked, this, &WhatIfPanel::reset);
    // A slider, field or list under the pointer took the wheel that was meant to scroll the report, and changed a
    // target on the way. They take it once clicked or tabbed to (StrongFocus: the wheel no longer gives the focus).
    for (QWidget* control : std::initializer_list<QWidget*> {m_ttft, m_tpot, m_e2el, m_ttfo, m_ttftField, m_tpotField,
             m_e2elField, m_ttfoField, m_percentile, m_gpu, m_scenario}) {
        control->setFocusPolicy(Qt::StrongFocus);
        control->installEventFilter(this);
    }
    connect(m_scenario, &QComboBox::activated, this, [this](int index) {
        if (const QString name = m_scenario->itemData(index).toString(); !name.isEmpty())
            applyScenario(name);
    });
    connect(m_saveScenario, &QPushButton::clicked, this, [this] {
        bool ok = false;
        const QString name = QInputDialog::getText(this, tr("Save this what-if"),
            tr("A name for %1:").arg(core::WhatIfScenario::of(QString(), settings(), m_base).description()),
            QLineEdit::Normal, m_scenario->currentData().toString(), &ok);
        if (ok)
            saveScenario(name);
    });
    m_e2el->setEnabled(false);
    m_e2elField->setEnabled(false);
    m_ttfo->setEnabled(false);
    m_ttfoField->setEnabled(false);
}

// The field holds the value; the slider is a coarse way to move it. Each follows the other without echoing back.
void WhatIfPanel::bind(QSlider* slider, QDoubleSpinBox* field, double low, double high)
{
    connect(slider, &QSlider::valueChanged, this, [this, field, low, high](int position) {
        if (m_syncing)
            return;
        m_syncing = true;
        field->setValue(valueAt(position, low, high));
        m_syncing = false;
        announce();
    });
    connect(field, &QDoubleSpinBox::valueChanged, this, [this, slider, low, high](double value) {
        if (m_syncing)
            return;
        m_syncing = true;
        slider->setValue(positionOf(value, low, high));
        m_syncing = false;
        announce();
    });
}

void WhatIfPanel::setSettings(const kp::core::AnalysisSettings& settings)
{
    m_base = settings;
    display(settings);
    // Another run: a list saved from elsewhere (the command line) since is shown, and nothing is chosen in it.
    fillScenarios();
}

void WhatIfPanel::fillScenarios()
{
    const QSignalBlocker quiet(m_scenario);
    m_scenario->clear();
    m_scenario->addItem(tr("None chosen"), QString());
    for (const core::WhatIfScenario& s : core::WhatIfScenario::saved()) {
        m_scenario->addItem(s.name, s.name);
        m_scenario->setItemData(m_scenario->count() - 1, s.description(), Qt::ToolTipRole);
    }
    m_scenario->setEnabled(m_scenario->count() > 1);
}

bool WhatIfPanel::applyScenario(const QString& name)
{
    const std::optional<core::WhatIfScenario> scenario = core::WhatIfScenario::find(name);
    if (!scenario)
        return false;
    display(scenario->applied(settings()));
    const QSignalBlocker quiet(m_scenario);
    m_scenario->setCurrentIndex(std::max(0, m_scenario->findData(scenario->name)));
    m_scenario->setToolTip(scenario->description());
    Q_EMIT settingsChanged(settings());
    return true;
}

bool WhatIfPanel::saveScenario(const QString& name)
{
    const core::WhatIfScenario scenario = core::WhatIfScenario::of(name, settings(), m_base);
    if (!core::WhatIfScenario::save(scenario))
        return false;
    fillScenarios();
    const QSignalBlocker quiet(m_scenario);
    m_scenario->setCurrentIndex(std::max(0, m_scenario->findData(scenario.name)));
    m_scenario->setToolTip(scenario.description());
    return true;
}

void WhatIfPanel::display(const kp::core::AnalysisSettings& settings)
{
    m_quiet = true;
    // The run's own values exactly, not the slider's nearest step.
    auto set = [this](QSlider* slider, QDoubleSpinBox* field, double value, double low, double high) {
        m_syncing = true;
        field->setValue(value);
        slider->setValue(positionOf(value, low, high));
        m_syncing = false;
    };
    // A target the run did not set starts the slider at the default one (chat's), as the wizard would have filled in.
    const core::SloTargets defaults = core::RunOptions::defaultTargets();
    set(m_ttft, m_ttftField, settings.slo.ttftMs.value_or(defaults.ttftMs.value_or(0)), kTtftLow, kTtftHigh);
    set(m_tpot, m_tpotField, settings.slo.tpotMs.value_or(defaults.tpotMs.value_or(0)), kTpotLow, kTpotHigh);
    set(m_e2el, m_e2elField, settings.slo.e2elMs.value_or(30'000), kE2elLow, kE2elHigh);
    m_e2elOn->setChecked(settings.slo.e2elMs.has_value());
    m_e2el->setEnabled(settings.slo.e2elMs.has_value());
    m_e2elField->setEnabled(settings.slo.e2elMs.has_value());
    set(m_ttfo, m_ttfoField, settings.slo.ttfoMs.value_or(10'000), kTtftLow, kE2elHigh);
    m_ttfoOn->setChecked(settings.slo.ttfoMs.has_value());
    m_ttfo->setEnabled(settings.slo.ttfoMs.has_value());
    m_ttfoField->setEnabled(settings.slo.ttfoMs.has_value());
    const int p = m_percentile->findData(settings.percentile);
    m_percentile->setCurrentIndex(p >= 0 ? p : m_percentile->findData(99.0));
    const int g = m_gpu->findData(settings.gpu ? settings.gpu->id : QString());
    m_gpu->setCurrentIndex(std::max(0, g));
    m_quiet = false;
}

void WhatIfPanel::reset()
{
    setSettings(m_base);
    Q_EMIT settingsChanged(settings());
}

kp::core::AnalysisSettings WhatIfPanel::settings() const
{
    kp::core::AnalysisSettings s = m_base;
    s.slo.ttftMs = m_ttftField->value();
    s.slo.tpotMs = m_tpotField->value();
    if (m_e2elOn->isChecked())
        s.slo.e2elMs = m_e2elField->value();
    else
        s.slo.e2elMs.reset();
    if (m_ttfoOn->isChecked())
        s.slo.ttfoMs = m_ttfoField->value();
    else
        s.slo.ttfoMs.reset();
    s.percentile = m_percentile->currentData().toDouble();
    const QString gpu = m_gpu->currentData().toString();
    s.gpu = gpu.isEmpty() ? std::nullopt : m_catalog.gpu(gpu);
    return s;
}

bool WhatIfPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel && watched->isWidgetType() && !static_cast<QWidget*>(watched)->hasFocus()) {
        // Left unaccepted, Qt hands the wheel to the parents, up to the report's scroll area.
        event->ignore();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void WhatIfPanel::announce()
{
    m_e2el->setEnabled(m_e2elOn->isChecked());
    m_e2elField->setEnabled(m_e2elOn->isChecked());
    m_ttfo->setEnabled(m_ttfoOn->isChecked());
    m_ttfoField->setEnabled(m_ttfoOn->isChecked());
    if (!m_quiet)
        Q_EMIT settingsChanged(settings());
}

} // namespace kp::ui
