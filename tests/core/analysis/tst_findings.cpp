// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Findings on hand-built runs. The advice on tokens per step (vLLM's --max-num-batched-tokens, llama-server's
// --batch-size): sized from the prompts the run sent and the setting the server ran with, never a value that setting
// already covers. Issue 46 found `--batch-size 16384` advised for 1,024-token prompts that llama-server's default of
// 2,048 already held.
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/common/textformat.h"
#include "support/handbuiltrun.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <optional>

using namespace kp::core;

namespace {

RunAnalysis analysed(const RunData& run)
{
    return RunAnalysis::of(run, AnalysisSettings::ofRun(run));
}

// A copy, not a pointer: a finding of an analysis made in the same expression outlives it.
std::optional<Finding> finding(const RunAnalysis& a, const QString& id)
{
    const auto it = std::find_if(a.findings.begin(), a.findings.end(), [&](const Finding& f) { return f.id == id; });
    return it == a.findings.end() ? std::nullopt : std::optional<Finding>(*it);
}

// The suggestion of the tokens-per-step knob in a finding, under either server's name; nullptr when none.
const FlagSuggestion* batchTokens(const Finding& f)
{
    const auto it = std::find_if(f.tryNext.begin(), f.tryNext.end(),
        [](const FlagSuggestion& s) { return s.flag == u"--max-num-batched-tokens" || s.flag == u"--batch-size"; });
    return it == f.tryNext.end() ? nullptr : &*it;
}

// For a failure message: the suggestion's command line, or "none".
QString shown(const FlagSuggestion* s)
{
    return s ? s->commandLine : QStringLiteral("none");
}

RunData llamaCpp(RunData run)
{
    run.facts.family = ServerFamily::LlamaCpp;
    run.facts.vllmVersion.clear();
    run.facts.serverVersion = QStringLiteral("b11669-Debian");
    return run;
}

// Every step's prompts measured at `tokens` (usage.prompt_tokens), as if the server had counted longer prompts than
// the 1,024 asked for.
void promptsMeasuredAt(RunData& run, double tokens)
{
    for (StepData& s : run.steps) {
        s.stats.inputTokens.count = std::max<std::size_t>(1, s.stats.inputTokens.count);
        s.stats.inputTokens.max = tokens;
    }
}

// TPOT p99 crosses 50 ms between 4 users (40 ms) and 8 (60 ms); TTFT stays at 100 ms.
std::vector<StepSpec> tpotBoundSweep()
{
    return {{1, 100, 10}, {1, 100, 10}, {2, 100, 20}, {4, 100, 40}, {8, 100, 60}};
}

} // namespace

class TestFindings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void promptsTheDefaultHoldsGetNoLargerBatch();
    void longerPromptsThanTheSettingGetOneThatHoldsThem();
    void theServersOwnSettingCounts();
    void aSmallerBatchOnlyWhereItSplitsThePrompts();
    void speculationIsToldByTheServersCounters();
    void aMixOfModelsNamesTheSlowestBeyondTheNoise();
    void aSavingWithinNoiseSaysItsSize();
};

