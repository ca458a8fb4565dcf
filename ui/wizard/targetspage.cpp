// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard/targetspage.h"

#include "core/plan/trafficprofile.h"
#include "ui/wizard/fieldmessage.h"
#include "ui/wizard/millisecondsspinbox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace kp::ui {

namespace {

QDoubleSpinBox* msSpin(const QString& objectName, const QString& accessibleName, int decimals, QWidget* parent)
{
    auto* spin = new MillisecondsSpinBox(parent);
    spin->setObjectName(objectName);
    spin->setAccessibleName(accessibleName);
    spin->setDecimals(decimals);
    spin->setRange(decimals > 0 ? 0.1 : 1, 10'000'000);
    spin->setSuffix(TargetsPage::tr(" ms"));
    spin->setGroupSeparatorShown(true);
    spin->setMinimumWidth(spin->fontMetrics().horizontalAdvance(QStringLiteral("10,000,000.0 ms")) + 40);
    spin->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    return spin;
}

} // namespace

TargetsPage::TargetsPage(QWidget* parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("targetsPage"));
    setTitle(tr("Targets"));
    setSubTitle(tr("A load level meets the targets when the chosen percentile of every metric is at or below its "
                   "target. Capacity is the highest load that does."));

    m_ttft = msSpin(QStringLiteral("ttftSpin"), tr("Time to first token target"), 0, this);
    m_ttft->setSingleStep(50);
    m_tpot = msSpin(QStringLiteral("tpotSpin"), tr("Time per output token target"), 1, this);
    m_tpot->setSingleStep(5);
    m_e2elCheck = new QCheckBox(tr("&End-to-end latency (E2EL):"), this);
    m_e2elCheck->setObjectName(QStringLiteral("e2elCheck"));
    m_e2elCheck->setAccessibleName(tr("Use an end-to-end latency target"));
    m_e2el = msSpin(QStringLiteral("e2elSpin"), tr("End-to-end latency target"), 0, this);
    m_e2el->setSingleStep(1000);
    m_e2el->setValue(30'000);
    m_e2el->setEnabled(false);
    m_e2elMessage = new FieldMessage(m_e2el, this);
    m_e2elMessage->setObjectName(QStringLiteral("e2elMessage"));
    m_ttfoCheck = new QCheckBox(tr("First &answer token (TTFO):"), this);
    m_ttfoCheck->setObjectName(QStringLiteral("ttfoCheck"));
    m_ttfoCheck->setAccessibleName(tr("Use a target on the time to the first answer token"));
    m_ttfo = msSpin(QStringLiteral("ttfoSpin"), tr("Time to first answer token target"), 0, this);
    m_ttfo->setSingleStep(1000);
    m_ttfo->setValue(10'000);
    m_ttfo->setEnabled(false);
    m_ttfoMessage = new FieldMessage(m_ttfo, this);
    m_ttfoMessage->setObjectName(QStringLiteral("ttfoMessage"));
    m_ttftMessage = new FieldMessage(m_ttft, this);
    m_ttftMessage->setObjectName(QStringLiteral("ttftMessage"));
    m_tpotMessage = new FieldMessage(m_tpot, this);
    m_tpotMessage->setObjectName(QStringLiteral("tpotMessage"));
    // What was typed and refused is said beside the field, with the value kept: no silent revert.
    for (const auto& field : {std::pair {m_ttft, m_ttftMessage}, std::pair {m_tpot, m_tpotMessage},
             std::pair {m_e2el, m_e2elMessage}, std::pair {m_ttfo, m_ttfoMessage}}) {
        // Named copies, not a structured binding: clang 14 (the sanitizer build) cannot capture those.
        QDoubleSpinBox* spin = field.first;
        FieldMessage* message = field.second;
        connect(static_cast<MillisecondsSpinBox*>(spin), &MillisecondsSpinBox::refused, message,
            [spin, message](const QString& typed) {
                const QLocale locale;
                message->showMessage(tr("“%1” is not a time from %2 to %3 ms; the target stays at %4 ms.")
                                         .arg(typed, locale.toString(spin->minimum()), locale.toString(spin->maximum()),
                                             locale.toString(spin->value())));
            });
        connect(spin, &QDoubleSpinBox::valueChanged, message, [message] {
            if (message->isShowingError())
                message->clearMessage();
        });
    }

    m_percentile = new QComboBox(this);
    m_percentile->setObjectName(QStringLiteral("percentileCombo"));
    m_percentile->setAccessibleName(tr("Percentile"));
    for (const double p : core::percentileChoices())
        m_percentile->addItem(core::percentileLabel(p), p);
    m_percentile->setCurrentIndex(m_percentile->findData(99.0));

    m_defaults = new QPushButton(this);
    m_defaults->setObjectName(QStringLiteral("targetsDefaultsButton"));
    m_defaults->setAccessibleName(tr("Use the product's default targets"));

    auto* ttftLabel = new QLabel(tr("&Time to first token (TTFT):"), this);
    ttftLabel->setBuddy(m_ttft);
    auto* tpotLabel = new QLabel(tr("Time &per output token (TPOT):"), this);
    tpotLabel->setBuddy(m_tpot);
    auto* percentileLabel = new QLabel(tr("Percent&ile:"), this);
    percentileLabel->setBuddy(m_percentile);
    auto* e2elNote = new QLabel(tr("Optional: the whole request, first byte sent to last token received."), this);
    e2elNote->setWordWrap(true);
    e2elNote->setForegroundRole(QPalette::PlaceholderText);
    auto* ttfoNote = new QLabel(tr("Optional, for a reasoning model: the wait to the first answer token, after its "
                                   "thinking. A model that does not think answers at its first token."),
        this);
    ttfoNote->setWordWrap(true);
    ttfoNote->setForegroundRole(QPalette::PlaceholderText);
    auto* percentileNote = new QLabel(tr("p99 is the usual promise: 99 in 100 requests at or under target. Higher "
                                         "percentiles need more requests per step to be trusted."),
        this);
    percentileNote->setWordWrap(true);
    percentileNote->setForegroundRole(QPalette::PlaceholderText);

    auto* e2elColumn = new QVBoxLayout;
    e2elColumn->setSpacing(2);
    e2elColumn->addWidget(m_e2el, 0, Qt::AlignLeft);
    e2elColumn->addWidget(m_e2elMessage);
    e2elColumn->addWidget(e2elNote);
    auto* ttfoColumn = new QVBoxLayout;
    ttfoColumn->setSpacing(2);
    ttfoColumn->addWidget(m_ttfo, 0, Qt::AlignLeft);
    ttfoColumn->addWidget(m_ttfoMessage);
    ttfoColumn->addWidget(ttfoNote);
    auto* percentileColumn = new QVBoxLayout;
    percentileColumn->setSpacing(2);
    percentileColumn->addWidget(m_percentile, 0, Qt::AlignLeft);
    percentileColumn->addWidget(percentileNote);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(ttftLabel, FieldMessage::stacked(m_ttft, m_ttftMessage));
    form->addRow(tpotLabel, FieldMessage::stacked(m_tpot, m_tpotMessage));
    form->addRow(m_e2elCheck, e2elColumn);
    form->addRow(m_ttfoCheck, ttfoColumn);
    form->addRow(percentileLabel, percentileColumn);

    auto* buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_defaults);
    buttonRow->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttonRow);
    layout->addStretch(1);

    applyDefaults(true);

    connect(m_ttft, &QDoubleSpinBox::valueChanged, this, [this] {
        m_ttftEdited = m_ttftEdited || !m_filling;
        check();
        Q_EMIT targetsChanged();
    });
    connect(m_tpot, &QDoubleSpinBox::valueChanged, this, [this] {
        m_tpotEdited = m_tpotEdited || !m_filling;
        check();
        Q_EMIT targetsChanged();
    });
    connect(m_e2el, &QDoubleSpinBox::valueChanged, this, [this] {
        check();
        Q_EMIT targetsChanged();
    });
    connect(m_e2elCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_e2el->setEnabled(on);
        check();
        Q_EMIT targetsChanged();
    });
    connect(m_ttfo, &QDoubleSpinBox::valueChanged, this, [this] {
        check();
        Q_EMIT targetsChanged();
    });
    connect(m_ttfoCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_ttfo->setEnabled(on);
        check();
        Q_EMIT targetsChanged();
    });
    connect(m_percentile, &QComboBox::currentIndexChanged, this, &TargetsPage::targetsChanged);
    connect(m_defaults, &QPushButton::clicked, this, [this] { applyDefaults(true); });
}

