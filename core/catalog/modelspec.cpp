// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/modelspec.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace kp::core {

namespace {

// The parameters split by how a quantised checkpoint stores them: `linear` in quantised layers, `plain` (norms,
// biases, routers) left in the dtype like the embeddings and the head.
struct Parts
{
    double embedding = 0;
    double head = 0;
    double plain = 0;
    double linear = 0; ///< attention, dense MLPs and shared experts: everything quantised but the routed experts
    double expert = 0; ///< one routed expert of one layer
    double moeLayers = 0;
};

double attentionParameters(const ModelSpec& m)
{
    const double h = m.hiddenSize;
    const double heads = m.numAttentionHeads;
    if (m.isMla()) {
        const double qkDim = double(m.qkNopeHeadDim) + m.qkRopeHeadDim;
        const double q = m.qLoraRank > 0 ? h * m.qLoraRank + m.qLoraRank * heads * qkDim : h * heads * qkDim;
        const double kv = h * (double(m.kvLoraRank) + m.qkRopeHeadDim)
            + double(m.kvLoraRank) * heads * (double(m.qkNopeHeadDim) + m.vHeadDim);
        return q + kv + heads * m.vHeadDim * h;
    }
    const double qDim = heads * m.headDim;
    const double kvDim = double(m.numKeyValueHeads) * m.headDim;
    return h * qDim + 2 * h * kvDim + qDim * h;
}

Parts parts(const ModelSpec& m)
{
    Parts p;
    const double h = m.hiddenSize;
    const double layers = m.numHiddenLayers;
    p.embedding = double(m.vocabSize) * h;
    p.head = m.tieWordEmbeddings ? 0 : p.embedding;

    double plainPerLayer = 2 * h; // input and post-attention norms
    if (m.isMla())
        plainPerLayer += m.kvLoraRank + (m.qLoraRank > 0 ? m.qLoraRank : 0); // the latents' own norms
    else if (m.attentionBias)
        plainPerLayer += double(m.numAttentionHeads) * m.headDim + 2.0 * m.numKeyValueHeads * m.headDim;
    p.plain = layers * plainPerLayer + h; // + the final norm
    p.linear = layers * attentionParameters(m);

    const double denseMlp = 3 * h * m.intermediateSize;
    if (!m.isMoe()) {
        p.linear += layers * denseMlp;
        return p;
    }
    const double denseLayers = std::clamp(m.firstKDenseReplace, 0, m.numHiddenLayers);
    p.moeLayers = layers - denseLayers;
    p.linear += denseLayers * denseMlp;
    const double expertWidth = m.moeIntermediateSize > 0 ? m.moeIntermediateSize : m.intermediateSize;
    p.expert = 3 * h * expertWidth;
    double shared = m.nSharedExperts * p.expert;
    double router = h * m.numExperts;
    if (m.sharedExpertIntermediateSize > 0) {
        shared += 3 * h * m.sharedExpertIntermediateSize;
        router += h; // Qwen2-MoE scales its shared expert by a sigmoid gate of its own
    }
    p.linear += p.moeLayers * shared;
    p.plain += p.moeLayers * router;
    return p;
}

double total(const Parts& p, double experts)
{
    return p.embedding + p.head + p.plain + p.linear + p.moeLayers * experts * p.expert;
}

int positiveInt(const QJsonObject& c, QStringView key)
{
    const int v = c.value(key).toInt(0);
    return v > 0 ? v : 0;
}

int firstPositiveInt(const QJsonObject& c, std::initializer_list<QStringView> keys)
{
    for (const QStringView key : keys) {
        if (const int v = positiveInt(c, key))
            return v;
    }
    return 0;
}

// How many layers route through experts, with each family's way of saying which: DeepSeek dense-first layers and a
// layer frequency, Qwen-MoE a sparse step and a list of MLP-only layers. Only the count matters for sizes.
int countMoeLayers(const QJsonObject& c, int layers)
{
    const int firstDense = positiveInt(c, u"first_k_dense_replace");
    const int frequency = std::max(1, positiveInt(c, u"moe_layer_freq"));
    const int sparseStep = std::max(1, positiveInt(c, u"decoder_sparse_step"));
    const QJsonArray mlpOnly = c.value(u"mlp_only_layers").toArray();
    int count = 0;
    for (int i = 0; i < layers; ++i) {
        if (i < firstDense || i % frequency != 0 || (i + 1) % sparseStep != 0 || mlpOnly.contains(QJsonValue(i)))
            continue;
        ++count;
    }
    return count;
}

// Layers that attend within the window. Each family marks them differently; transformers' current configs list
// them in layer_types, older ones leave it to the model code.
int countSlidingLayers(const QJsonObject& c, const QString& modelType, int layers)
{
    const QJsonArray types = c.value(u"layer_types").toArray();
    if (!types.isEmpty()) {
        int count = 0;
        for (const auto& t : types)
            count += t.toString() == u"sliding_attention" ? 1 : 0;
        return std::min(count, layers);
    }
    // Qwen2 and Qwen3 write a sliding_window but switch it off with use_sliding_window.
    if (c.contains(u"use_sliding_window") && !c.value(u"use_sliding_window").toBool())
        return 0;
    if (c.contains(u"max_window_layers") && c.contains(u"use_sliding_window"))
        return std::max(0, layers - c.value(u"max_window_layers").toInt(layers));
    if (modelType == u"gemma2")
        return (layers + 1) / 2; // even layers slide, odd ones see everything
    // Gemma 3: every Nth layer is global, the rest slide.
    const int pattern = firstPositiveInt(c, {u"sliding_window_pattern", u"_sliding_window_pattern"});
    if (pattern > 1)
        return layers - layers / pattern;
    return layers;
}

int defaultQuantBits(const QString& method)
{
    if (method.contains(u"fp8") || method == u"modelopt" || method.startsWith(u"w8a8") || method == u"int8")
        return 8;
    if (method.contains(u"awq") || method.contains(u"gptq") || method.contains(u"marlin") || method.contains(u"fp4")
        || method == u"bitsandbytes")
        return 4;
    return 0;
}

// Reads quant_method, bits and group_size from quantization_config, with the other spellings quantisers use.
void readQuantization(const QJsonObject& q, ModelSpec* m)
{
    m->quantMethod = q.value(u"quant_method").toString().toLower();
    m->quantBits = firstPositiveInt(q, {u"bits", u"w_bit", u"weight_bits"});
    m->quantGroupSize = q.value(u"group_size").toInt(q.value(u"q_group_size").toInt(0));
    const QString& method = m->quantMethod;
    if (method == u"compressed-tensors") {
        // One entry per group of layers; the first describes the bulk of the weights.
        const QJsonObject groups = q.value(u"config_groups").toObject();
        const QJsonObject group = groups.isEmpty() ? QJsonObject() : groups.begin()->toObject();
        const QJsonObject weights = group.value(u"weights").toObject();
        m->quantBits = positiveInt(weights, u"num_bits");
        m->quantGroupSize
            = weights.value(u"group_size").toInt(weights.value(u"strategy").toString() == u"channel" ? -1 : 0);
        // W8A8 and NVFP4 schemes quantise the inputs too; W4A16 and W8A16 leave them null.
        const QJsonObject inputs = group.value(u"input_activations").toObject();
        const int inputBits = positiveInt(inputs, u"num_bits");
        const bool inputFloat = inputs.value(u"type").toString() == u"float";
        if (inputBits == 8)
            m->quantActivations = inputFloat ? QStringLiteral("fp8") : QStringLiteral("int8");
        else if (inputBits == 4 && inputFloat)
            m->quantActivations = QStringLiteral("fp4");
    } else if (method == u"bitsandbytes") {
        m->quantBits = q.value(u"load_in_8bit").toBool() ? 8 : 4;
        if (m->quantBits == 8)
            m->quantActivations = QStringLiteral("int8"); // LLM.int8() multiplies in INT8, outliers aside
    } else if (method == u"modelopt") {
        const QString algo = q.value(u"quant_algo").toString().toLower();
        m->quantBits = algo.contains(u"fp4") ? 4 : 8;
        if (algo.contains(u"fp4") && m->quantGroupSize == 0)
            m->quantGroupSize = 16;
        m->quantActivations = algo.contains(u"fp4") ? QStringLiteral("fp4") : QStringLiteral("fp8");
    } else if (method == u"mxfp4") {
        if (m->quantGroupSize == 0)
            m->quantGroupSize = 32;
        // Blackwell kernels quantise the activations to MXFP8; taking the faster peak keeps the floor a floor.
        m->quantActivations = QStringLiteral("fp8");
    } else if (method.contains(u"fp8")) {
        m->quantActivations = QStringLiteral("fp8"); // fp8, fbgemm_fp8, ptpc_fp8: dynamic per-token activation scales
    } else if (method.startsWith(u"w8a8") || method == u"int8" || method == u"smoothquant" || method == u"gguf") {
        // GGUF too: llama.cpp's MMQ kernels quantise the activations to Q8_1 and multiply in INT8.
        m->quantActivations = QStringLiteral("int8");
    }
    if (m->quantBits == 0)
        m->quantBits = defaultQuantBits(m->quantMethod);
}

} // namespace

