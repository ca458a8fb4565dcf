// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The floors, pinned to figures worked out by hand from each model's config.json and the H100 SXM's datasheet
// (3.35 TB/s, 989 dense BF16 TFLOPS, 1,979 FP8): the arithmetic is written out here, not taken from the code.

#include "core/analysis/physicsfloors.h"
#include "core/catalog/catalog.h"
#include "core/catalog/roofline.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace kp::core;

namespace {

constexpr double kBandwidth = 3.35e12;
constexpr double kBf16 = 989e12;
constexpr double kFp8 = 1979e12;

ModelSpec fromConfig(const char* json, const char* hfId)
{
    QString error;
    const std::optional<ModelSpec> m
        = ModelSpec::fromHfConfig(QJsonDocument::fromJson(json).object(), QString::fromLatin1(hfId), &error);
    if (!m)
        qFatal("config: %s", qPrintable(error));
    return *m;
}

// deepseek-ai/DeepSeek-V3's config.json, the fields that matter: an FP8 checkpoint that says torch_dtype bfloat16.
const char* const kDeepSeekV3 = "{\"model_type\": \"deepseek_v3\", \"hidden_size\": 7168, \"num_hidden_layers\": 61,"
                                "\"num_attention_heads\": 128, \"num_key_value_heads\": 128, \"q_lora_rank\": 1536,"
                                "\"kv_lora_rank\": 512, \"qk_rope_head_dim\": 64, \"qk_nope_head_dim\": 128,"
                                "\"v_head_dim\": 128, \"intermediate_size\": 18432, \"moe_intermediate_size\": 2048,"
                                "\"n_routed_experts\": 256, \"num_experts_per_tok\": 8, \"n_shared_experts\": 1,"
                                "\"first_k_dense_replace\": 3, \"vocab_size\": 129280, \"tie_word_embeddings\": false,"
                                "\"max_position_embeddings\": 163840, \"torch_dtype\": \"bfloat16\","
                                "\"quantization_config\": {\"activation_scheme\": \"dynamic\", \"fmt\": \"e4m3\","
                                "\"quant_method\": \"fp8\", \"weight_block_size\": [128, 128]}}";

// RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8: compressed-tensors, FP8 weights per channel, FP8 activations per token.
const char* const kLlamaFp8 = "{\"model_type\": \"llama\", \"hidden_size\": 4096, \"num_hidden_layers\": 32,"
                              "\"num_attention_heads\": 32, \"num_key_value_heads\": 8, \"head_dim\": 128,"
                              "\"intermediate_size\": 14336, \"vocab_size\": 128256, \"tie_word_embeddings\": false,"
                              "\"max_position_embeddings\": 131072, \"torch_dtype\": \"bfloat16\","
                              "\"quantization_config\": {\"quant_method\": \"compressed-tensors\", \"config_groups\":"
                              "{\"group_0\": {\"targets\": [\"Linear\"], \"weights\": {\"num_bits\": 8, \"type\":"
                              "\"float\", \"strategy\": \"channel\"}, \"input_activations\": {\"num_bits\": 8,"
                              "\"type\": \"float\", \"strategy\": \"token\", \"dynamic\": true}}}}}";

// AWQ 4-bit weights: the multiplications still run in BF16.
const char* const kLlamaAwq = "{\"model_type\": \"llama\", \"hidden_size\": 4096, \"num_hidden_layers\": 32,"
                              "\"num_attention_heads\": 32, \"num_key_value_heads\": 8, \"intermediate_size\": 14336,"
                              "\"vocab_size\": 128256, \"tie_word_embeddings\": false,"
                              "\"max_position_embeddings\": 131072, \"torch_dtype\": \"float16\","
                              "\"quantization_config\": {\"quant_method\": \"awq\", \"bits\": 4, \"group_size\": 128}}";

bool near(double got, double want, double relative = 1e-9)
{
    return std::abs(got - want) <= relative * std::abs(want);
}

#define KP_NEAR(got, want)                                                                                             \
    QVERIFY2(near((got), (want)), qPrintable(QStringLiteral("%1 != %2").arg((got), 0, 'g', 12).arg((want), 0, 'g', 12)))

} // namespace