// 1,024-token prompts and TTFT crossing between 8 and 16 users: llama-server's default --batch-size of 2,048 and
// vLLM's 8,192 on an H100 already hold a whole prompt and the 15 other users' tokens, so no bigger batch is advised.
void TestFindings::promptsTheDefaultHoldsGetNoLargerBatch()
{
    const RunAnalysis llama = analysed(llamaCpp(makeRun(latencyBoundSweep())));
    std::optional<Finding> ttft = finding(llama, QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY2(!batchTokens(*ttft), qPrintable(shown(batchTokens(*ttft))));
    // Its evidence is a sentence: it starts with a capital and names the metric once, beside the percentile.
    QVERIFY2(ttft->measured.startsWith(u"At p99, time to first token went from "), qPrintable(ttft->measured));
    QCOMPARE(ttft->measured.count(u"time to first token"), 1);

    const RunAnalysis h100 = analysed(makeRun(latencyBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm")));
    ttft = finding(h100, QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY2(!batchTokens(*ttft), qPrintable(shown(batchTokens(*ttft))));

    // Without the GPU vLLM's default is 2,048 or 8,192: either holds 1,039 tokens.
    const RunAnalysis unknownGpu = analysed(makeRun(latencyBoundSweep()));
    ttft = finding(unknownGpu, QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY2(!batchTokens(*ttft), qPrintable(shown(batchTokens(*ttft))));
}

// Prompts of 3,000 tokens at 16 users (the step that missed) need 3,015 tokens in a step: 4,096, the next power of
// two, with the measured prompt and the setting it exceeds in the reason.
void TestFindings::longerPromptsThanTheSettingGetOneThatHoldsThem()
{
    RunData run = llamaCpp(makeRun(latencyBoundSweep()));
    promptsMeasuredAt(run, 3000);
    const RunAnalysis a = analysed(run);
    std::optional<Finding> ttft = finding(a, QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    const FlagSuggestion* s = batchTokens(*ttft);
    QVERIFY(s);
    QCOMPARE(s->commandLine, QStringLiteral("--batch-size 4096"));
    QVERIFY2(s->why.contains(QStringLiteral("(%1 tokens)").arg(text::number(3000.0))), qPrintable(s->why));
    QVERIFY2(s->why.contains(QStringLiteral("15 requests decoding beside it")), qPrintable(s->why));
    QVERIFY2(s->why.contains(QStringLiteral("now %1, llama-server's default").arg(text::number(2048.0))),
        qPrintable(s->why));

    // On vLLM with an H100 (8,192 by default) the same prompts fit: nothing.
    RunData vllm = makeRun(latencyBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    promptsMeasuredAt(vllm, 3000);
    ttft = finding(analysed(vllm), QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY(!batchTokens(*ttft));
}

// What the server reported, or the launch's argument, beats the family's default.
void TestFindings::theServersOwnSettingCounts()
{
    RunData reported = llamaCpp(makeRun(latencyBoundSweep()));
    promptsMeasuredAt(reported, 3000);
    reported.facts.maxNumBatchedTokens = 4096;
    std::optional<Finding> ttft = finding(analysed(reported), QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY(!batchTokens(*ttft));

    RunData launched = llamaCpp(makeRun(latencyBoundSweep()));
    promptsMeasuredAt(launched, 3000);
    launched.launch.launched = true;
    launched.launch.engineArgs = {QStringLiteral("--batch-size=8192")};
    ttft = finding(analysed(launched), QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY(!batchTokens(*ttft));
    launched.launch.launched = true;
    launched.launch.engineArgs = {QStringLiteral("--batch-size=1024")};
    ttft = finding(analysed(launched), QStringLiteral("ttft-target"));
    QVERIFY(ttft);
    QVERIFY(batchTokens(*ttft));
    QVERIFY2(batchTokens(*ttft)->why.contains(QStringLiteral("as launched")), qPrintable(shown(batchTokens(*ttft))));
}

// TPOT's remedy, smaller prefill chunks, only splits a prompt longer than the chunk: the old advice was llama-server's
// own default of 2,048, which splits nothing. Now 1,024-token prompts get 512 (half of one, llama-server's physical
// batch), 600-token ones nothing (half is below that), and on an H100 6,000-token ones 2,048 against vLLM's 8,192.
void TestFindings::aSmallerBatchOnlyWhereItSplitsThePrompts()
{
    const RunAnalysis llama = analysed(llamaCpp(makeRun(tpotBoundSweep())));
    std::optional<Finding> tpot = finding(llama, QStringLiteral("tpot-target"));
    QVERIFY(tpot);
    QCOMPARE(shown(batchTokens(*tpot)), QStringLiteral("--batch-size 512"));
    QVERIFY2(batchTokens(*tpot)->why.contains(QStringLiteral("(%1 tokens)").arg(text::number(1024.0))),
        qPrintable(batchTokens(*tpot)->why));
    QVERIFY2(batchTokens(*tpot)->why.contains(
                 QStringLiteral("the setting now is %1, llama-server's default").arg(text::number(2048.0))),
        qPrintable(batchTokens(*tpot)->why));

    RunData shortPrompts = llamaCpp(makeRun(tpotBoundSweep()));
    promptsMeasuredAt(shortPrompts, 600);
    tpot = finding(analysed(shortPrompts), QStringLiteral("tpot-target"));
    QVERIFY(tpot);
    QVERIFY2(!batchTokens(*tpot), qPrintable(shown(batchTokens(*tpot))));

    RunData longPrompts = makeRun(tpotBoundSweep(), QStringLiteral("chat"), QStringLiteral("h100-sxm"));
    promptsMeasuredAt(longPrompts, 6000);
    tpot = finding(analysed(longPrompts), QStringLiteral("tpot-target"));
    QVERIFY(tpot);
    const FlagSuggestion* s = batchTokens(*tpot);
    QVERIFY(s);
    QCOMPARE(s->commandLine, QStringLiteral("--max-num-batched-tokens 2048"));
    QVERIFY2(s->why.contains(QStringLiteral("the setting now is %1").arg(text::number(8192.0))), qPrintable(s->why));

    // A floor is no setting: without the GPU nothing says 2,048 is smaller than what the server runs with.
    RunData unknownGpu = makeRun(tpotBoundSweep());
    promptsMeasuredAt(unknownGpu, 6000);
    tpot = finding(analysed(unknownGpu), QStringLiteral("tpot-target"));
    QVERIFY(tpot);
    QVERIFY(!batchTokens(*tpot));
}

// The server's speculative-decoding counters at the lowest and the highest load it counted them: the share of drafted
// tokens accepted and the tokens one step of the target model made, beside the median TPOT they bought.
void TestFindings::speculationIsToldByTheServersCounters()
{
    std::vector<StepSpec> specs = latencyBoundSweep();
    QVERIFY(!finding(analysed(makeRun(specs)), QStringLiteral("speculation")));
    for (StepSpec& s : specs)
        s.kv = 0.1;
    specs[1].specAcceptance = 0.9; // 1 user (the first spec is the baseline, off the curve)
    specs.back().specAcceptance = 0.6; // 16 users
    const std::optional<Finding> f = finding(analysed(makeRun(specs)), QStringLiteral("speculation"));
    QVERIFY(f);
    QCOMPARE(f->severity, Finding::Severity::Background);
    QVERIFY2(f->title.contains(u"90% of drafted tokens accepted at 1 user"), qPrintable(f->title));
    QVERIFY2(f->measured.startsWith(u"By the server's counters: 90% of 4,000 drafted tokens accepted at 1 user (4.6 "
                                    u"tokens per step of the target model). 60% of 4,000 drafted tokens accepted at 16 "
                                    u"users (3.4 tokens per step of the target model); the median TPOT went from "),
        qPrintable(f->measured));
}

// Half the users to "sql": at 1.5 times base's TPOT it is named the slowest at the heaviest load; at the same TPOT
// (as one batch makes them) no model is named.
void TestFindings::aMixOfModelsNamesTheSlowestBeyondTheNoise()
{
    std::vector<StepSpec> specs = latencyBoundSweep();
    QVERIFY(!finding(analysed(makeRun(specs)), QStringLiteral("model-mix")));
    for (StepSpec& s : specs)
        s.sqlTpotFactor = 1.5;
    std::optional<Finding> f = finding(analysed(makeRun(specs)), QStringLiteral("model-mix"));
    QVERIFY(f);
    QCOMPARE(f->severity, Finding::Severity::Background);
    // Named at the lightest load with both models (2 users: one each), latencyBoundSweep()'s 10 ms a token there.
    QCOMPARE(f->title,
        QStringLiteral("Requests to sql were the slowest at 2 users: median TPOT 15 ms against 10 ms for base"));
    QVERIFY2(f->measured.startsWith(u"At 2 users, by model: base: ") && f->measured.contains(u" At 16 users: base: ")
            && !f->measured.contains(u"within the noise of each other"),
        qPrintable(f->measured));
    // sql slower alone and not at the heaviest load: said, with the server's own reason (one batch on vLLM; on
    // llama-server one adapter's requests a step).
    specs.back().sqlTpotFactor = 1;
    RunData mixed = makeRun(specs);
    f = finding(analysed(mixed), QStringLiteral("model-mix"));
    QVERIFY(f);
    QVERIFY2(f->measured.contains(u"At 16 users the models' median TPOTs were within the noise of each other (")
            && f->measured.endsWith(u"in one batch an adapter's extra work slows every request beside it."),
        qPrintable(f->measured));
    mixed.facts.family = ServerFamily::LlamaCpp;
    f = finding(analysed(mixed), QStringLiteral("model-mix"));
    QVERIFY(f);
    QVERIFY2(f->measured.endsWith(u"llama-server runs one adapter's requests a step, so each model's requests wait "
                                  u"out the other models' steps."),
        qPrintable(f->measured));
    QVERIFY2(f->meaning.startsWith(u"llama-server batches a request only with requests of the same LoRA adapters"),
        qPrintable(f->meaning));
    for (StepSpec& s : specs)
        s.sqlTpotFactor = 1;
    f = finding(analysed(makeRun(specs)), QStringLiteral("model-mix"));
    QVERIFY(f);
    QVERIFY2(
        f->title.startsWith(u"Every model was served alike at 16 users: median TPOT from 11 ms"), qPrintable(f->title));
}

// What the conversations' history saved, from baselines of a few requests of mixed lengths (an agent's turns and
// sub-calls): medians 4.7× apart whose intervals overlap are not beyond noise, and the title says how far apart they
// are instead of "saved no TTFT", which would read against the medians beside it.
void TestFindings::aSavingWithinNoiseSaysItsSize()
{
    RunData run = makeRun(latencyBoundSweep());
    run.turns = 3;
    QVERIFY(!run.steps.empty() && run.steps.front().phase == Phase::Baseline);
    StepData cold = run.steps.front();
    cold.phase = Phase::Uncached;
    run.steps.front().ttftSorted = {10, 12, 20, 22, 24, 26, 28, 120, 130, 135, 140, 150};
    cold.ttftSorted = {20, 30, 40, 100, 120, 124, 128, 140, 150, 160, 170, 180};
    run.steps.insert(run.steps.begin() + 1, cold);
    std::optional<Finding> f = finding(analysed(run), QStringLiteral("prefix-saving"));
    QVERIFY(f);
    QVERIFY2(f->title
            == QStringLiteral("The conversations' history saved %1 of median TTFT, not beyond noise")
                   .arg(text::milliseconds(126.0 - 27.0)),
        qPrintable(f->title + u" / " + f->measured));
    // A baseline slower than the uncached one saved nothing, and says so.
    std::swap(run.steps[0].ttftSorted, run.steps[1].ttftSorted);
    f = finding(analysed(run), QStringLiteral("prefix-saving"));
    QVERIFY(f);
    QCOMPARE(f->title, QStringLiteral("The conversations' history saved no TTFT beyond noise"));
}

QTEST_GUILESS_MAIN(TestFindings)
#include "tst_findings.moc"