std::optional<ModelSpec> ModelSpec::fromHfConfig(const QJsonObject& config, const QString& hfId, QString* error)
{
    // Wrapped multimodal models keep the language model in text_config; the dtype and quantization_config often stay
    // at the top, so the text fields are laid over the top level rather than replacing it.
    QJsonObject c = config;
    const QJsonObject text = config.value(u"text_config").toObject();
    for (auto it = text.begin(); it != text.end(); ++it)
        c.insert(it.key(), it.value());

    ModelSpec m;
    m.hfId = hfId;
    m.name = hfId.section(u'/', -1);
    m.modelType = c.value(u"model_type").toString();
    const auto required = [&](int* field, QStringView key, int value) {
        if (value > 0) {
            *field = value;
            return true;
        }
        *error = QStringLiteral("\"%1\" must be a positive number").arg(key);
        return false;
    };
    m.numExperts = firstPositiveInt(c, {u"num_experts", u"num_local_experts", u"n_routed_experts"});
    m.moeIntermediateSize = positiveInt(c, u"moe_intermediate_size");
    // An MoE model whose every layer has experts may leave out the dense width.
    const int intermediate = positiveInt(c, u"intermediate_size");
    // vLLM looks for the context length under these names, in this order.
    const int maxPositions = firstPositiveInt(c,
        {u"max_position_embeddings", u"n_positions", u"max_seq_len", u"seq_length", u"max_sequence_length",
            u"max_seq_length", u"seq_len"});
    if (!required(&m.hiddenSize, u"hidden_size", positiveInt(c, u"hidden_size"))
        || !required(&m.numHiddenLayers, u"num_hidden_layers", positiveInt(c, u"num_hidden_layers"))
        || !required(&m.numAttentionHeads, u"num_attention_heads", positiveInt(c, u"num_attention_heads"))
        || !required(&m.intermediateSize, u"intermediate_size",
            intermediate > 0 || m.numExperts == 0 ? intermediate : m.moeIntermediateSize)
        || !required(&m.vocabSize, u"vocab_size", positiveInt(c, u"vocab_size"))
        || !required(&m.maxPositionEmbeddings, u"max_position_embeddings", maxPositions))
        return std::nullopt;
    // config.json leaves these out when they take their defaults (MHA; hidden_size / heads).
    m.numKeyValueHeads = positiveInt(c, u"num_key_value_heads");
    if (m.numKeyValueHeads == 0)
        m.numKeyValueHeads = m.numAttentionHeads;
    m.headDim = positiveInt(c, u"head_dim");
    if (m.headDim == 0)
        m.headDim = m.hiddenSize / m.numAttentionHeads;
    m.dtype = c.value(u"torch_dtype").toString(c.value(u"dtype").toString(QStringLiteral("bfloat16")));
    // transformers writes tie_word_embeddings only where it differs from its default, which is true.
    m.tieWordEmbeddings = c.value(u"tie_word_embeddings").toBool(true);
    // Qwen2's q/k/v biases are in the model code, not in the config.
    m.attentionBias = c.value(u"attention_bias").toBool(m.modelType == u"qwen2" || m.modelType == u"qwen2_moe");

    if (m.numExperts > 0) {
        if (!required(&m.numExpertsPerTok, u"num_experts_per_tok", positiveInt(c, u"num_experts_per_tok")))
            return std::nullopt;
        m.nSharedExperts = positiveInt(c, u"n_shared_experts");
        m.sharedExpertIntermediateSize = positiveInt(c, u"shared_expert_intermediate_size");
        m.firstKDenseReplace = m.numHiddenLayers - countMoeLayers(c, m.numHiddenLayers);
    }

    m.kvLoraRank = positiveInt(c, u"kv_lora_rank");
    if (m.kvLoraRank > 0) {
        m.qLoraRank = positiveInt(c, u"q_lora_rank");
        if (!required(&m.qkRopeHeadDim, u"qk_rope_head_dim", positiveInt(c, u"qk_rope_head_dim"))
            || !required(&m.qkNopeHeadDim, u"qk_nope_head_dim", positiveInt(c, u"qk_nope_head_dim"))
            || !required(&m.vHeadDim, u"v_head_dim", positiveInt(c, u"v_head_dim")))
            return std::nullopt;
    }

    m.slidingWindow = positiveInt(c, u"sliding_window");
    if (m.slidingWindow > 0)
        m.slidingWindowLayers = countSlidingLayers(c, m.modelType, m.numHiddenLayers);
    if (m.slidingWindowLayers == 0)
        m.slidingWindow = 0;

    const QJsonObject quantization = c.value(u"quantization_config").toObject();
    if (!quantization.isEmpty())
        readQuantization(quantization, &m);
    return m;
}