class TestRoofline : public QObject
{
    Q_OBJECT

private slots:
    void llama31_8b();
    void qwen3_30b_a3b();
    void deepSeekV3();
    void fp8Checkpoint();
    void weightOnlyQuantisationRunsAtBf16();
    void quantisationMethodsChooseTheirPeak_data();
    void quantisationMethodsChooseTheirPeak();
    void memoryIsGibNotTheLabel();
    void floorIsTheLongerNotTheSum();
};

void TestRoofline::llama31_8b()
{
    const GpuSpec gpu = *Catalog::builtIn().gpu(QStringLiteral("h100-sxm"));
    const ModelSpec m = *Catalog::builtIn().model(QStringLiteral("llama-3.1-8b"));
    // Per layer: q and o 4096·4096 each, k and v 4096·1024 each, gated MLP 3·4096·14336, two norms of 4096.
    const double layer = 4096.0 * 4096 * 2 + 4096.0 * 1024 * 2 + 3 * 4096.0 * 14336 + 2 * 4096.0;
    const double layers = 32 * layer + 4096; // + the final norm: 6,979,588,096
    const double table = 128256.0 * 4096; // embeddings, and the untied head again
    KP_NEAR(m.activeLayerParameters(), layers);
    KP_NEAR(m.parameters(), layers + 2 * table); // 8.03 B

    const Roofline r(gpu, m, 1, 2);
    QCOMPARE(r.precision(), ComputePrecision::Bf16);
    const double kvPerToken = 2.0 * 32 * 8 * 128 * 2; // 128 KiB
    KP_NEAR(r.kvBytesPerToken(), kvPerToken);

    // A 128-token prompt: 2 FLOPs per layer parameter per token, the head once, causal attention (4·d per head per
    // attended token, over half the prompt on average) = 1.79 TFLOP: 1.81 ms at 989 TFLOPS. Reading the weights
    // (the head, not the embedding table) and writing 128 tokens of KV: 15.03 GB, 4.49 ms. The floor is 4.49 ms.
    const double flops = 2 * layers * 128 + 2 * table + 4.0 * 128 * 32 * 32 * 64 * 128;
    const double bytes = (layers + table) * 2 + 128 * kvPerToken;
    KP_NEAR(r.prefillSeconds(128), std::max(flops / kBf16, bytes / kBandwidth));
    QVERIFY(bytes / kBandwidth > flops / kBf16);
    QVERIFY(std::abs(r.prefillSeconds(128) * 1e3 - 4.49) < 0.01);

    // 1,024 tokens turn it compute-bound: 14.6 TFLOP, 14.73 ms, against 4.52 ms of reading.
    const double flops1k = 2 * layers * 1024 + 2 * table + 4.0 * 128 * 32 * 32 * 512 * 1024;
    KP_NEAR(r.prefillSeconds(1024), flops1k / kBf16);
    QVERIFY(std::abs(r.prefillSeconds(1024) * 1e3 - 14.73) < 0.01);

    // One user decoding at 1,152 tokens of context: 15.01 GB of weights + 151 MB of KV at 3.35 TB/s = 4.53 ms.
    KP_NEAR(r.decodeSeconds(1, 1152), ((layers + table) * 2 + 1152 * kvPerToken) / kBandwidth);

    // The analysis reports the same: TTFT floor = the prefill step, no decode step added.
    const PhysicsFloors f = PhysicsFloors::of(&gpu, &m, 1024, 256, 1, 2, nullptr, 0);
    KP_NEAR(f.ttftFloorMs, flops1k / kBf16 * 1e3);
    QVERIFY(f.ttftComputeBound);
    KP_NEAR(f.decodeStepFloorMs, ((layers + table) * 2 + 1152 * kvPerToken) / kBandwidth * 1e3);
}

