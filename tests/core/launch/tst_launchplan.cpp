// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/catalog.h"
#include "core/launch/engineargallowlist.h"
#include "core/launch/imagereference.h"
#include "core/launch/launchcommandbuilder.h"
#include "core/launch/vramestimate.h"
#include "core/tune/tunesetting.h"

#include <QTest>

using namespace kp::core;

namespace {

const QString Digest = QStringLiteral("sha256:") + QString(64, u'a');

VramEstimate estimate(const char* model, const char* gpu, int tp, int maxModelLen, double util,
    const QString& kvDtype = QStringLiteral("auto"))
{
    VramEstimate::Inputs in;
    in.model = *Catalog::builtIn().model(QString::fromLatin1(model));
    in.gpu = *Catalog::builtIn().gpu(QString::fromLatin1(gpu));
    in.tensorParallel = tp;
    in.maxModelLen = maxModelLen;
    in.gpuMemoryUtilization = util;
    in.kvCacheDtype = kvDtype;
    return VramEstimate::of(in);
}

LaunchPlan plan(LaunchRuntime runtime)
{
    LaunchPlan p;
    p.runtime = runtime;
    p.id = QStringLiteral("abc123");
    p.model = QStringLiteral("meta-llama/Llama-3.1-8B-Instruct");
    p.revision = QStringLiteral("0e9e39f249a16976918f6564b8830bc894c89659");
    p.servedModelName = p.model;
    p.image = *ImageReference::parse(QStringLiteral("vllm/vllm-openai@") + Digest, nullptr);
    p.port = 8123;
    p.hfCache = QStringLiteral("/cache/hf");
    p.passHfToken = true;
    p.engineArgs << EngineArg {QStringLiteral("--max-model-len"), QStringLiteral("8192"), true}
                 << EngineArg {QStringLiteral("--enforce-eager"), QString(), false};
    return p;
}

} // namespace

