// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/catalog.h"

#include "core/common/boundedfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include <algorithm>

namespace kp::core {

namespace {

QByteArray readResource(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("Kneepoint was built without its resource %s", qPrintable(path));
    return file.readAll();
}

bool readArray(const QByteArray& json, const char* key, QJsonArray* out, QString* error, const QString& file)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: %2 at offset %3").arg(file, parseError.errorString()).arg(parseError.offset);
        return false;
    }
    const QJsonValue array = doc.object().value(QLatin1String(key));
    if (!array.isArray()) {
        *error = QStringLiteral("%1: no \"%2\" array").arg(file, QLatin1String(key));
        return false;
    }
    *out = array.toArray();
    return true;
}

// Every number a roofline divides by must be present and positive, or the catalog is refused.
bool positive(const QJsonObject& o, const char* key, double* out, QString* error, const QString& where)
{
    const double v = o.value(QLatin1String(key)).toDouble(-1);
    if (!(v > 0)) {
        *error = QStringLiteral("%1: \"%2\" must be a positive number").arg(where, QLatin1String(key));
        return false;
    }
    *out = v;
    return true;
}

QString entryName(const QString& file, const QString& id)
{
    return QStringLiteral("%1: entry \"%2\"").arg(file, id);
}

bool parseGpus(const QByteArray& json, const QString& file, QList<GpuSpec>* out, QString* error)
{
    QJsonArray gpus;
    if (!readArray(json, "gpus", &gpus, error, file))
        return false;
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const QJsonObject o = gpus.at(i).toObject();
        GpuSpec gpu;
        gpu.id = o.value(u"id").toString();
        gpu.name = o.value(u"name").toString();
        gpu.vendor = o.value(u"vendor").toString();
        gpu.source = o.value(u"source").toString();
        if (gpu.id.isEmpty()) {
            *error = QStringLiteral("%1: entry %2 has no id").arg(file).arg(i + 1);
            return false;
        }
        const QString where = entryName(file, gpu.id);
        if (!positive(o, "memory_gb", &gpu.memoryGb, error, where)
            || !positive(o, "bandwidth_tbps", &gpu.bandwidthTbps, error, where)
            || !positive(o, "bf16_tflops", &gpu.bf16Tflops, error, where))
            return false;
        if (o.value(u"fp8_tflops").isDouble())
            gpu.fp8Tflops = o.value(u"fp8_tflops").toDouble();
        if (o.value(u"int8_tops").isDouble())
            gpu.int8Tops = o.value(u"int8_tops").toDouble();
        if (o.value(u"fp4_tflops").isDouble())
            gpu.fp4Tflops = o.value(u"fp4_tflops").toDouble();
        if (o.value(u"tdp_w").isDouble() && o.value(u"tdp_w").toDouble() > 0)
            gpu.tdpW = o.value(u"tdp_w").toDouble();
        // A user's entry may give only the label: taken as decimal gigabytes, the most the device can have.
        gpu.memoryGib = o.value(u"memory_gib").toDouble(gpu.memoryGb * 1e9 / (1024.0 * 1024.0 * 1024.0));
        gpu.memorySource
            = o.value(u"memory_source")
                  .toString(o.contains(u"memory_gib") ? gpu.source : QStringLiteral("memory_gb read as 10^9 bytes"));
        if (gpu.memoryGib <= 0 || gpu.memoryGib > gpu.memoryGb * 1.08) {
            *error = QStringLiteral("%1: \"memory_gib\" must be positive and no more than memory_gb allows").arg(where);
            return false;
        }
        out->append(gpu);
    }
    return true;
}

// A model entry is a config.json's fields plus id, name, hf_id and source, so a user can paste a config into it.
bool parseModels(const QByteArray& json, const QString& file, QList<ModelSpec>* out, QString* error)
{
    QJsonArray models;
    if (!readArray(json, "models", &models, error, file))
        return false;
    for (qsizetype i = 0; i < models.size(); ++i) {
        const QJsonObject o = models.at(i).toObject();
        const QString id = o.value(u"id").toString();
        if (id.isEmpty()) {
            *error = QStringLiteral("%1: entry %2 has no id").arg(file).arg(i + 1);
            return false;
        }
        QString why;
        auto m = ModelSpec::fromHfConfig(o, o.value(u"hf_id").toString(), &why);
        if (!m) {
            *error = entryName(file, id) + QStringLiteral(": ") + why;
            return false;
        }
        m->id = id;
        m->name = o.value(u"name").toString(m->hfId.isEmpty() ? id : m->name);
        m->source = o.value(u"source").toString();
        out->append(*m);
    }
    return true;
}

