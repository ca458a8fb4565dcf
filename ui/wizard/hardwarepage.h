// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/catalog.h"

#include <QWizardPage>

#include <optional>

class QLineEdit;
class QListWidget;
class QSpinBox;

namespace kp::ui {

class FieldMessage;

/// Page 2: the GPU the server runs on, picked from the catalog (built-in plus the user's own) with a search field
/// above the list, and how many of them serve the model.
class HardwarePage : public QWizardPage
{
    Q_OBJECT
public:
    explicit HardwarePage(QWidget* parent = nullptr);

    /// The catalog id of the chosen GPU; empty when none is chosen.
    QString gpuId() const;
    /// Chooses the GPU with this catalog id; an unknown id chooses nothing.
    void setGpuId(const QString& id);
    std::optional<core::GpuSpec> gpu() const;
    int gpuCount() const;
    void setGpuCount(int count);
    /// The DCGM exporter's /metrics the GPUs are read from during the run; empty: a local nvidia-smi where it can.
    QString dcgmUrl() const;
    void setDcgmUrl(const QString& url);

    bool validatePage() override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    void gpuChanged();

private:
    void applyFilter();
    void selectionChanged();

    core::Catalog m_catalog;
    QLineEdit* m_filter = nullptr;
    QListWidget* m_list = nullptr;
    FieldMessage* m_gpuMessage = nullptr;
    QSpinBox* m_count = nullptr;
    QLineEdit* m_dcgm = nullptr;
    FieldMessage* m_dcgmMessage = nullptr;
    bool m_showingNoMatch = false;
};

} // namespace kp::ui
