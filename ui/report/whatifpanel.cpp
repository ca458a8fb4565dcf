// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatifpanel.h"

#include "catalog/catalog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSlider>

#include <cmath>

namespace kp::ui {

namespace {

// Target ranges in milliseconds, on a log scale: a slider should move 10 ms as easily as 10 s.
constexpr double kTtftLow = 10, kTtftHigh = 20'000;
constexpr double kTpotLow = 1, kTpotHigh = 1'000;
constexpr double kE2elLow = 100, kE2elHigh = 600'000;

QString millisecondsText(double ms)
{
    const QLocale locale;
    if (ms >= 1000)
        return QCoreApplication::translate("kp::ui::WhatIfPanel", "%1 s").arg(locale.toString(ms / 1000, 'f', 2));
    return QCoreApplication::translate("kp::ui::WhatIfPanel", "%1 ms")
        .arg(locale.toString(ms, 'f',
            ms >= 100      ? 0
                : ms >= 10 ? 1
                           : 2));
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
    , m_ttftValue(new QLabel(this))
    , m_tpotValue(new QLabel(this))
    , m_e2elValue(new QLabel(this))
{
    m_e2elOn->setObjectName(QStringLiteral("whatIfE2elOn"));
    m_e2elOn->setAccessibleName(tr("Use an end-to-end latency target"));
    m_percentile->setObjectName(QStringLiteral("whatIfPercentile"));
    m_percentile->setAccessibleName(tr("Percentile the targets hold at"));
    for (double p : {50.0, 90.0, 95.0, 99.0, 99.9})
        m_percentile->addItem(QStringLiteral("p%1").arg(QLocale().toString(p)), p);
    m_gpu->setObjectName(QStringLiteral("whatIfGpu"));
    m_gpu->setAccessibleName(tr("GPU the physics check assumes"));
    // The longest GPU name would otherwise set the panel's width; the open list shows names in full.
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(14);
    m_gpu->addItem(tr("Not given"), QString());
    for (const kp::core::GpuSpec& g : m_catalog.gpus())
        m_gpu->addItem(g.name, g.id);
    for (QLabel* l : {m_ttftValue, m_tpotValue, m_e2elValue})
        l->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("000.00 ms")));

    auto row = [](QSlider* slider, QLabel* value) {
        auto* h = new QHBoxLayout;
        h->addWidget(slider, 1);
        h->addWidget(value);
        return h;
    };
    auto* form = new QFormLayout(this);
    form->addRow(tr("TTFT target"), row(m_ttft, m_ttftValue));
    form->addRow(tr("TPOT target"), row(m_tpot, m_tpotValue));
    form->addRow(m_e2elOn, row(m_e2el, m_e2elValue));
    form->addRow(tr("Percentile"), m_percentile);
    form->addRow(tr("Correct GPU"), m_gpu);

    for (QSlider* s : {m_ttft, m_tpot, m_e2el})
        connect(s, &QSlider::valueChanged, this, &WhatIfPanel::announce);
    connect(m_e2elOn, &QCheckBox::toggled, this, &WhatIfPanel::announce);
    connect(m_percentile, &QComboBox::currentIndexChanged, this, &WhatIfPanel::announce);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, &WhatIfPanel::announce);
    updateLabels();
}

void WhatIfPanel::setSettings(const kp::core::AnalysisSettings& settings)
{
    m_quiet = true;
    m_base = settings;
    m_ttft->setValue(positionOf(settings.slo.ttftMs.value_or(500), kTtftLow, kTtftHigh));
    m_tpot->setValue(positionOf(settings.slo.tpotMs.value_or(50), kTpotLow, kTpotHigh));
    m_e2elOn->setChecked(settings.slo.e2elMs.has_value());
    m_e2el->setValue(positionOf(settings.slo.e2elMs.value_or(30'000), kE2elLow, kE2elHigh));
    m_e2el->setEnabled(settings.slo.e2elMs.has_value());
    const int p = m_percentile->findData(settings.percentile);
    m_percentile->setCurrentIndex(p >= 0 ? p : m_percentile->findData(99.0));
    const int g = m_gpu->findData(settings.gpu ? settings.gpu->id : QString());
    m_gpu->setCurrentIndex(std::max(0, g));
    updateLabels();
    m_quiet = false;
}

kp::core::AnalysisSettings WhatIfPanel::settings() const
{
    kp::core::AnalysisSettings s = m_base;
    s.slo.ttftMs = valueAt(m_ttft->value(), kTtftLow, kTtftHigh);
    s.slo.tpotMs = valueAt(m_tpot->value(), kTpotLow, kTpotHigh);
    if (m_e2elOn->isChecked())
        s.slo.e2elMs = valueAt(m_e2el->value(), kE2elLow, kE2elHigh);
    else
        s.slo.e2elMs.reset();
    s.percentile = m_percentile->currentData().toDouble();
    const QString gpu = m_gpu->currentData().toString();
    s.gpu = gpu.isEmpty() ? std::nullopt : m_catalog.gpu(gpu);
    return s;
}

void WhatIfPanel::updateLabels()
{
    m_ttftValue->setText(millisecondsText(valueAt(m_ttft->value(), kTtftLow, kTtftHigh)));
    m_tpotValue->setText(millisecondsText(valueAt(m_tpot->value(), kTpotLow, kTpotHigh)));
    m_e2elValue->setText(
        m_e2elOn->isChecked() ? millisecondsText(valueAt(m_e2el->value(), kE2elLow, kE2elHigh)) : tr("off"));
}

void WhatIfPanel::announce()
{
    m_e2el->setEnabled(m_e2elOn->isChecked());
    updateLabels();
    if (!m_quiet)
        Q_EMIT settingsChanged(settings());
}

} // namespace kp::ui
