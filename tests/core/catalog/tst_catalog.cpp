// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/catalog.h"
#include "core/catalog/ggufmodel.h"
#include "core/catalog/modelspec.h"
#include "core/cli/commandline.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

using namespace kp::core;
using namespace kp::cli;

namespace {

void writeFile(const QString& path, const QByteArray& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

} // namespace

class TestCatalog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void builtInHasTheGpusTheSimulatorNeeds()
    {
        const Catalog& c = Catalog::builtIn();
        for (const char* id : {"h100-sxm", "h200", "a100-80gb-sxm", "l40s", "l4", "h100-nvl", "mi300x"})
            QVERIFY2(c.gpu(QString::fromLatin1(id)).has_value(), id);
        const GpuSpec h100 = *c.gpu(QStringLiteral("h100-sxm"));
        QCOMPARE(h100.bandwidthTbps, 3.35);
        QCOMPARE(h100.bf16Tflops, 989.0);
        QVERIFY(!h100.source.isEmpty());
        QVERIFY(!c.gpu(QStringLiteral("a100-80gb-sxm"))->fp8Tflops.has_value());
        for (const GpuSpec& g : c.gpus())
            QVERIFY2(g.id == g.id.toLower() && !g.id.contains(u' '), qPrintable(g.id));
    }

    void everyListedGpuIsThereWithASource()
    {
        const Catalog& c = Catalog::builtIn();
        for (const char* id :
            {"h100-sxm", "h100-pcie", "h100-nvl", "h200", "h200-nvl", "b200", "a100-40gb-sxm", "a100-80gb-sxm",
                "a100-80gb-pcie", "l40s", "l40", "l4", "a10", "a10g", "rtx-4090", "rtx-6000-ada", "mi300x", "mi325x"})
            QVERIFY2(c.gpu(QString::fromLatin1(id)).has_value(), id);
        for (const GpuSpec& g : c.gpus())
            QVERIFY2(!g.source.isEmpty(), qPrintable(g.id));
        // Spot checks against the fact sheet's §D.1 for the rows added last.
        QCOMPARE(c.gpu(QStringLiteral("l40"))->bf16Tflops, 181.0);
        QCOMPARE(c.gpu(QStringLiteral("a10"))->bandwidthTbps, 0.6);
        QCOMPARE(c.gpu(QStringLiteral("mi325x"))->memoryGb, 256.0);
    }