void TestRoofline::qwen3_30b_a3b()
{
    const GpuSpec gpu = *Catalog::builtIn().gpu(QStringLiteral("h100-sxm"));
    const ModelSpec m = *Catalog::builtIn().model(QStringLiteral("qwen3-30b-a3b"));
    // Per layer: q and o 2048·4096, k and v 2048·512; 128 experts of 3·2048·768, 8 active; a router 2048·128; two
    // norms. 48 layers and a final norm.
    const double attention = 2048.0 * 4096 * 2 + 2048.0 * 512 * 2;
    const double expert = 3 * 2048.0 * 768;
    const double rest = 2048.0 * 128 + 2 * 2048.0;
    const double active = 48 * (attention + 8 * expert + rest) + 2048; // 2.73 B
    const double table = 151936.0 * 2048;
    KP_NEAR(m.activeLayerParameters(), active);
    KP_NEAR(m.activeParameters(), active + 2 * table); // 3.35 B
    KP_NEAR(m.parameters(), 48 * (attention + 128 * expert + rest) + 2048 + 2 * table); // 30.5 B

    const Roofline r(gpu, m, 1, 2);
    const double kvPerToken = 2.0 * 48 * 4 * 128 * 2; // 96 KiB
    // A decode step of one token reads its 8 experts per layer: 3.35 B active less the embedding table, 2 bytes each.
    const double oneToken = (active + table) * 2;
    KP_NEAR(r.decodeSeconds(1, 1152), (oneToken + 1152 * kvPerToken) / kBandwidth); // 1.85 ms
    // A 128-token prompt routes 128 × 8 times: 128·(1 − (120/128)^128) = 127.97 distinct experts per layer expected,
    // so the prefill reads nearly all 30.5 B and is memory-bound (18.0 ms) although its FLOPs take 0.71 ms.
    const double hit = 128 * (1 - std::pow(120.0 / 128, 128));
    const double read = (48 * (attention + hit * expert + rest) + 2048 + table) * 2 + 128 * kvPerToken;
    const double flops = 2 * active * 128 + 2 * table + 4.0 * 128 * 32 * 48 * 64 * 128;
    KP_NEAR(r.prefillSeconds(128), std::max(read / kBandwidth, flops / kBf16));
    QVERIFY(std::abs(r.prefillSeconds(128) * 1e3 - 18.04) < 0.01);
    // More decoding users touch more experts: 16 users read more weights than one.
    QVERIFY(r.decodeSeconds(16, 1152) > 2 * r.decodeSeconds(1, 1152));
}

void TestRoofline::deepSeekV3()
{
    const GpuSpec gpu = *Catalog::builtIn().gpu(QStringLiteral("h100-sxm"));
    const ModelSpec m = fromConfig(kDeepSeekV3, "deepseek-ai/DeepSeek-V3");
    QCOMPARE(m.computePrecision(), ComputePrecision::Fp8); // from quantization_config, not torch_dtype
    // MLA per layer: q through a 1536 latent to 128 heads of 192, kv through a 512 + 64 latent to 128 heads of
    // 128 + 128, o 128·128·7168; the latents' norms (1536 + 512) and two layer norms.
    const double h = 7168;
    const double mla = h * 1536 + 1536.0 * 128 * 192 + h * 576 + 512.0 * 128 * 256 + 128.0 * 128 * h;
    const double norms = 2 * h + 512 + 1536;
    const double expert = 3 * h * 2048;
    const double dense = 3 * h * 18432;
    // 3 dense layers, 58 MoE layers with 8 routed + 1 shared expert active and a 7168·256 router.
    const double active = 61 * (mla + norms) + 3 * dense + 58 * (9 * expert + h * 256) + h;
    const double table = 129280 * h;
    KP_NEAR(m.activeLayerParameters(), active); // 35.7 B
    KP_NEAR(m.parameters(), 61 * (mla + norms) + 3 * dense + 58 * (257 * expert + h * 256) + h + 2 * table); // 671 B

    // 671 B at one byte (embeddings, head, norms and routers at two) do not fit one 80 GB GPU: 16 are assumed.
    const PhysicsFloors f = PhysicsFloors::of(&gpu, &m, 1024, 256, 0, 2, nullptr, 0);
    QCOMPARE(f.tensorParallel, 16);
    QVERIFY(f.tensorParallelAssumed);
    QCOMPARE(f.precision, ComputePrecision::Fp8);
    KP_NEAR(f.peakTflops, 16 * 1979.0);
    // MLA caches one latent of 512 + 64 per layer: 61 · 576 · 2 bytes = 70,272 bytes a token.
    KP_NEAR(f.kvBytesPerToken, 61.0 * 576 * 2);
    // Prefill of 1,024 tokens at 16 × 1,979 TFLOPS. Attention per head: 2·(128 + 64 + 128) FLOPs per attended token.
    const double flops = 2 * active * 1024 + 2 * table + 640.0 * 128 * 61 * 512 * 1024;
    const double hit = 256 * (1 - std::pow(248.0 / 256, 1024));
    const double linear = 61 * mla + 3 * dense + 58 * (hit + 1) * expert;
    const double plain = 61 * norms + 58 * h * 256 + h;
    const double read = linear * 1 + (plain + table) * 2 + 1024 * 61.0 * 576 * 2;
    KP_NEAR(f.ttftFloorMs, std::max(flops / (16 * kFp8), read / (16 * kBandwidth)) * 1e3);
}

