// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/vllmflags.h"

#include <QTest>

using namespace kp::core;

class TestVllmFlags : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void versionsAreRead_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("release");
        QTest::addColumn<bool>("preRelease");
        // Real /version strings first, then what a broken proxy or a fork might send.
        QTest::newRow("release") << QStringLiteral("0.8.5") << true << QStringLiteral("0.8.5") << false;
        QTest::newRow("post") << QStringLiteral("0.6.3.post1") << true << QStringLiteral("0.6.3") << false;
        QTest::newRow("rc with local tag")
            << QStringLiteral("0.10.1rc2+cu128") << true << QStringLiteral("0.10.1") << true;
        QTest::newRow("v prefix") << QStringLiteral("v0.31.0") << true << QStringLiteral("0.31.0") << false;
        QTest::newRow("dev build") << QStringLiteral("0.11.0.dev123+g1a2b3c4") << true << QStringLiteral("0.11.0")
                                   << true;
        QTest::newRow("post dev build") << QStringLiteral("0.6.4.post2.dev157+g2f0a0a17.d20241127") << true
                                        << QStringLiteral("0.6.4") << true;
        QTest::newRow("whitespace") << QStringLiteral(" 0.9.2\n") << true << QStringLiteral("0.9.2") << false;
        QTest::newRow("two parts") << QStringLiteral("1.0") << true << QStringLiteral("1.0.0") << false;
        QTest::newRow("empty") << QString() << false << QString() << false;
        QTest::newRow("word") << QStringLiteral("latest") << false << QString() << false;
        QTest::newRow("one number") << QStringLiteral("0") << false << QString() << false;
        QTest::newRow("letter part") << QStringLiteral("0.x.1") << false << QString() << false;
        QTest::newRow("empty part") << QStringLiteral("1..2") << false << QString() << false;
        QTest::newRow("trailing words") << QStringLiteral("0.6.3garbage") << false << QString() << false;
        QTest::newRow("negative") << QStringLiteral("-1.2.3") << false << QString() << false;
        QTest::newRow("empty local tag") << QStringLiteral("0.6.3+") << false << QString() << false;
        QTest::newRow("overflow") << QStringLiteral("99999999999.1.1") << false << QString() << false;
        QTest::newRow("json") << QStringLiteral("{\"version\": \"0.8.5\"}") << false << QString() << false;
    }

    void versionsAreRead()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, release);
        QFETCH(bool, preRelease);
        const auto version = VllmVersion::parse(text);
        QCOMPARE(version.has_value(), ok);
        if (!ok)
            return;
        QCOMPARE(version->toString(), release);
        QCOMPARE(version->preRelease, preRelease);
    }

    void versionsOrderByReleaseNumber()
    {
        const auto v = [](const char* text) { return *VllmVersion::parse(QString::fromLatin1(text)); };
        QVERIFY(v("0.9.9") < v("0.10.0")); // numerically, not as text
        QVERIFY(v("0.10.0") < v("0.10.1"));
        QVERIFY(v("0.31.0") > v("0.8.5"));
        QVERIFY(v("1.0.0") > v("0.99.99"));
        QVERIFY(v("0.6.3.post1") == v("0.6.3"));
        QVERIFY(v("0.10.1rc2+cu128") == v("0.10.1"));
        QVERIFY(v("0.10.1rc2") >= v("0.10.1"));
        QVERIFY(v("0.8.0") != v("0.8.1"));
    }

    void theEngineFollowsTheRelease()
    {
        const auto engine = [](const char* text) { return engineOf(*VllmVersion::parse(QString::fromLatin1(text))); };
        QCOMPARE(engine("0.6.3.post1"), Engine::V0);
        QCOMPARE(engine("0.7.3"), Engine::V0);
        QCOMPARE(engine("0.8.0"), Engine::V1);
        QCOMPARE(engine("0.10.1rc2+cu128"), Engine::V1);
        QCOMPARE(engine("0.31.0"), Engine::V1);
    }

    void theTableIsConsistent()
    {
        QVERIFY(VllmFlags::table().size() >= 20);
        for (const VllmFlag& f : VllmFlags::table()) {
            QVERIFY2(f.flag.startsWith(u"--") && f.flag == f.flag.toLower(), qPrintable(f.flag));
            QVERIFY2(!f.what.isEmpty() && f.what.endsWith(u'.'), qPrintable(f.flag));
            if (f.removedIn)
                QVERIFY2(f.since < *f.removedIn, qPrintable(f.flag));
            QVERIFY2(!f.isSwitch || f.value.isEmpty(), qPrintable(f.flag));
            QCOMPARE(VllmFlags::find(f.flag)->flag, f.flag);
        }
        for (const char* flag : {"--max-num-seqs", "--max-num-batched-tokens", "--gpu-memory-utilization",
                 "--kv-cache-dtype", "--enable-prefix-caching", "--no-enable-prefix-caching",
                 "--enable-chunked-prefill", "--tensor-parallel-size", "--pipeline-parallel-size",
                 "--data-parallel-size", "--max-model-len", "--quantization", "--long-prefill-token-threshold",
                 "--max-num-partial-prefills", "--max-long-partial-prefills", "--kv-offloading-size",
                 "--async-scheduling", "--api-server-count", "--enforce-eager", "--swap-space"})
            QVERIFY2(VllmFlags::find(QString::fromLatin1(flag)), flag);
    }

    void flagsAreFoundByAnySpelling()
    {
        QCOMPARE(VllmFlags::find(QStringLiteral("max_num_seqs"))->flag, QStringLiteral("--max-num-seqs"));
        QCOMPARE(VllmFlags::find(QStringLiteral("kv-cache-dtype"))->flag, QStringLiteral("--kv-cache-dtype"));
        QCOMPARE(VllmFlags::find(QStringLiteral("-tp"))->flag, QStringLiteral("--tensor-parallel-size"));
        QCOMPARE(VllmFlags::find(QStringLiteral(" -q "))->flag, QStringLiteral("--quantization"));
        QVERIFY(!VllmFlags::find(QStringLiteral("--frobnicate")));
        QVERIFY(!VllmFlags::find(QString()));
    }

    void suggestionsAreCheckedAgainstTheVersion_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("version");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QStringList>("noteHas"); // empty: no note at all

        const QString help = QStringLiteral("check `vllm serve --help` on your version");
        QTest::newRow("too old") << QStringLiteral("--async-scheduling") << QString() << QStringLiteral("0.8.5")
                                 << false << QStringList {QStringLiteral("needs vLLM 0.9.2 or newer")};
        QTest::newRow("new enough") << QStringLiteral("--async-scheduling") << QString() << QStringLiteral("0.31.0")
                                    << true << QStringList();
        QTest::newRow("value too old") << QStringLiteral("--kv-cache-dtype") << QStringLiteral("fp8")
                                       << QStringLiteral("0.3.3") << false
                                       << QStringList {QStringLiteral("needs vLLM 0.4.1 or newer")};
        // An unverified boundary one release away: say so rather than sound certain.
        QTest::newRow("just too old, unverified")
            << QStringLiteral("--kv-offloading-size") << QStringLiteral("64") << QStringLiteral("0.13.0") << false
            << QStringList {QStringLiteral("needs vLLM 0.14.0 or newer"), QStringLiteral("not sure"), help};
        QTest::newRow("unknown version") << QStringLiteral("--kv-cache-dtype") << QStringLiteral("fp8") << QString()
                                         << true << QStringList {help};
        QTest::newRow("unreadable version")
            << QStringLiteral("--max-num-seqs") << QStringLiteral("512") << QStringLiteral("nightly") << true
            << QStringList {QStringLiteral("could not read the vLLM version \"nightly\""), help};
        QTest::newRow("unknown version, removed flag")
            << QStringLiteral("--swap-space") << QStringLiteral("8") << QString() << true
            << QStringList {QStringLiteral("removed in 0.18.0"), QStringLiteral("V0 engine"), help};
        QTest::newRow("V0 flag on V0") << QStringLiteral("--swap-space") << QStringLiteral("8")
                                       << QStringLiteral("0.6.3.post1") << true << QStringList();
        QTest::newRow("V0 flag on V1") << QStringLiteral("--swap-space") << QStringLiteral("8")
                                       << QStringLiteral("0.10.1") << false
                                       << QStringList {QStringLiteral("no effect on the V1 engine")};
        QTest::newRow("removed") << QStringLiteral("--swap-space") << QStringLiteral("8") << QStringLiteral("0.18.0")
                                 << false << QStringList {QStringLiteral("removed in 0.18.0")};
        QTest::newRow("chunked prefill on V0") << QStringLiteral("--enable-chunked-prefill") << QString()
                                               << QStringLiteral("0.6.3") << true << QStringList();
        QTest::newRow("chunked prefill on V1")
            << QStringLiteral("--enable-chunked-prefill") << QString() << QStringLiteral("0.9.0") << false
            << QStringList {QStringLiteral("no effect on the V1 engine")};
        QTest::newRow("prefix caching on V0") << QStringLiteral("--enable-prefix-caching") << QString()
                                              << QStringLiteral("0.6.3") << true << QStringList();
        QTest::newRow("prefix caching on V1")
            << QStringLiteral("--enable-prefix-caching") << QString() << QStringLiteral("0.9.0") << true
            << QStringList {QStringLiteral("already the default on vLLM 0.9.0")};
        QTest::newRow("no prefix caching on V1") << QStringLiteral("--no-enable-prefix-caching") << QString()
                                                 << QStringLiteral("0.31.0") << true << QStringList();
        QTest::newRow("pre-release of the first release")
            << QStringLiteral("--data-parallel-size") << QStringLiteral("2") << QStringLiteral("0.9.0rc1") << true
            << QStringList {QStringLiteral("pre-releases of 0.9.0"), help};
        QTest::newRow("partial prefills")
            << QStringLiteral("--max-num-partial-prefills") << QStringLiteral("4") << QStringLiteral("0.31.0") << true
            << QStringList {QStringLiteral("V0 engine")};
        QTest::newRow("discouraged") << QStringLiteral("--enforce-eager") << QString() << QStringLiteral("0.31.0")
                                     << true << QStringList {QStringLiteral("take it out")};
        QTest::newRow("not in the table")
            << QStringLiteral("--frobnicate") << QStringLiteral("1") << QStringLiteral("0.31.0") << true
            << QStringList {QStringLiteral("no version facts"), help};
    }

    void suggestionsAreCheckedAgainstTheVersion()
    {
        QFETCH(QString, flag);
        QFETCH(QString, value);
        QFETCH(QString, version);
        QFETCH(bool, valid);
        QFETCH(QStringList, noteHas);
        const FlagSuggestion s = VllmFlags::suggest(flag, value, QStringLiteral("because"), version);
        QCOMPARE(s.why, QStringLiteral("because"));
        QCOMPARE(s.validForVersion, valid);
        if (noteHas.isEmpty())
            QVERIFY2(s.versionNote.isEmpty(), qPrintable(s.versionNote));
        for (const QString& part : std::as_const(noteHas))
            QVERIFY2(s.versionNote.contains(part), qPrintable(s.versionNote));
    }

    void theCommandLineIsReadyToPaste()
    {
        const QString v = QStringLiteral("0.31.0");
        QCOMPARE(VllmFlags::suggest(QStringLiteral("--kv-cache-dtype"), QStringLiteral("fp8"), {}, v).commandLine,
            QStringLiteral("--kv-cache-dtype fp8"));
        QCOMPARE(VllmFlags::suggest(QStringLiteral("enable_prefix_caching"), {}, {}, v).commandLine,
            QStringLiteral("--enable-prefix-caching"));
        const FlagSuggestion tp = VllmFlags::suggest(QStringLiteral("-tp"), QStringLiteral(" 4 "), {}, v);
        QCOMPARE(tp.flag, QStringLiteral("--tensor-parallel-size"));
        QCOMPARE(tp.value, QStringLiteral("4"));
        QCOMPARE(tp.commandLine, QStringLiteral("--tensor-parallel-size 4"));
        QCOMPARE(VllmFlags::suggest(QStringLiteral("--max-model-len"), QStringLiteral("it's big"), {}, v).commandLine,
            QStringLiteral("--max-model-len 'it'\\''s big'"));
    }

    void defaultsFollowVersionAndGpu_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("version");
        QTest::addColumn<double>("gib");
        QTest::addColumn<bool>("a100");
        QTest::addColumn<QString>("expected");
        const auto row
            = [](const char* name, const char* flag, const char* version, double gib, bool a100, const char* expected) {
                  QTest::newRow(name) << QString::fromLatin1(flag) << QString::fromLatin1(version) << gib << a100
                                      << QString::fromLatin1(expected);
              };
        row("seqs H100", "--max-num-seqs", "0.31.0", 79.1, false, "1024");
        row("seqs H200", "--max-num-seqs", "0.10.1", 139.8, false, "1024");
        row("seqs A100", "--max-num-seqs", "0.31.0", 79.2, true, "256");
        row("seqs L40S", "--max-num-seqs", "0.31.0", 44.4, false, "256");
        row("seqs V0", "--max-num-seqs", "0.6.3.post1", 79.1, false, "256");
        row("seqs early V1", "--max-num-seqs", "0.8.2", 22.0, false, "1024");
        row("seqs unknown version", "--max-num-seqs", "", 79.1, false, "1024");
        row("seqs unknown GPU", "--max-num-seqs", "0.31.0", 0, false, "");
        row("tokens H100", "--max-num-batched-tokens", "0.31.0", 79.1, false, "8192");
        row("tokens A100", "--max-num-batched-tokens", "0.31.0", 79.2, true, "2048");
        row("tokens L4", "--max-num-batched-tokens", "0.31.0", 22.0, false, "2048");
        row("tokens V0", "--max-num-batched-tokens", "0.6.3", 79.1, false, "");
        row("util V0", "--gpu-memory-utilization", "0.6.3", 79.1, false, "0.9");
        row("util before 0.21", "--gpu-memory-utilization", "0.20.1", 79.1, false, "0.9");
        row("util from 0.21", "--gpu-memory-utilization", "0.21.0", 79.1, false, "0.92");
        row("util unknown", "--gpu-memory-utilization", "", 79.1, false, "0.92");
        row("prefix caching V0", "--enable-prefix-caching", "0.6.3", 79.1, false, "off");
        row("prefix caching V1", "--enable-prefix-caching", "0.9.0", 79.1, false, "on");
        row("tp", "-tp", "0.31.0", 79.1, false, "1");
        row("kv dtype", "--kv-cache-dtype", "0.31.0", 79.1, false, "auto");
        row("not in the table", "--frobnicate", "0.31.0", 79.1, false, "");
    }

    void defaultsFollowVersionAndGpu()
    {
        QFETCH(QString, flag);
        QFETCH(QString, version);
        QFETCH(double, gib);
        QFETCH(bool, a100);
        QFETCH(QString, expected);
        QCOMPARE(VllmFlags::defaultFor(flag, version, gib, a100), expected);
    }
};

QTEST_GUILESS_MAIN(TestVllmFlags)
#include "tst_vllmflags.moc"