double ModelSpec::bytesPerParameter() const
{
    const QString d = dtype.toLower();
    if (d == u"float32" || d == u"fp32")
        return 4;
    if (d == u"fp8" || d == u"int8" || d.startsWith(u"float8"))
        return 1;
    if (d == u"int4")
        return 0.5;
    return 2; // bfloat16, float16, and the safe guess for anything else
}

double ModelSpec::linearBytesPerParameter() const
{
    if (quantBitsPerWeight > 0)
        return quantBitsPerWeight / 8.0;
    const int bits = quantBits > 0 ? quantBits : defaultQuantBits(quantMethod);
    if (quantMethod.isEmpty() || bits <= 0)
        return bytesPerParameter();
    const double weight = bits / 8.0;
    if (bits >= 8)
        return weight; // per-channel or per-block scales: well below 1 %
    // Sub-byte weights carry a scale per group: fp16 scale plus a packed zero point (AWQ, GPTQ), or one byte of
    // shared exponent (MXFP4) or FP8 scale (NVFP4) without a zero point.
    const bool microscaled = quantMethod.contains(u"fp4");
    const double group = quantGroupSize > 0 ? quantGroupSize : quantGroupSize < 0 ? 0 : (microscaled ? 32 : 128);
    if (group == 0)
        return weight;
    return weight + (microscaled ? 1.0 : 2.0 + weight) / group;
}

