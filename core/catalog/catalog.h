// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/gpuspec.h"
#include "core/catalog/modelspec.h"

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

    /// The built-in catalogs with the user's own laid over them: userDirectory()'s gpus.json and models.json, when
    /// present, in the built-in format. A user entry whose id exists replaces the built-in one; others are added.
    /// A user file that cannot be read or parsed is left out whole, and `warning` (when given) gets one sentence per
    /// such file naming it and the entry; the rest of the catalog is still usable.
    static Catalog forUser(QString* warning = nullptr);
    /// forUser() with the user files read from `directory` instead.
    static Catalog withUserDirectory(const QString& directory, QString* warning = nullptr);
    /// Where forUser() looks: <AppDataLocation>/catalog.
    static QString userDirectory();

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