// Lays `extra` over `base`: an entry with a known id takes that entry's place, a new one goes at the end.
template<typename T> void overlay(QList<T>* base, const QList<T>& extra)
{
    for (const T& e : extra) {
        const auto it = std::find_if(base->begin(), base->end(), [&](const T& b) { return b.id == e.id; });
        if (it != base->end())
            *it = e;
        else
            base->append(e);
    }
}

// Reads one optional user file; a missing file is no error, an unreadable or invalid one is.
bool readUserFile(const QString& path, QByteArray* out, QString* error)
{
    if (!QFile::exists(path))
        return false;
    // A catalog is some hundred KiB of JSON: a pipe, a device or an outsized file by its name is refused, not read.
    const std::optional<QByteArray> content = BoundedFile::read(path, qint64(64) << 20, error);
    if (!content) {
        *error = QStringLiteral("%1: %2").arg(path, *error);
        return false;
    }
    *out = *content;
    return true;
}

} // namespace

const Catalog& Catalog::builtIn()
{
    static const Catalog catalog = [] {
        QString error;
        auto parsed = fromJson(readResource(QStringLiteral(":/catalog/gpus.json")),
            readResource(QStringLiteral(":/catalog/models.json")), &error);
        if (!parsed)
            qFatal("The built-in catalog is invalid: %s", qPrintable(error));
        return *parsed;
    }();
    return catalog;
}

std::optional<Catalog> Catalog::fromJson(const QByteArray& gpusJson, const QByteArray& modelsJson, QString* error)
{
    Catalog catalog;
    if (!parseGpus(gpusJson, QStringLiteral("gpus.json"), &catalog.m_gpus, error)
        || !parseModels(modelsJson, QStringLiteral("models.json"), &catalog.m_models, error))
        return std::nullopt;
    return catalog;
}

QString Catalog::userDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/catalog");
}

Catalog Catalog::forUser(QString* warning)
{
    return withUserDirectory(userDirectory(), warning);
}

Catalog Catalog::withUserDirectory(const QString& directory, QString* warning)
{
    Catalog catalog = builtIn();
    QStringList problems;
    const QDir dir(directory);
    const QString gpusPath = dir.filePath(QStringLiteral("gpus.json"));
    const QString modelsPath = dir.filePath(QStringLiteral("models.json"));
    QByteArray json;
    QString error;
    QList<GpuSpec> gpus;
    if (readUserFile(gpusPath, &json, &error) && parseGpus(json, gpusPath, &gpus, &error))
        overlay(&catalog.m_gpus, gpus);
    if (!error.isEmpty())
        problems << error;
    error.clear();
    QList<ModelSpec> models;
    if (readUserFile(modelsPath, &json, &error) && parseModels(json, modelsPath, &models, &error))
        overlay(&catalog.m_models, models);
    if (!error.isEmpty())
        problems << error;
    if (warning) {
        warning->clear();
        for (const QString& p : std::as_const(problems))
            *warning += (warning->isEmpty() ? QString() : QStringLiteral(" "))
                + QStringLiteral("Ignoring the user catalog %1; the built-in entries are used instead.").arg(p);
    }
    return catalog;
}

std::optional<GpuSpec> Catalog::gpu(const QString& id) const
{
    for (const GpuSpec& g : m_gpus) {
        if (g.id == id)
            return g;
    }
    return std::nullopt;
}

std::optional<ModelSpec> Catalog::model(const QString& idOrHfId) const
{
    for (const ModelSpec& m : m_models) {
        if (m.id == idOrHfId || m.hfId.compare(idOrHfId, Qt::CaseInsensitive) == 0)
            return m;
    }
    return std::nullopt;
}

QStringList Catalog::gpuIds() const
{
    QStringList ids;
    for (const GpuSpec& g : m_gpus)
        ids << g.id;
    return ids;
}

QStringList Catalog::modelIds() const
{
    QStringList ids;
    for (const ModelSpec& m : m_models)
        ids << m.id;
    return ids;
}

} // namespace kp::core
