// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kp::core {

namespace {

QByteArray readResource(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("Kneepoint was built without its resource %s", qPrintable(path));
    return file.readAll();
}

bool readArray(const QByteArray& json, const char* key, QJsonArray* out, QString* error, const QString& what)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: %2 at offset %3").arg(what, parseError.errorString()).arg(parseError.offset);
        return false;
    }
    const QJsonValue array = doc.object().value(QLatin1String(key));
    if (!array.isArray()) {
        *error = QStringLiteral("%1: no \"%2\" array").arg(what, QLatin1String(key));
        return false;
    }
    *out = array.toArray();
    return true;
}

// Every number a roofline divides by must be present and positive, or the catalog is refused.
bool positive(const QJsonObject& o, const char* key, double* out, QString* error, const QString& id)
{
    const double v = o.value(QLatin1String(key)).toDouble(-1);
    if (!(v > 0)) {
        *error = QStringLiteral("entry \"%1\": \"%2\" must be a positive number").arg(id, QLatin1String(key));
        return false;
    }
    *out = v;
    return true;
}

bool positiveInt(const QJsonObject& o, const char* key, int* out, QString* error, const QString& id)
{
    double v = 0;
    if (!positive(o, key, &v, error, id))
        return false;
    *out = int(v);
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
    QJsonArray gpus;
    if (!readArray(gpusJson, "gpus", &gpus, error, QStringLiteral("gpus.json")))
        return std::nullopt;
    for (const auto& value : std::as_const(gpus)) {
        const QJsonObject o = value.toObject();
        GpuSpec gpu;
        gpu.id = o.value(u"id").toString();
        gpu.name = o.value(u"name").toString();
        gpu.vendor = o.value(u"vendor").toString();
        gpu.source = o.value(u"source").toString();
        if (gpu.id.isEmpty()) {
            *error = QStringLiteral("gpus.json: an entry has no id");
            return std::nullopt;
        }
        if (!positive(o, "memory_gb", &gpu.memoryGb, error, gpu.id)
            || !positive(o, "bandwidth_tbps", &gpu.bandwidthTbps, error, gpu.id)
            || !positive(o, "bf16_tflops", &gpu.bf16Tflops, error, gpu.id))
            return std::nullopt;
        if (o.value(u"fp8_tflops").isDouble())
            gpu.fp8Tflops = o.value(u"fp8_tflops").toDouble();
        catalog.m_gpus.append(gpu);
    }

    QJsonArray models;
    if (!readArray(modelsJson, "models", &models, error, QStringLiteral("models.json")))
        return std::nullopt;
    for (const auto& value : std::as_const(models)) {
        const QJsonObject o = value.toObject();
        ModelSpec m;
        m.id = o.value(u"id").toString();
        m.name = o.value(u"name").toString();
        m.hfId = o.value(u"hf_id").toString();
        m.modelType = o.value(u"model_type").toString();
        m.dtype = o.value(u"dtype").toString(QStringLiteral("bfloat16"));
        m.source = o.value(u"source").toString();
        m.tieWordEmbeddings = o.value(u"tie_word_embeddings").toBool();
        m.attentionBias = o.value(u"attention_bias").toBool();
        if (m.id.isEmpty()) {
            *error = QStringLiteral("models.json: an entry has no id");
            return std::nullopt;
        }
        if (!positiveInt(o, "hidden_size", &m.hiddenSize, error, m.id)
            || !positiveInt(o, "num_hidden_layers", &m.numHiddenLayers, error, m.id)
            || !positiveInt(o, "num_attention_heads", &m.numAttentionHeads, error, m.id)
            || !positiveInt(o, "intermediate_size", &m.intermediateSize, error, m.id)
            || !positiveInt(o, "vocab_size", &m.vocabSize, error, m.id)
            || !positiveInt(o, "max_position_embeddings", &m.maxPositionEmbeddings, error, m.id))
            return std::nullopt;
        // config.json leaves these out when they take their defaults (MHA; hidden_size / heads).
        m.numKeyValueHeads = o.value(u"num_key_value_heads").toInt(m.numAttentionHeads);
        m.headDim = o.value(u"head_dim").toInt(m.hiddenSize / m.numAttentionHeads);
        catalog.m_models.append(m);
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