void TargetsPage::applyDefaults(bool all)
{
    // The targets RunOptions::resolved() fills in for the product: one source for the command line and the wizard.
    const core::SloTargets d = core::RunOptions::defaultTargets(m_product);
    m_filling = true;
    if (all || !m_ttftEdited)
        m_ttft->setValue(d.ttftMs.value_or(0));
    if (all || !m_tpotEdited)
        m_tpot->setValue(d.tpotMs.value_or(0));
    m_filling = false;
    if (all) {
        m_ttftEdited = false;
        m_tpotEdited = false;
    }
    const QLocale locale;
    m_defaults->setText(tr("&Defaults for this product (%1 ms, %2 ms)")
                            .arg(locale.toString(d.ttftMs.value_or(0)), locale.toString(d.tpotMs.value_or(0))));
}

core::SloTargets TargetsPage::targets() const
{
    core::SloTargets t;
    t.ttftMs = m_ttft->value();
    t.tpotMs = m_tpot->value();
    if (m_e2elCheck->isChecked())
        t.e2elMs = m_e2el->value();
    if (m_ttfoCheck->isChecked())
        t.ttfoMs = m_ttfo->value();
    return t;
}

void TargetsPage::setTargets(const core::SloTargets& targets)
{
    if (targets.ttftMs) {
        m_ttft->setValue(*targets.ttftMs);
        m_ttftEdited = true;
    }
    if (targets.tpotMs) {
        m_tpot->setValue(*targets.tpotMs);
        m_tpotEdited = true;
    }
    m_e2elCheck->setChecked(targets.e2elMs.has_value());
    if (targets.e2elMs)
        m_e2el->setValue(*targets.e2elMs);
    m_ttfoCheck->setChecked(targets.ttfoMs.has_value());
    if (targets.ttfoMs)
        m_ttfo->setValue(*targets.ttfoMs);
}