void TestRoofline::fp8Checkpoint()
{
    const GpuSpec h100 = *Catalog::builtIn().gpu(QStringLiteral("h100-sxm"));
    const ModelSpec m = fromConfig(kLlamaFp8, "RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8");
    QCOMPARE(m.quantActivations, QStringLiteral("fp8"));
    QCOMPARE(m.computePrecision(), ComputePrecision::Fp8);
    // The linear layers at one byte, the embedding table and the head at two: 6.98 GB + 1.05 GB read per step.
    const double layers = 6979588096.0;
    const double table = 128256.0 * 4096;
    const double norms = 32 * 2 * 4096.0 + 4096;
    const Roofline r(h100, m, 1, 2);
    KP_NEAR(r.peakFlopsPerSecond(), kFp8);
    const double flops = 2 * layers * 1024 + 2 * table + 4.0 * 128 * 32 * 32 * 512 * 1024;
    KP_NEAR(r.prefillSeconds(1024), flops / kFp8); // 7.44 ms, half of BF16's 14.73 ms
    KP_NEAR(r.decodeSeconds(1, 1152), ((layers - norms) + (norms + table) * 2 + 1152 * 131072.0) / kBandwidth);

    // An A100 has no FP8 tensor cores: vLLM runs these weights through BF16 multiplications there.
    const GpuSpec a100 = *Catalog::builtIn().gpu(QStringLiteral("a100-80gb-sxm"));
    KP_NEAR(Roofline(a100, m, 1, 2).peakFlopsPerSecond(), 312e12);
    // No FP8 advice for a checkpoint already in FP8.
    QVERIFY(PhysicsFloors::of(&h100, &m, 1024, 256, 1, 2, nullptr, 0).modelQuantized);
}

void TestRoofline::weightOnlyQuantisationRunsAtBf16()
{
    const GpuSpec gpu = *Catalog::builtIn().gpu(QStringLiteral("h100-sxm"));
    const ModelSpec m = fromConfig(kLlamaAwq, "hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4");
    QCOMPARE(m.computePrecision(), ComputePrecision::Bf16);
    KP_NEAR(Roofline(gpu, m, 1, 2).peakFlopsPerSecond(), kBf16);
}

// Each way a checkpoint says how it multiplies, and the peak it is judged against on an A100 (INT8 624 TOPS, no
// FP8: a floor from a peak the GPU lacks falls back to BF16's 312 TFLOPS).
void TestRoofline::quantisationMethodsChooseTheirPeak_data()
{
    QTest::addColumn<QString>("quantization");
    QTest::addColumn<int>("precision");
    QTest::addColumn<double>("a100Peak");
    const auto row = [](const char* name, const char* q, ComputePrecision p, double peak) {
        QTest::newRow(name) << QString::fromLatin1(q) << int(p) << peak;
    };
    row("compressed-tensors W8A8 INT8",
        R"({"quant_method": "compressed-tensors", "config_groups": {"group_0": {"targets": ["Linear"],
            "weights": {"num_bits": 8, "type": "int", "strategy": "channel"},
            "input_activations": {"num_bits": 8, "type": "int", "strategy": "token", "dynamic": true}}}})",
        ComputePrecision::Int8, 624e12);
    row("compressed-tensors W4A16",
        R"({"quant_method": "compressed-tensors", "config_groups": {"group_0": {"targets": ["Linear"],
            "weights": {"num_bits": 4, "type": "int", "group_size": 128}, "input_activations": null}}})",
        ComputePrecision::Bf16, 312e12);
    row("bitsandbytes 8-bit", R"({"quant_method": "bitsandbytes", "load_in_8bit": true})", ComputePrecision::Int8,
        624e12);
    row("bitsandbytes 4-bit", R"({"quant_method": "bitsandbytes", "load_in_4bit": true})", ComputePrecision::Bf16,
        312e12);
    row("modelopt FP8", R"({"quant_method": "modelopt", "quant_algo": "FP8"})", ComputePrecision::Fp8, 312e12);
    row("mxfp4", R"({"quant_method": "mxfp4"})", ComputePrecision::Fp8, 312e12);
    row("fbgemm_fp8", R"({"quant_method": "fbgemm_fp8"})", ComputePrecision::Fp8, 312e12);
    row("gptq 4-bit", R"({"quant_method": "gptq", "bits": 4, "group_size": 128})", ComputePrecision::Bf16, 312e12);
}

