// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"

#include <QWizardPage>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QPushButton;

namespace kp::ui {

class FieldMessage;

/// Page 4: the latency targets a load level must meet, and at which percentile. The product type's defaults fill
/// the fields and follow a change of product, except in a field the user has edited.
class TargetsPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit TargetsPage(QWidget* parent = nullptr);

    core::SloTargets targets() const;
    /// Fills the fields; a target given counts as the user's own and no longer follows the product.
    void setTargets(const core::SloTargets& targets);
    double percentile() const;
    void setPercentile(double percentile);
    /// The product whose defaults fill the fields not edited.
    void setProduct(const QString& product);
    /// The request size swept, to judge an E2EL target against the other two.
    void setShape(const std::optional<core::Shape>& shape);

    bool validatePage() override;

Q_SIGNALS:
    void targetsChanged();

private:
    void applyDefaults(bool all);
    bool check();

    QString m_product = QStringLiteral("chat");
    std::optional<core::Shape> m_shape;
    QDoubleSpinBox* m_ttft = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    QCheckBox* m_e2elCheck = nullptr;
    QDoubleSpinBox* m_e2el = nullptr;
    FieldMessage* m_e2elMessage = nullptr;
    QCheckBox* m_ttfoCheck = nullptr;
    QDoubleSpinBox* m_ttfo = nullptr;
    FieldMessage* m_ttfoMessage = nullptr;
    FieldMessage* m_ttftMessage = nullptr;
    FieldMessage* m_tpotMessage = nullptr;
    QComboBox* m_percentile = nullptr;
    QPushButton* m_defaults = nullptr;
    bool m_ttftEdited = false;
    bool m_tpotEdited = false;
    /// Set while the page itself writes a field, so that only the user's changes count as edits.
    bool m_filling = false;
};

} // namespace kp::ui