double ModelSpec::parameters() const
{
    return total(parts(*this), numExperts);
}

double ModelSpec::activeParameters() const
{
    return total(parts(*this), std::min(numExpertsPerTok, numExperts));
}

double ModelSpec::activeLayerParameters() const
{
    const Parts p = parts(*this);
    return activeParameters() - p.embedding - p.head;
}

ComputePrecision ModelSpec::computePrecision() const
{
    if (quantActivations == u"fp4")
        return ComputePrecision::Fp4;
    if (quantActivations == u"fp8")
        return ComputePrecision::Fp8;
    if (quantActivations == u"int8")
        return ComputePrecision::Int8;
    const QString d = dtype.toLower();
    if (d == u"fp8" || d.startsWith(u"float8"))
        return ComputePrecision::Fp8;
    if (d == u"int8")
        return ComputePrecision::Int8;
    return ComputePrecision::Bf16;
}

double ModelSpec::weightBytes() const
{
    const Parts p = parts(*this);
    return (p.embedding + p.head + p.plain) * bytesPerParameter()
        + (p.linear + p.moeLayers * numExperts * p.expert) * linearBytesPerParameter();
}

double ModelSpec::weightBytesReadPerStep(int batch) const
{
    const Parts p = parts(*this);
    // An untied embedding table is gathered row by row; a tied one is read whole as the output head.
    double read = weightBytes() - (tieWordEmbeddings ? 0 : p.embedding * bytesPerParameter());
    if (isMoe()) {
        const double e = numExperts;
        const double k = std::min(numExpertsPerTok, numExperts);
        const double hit = std::clamp(e * (1 - std::pow(1 - k / e, std::max(batch, 1))), k, e);
        read -= p.moeLayers * (e - hit) * p.expert * linearBytesPerParameter();
    }
    return read;
}

double ModelSpec::kvBytesPerTokenPerLayer(double cacheBytesPerElement) const
{
    if (isMla())
        return (double(kvLoraRank) + qkRopeHeadDim) * cacheBytesPerElement;
    return 2.0 * numKeyValueHeads * headDim * cacheBytesPerElement;
}

double ModelSpec::kvBytesPerToken(double cacheBytesPerElement) const
{
    return numHiddenLayers * kvBytesPerTokenPerLayer(cacheBytesPerElement);
}

double ModelSpec::kvBytesForContext(double contextTokens, double cacheBytesPerElement) const
{
    const int sliding = slidingWindow > 0 ? std::clamp(slidingWindowLayers, 0, numHiddenLayers) : 0;
    const double capped = std::min(contextTokens, double(slidingWindow));
    return kvBytesPerTokenPerLayer(cacheBytesPerElement)
        * (double(numHiddenLayers - sliding) * contextTokens + sliding * capped);
}

double ModelSpec::attentionFlopsPerToken(double context) const
{
    // Per head: a dot product over the query/key width, then a weighted sum over the value width.
    const double perHead = isMla() ? 2.0 * (double(qkNopeHeadDim) + qkRopeHeadDim + vHeadDim) : 4.0 * headDim;
    const int sliding = slidingWindow > 0 ? std::clamp(slidingWindowLayers, 0, numHiddenLayers) : 0;
    const double attended
        = double(numHiddenLayers - sliding) * context + sliding * std::min(context, double(slidingWindow));
    return perHead * numAttentionHeads * attended;
}

} // namespace kp::core
