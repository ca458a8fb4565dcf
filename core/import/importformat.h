// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/import/importedrun.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// Which tool wrote a file, from its content alone (names are often changed).
enum class ImportFormat { VllmBenchServe, AiperfRecords, AiperfAggregate, Guidellm, UnknownJson, NotJson };

/// Tells the format of a file's content.
ImportFormat sniffImportFormat(const QByteArray& data);

/// Reads the file at `path` with the importer its content calls for. Nullopt with a sentence in `error` that says
/// what the file is not, or which file to export instead.
std::optional<ImportedRun> readImportFile(const QString& path, QString* error);
/// Reads several files of one tool and one model into one run (a sweep saved one file per load level). Every file
/// is read before anything is returned, so one unreadable file gives nullopt with its sentence in `error`; the run
/// still needs finish().
std::optional<ImportedRun> readImportFiles(const QStringList& paths, QString* error);

} // namespace kp::core
