// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/import/importformat.h"

#include "core/common/boundedfile.h"
#include "core/import/aiperfimporter.h"
#include "core/import/guidellmimporter.h"
#include "core/import/vllmbenchimporter.h"
#include "core/store/runstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace kp::core {

namespace {

QJsonObject wholeObject(const QByteArray& data)
{
    QJsonParseError e {};
    const QJsonDocument doc = QJsonDocument::fromJson(data, &e);
    return e.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
}

bool isJson(const QByteArray& data)
{
    QJsonParseError e {};
    QJsonDocument::fromJson(data, &e);
    return e.error == QJsonParseError::NoError;
}

} // namespace

ImportFormat sniffImportFormat(const QByteArray& data)
{
    // A one-line JSONL file is also a whole JSON object: records are asked about first.
    if (AiperfImporter::recognizesRecords(data))
        return ImportFormat::AiperfRecords;
    const QJsonObject doc = wholeObject(data);
    if (GuidellmImporter::recognizes(doc))
        return ImportFormat::Guidellm;
    if (VllmBenchImporter::recognizes(doc))
        return ImportFormat::VllmBenchServe;
    if (AiperfImporter::recognizesAggregate(doc))
        return ImportFormat::AiperfAggregate;
    return isJson(data) ? ImportFormat::UnknownJson : ImportFormat::NotJson;
}

std::optional<ImportedRun> readImportFile(const QString& path, QString* error)
{
    const QString name = QFileInfo(path).fileName();
    // Not even opened: reading it would drop this process's SQLite locks on it (RunStore::isOpenInProcess).
    if (RunStore::isOpenInProcess(path)) {
        *error = QStringLiteral("%1 is the run database Kneepoint has open: its runs are already in the history.")
                     .arg(path);
        return std::nullopt;
    }
    // A detailed result of a long benchmark runs to some hundred MiB; the bound keeps a device or an unrelated huge
    // file from being read whole into memory.
    constexpr qint64 maxBytes = qint64(2) << 30;
    const std::optional<QByteArray> read = BoundedFile::read(path, maxBytes, error);
    if (!read) {
        *error = QStringLiteral("Cannot read %1: %2.").arg(path, *error);
        return std::nullopt;
    }
    const QByteArray& data = *read;
    const QString expected
        = QStringLiteral("a Kneepoint archive (kneepoint export), a vllm bench serve result (--save-result "
                         "--save-detailed), an AIPerf profile_export.jsonl or a GuideLLM "
                         "benchmarks.json");
    switch (sniffImportFormat(data)) {
    case ImportFormat::VllmBenchServe:
        return VllmBenchImporter::read(wholeObject(data), name, error);
    case ImportFormat::AiperfRecords:
        // Every AIPerf run names its records profile_export.jsonl: the artifact directory tells them apart.
        return AiperfImporter::read(
            data, QFileInfo(path).dir().dirName() + u'/' + name, AiperfImporter::aggregateBeside(path), error);
    case ImportFormat::Guidellm:
        return GuidellmImporter::read(wholeObject(data), name, error);
    case ImportFormat::AiperfAggregate:
        *error = QStringLiteral("%1 is AIPerf's aggregate export: it holds only summary statistics, from which "
                                "percentiles cannot be recomputed and goodput under other targets is not available. "
                                "Import the profile_export.jsonl from the same artifact directory instead.")
                     .arg(name);
        return std::nullopt;
    case ImportFormat::UnknownJson:
        *error = QStringLiteral("%1 is not %2: it is JSON, but has no ttfts, no \"benchmarks\" list and no "
                                "per-request \"metadata\".")
                     .arg(name, expected);
        return std::nullopt;
    case ImportFormat::NotJson:
        break;
    }
    *error = QStringLiteral("%1 is not %2: it is not JSON.").arg(name, expected);
    return std::nullopt;
}

std::optional<ImportedRun> readImportFiles(const QStringList& paths, QString* error)
{
    std::optional<ImportedRun> run;
    for (const QString& path : paths) {
        std::optional<ImportedRun> one = readImportFile(path, error);
        if (!one)
            return std::nullopt;
        if (!run) {
            run = std::move(one);
            continue;
        }
        if (one->source != run->source || one->model != run->model) {
            *error = QStringLiteral("%1 comes from %2 with model '%3', the files before it from %4 with model '%5': "
                                    "one run holds one tool's results for one model. Import them separately.")
                         .arg(QFileInfo(path).fileName(), one->sourceName, one->model, run->sourceName, run->model);
            return std::nullopt;
        }
        run->absorb(std::move(*one));
    }
    if (!run)
        *error = QStringLiteral("No file was given to import.");
    return run;
}

} // namespace kp::core