double TargetsPage::percentile() const
{
    return m_percentile->currentData().toDouble();
}

void TargetsPage::setPercentile(double percentile)
{
    for (int i = 0; i < m_percentile->count(); ++i) {
        if (std::abs(m_percentile->itemData(i).toDouble() - percentile) < 1e-9) {
            m_percentile->setCurrentIndex(i);
            return;
        }
    }
}

void TargetsPage::setProduct(const QString& product)
{
    m_product = product;
    applyDefaults(false);
}

void TargetsPage::setShape(const std::optional<core::Shape>& shape)
{
    m_shape = shape;
    check();
}

bool TargetsPage::check()
{
    // The first answer token is a first token too: a TTFO target under the TTFT one can never be the one met.
    const QLocale locale;
    if (m_ttfoCheck->isChecked() && m_ttfo->value() < m_ttft->value()) {
        m_ttfoMessage->showMessage(tr("The first answer token cannot come before the first token: make TTFO at "
                                      "least the TTFT target (%1 ms).")
                                       .arg(locale.toString(m_ttft->value())));
        return false;
    }
    m_ttfoMessage->clearMessage();
    if (!m_e2elCheck->isChecked()) {
        m_e2elMessage->clearMessage();
        return true;
    }
    const double e2el = m_e2el->value();
    if (e2el <= m_ttft->value()) {
        m_e2elMessage->showMessage(tr("The whole request cannot finish before its first token: make E2EL longer "
                                      "than the TTFT target (%1 ms).")
                                       .arg(locale.toString(m_ttft->value())));
        return false;
    }
    // Not wrong, but worth saying: with this E2EL the other two targets can never be what decides.
    if (m_shape) {
        const double allowed = m_ttft->value() + m_tpot->value() * std::max(0, m_shape->output - 1);
        if (e2el < allowed) {
            m_e2elMessage->showMessage(
                tr("With %1 output tokens, the TTFT and TPOT targets allow up to %2 ms: this E2EL target is the "
                   "tighter one.")
                    .arg(locale.toString(m_shape->output), locale.toString(std::round(allowed))),
                FieldMessage::Kind::Warning);
            return true;
        }
    }
    m_e2elMessage->clearMessage();
    return true;
}

bool TargetsPage::validatePage()
{
    if (check())
        return true;
    m_e2el->setFocus();
    return false;
}

} // namespace kp::ui
