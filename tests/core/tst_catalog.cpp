// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/catalog.h"

#include <QTest>

using namespace kp::core;

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

    void parametersFollowFromTheConfig_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("billions");
        QTest::addColumn<double>("kvKibPerToken");
        // Expected figures: the fact sheet's §D.3 table.
        QTest::newRow("llama-3.1-8b") << QStringLiteral("llama-3.1-8b") << 8.03 << 128.0;
        QTest::newRow("llama-3.1-70b") << QStringLiteral("llama-3.1-70b") << 70.55 << 320.0;
        QTest::newRow("qwen2.5-7b") << QStringLiteral("qwen2.5-7b") << 7.62 << 56.0;
        QTest::newRow("llama-3.2-1b") << QStringLiteral("llama-3.2-1b") << 1.24 << 32.0;
        QTest::newRow("qwen2.5-0.5b") << QStringLiteral("qwen2.5-0.5b") << 0.49 << 12.0;
    }

    void parametersFollowFromTheConfig()
    {
        QFETCH(QString, id);
        QFETCH(double, billions);
        QFETCH(double, kvKibPerToken);
        const auto model = Catalog::builtIn().model(id);
        QVERIFY(model);
        QVERIFY2(qAbs(model->parameters() / 1e9 - billions) < 0.01 * billions,
            qPrintable(QString::number(model->parameters() / 1e9)));
        QCOMPARE(model->kvBytesPerToken(2) / 1024, kvKibPerToken);
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
