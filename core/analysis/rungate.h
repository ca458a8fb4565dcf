// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace kp::core {

struct RunComparison;
struct RunSummary;

/// A CI job's question about a comparison: did serving get worse? `kneepoint compare BASE NEW --gate` and `kneepoint
/// run --baseline ID` answer it from a RunComparison, by the comparison's own test, so that the gate and compare never
/// disagree: it fails when the capacity fell beyond noise or any tested latency figure rose beyond noise (the test,
/// the size floor, the change's interval and, where the store holds two runs of one configuration, the noise between
/// runs all agree), or when the new run did not complete. A figure that got better never fails it; throughput, one
/// number per step with no spread to test, is shown by compare and not judged.
///
/// Inconclusive where nothing could be judged (no capacity either could compare and no load both measured). Two runs
/// of one configuration with no third to measure the noise between runs call nothing beyond noise, so the gate
/// passes and says so: export two baseline runs for a gate that can fail on a change the options do not show (a new
/// server build).
struct RunGate
{
    Q_DECLARE_TR_FUNCTIONS(kp::core::RunGate)

public:
    enum class Outcome { Pass, Fail, Inconclusive };
    /// One figure the gate looked at: the capacity, then each row compare tested.
    struct Check
    {
        enum class Result { Worse, Better, Within, NotJudged };
        QString figure; ///< "capacity", "TTFT p50 at 8 users"
        QString a; ///< run A's value as shown: "about 16 users", "120 ms"
        QString b;
        QString change; ///< "−50.0%", "+12.0% (+4.1% to +20.3%)"
        Result result = Result::NotJudged;
        QString why; ///< what decided it: the ranges or the test for a change beyond noise, else why not
    };

    Outcome outcome = Outcome::Inconclusive;
    qint64 idA = -1;
    qint64 idB = -1;
    QList<Check> checks;
    int worse = 0;
    int better = 0;
    int judged = 0; ///< checks judged, beyond noise or not
    bool completed = true; ///< the new run completed (a demo's counts): one that did not fails the gate whatever else
    /// The answer in one sentence with its figures: "Worse beyond noise: capacity fell by 50.0% (about 16 users → about
    /// 8 users); TTFT p99 at 8 users +42.0%."
    QString sentence;
    /// The comparison could call nothing beyond noise (two runs of one configuration and no third run), said under
    /// the answer.
    QString caveat;

    static RunGate of(const RunComparison& comparison, const RunSummary& newRun);

    /// "pass", "fail", "inconclusive": for JSON and JUnit.
    static QString outcomeName(Outcome outcome);
    /// "PASS", "FAIL", "INCONCLUSIVE": the word a CI log is searched for.
    static QString outcomeWord(Outcome outcome);
    static QString resultName(Check::Result result); ///< "worse", "better", "within noise", "not judged"
};

} // namespace kp::core