    void parametersFollowFromTheConfig_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("billions");
        QTest::addColumn<double>("activeBillions");
        QTest::addColumn<double>("kvKibPerToken");
        // Expected figures: the fact sheet's §D.3 table, "Params (active)" and "KV/token BF16".
        const auto row = [](const char* id, double billions, double active, double kib) {
            QTest::newRow(id) << QString::fromLatin1(id) << billions << active << kib;
        };
        row("llama-3.1-8b", 8.03, 8.03, 128);
        row("llama-3.1-70b", 70.55, 70.55, 320);
        row("llama-3.2-1b", 1.24, 1.24, 32);
        row("llama-3.2-3b", 3.21, 3.21, 112);
        row("qwen2.5-0.5b", 0.49, 0.49, 12);
        row("qwen2.5-7b", 7.62, 7.62, 56);
        row("qwen2.5-72b", 72.7, 72.7, 320);
        row("qwen3-8b", 8.19, 8.19, 144);
        row("qwen3-32b", 32.8, 32.8, 256);
        row("qwen3-30b-a3b", 30.5, 3.35, 96);
        row("mistral-7b-v0.1", 7.24, 7.24, 128);
        row("mixtral-8x7b", 46.7, 12.9, 128);
        row("gemma-2-9b", 9.24, 9.24, 336);
        row("phi-3-mini-4k", 3.82, 3.82, 384);
        row("deepseek-r1-distill-qwen-7b", 7.62, 7.62, 56);
    }

    void parametersFollowFromTheConfig()
    {
        QFETCH(QString, id);
        QFETCH(double, billions);
        QFETCH(double, activeBillions);
        QFETCH(double, kvKibPerToken);
        const auto model = Catalog::builtIn().model(id);
        QVERIFY(model);
        QVERIFY2(qAbs(model->parameters() / 1e9 - billions) < 0.015 * billions,
            qPrintable(QString::number(model->parameters() / 1e9)));
        QVERIFY2(qAbs(model->activeParameters() / 1e9 - activeBillions) < 0.015 * activeBillions,
            qPrintable(QString::number(model->activeParameters() / 1e9)));
        QCOMPARE(model->kvBytesPerToken(2) / 1024, kvKibPerToken);
        QVERIFY(!model->source.isEmpty());
        QVERIFY(!model->hfId.isEmpty());
        QVERIFY2(model->id == model->id.toLower() && !model->id.contains(u' '), qPrintable(model->id));
    }

    void mlaKeepsOneLatentPerLayer()
    {
        // DeepSeek-V3's attention and experts, as its config.json gives them.
        ModelSpec v3;
        v3.hiddenSize = 7168;
        v3.numHiddenLayers = 61;
        v3.numAttentionHeads = 128;
        v3.numKeyValueHeads = 128;
        v3.headDim = 56;
        v3.intermediateSize = 18432;
        v3.vocabSize = 129280;
        v3.dtype = QStringLiteral("bfloat16");
        v3.qLoraRank = 1536;
        v3.kvLoraRank = 512;
        v3.qkRopeHeadDim = 64;
        v3.qkNopeHeadDim = 128;
        v3.vHeadDim = 128;
        v3.numExperts = 256;
        v3.numExpertsPerTok = 8;
        v3.moeIntermediateSize = 2048;
        v3.nSharedExperts = 1;
        v3.firstKDenseReplace = 3;
        // (512 + 64) x 2 bytes: one latent, neither x2 for K and V nor x heads.
        QCOMPARE(v3.kvBytesPerTokenPerLayer(2), 1152.0);
        QCOMPARE(v3.kvBytesPerToken(2), 61 * 1152.0);
        QCOMPARE(v3.kvBytesForContext(1000, 2), 1000 * 61 * 1152.0);
        // DeepSeek publishes 671 B parameters (without the multi-token-prediction module) and 37 B activated.
        QVERIFY2(qAbs(v3.parameters() / 671e9 - 1) < 0.01, qPrintable(QString::number(v3.parameters() / 1e9)));
        QVERIFY2(
            qAbs(v3.activeParameters() / 37e9 - 1) < 0.02, qPrintable(QString::number(v3.activeParameters() / 1e9)));
    }

    void slidingWindowLayersStopGrowingAtTheWindow()
    {
        const auto gemma = *Catalog::builtIn().model(QStringLiteral("gemma-2-9b"));
        QCOMPARE(gemma.slidingWindow, 4096);
        QCOMPARE(gemma.slidingWindowLayers, 21);
        const double perLayer = gemma.kvBytesPerTokenPerLayer(2);
        QCOMPARE(gemma.kvBytesForContext(1000, 2), 1000 * gemma.kvBytesPerToken(2));
        QCOMPARE(gemma.kvBytesForContext(8192, 2), perLayer * (21 * 8192.0 + 21 * 4096.0));
        const auto mistral = *Catalog::builtIn().model(QStringLiteral("mistral-7b-v0.1"));
        QCOMPARE(mistral.slidingWindowLayers, 32);
        QCOMPARE(mistral.kvBytesForContext(32768, 2), 4096 * mistral.kvBytesPerToken(2));
        const auto llama = *Catalog::builtIn().model(QStringLiteral("llama-3.1-8b"));
        QCOMPARE(llama.kvBytesForContext(100'000, 2), 100'000 * llama.kvBytesPerToken(2));
    }

    void moeDecodeReadsTheExpertsItHits()
    {
        const auto qwen = *Catalog::builtIn().model(QStringLiteral("qwen3-30b-a3b"));
        const double embedding = double(qwen.vocabSize) * qwen.hiddenSize * 2;
        // One token: its 8 experts of 128, everything else but the untied embedding table.
        QVERIFY(qAbs(qwen.weightBytesReadPerStep(1) - (qwen.activeParameters() * 2 - embedding)) < 1e6);
        // 16 tokens choosing 8 of 128 hit 128·(1 − (120/128)^16) ≈ 82 experts per layer.
        const double expert = 3.0 * qwen.hiddenSize * qwen.moeIntermediateSize * 2;
        const double hit = 128 * (1 - std::pow(1 - 8 / 128.0, 16));
        QVERIFY(qAbs(qwen.weightBytesReadPerStep(16) - qwen.weightBytesReadPerStep(1) - 48 * (hit - 8) * expert) < 1e6);
        // A large batch hits every expert: the whole model but the embedding table.
        QVERIFY(qAbs(qwen.weightBytesReadPerStep(4096) - (qwen.weightBytes() - embedding)) < 1e6);
        QCOMPARE(qwen.weightBytes(), qwen.parameters() * 2);
    }

    void aHubConfigGivesTheSameSpecAsTheCatalog_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QString>("catalogId");
        // config.json as the hub serves it; Llama 3.1 leaves out head_dim, Qwen2 its attention biases.
        QTest::newRow("llama") << QByteArray(R"({"architectures": ["LlamaForCausalLM"], "attention_bias": false,
            "hidden_act": "silu", "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 131072,
            "mlp_bias": false, "model_type": "llama", "num_attention_heads": 32, "num_hidden_layers": 32,
            "num_key_value_heads": 8, "rms_norm_eps": 1e-05, "rope_scaling": {"factor": 8.0, "rope_type": "llama3"},
            "rope_theta": 500000.0, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "vocab_size": 128256})")
                               << QStringLiteral("llama-3.1-8b");
        QTest::newRow("mixtral") << QByteArray(R"({"architectures": ["MixtralForCausalLM"], "hidden_size": 4096,
            "intermediate_size": 14336, "max_position_embeddings": 32768, "model_type": "mixtral",
            "num_attention_heads": 32, "num_experts_per_tok": 2, "num_hidden_layers": 32, "num_key_value_heads": 8,
            "num_local_experts": 8, "rope_theta": 1000000.0, "sliding_window": null, "tie_word_embeddings": false,
            "torch_dtype": "bfloat16", "vocab_size": 32000})")
                                 << QStringLiteral("mixtral-8x7b");
        QTest::newRow("qwen3-moe") << QByteArray(R"({"architectures": ["Qwen3MoeForCausalLM"], "attention_bias": false,
            "decoder_sparse_step": 1, "head_dim": 128, "hidden_size": 2048, "intermediate_size": 6144,
            "max_position_embeddings": 40960, "max_window_layers": 48, "mlp_only_layers": [],
            "model_type": "qwen3_moe", "moe_intermediate_size": 768, "norm_topk_prob": true,
            "num_attention_heads": 32, "num_experts": 128, "num_experts_per_tok": 8, "num_hidden_layers": 48,
            "num_key_value_heads": 4, "sliding_window": null, "tie_word_embeddings": false,
            "torch_dtype": "bfloat16", "use_sliding_window": false, "vocab_size": 151936})")
                                   << QStringLiteral("qwen3-30b-a3b");
        QTest::newRow("gemma2") << QByteArray(R"({"architectures": ["Gemma2ForCausalLM"], "head_dim": 256,
            "hidden_size": 3584, "intermediate_size": 14336, "max_position_embeddings": 8192, "model_type": "gemma2",
            "num_attention_heads": 16, "num_hidden_layers": 42, "num_key_value_heads": 8,
            "query_pre_attn_scalar": 256, "sliding_window": 4096, "torch_dtype": "bfloat16", "vocab_size": 256000})")
                                << QStringLiteral("gemma-2-9b");
        QTest::newRow("qwen2") << QByteArray(R"({"architectures": ["Qwen2ForCausalLM"], "hidden_size": 3584,
            "intermediate_size": 18944, "max_position_embeddings": 32768, "max_window_layers": 28,
            "model_type": "qwen2", "num_attention_heads": 28, "num_hidden_layers": 28, "num_key_value_heads": 4,
            "sliding_window": 131072, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
            "use_sliding_window": false, "vocab_size": 152064})")
                               << QStringLiteral("qwen2.5-7b");
    }

    void aHubConfigGivesTheSameSpecAsTheCatalog()
    {
        QFETCH(QByteArray, config);
        QFETCH(QString, catalogId);
        const ModelSpec expected = *Catalog::builtIn().model(catalogId);
        QString error;
        const auto m = ModelSpec::fromHfConfig(QJsonDocument::fromJson(config).object(), expected.hfId, &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->hfId, expected.hfId);
        QCOMPARE(m->parameters(), expected.parameters());
        QCOMPARE(m->activeParameters(), expected.activeParameters());
        QCOMPARE(m->kvBytesPerToken(2), expected.kvBytesPerToken(2));
        QCOMPARE(m->kvBytesForContext(8192, 2), expected.kvBytesForContext(8192, 2));
        QCOMPARE(m->headDim, expected.headDim);
        QCOMPARE(m->tieWordEmbeddings, expected.tieWordEmbeddings);
        QCOMPARE(m->slidingWindowLayers, expected.slidingWindowLayers);
        QCOMPARE(m->maxPositionEmbeddings, expected.maxPositionEmbeddings);
    }

    void aDeepSeekConfigIsReadAsMlaWithExpertsInFp8()
    {
        const QByteArray config = R"({"architectures": ["DeepseekV3ForCausalLM"], "first_k_dense_replace": 3,
            "hidden_size": 7168, "intermediate_size": 18432, "kv_lora_rank": 512, "max_position_embeddings": 163840,
            "model_type": "deepseek_v3", "moe_intermediate_size": 2048, "moe_layer_freq": 1, "n_routed_experts": 256,
            "n_shared_experts": 1, "num_attention_heads": 128, "num_experts_per_tok": 8, "num_hidden_layers": 61,
            "num_key_value_heads": 128, "q_lora_rank": 1536, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64,
            "quantization_config": {"activation_scheme": "dynamic", "fmt": "e4m3", "quant_method": "fp8",
            "weight_block_size": [128, 128]}, "tie_word_embeddings": false, "torch_dtype": "bfloat16",
            "v_head_dim": 128, "vocab_size": 129280})";
        QString error;
        const auto m = ModelSpec::fromHfConfig(
            QJsonDocument::fromJson(config).object(), QStringLiteral("deepseek-ai/DeepSeek-V3"), &error);
        QVERIFY2(m, qPrintable(error));
        QVERIFY(m->isMla() && m->isMoe());
        QCOMPARE(m->numExperts, 256);
        QCOMPARE(m->firstKDenseReplace, 3);
        QCOMPARE(m->kvBytesPerTokenPerLayer(2), 1152.0);
        QCOMPARE(m->quantMethod, QStringLiteral("fp8"));
        QCOMPARE(m->quantBits, 8);
        QCOMPARE(m->bytesPerParameter(), 2.0); // activations and the `auto` KV cache stay in bf16
        QVERIFY(qAbs(m->parameters() / 671e9 - 1) < 0.01);
        // One byte per weight, the embeddings and the head in bf16: ≈ 673 GB, as the FP8 checkpoint's shards.
        const double embeddings = 2.0 * m->vocabSize * m->hiddenSize;
        QVERIFY(qAbs(m->weightBytes() - (m->parameters() + embeddings)) < 0.001 * m->weightBytes());
    }

    void quantisedWeightsCarryTheirScales()
    {
        // Qwen2.5-7B-Instruct-AWQ: 4-bit weights in groups of 128 with an fp16 scale and a 4-bit zero point each.
        const QByteArray config = R"({"hidden_size": 3584, "intermediate_size": 18944,
            "max_position_embeddings": 32768, "model_type": "qwen2", "num_attention_heads": 28,
            "num_hidden_layers": 28, "num_key_value_heads": 4, "tie_word_embeddings": false,
            "torch_dtype": "float16", "vocab_size": 152064, "quantization_config": {"bits": 4, "group_size": 128,
            "modules_to_not_convert": null, "quant_method": "awq", "version": "gemm", "zero_point": true}})";
        QString error;
        const auto awq = ModelSpec::fromHfConfig(
            QJsonDocument::fromJson(config).object(), QStringLiteral("Qwen/Qwen2.5-7B-Instruct-AWQ"), &error);
        QVERIFY2(awq, qPrintable(error));
        QVERIFY(awq->attentionBias);
        QCOMPARE(awq->linearBytesPerParameter(), 0.5 + 2.5 / 128); // +3.9 %
        const double embeddings = 2.0 * awq->vocabSize * awq->hiddenSize; // table and head, 16 bits
        const double expected = (awq->parameters() - embeddings) * (0.5 + 2.5 / 128) + embeddings * 2;
        QVERIFY(qAbs(awq->weightBytes() / expected - 1) < 0.001);
        // Not a quarter of the bf16 size: the 1.1 B embedding and head parameters stay at 2 bytes.
        QVERIFY(awq->weightBytes() > 0.35 * awq->parameters() * 2 && awq->weightBytes() < 0.4 * awq->parameters() * 2);
    }

    void wrappedAndDefaultedConfigsAreRead()
    {
        // A multimodal wrapper: the language model in text_config, the dtype at the top; no num_key_value_heads
        // (MHA), no head_dim, no tie_word_embeddings (transformers' default: tied).
        const QByteArray config = R"({"model_type": "llava", "torch_dtype": "float16", "text_config": {
            "model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32,
            "num_hidden_layers": 32, "vocab_size": 32064, "max_position_embeddings": 4096}})";
        QString error;
        const auto m = ModelSpec::fromHfConfig(QJsonDocument::fromJson(config).object(), QStringLiteral("x/y"), &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->numKeyValueHeads, 32);
        QCOMPARE(m->headDim, 128);
        QCOMPARE(m->dtype, QStringLiteral("float16"));
        QVERIFY(m->tieWordEmbeddings);
        QCOMPARE(m->modelType, QStringLiteral("llama"));

        // Qwen-MoE's MLP-only layers count as dense ones.
        const QByteArray someDense = R"({"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4,
            "num_hidden_layers": 6, "vocab_size": 100, "max_position_embeddings": 128, "num_experts": 4,
            "num_experts_per_tok": 2, "moe_intermediate_size": 32, "mlp_only_layers": [0, 5]})";
        QCOMPARE(
            ModelSpec::fromHfConfig(QJsonDocument::fromJson(someDense).object(), {}, &error)->firstKDenseReplace, 2);

        QVERIFY(!ModelSpec::fromHfConfig(QJsonObject {{QStringLiteral("hidden_size"), 64}}, {}, &error));
        QVERIFY2(error.contains(u"num_hidden_layers"), qPrintable(error));
        const QByteArray noTopK = R"({"hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4,
            "num_hidden_layers": 6, "vocab_size": 100, "max_position_embeddings": 128, "num_local_experts": 4})";
        QVERIFY(!ModelSpec::fromHfConfig(QJsonDocument::fromJson(noTopK).object(), {}, &error));
        QVERIFY2(error.contains(u"num_experts_per_tok"), qPrintable(error));
    }

    void userCatalogsAddAndReplaceEntries()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeFile(dir.filePath(QStringLiteral("gpus.json")), R"({"gpus": [
            {"id": "h100-sxm", "name": "Our H100", "memory_gb": 80, "bandwidth_tbps": 3.0, "bf16_tflops": 900},
            {"id": "lab-gpu", "name": "Lab GPU", "memory_gb": 32, "bandwidth_tbps": 1.0, "bf16_tflops": 100}]})");
        writeFile(dir.filePath(QStringLiteral("models.json")), R"({"models": [{"id": "tiny", "hf_id": "lab/tiny",
            "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4, "num_hidden_layers": 2,
            "vocab_size": 100, "max_position_embeddings": 128, "source": "ours"}]})");
        QString warning;
        const Catalog c = Catalog::withUserDirectory(dir.path(), &warning);
        QVERIFY2(warning.isEmpty(), qPrintable(warning));
        QCOMPARE(c.gpus().size(), Catalog::builtIn().gpus().size() + 1);
        QCOMPARE(c.gpu(QStringLiteral("h100-sxm"))->bandwidthTbps, 3.0);
        QVERIFY(c.gpu(QStringLiteral("lab-gpu")));
        QCOMPARE(c.model(QStringLiteral("lab/TINY"))->id, QStringLiteral("tiny"));
        QCOMPARE(c.models().size(), Catalog::builtIn().models().size() + 1);
        // The built-in catalog itself is untouched.
        QCOMPARE(Catalog::builtIn().gpu(QStringLiteral("h100-sxm"))->bandwidthTbps, 3.35);
    }

    void aBrokenUserCatalogIsReportedAndLeftOut()
    {
        QTemporaryDir dir;
        const QString models = dir.filePath(QStringLiteral("models.json"));
        writeFile(models, R"({"models": [{"id": "half-done", "hidden_size": 64}]})");
        writeFile(dir.filePath(QStringLiteral("gpus.json")), "{not json");
        QString warning;
        const Catalog c = Catalog::withUserDirectory(dir.path(), &warning);
        QVERIFY2(
            warning.contains(models) && warning.contains(u"\"half-done\"") && warning.contains(u"num_hidden_layers"),
            qPrintable(warning));
        QVERIFY2(warning.contains(dir.filePath(QStringLiteral("gpus.json"))), qPrintable(warning));
        QCOMPARE(c.models().size(), Catalog::builtIn().models().size());
        QCOMPARE(c.gpus().size(), Catalog::builtIn().gpus().size());
    }

    // A pipe by a catalog's name would block the open for ever (issue 45): it is refused with a sentence instead.
    void aUserCatalogThatIsAPipeIsRefused()
    {
#ifndef Q_OS_UNIX
        QSKIP("named pipes are a Unix matter");
#else
        QTemporaryDir dir;
        const QString models = dir.filePath(QStringLiteral("models.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(models).constData(), 0600), 0);
        QString warning;
        const Catalog c = Catalog::withUserDirectory(dir.path(), &warning);
        QVERIFY2(warning.contains(models) && warning.contains(u"named pipe (FIFO)"), qPrintable(warning));
        QCOMPARE(c.models().size(), Catalog::builtIn().models().size());
        // So is a pipe named as a GGUF model.
        const QString gguf = dir.filePath(QStringLiteral("model.gguf"));
        QCOMPARE(::mkfifo(QFile::encodeName(gguf).constData(), 0600), 0);
        QString error;
        QVERIFY(!GgufModel::read(gguf, &error));
        QVERIFY2(error.contains(u"named pipe (FIFO)"), qPrintable(error));
#endif
    }

    void forUserReadsTheAppDataDirectory()
    {
        QTemporaryDir home;
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(Catalog::userDirectory().startsWith(home.path()));
        QVERIFY(QDir().mkpath(Catalog::userDirectory()));
        writeFile(Catalog::userDirectory() + QStringLiteral("/models.json"),
            R"({"models": [{"id": "tiny", "name": "Tiny", "hidden_size": 64, "intermediate_size": 128,
            "num_attention_heads": 4, "num_hidden_layers": 2, "vocab_size": 100, "max_position_embeddings": 128}]})");
        QString warning;
        QVERIFY(Catalog::forUser(&warning).model(QStringLiteral("tiny")));

        // `kneepoint models` lists the user's entries with the built-in ones.
        QString out;
        QString err;
        QTextStream outStream(&out);
        QTextStream errStream(&err);
        CommandLine cli = CommandLine::standard();
        QCOMPARE(cli.exec({QStringLiteral("kneepoint"), QStringLiteral("models")}, outStream, errStream), 0);
        outStream.flush();
        QVERIFY2(out.contains(u"mixtral-8x7b") && out.contains(u"46.7 B") && out.contains(u"12.9 B"), qPrintable(out));
        QVERIFY2(out.contains(u"tiny"), qPrintable(out));
        out.clear();
        QCOMPARE(cli.exec({QStringLiteral("kneepoint"), QStringLiteral("models"), QStringLiteral("--json")}, outStream,
                     errStream),
            0);
        outStream.flush();
        const QJsonArray list = QJsonDocument::fromJson(out.toUtf8()).array();
        QCOMPARE(list.size(), Catalog::builtIn().models().size() + 1);
        QCOMPARE(list.first().toObject().value(u"kv_bytes_per_token_bf16").toDouble(), 131072.0);

        QStandardPaths::setTestModeEnabled(false);
        qputenv("HOME", oldHome);
    }

    void decodeReadsEverythingButAnUntiedEmbedding()
    {
        const auto llama = *Catalog::builtIn().model(QStringLiteral("llama-3.1-8b"));
        // 8.03 B parameters minus the 0.525 B embedding table, in BF16: the fact sheet's "W_read ≈ 15.0 GB".
        QVERIFY(qAbs(llama.weightBytesReadPerStep() / 1e9 - 15.0) < 0.1);
        const auto tied = *Catalog::builtIn().model(QStringLiteral("llama-3.2-1b"));
        QCOMPARE(tied.weightBytesReadPerStep(), tied.parameters() * 2);
    }

    void modelsAreFoundByHuggingFaceId()
    {
        const auto m = Catalog::builtIn().model(QStringLiteral("meta-llama/llama-3.1-8b-instruct"));
        QVERIFY(m);
        QCOMPARE(m->id, QStringLiteral("llama-3.1-8b"));
    }

    void aBrokenCatalogIsRefusedWithTheReason()
    {
        QString error;
        const QByteArray models = R"({"models": []})";
        QVERIFY(!Catalog::fromJson(R"({"gpus": [{"id": "x", "memory_gb": 80, "bf16_tflops": 1}]})", models, &error));
        QVERIFY2(error.contains(u"bandwidth_tbps"), qPrintable(error));
        QVERIFY(!Catalog::fromJson("{not json", models, &error));
        QVERIFY2(error.contains(u"gpus.json"), qPrintable(error));
        QVERIFY(Catalog::fromJson(R"({"gpus": []})", models, &error));
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