void TestRoofline::quantisationMethodsChooseTheirPeak()
{
    QFETCH(QString, quantization);
    QFETCH(int, precision);
    QFETCH(double, a100Peak);
    QJsonObject config = QJsonDocument::fromJson(kLlamaAwq).object();
    config[QStringLiteral("quantization_config")] = QJsonDocument::fromJson(quantization.toUtf8()).object();
    QVERIFY(!config[QStringLiteral("quantization_config")].toObject().isEmpty());
    QString error;
    const std::optional<ModelSpec> m = ModelSpec::fromHfConfig(config, QStringLiteral("x/quantised"), &error);
    QVERIFY2(m, qPrintable(error));
    QCOMPARE(int(m->computePrecision()), precision);
    const GpuSpec a100 = *Catalog::builtIn().gpu(QStringLiteral("a100-80gb-sxm"));
    KP_NEAR(Roofline(a100, *m, 1, 2).peakFlopsPerSecond(), a100Peak);
}

void TestRoofline::memoryIsGibNotTheLabel()
{
    // "80 GB" of HBM3 is 79.1 GiB to CUDA; "24 GB" of GDDR6 about 22 GiB. vLLM's utilisation is a share of these.
    const GpuSpec h100 = *Catalog::builtIn().gpu(QStringLiteral("h100-sxm"));
    QCOMPARE(h100.memoryGb, 80.0);
    QCOMPARE(h100.memoryGib, 79.1);
    KP_NEAR(h100.memoryBytes(), 79.1 * 1024 * 1024 * 1024);
    QVERIFY(!h100.memorySource.isEmpty());
    for (const GpuSpec& g : Catalog::builtIn().gpus()) {
        QVERIFY2(
            g.memoryGib > 0.85 * g.memoryGb * 1e9 / (1 << 30) && g.memoryGib <= g.memoryGb * 1.0738, qPrintable(g.id));
        QVERIFY2(!g.memorySource.isEmpty(), qPrintable(g.id));
    }
    const GpuSpec l4 = *Catalog::builtIn().gpu(QStringLiteral("l4"));
    QVERIFY(l4.memoryBytes() < 24e9);
}

void TestRoofline::floorIsTheLongerNotTheSum()
{
    const GpuSpec gpu = *Catalog::builtIn().gpu(QStringLiteral("h100-sxm"));
    const ModelSpec m = *Catalog::builtIn().model(QStringLiteral("llama-3.1-8b"));
    const Roofline r(gpu, m, 1, 2);
    Roofline::Step step;
    r.addSequence(&step, 0, 512, true);
    KP_NEAR(r.seconds(step), std::max(r.computeSeconds(step), r.memorySeconds(step)));
    QVERIFY(r.seconds(step) < r.computeSeconds(step) + r.memorySeconds(step));
    // A prefill chunk that does not end its prompt samples nothing: no output head.
    Roofline::Step chunk;
    r.addSequence(&chunk, 0, 512, false);
    KP_NEAR(r.flops(step) - r.flops(chunk), 2 * 128256.0 * 4096);
}

QTEST_GUILESS_MAIN(TestRoofline)
#include "tst_roofline.moc"
