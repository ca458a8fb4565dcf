// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gpuspec.h"
#include "modelspec.h"

#include <QList>
#include <QString>

#include <optional>

namespace kp::core {

/// The GPU and model catalogs shipped in resources/catalog/. The simulator's roofline and the physics analysis read
/// the same figures from here.
class Catalog
{
public:
    /// The built-in catalogs, parsed once.
    static const Catalog& builtIn();

    /// Parses catalogs from JSON text; on failure `error` says which file and entry were wrong.
    static std::optional<Catalog> fromJson(const QByteArray& gpusJson, const QByteArray& modelsJson, QString* error);

    const QList<GpuSpec>& gpus() const { return m_gpus; }
    const QList<ModelSpec>& models() const { return m_models; }
    std::optional<GpuSpec> gpu(const QString& id) const;
    /// A model by catalog id, or by its Hugging Face id (case-insensitive).
    std::optional<ModelSpec> model(const QString& idOrHfId) const;

    QStringList gpuIds() const;
    QStringList modelIds() const;

private:
    QList<GpuSpec> m_gpus;
    QList<ModelSpec> m_models;
};

} // namespace kp::core