class TestLaunchPlan : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // What tune --try asks a quality pass of: settings that can change what the model answers, by their names in
    // either llama.cpp's older flags or b11669's.
    void settingsThatChangeAnswersAreKnownByEitherName()
    {
        for (const char* key : {"kv-cache-dtype", "cache-type-k", "model-draft", "draft-max", "draft-p-min",
                 "spec-type", "spec-draft-n-max", "spec-draft-model", "spec-ngram-size-n", "speculative-config"})
            QVERIFY2((TuneSetting {QString::fromLatin1(key), QStringLiteral("1")}.changesAnswers()), key);
        for (const char* key : {"parallel", "batch-size", "max-num-seqs", "special", "ctx-size"})
            QVERIFY2(!(TuneSetting {QString::fromLatin1(key), QStringLiteral("1")}.changesAnswers()), key);
    }

    void llamaOnAnL4AtFullContextIsRefusedWithTheWaysOut()
    {
        const VramEstimate e = estimate("llama-3.1-8b", "l4", 1, 131072, 0.9);
        QVERIFY(!e.fits);
        QCOMPARE(e.kvGib, 16.0); // 131,072 tokens x 128 KiB
        QVERIFY(qAbs(e.weightsGib - 14.96) < 0.05);
        QCOMPARE(e.overheadGib, EngineActivationReserveGib);
        QVERIFY(qAbs(e.usableGib - 19.8) < 1e-9); // 90% of the 22.0 GiB CUDA reports for "24 GB"
        QVERIFY(qAbs(e.needGib - (e.weightsGib + 16 + 3)) < 1e-9);
        // The largest context that fits, in steps of 1024: it fits, and one step more does not.
        QVERIFY(e.fittingMaxModelLen);
        QCOMPARE(*e.fittingMaxModelLen % 1024, 0);
        QVERIFY(estimate("llama-3.1-8b", "l4", 1, *e.fittingMaxModelLen, 0.9).fits);
        QVERIFY(!estimate("llama-3.1-8b", "l4", 1, *e.fittingMaxModelLen + 1024, 0.9).fits);
        QCOMPARE(*e.fittingMaxModelLen, 14336); // 19.8 − 14.96 − 3 GiB at 128 KiB a token
        QVERIFY(!e.fp8KvWouldFit); // 15 + 8 + 3 GiB is still more than 19.8
        QVERIFY(!e.fourBitWouldFit);
        QCOMPARE(e.fittingTensorParallel, std::optional<int>(2));
        QVERIFY(!e.fittingUtilization);
        const QString refusal = e.refusal();
        QVERIFY2(refusal.contains(QStringLiteral("needs 34.0 GiB per GPU")), qPrintable(refusal));
        QVERIFY2(refusal.contains(QStringLiteral("19.8 GiB usable per GPU at 0.90")), qPrintable(refusal));
        QVERIFY2(refusal.endsWith(QStringLiteral("Try `--max-model-len 14336` or `--gpus 2`.")), qPrintable(refusal));
    }

    void fp8AndFourBitAreOfferedWhenTheyFit()
    {
        // Qwen3-8B at 16,384 tokens on an L4: 15.3 GiB weights + 2.25 GiB KV + 3 GiB > 19.8; fp8 KV brings it to 19.4.
        const VramEstimate e = estimate("qwen3-8b", "l4", 1, 16384, 0.9);
        QVERIFY(!e.fits);
        QVERIFY(e.fp8KvWouldFit);
        QVERIFY(e.fourBitWouldFit);
        QVERIFY(e.refusal().contains(QStringLiteral("`--kv-cache-dtype fp8`")));
        QVERIFY(e.refusal().contains(QStringLiteral("a 4-bit checkpoint")));
        QVERIFY(estimate("qwen3-8b", "l4", 1, 16384, 0.9, QStringLiteral("fp8")).fits);
        // At its full 40,960 tokens even FP8 KV (15.3 + 2.8 + 3 = 21.1 GiB) does not fit the 19.8 GiB vLLM would get.
        QVERIFY(!estimate("qwen3-8b", "l4", 1, 40960, 0.9).fp8KvWouldFit);
    }

    void tensorParallelSplitsWeightsAndKvHeads()
    {
        QVERIFY(estimate("llama-3.1-8b", "h100-sxm", 1, 8192, 0.92).fits);
        const VramEstimate one = estimate("llama-3.1-70b", "h100-sxm", 1, 131072, 0.92);
        QVERIFY(!one.fits);
        QCOMPARE(one.fittingTensorParallel, std::optional<int>(4));
        const VramEstimate four = estimate("llama-3.1-70b", "h100-sxm", 4, 131072, 0.92);
        QVERIFY(four.fits);
        QCOMPARE(four.kvGib, 10.0); // 131,072 x 320 KiB over 4 GPUs holding 2 of the 8 KV heads each
    }

    void imagesArePinnedOnlyByDigest()
    {
        QString error;
        auto pinned = ImageReference::parse(QStringLiteral("vllm/vllm-openai@") + Digest, &error);
        QVERIFY(pinned && pinned->pinned());
        QCOMPARE(pinned->repository, QStringLiteral("vllm/vllm-openai"));
        QVERIFY(pinned->tag.isEmpty());
        auto tagged = ImageReference::parse(QStringLiteral("vllm/vllm-openai:v0.31.0"), &error);
        QVERIFY(tagged && !tagged->pinned());
        QCOMPARE(tagged->tag, QStringLiteral("v0.31.0"));
        auto both = ImageReference::parse(QStringLiteral("localhost:5000/team/vllm:v1@") + Digest, &error);
        QVERIFY(both && both->pinned());
        QCOMPARE(both->repository, QStringLiteral("localhost:5000/team/vllm"));
        QCOMPARE(both->toString(), QStringLiteral("localhost:5000/team/vllm:v1@") + Digest);
        QVERIFY(!ImageReference::parse(QStringLiteral("vllm/vllm-openai@sha256:abc"), &error));
        QVERIFY(error.contains(QStringLiteral("64 lowercase hexadecimal")));
        QVERIFY(!ImageReference::parse(QStringLiteral("vllm/vllm-openai@md5:abc"), &error));
        QVERIFY(!ImageReference::parse(QStringLiteral("vllm/vllm-openai; rm -rf /"), &error));

        const ImageReference def = ImageReference::defaultImage();
        QCOMPARE(def.repository, QStringLiteral("vllm/vllm-openai"));
        QCOMPARE(def.tag, QStringLiteral("v0.31.0"));
        QVERIFY(def.pinned());
        QCOMPARE(def.digest, QStringLiteral("sha256:c1c9f6fd5c109ba7f0546a59f5b2f15fb87f64c77782e90a27b648b42a8e67c3"));
    }

    void engineArgumentsAreAllowListed()
    {
        const EngineArgAllowList& list = EngineArgAllowList::builtIn();
        QVERIFY(list.entries().size() >= 15);
        QString error;
        QCOMPARE(list.check(QStringLiteral("--max-model-len=8192"), &error),
            std::optional<EngineArg>(EngineArg {QStringLiteral("--max-model-len"), QStringLiteral("8192"), true}));
        QCOMPARE(list.check(QStringLiteral("max_num_seqs 64"), &error),
            std::optional<EngineArg>(EngineArg {QStringLiteral("--max-num-seqs"), QStringLiteral("64"), true}));
        QCOMPARE(list.check(QStringLiteral("enforce-eager"), &error),
            std::optional<EngineArg>(EngineArg {QStringLiteral("--enforce-eager"), QString(), false}));
        QCOMPARE(list.check(QStringLiteral("--enable-prefix-caching=false"), &error),
            std::optional<EngineArg>(EngineArg {QStringLiteral("--no-enable-prefix-caching"), QString(), false}));
        QCOMPARE(list.check(QStringLiteral("--kv-cache-dtype=fp8"), &error)->value, QStringLiteral("fp8"));

        QVERIFY(!list.check(QStringLiteral("--trust-remote-code"), &error));
        QVERIFY2(error.contains(QStringLiteral("always refused: it runs Python from the model repository on your "
                                               "machine")),
            qPrintable(error));
        QVERIFY(!list.check(QStringLiteral("trust_remote_code=true"), &error));
        QVERIFY(error.contains(QStringLiteral("runs Python")));
        QVERIFY(!list.check(QStringLiteral("--host=0.0.0.0"), &error));
        QVERIFY(error.contains(QStringLiteral("always refused")));
        QVERIFY(!list.check(QStringLiteral("--speculative-config={}"), &error));
        QVERIFY(error.startsWith(QStringLiteral("--speculative-config is not an engine argument Kneepoint passes on. "
                                                "Allowed: --max-model-len, --gpu-memory-utilization")));
        QVERIFY(!list.check(QStringLiteral("--max-model-len=lots"), &error));
        QCOMPARE(error, QStringLiteral("--max-model-len takes a whole number from 16 to 16777216, not 'lots'."));
        QVERIFY(!list.check(QStringLiteral("--gpu-memory-utilization=1.5"), &error));
        QVERIFY(!list.check(QStringLiteral("--kv-cache-dtype=fp16"), &error));
        QVERIFY(error.contains(QStringLiteral("one of auto, fp8")));
        QVERIFY(!list.check(QStringLiteral("--served-model-name=--trust-remote-code"), &error));
        QVERIFY(!list.check(QStringLiteral("--enforce-eager=false"), &error));
        QVERIFY(!list.check(QStringLiteral("--max-model-len"), &error));

        // Only safetensors-based weights: auto and pt would unpickle .bin files, which can run code.
        QCOMPARE(list.check(QStringLiteral("--load-format=fastsafetensors"), &error)->value,
            QStringLiteral("fastsafetensors"));
        for (const char* format : {"auto", "pt", "npcache"}) {
            QVERIFY(!list.check(QStringLiteral("--load-format=") + QLatin1String(format), &error));
            QCOMPARE(error,
                QStringLiteral("--load-format takes one of safetensors, fastsafetensors, not '%1'.")
                    .arg(QLatin1String(format)));
        }
        // An argument the version no longer has is refused with the version.
        QCOMPARE(list.version(), QStringLiteral("v0.31"));
        QVERIFY(!list.check(QStringLiteral("--swap-space=4"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("--swap-space is gone from vLLM v0.31, the version kneepoint launch "
                                                 "starts: it sized the V0 engine's CPU swap")),
            qPrintable(error));
    }

    // A user's --load-format replaces the safetensors the command line passes otherwise; never both.
    void aChosenLoadFormatIsPassedOnce()
    {
        LaunchPlan p = plan(LaunchRuntime::Docker);
        p.engineArgs << EngineArg {QStringLiteral("--load-format"), QStringLiteral("fastsafetensors"), true};
        const QStringList args = LaunchCommandBuilder::build(p).arguments;
        QCOMPARE(args.count(QStringLiteral("--load-format")), 1);
        QCOMPARE(args.at(args.indexOf(QStringLiteral("--load-format")) + 1), QStringLiteral("fastsafetensors"));
    }

    void dockerCommandLineIsExact()
    {
        const LaunchCommandLine c = LaunchCommandBuilder::build(plan(LaunchRuntime::Docker));
        QCOMPARE(c.program, QStringLiteral("docker"));
        const QStringList expected {QStringLiteral("run"), QStringLiteral("--rm"), QStringLiteral("--name"),
            QStringLiteral("kneepoint-abc123"), QStringLiteral("--label"),
            QStringLiteral("org.kneepoint.launch=abc123"), QStringLiteral("--gpus"), QStringLiteral("1"),
            QStringLiteral("--ipc=host"), QStringLiteral("-p"), QStringLiteral("127.0.0.1:8123:8000"),
            QStringLiteral("-e"), QStringLiteral("HF_TOKEN"), QStringLiteral("-v"),
            QStringLiteral("/cache/hf:/root/.cache/huggingface"), QStringLiteral("vllm/vllm-openai@") + Digest,
            QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"), QStringLiteral("--revision"),
            QStringLiteral("0e9e39f249a16976918f6564b8830bc894c89659"), QStringLiteral("--served-model-name"),
            QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"), QStringLiteral("--load-format"),
            QStringLiteral("safetensors"), QStringLiteral("--max-model-len"), QStringLiteral("8192"),
            QStringLiteral("--enforce-eager")};
        QCOMPARE(c.arguments, expected);
        QVERIFY(c.environment.isEmpty());
    }

    void podmanWithDevicesAndTensorParallelism()
    {
        LaunchPlan p = plan(LaunchRuntime::Podman);
        p.gpus = 2;
        p.gpuDevices = QStringLiteral("2,3");
        p.passHfToken = false;
        p.hfCache.clear();
        const LaunchCommandLine c = LaunchCommandBuilder::build(p);
        QCOMPARE(c.program, QStringLiteral("podman"));
        QCOMPARE(c.arguments.mid(6, 2), (QStringList {QStringLiteral("--gpus"), QStringLiteral("\"device=2,3\"")}));
        QVERIFY(!c.arguments.contains(QStringLiteral("HF_TOKEN")));
        QVERIFY(!c.arguments.contains(QStringLiteral("-v")));
        const qsizetype tp = c.arguments.indexOf(QStringLiteral("--tensor-parallel-size"));
        QVERIFY(tp > 0);
        QCOMPARE(c.arguments.at(tp + 1), QStringLiteral("2"));
        QCOMPARE(LaunchCommandBuilder::cleanup(LaunchRuntime::Podman, p.containerName()).last().arguments,
            (QStringList {QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("kneepoint-abc123")}));
    }

    void localCommandLineIsExact()
    {
        LaunchPlan p = plan(LaunchRuntime::Local);
        p.engineProgram = QStringLiteral("/opt/venv/bin/vllm");
        p.gpuDevices = QStringLiteral("1");
        const LaunchCommandLine c = LaunchCommandBuilder::build(p);
        QCOMPARE(c.program, QStringLiteral("/opt/venv/bin/vllm"));
        const QStringList expected {QStringLiteral("serve"), QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"),
            QStringLiteral("--revision"), QStringLiteral("0e9e39f249a16976918f6564b8830bc894c89659"),
            QStringLiteral("--host"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"), QStringLiteral("8123"),
            QStringLiteral("--served-model-name"), QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"),
            QStringLiteral("--load-format"), QStringLiteral("safetensors"), QStringLiteral("--max-model-len"),
            QStringLiteral("8192"), QStringLiteral("--enforce-eager")};
        QCOMPARE(c.arguments, expected);
        QCOMPARE(c.environment.size(), 1);
        QCOMPARE(c.environment.first().first, QStringLiteral("CUDA_VISIBLE_DEVICES"));
        QVERIFY(LaunchCommandBuilder::display(c).startsWith(
            QStringLiteral("CUDA_VISIBLE_DEVICES=1 /opt/venv/bin/vllm serve meta-llama/Llama-3.1-8B-Instruct ")));
    }

    // The simulated runtime runs Kneepoint's own simulator at ten times real time, and HF_TOKEN, which only a vLLM
    // server needs, is taken out of what it inherits.
    void simulatedCommandLineLeavesTheTokenOut()
    {
        LaunchPlan p = plan(LaunchRuntime::Simulated);
        p.engineProgram = QStringLiteral("/usr/bin/kneepoint");
        p.gpu = QStringLiteral("h100-sxm");
        p.host = QStringLiteral("127.0.0.1");
        const LaunchCommandLine c = LaunchCommandBuilder::build(p);
        QCOMPARE(c.program, QStringLiteral("/usr/bin/kneepoint"));
        QCOMPARE(c.arguments.first(), QStringLiteral("sim"));
        QVERIFY2(c.arguments.join(u' ').contains(u"--speed 10"), qPrintable(c.arguments.join(u' ')));
        QCOMPARE(c.unsetEnvironment, QStringList {QStringLiteral("HF_TOKEN")});
        QVERIFY(LaunchCommandBuilder::build(plan(LaunchRuntime::Docker)).unsetEnvironment.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLaunchPlan)
#include "tst_launchplan.moc"
