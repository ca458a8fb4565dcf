// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// One run, one answer, in every face: the terminal's text, Markdown, HTML, JSON and the PDF's text each state every
// figure of the one document (ReportContent) with its value, and the document does not contradict itself. Run over
// the stored corpus, the hand-built runs whose answers are known, and seeded random curves of every shape
// (property-style: a failure names its seed; KNEEPOINT_FACES_SEED runs another batch).
#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/report/htmlreport.h"
#include "core/report/jsonreport.h"
#include "core/report/reportcontent.h"
#include "core/store/runstore.h"
#include "support/consistency.h"
#include "support/handbuiltrun.h"

#include <QFile>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace kp::core;
using namespace Qt::Literals::StringLiterals;

namespace {

struct NamedRun
{
    QString name; ///< where it came from: a corpus file, a hand-built case, or a seed and the curve it drew
    RunData run;
    /// Fit the run's twin and check the advice against it: for runs with a GPU to fit it to (a fraction of a second
    /// each on these small runs).
    bool predictFlags = false;
};

// The random runs' seeds: these by default (issue 39, point 7), so that CI checks the same curves each time;
// another batch on demand.
constexpr quint32 kFirstSeed = 3907;
constexpr int kRandomRuns = 32;

quint32 firstSeed()
{
    bool ok = false;
    const quint32 seed = qEnvironmentVariable("KNEEPOINT_FACES_SEED").toUInt(&ok);
    return ok ? seed : kFirstSeed;
}

// A run of a curve drawn from `seed`: one of six shapes (monotone, not monotone, saturating, throughput falling
// past saturation, every load passing, every load failing), swept by users and, for some, by rate too, with noise on
// every figure so that none is round, and now and then failures, KV cache figures up to a full cache, a network round
// trip, a GPU for the physics and a step the client fell behind in.
NamedRun randomRun(quint32 seed)
{
    QRandomGenerator rng(seed);
    const auto uniform = [&rng](double low, double high) { return low + (high - low) * rng.generateDouble(); };
    const auto noisy = [&](double v) { return v * uniform(0.96, 1.04); };
    static const char* shapes[] = {"monotone", "not monotone", "saturating", "falling", "all pass", "all fail"};
    const int shape = int(rng.bounded(6));
    const int top = 2 + int(rng.bounded(5)); // the highest load: 4 to 64 users
    const int saturation = 1 << rng.bounded(top + 1);
    const double ttft0 = shape == 5 ? uniform(600, 2000) : shape == 4 ? uniform(10, 60) : uniform(20, 250);
    const double tpot0 = shape == 4 ? uniform(3, 15) : uniform(3, 30);
    const double growth = shape == 4 ? uniform(0, 0.3) : uniform(0.2, 1.3);
    const int spike = 1 + int(rng.bounded(std::max(1, top - 1))); // the step a noisy miss lands on
    static const double roundTrips[] = {0, 0.4, 35};
    const double roundTrip = roundTrips[rng.bounded(3)];
    const bool kv = rng.bounded(3) == 0;
    const double kvPerUser = uniform(0.01, 0.1);
    // The latencies at the i-th load of a sweep (1, 2, 4, … users; or the i-th rate).
    const auto step = [&](int i) {
        const double u = double(1 << i);
        StepSpec s;
        s.users = 1 << i;
        s.ttftMs = ttft0 * std::pow(u, growth);
        s.tpotMs = tpot0 * (1 + 0.05 * i);
        if ((shape == 2 || shape == 3) && u > saturation) {
            const double over = shape == 2 ? u / saturation : std::pow(u / saturation, 1.4);
            s.ttftMs = ttft0 * over;
            s.tpotMs = tpot0 * over;
        }
        if (shape == 1 && i == spike)
            s.ttftMs = std::max(4 * s.ttftMs, 600.0);
        s.ttftMs = noisy(s.ttftMs) + roundTrip; // as measured: the network's round trip in
        s.tpotMs = noisy(s.tpotMs);
        s.perUser = std::max(4, 160 / s.users);
        if (kv) {
            s.kv = std::min(1.0, kvPerUser * u);
            s.preemptions = s.kv >= 0.95 ? double(rng.bounded(1, 20)) : 0;
            s.waiting = s.kv >= 0.95 ? u / 4 : 0;
        }
        return s;
    };
    std::vector<StepSpec> specs {step(0)};
    for (int i = 0; i <= top; ++i)
        specs.push_back(step(i));
    const bool byRate = rng.bounded(3) == 0;
    const double rate0 = uniform(0.5, 4);
    for (int i = 0; byRate && i < 4; ++i) {
        StepSpec s = step(i);
        s.rate = std::round(rate0 * (1 << i) * 10) / 10;
        s.perUser = 40;
        specs.push_back(s);
    }
    if (rng.bounded(4) == 0)
        specs[1 + rng.bounded(top + 1)].failures = 1 + int(rng.bounded(3));
    static const char* gpus[] = {"", "h100-sxm", "l4"};
    const QString gpu = QLatin1String(gpus[rng.bounded(3)]);
    NamedRun out {QStringLiteral("seed %1: %2 to %3 users%4, saturating at %5%6%7%8")
                      .arg(seed)
                      .arg(QLatin1String(shapes[shape]))
                      .arg(1 << top)
                      .arg(byRate ? QStringLiteral(" and a rate sweep") : QString())
                      .arg(saturation)
                      .arg(kv ? QStringLiteral(", KV figures") : QString(),
                          gpu.isEmpty() ? QString() : QStringLiteral(", on ") + gpu,
                          roundTrip > 0 ? QStringLiteral(", %1 ms round trip").arg(roundTrip) : QString()),
        makeRun(specs, QStringLiteral("chat"), gpu, roundTrip), !gpu.isEmpty()};
    if (rng.bounded(5) == 0) {
        StepData& s = out.run.steps[1 + rng.bounded(top + 1)];
        s.loopLagP99Ms = 14;
        out.name += QStringLiteral(", the client behind at %1").arg(s.loadText());
    }
    return out;
}

// The hand-built runs of the analysis' own tests, each reaching one branch of the verdict.
std::vector<NamedRun> handBuiltRuns()
{
    std::vector<NamedRun> out;
    std::vector<StepSpec> failing = latencyBoundSweep();
    failing[5].failures = 1;
    out.push_back(
        {QStringLiteral("the reports' run 7"), makeRun(failing, QStringLiteral("chat"), u"h100-sxm"_s, 0.2), true});
    out.push_back({QStringLiteral("a round trip longer than a TTFT"),
        makeRun(latencyBoundSweep(), QStringLiteral("chat"), u"h100-sxm"_s, 150)});
    RunData disturbed = makeRun(latencyBoundSweep());
    disturbed.steps.back().loopLagP99Ms = 14;
    out.push_back({QStringLiteral("the client behind at the step that missed"), disturbed});
    // The demo's shape: each doubling buys a little less, 1.95× at first and 1.23× at the end.
    std::vector<StepSpec> demo = {{1, 100, 10, 40}, {1, 100, 10, 40}};
    double e2el = 100 + 255 * 10;
    for (int i = 0; i < 5; ++i) {
        e2el *= 2 / std::array {1.95, 1.9, 1.8, 1.6, 1.23}[std::size_t(i)];
        demo.push_back({2 << i, 100, (e2el - 100) / 255, 40});
    }
    out.push_back({QStringLiteral("the demo's shape"), makeRun(demo)});
    out.push_back({QStringLiteral("a miss between passes"),
        makeRun({{1, 100, 10}, {1, 100, 10}, {2, 120, 10}, {4, 200, 10}, {8, 606, 10}, {16, 288, 10}, {32, 317, 10},
            {64, 900, 12}})});
    out.push_back(
        {QStringLiteral("even one user misses"), makeRun({{1, 900, 10}, {1, 900, 10}, {2, 1700, 19}, {4, 3300, 38}})});
    out.push_back(
        {QStringLiteral("every load passes"), makeRun({{1, 100, 10}, {1, 100, 10}, {2, 110, 10}, {4, 130, 11}})});
    // Rate steps alone, as a trace's replay makes them: judged by rate, every load in requests per second.
    std::vector<StepSpec> ratesAlone {{1, 100, 10}};
    for (const double rate : {0.5, 1.0, 2.5, 5.0}) {
        StepSpec s {1, rate < 3 ? 150 * rate : 900, rate < 3 ? 12.5 : 30, 30, 0.01 * rate, 0, rate < 3 ? 0.0 : 6.0};
        s.rate = rate;
        ratesAlone.push_back(s);
    }
    out.push_back({QStringLiteral("rates alone"), makeRun(ratesAlone)});
    out.push_back({QStringLiteral("throughput falls past 8 users"),
        makeRun({{1, 100, 10, 40}, {1, 100, 10, 40}, {2, 100, 10, 40}, {4, 100, 10, 40}, {8, 100, 10, 40},
            {16, 100, 24.4, 40}})});
    return out;
}

} // namespace

class TestFaces : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyFaceStatesEveryFigure_data();
    void everyFaceStatesEveryFigure();
    void theDocumentAgreesWithItself();
    void aFigureSaidOtherwiseIsCaught();

private:
    std::vector<NamedRun> m_runs;
    /// Every disagreement found, with the run it was found in.
    std::vector<std::pair<QString, FaceDisagreement>> m_found;
};

void TestFaces::initTestCase()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QFAIL("pdftotext (poppler-utils, a build dependency) is not installed: the PDF's text cannot be read back");
    // The stored corpus: llama-server's 8 slots, the simulator with a 4-sequence cap and with a tiny KV cache, and a
    // Mooncake trace's bursts replayed on the 4-sequence simulator (a run judged by rate alone), and a reasoning model
    // on it, judged on its first answer token (the scorecard's TTFO column, its chart).
    QTemporaryDir dir;
    for (const char* file : {"llamacpp-eight-slots.sqlite", "sim-four-sequence-cap.sqlite", "sim-tiny-kv-cache.sqlite",
             "sim-trace-burst.sqlite", "sim-reasoning.sqlite"}) {
        const QString path = dir.filePath(QLatin1String(file));
        QVERIFY(QFile::copy(QStringLiteral(KNEEPOINT_TEST_DATA "/corpus/") + QLatin1String(file), path));
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QString error;
        const auto store = RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        std::optional<RunData> run = RunData::load(*store, store->runs().first().id, &error);
        QVERIFY2(run, qPrintable(error));
        m_runs.push_back({QStringLiteral("corpus ") + QLatin1String(file), std::move(*run), true});
    }
    for (NamedRun& r : handBuiltRuns())
        m_runs.push_back(std::move(r));
    const quint32 first = firstSeed();
    for (int i = 0; i < kRandomRuns; ++i)
        m_runs.push_back(randomRun(first + quint32(i)));

    for (const NamedRun& r : m_runs) {
        const RunAnalysis a = RunAnalysis::of(r.run, AnalysisSettings::ofRunOffline(r.run));
        for (FaceDisagreement& d : facesDisagreements(r.run, a, true, r.predictFlags))
            m_found.emplace_back(r.name, std::move(d));
    }
}

void TestFaces::everyFaceStatesEveryFigure_data()
{
    QTest::addColumn<QString>("face");
    QTest::addColumn<QString>("figure");
    for (const char* face : {"terminal", "markdown", "html", "json", "pdf"})
        for (const char* figure : {"capacity", "definition", "bracket", "score", "knee", "lowest wall", "limiting wall",
                 "confidence", "verdict", "advice"})
            QTest::addRow("%s: %s", face, figure) << QString::fromLatin1(face) << QString::fromLatin1(figure);
}

void TestFaces::everyFaceStatesEveryFigure()
{
    QFETCH(QString, face);
    QFETCH(QString, figure);
    QStringList found;
    for (const auto& [run, d] : m_found)
        if (d.face == face && (d.figure == figure || d.figure.isEmpty()))
            found << run + QStringLiteral(": ") + d.detail;
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("\n  ") + found.join(QStringLiteral("\n  "))));
}

void TestFaces::theDocumentAgreesWithItself()
{
    QStringList found;
    for (const auto& [run, d] : m_found)
        if (d.face == u"document")
            found << run + QStringLiteral(": ") + d.toString();
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("\n  ") + found.join(QStringLiteral("\n  "))));
}

// The check itself: a face that states one figure otherwise (a scorecard cell, the capacity, the confidence, the
// lowest wall's load, the knee) is caught, named by the figure it changed; in the terminal's text, in HTML and in
// JSON alike.
void TestFaces::aFigureSaidOtherwiseIsCaught()
{
    RunData run = makeRun(latencyBoundSweep());
    run.steps.back().loopLagP99Ms = 14; // a low confidence, to be said otherwise
    const RunAnalysis a = RunAnalysis::of(run, AnalysisSettings::ofRun(run));
    const ReportContent content = ReportContent::of(run, a);
    const QString text = terminalText(run, a);
    const QString html = HtmlReport::write(content);
    const QString json = QString::fromUtf8(QJsonDocument(JsonReport::write(run, a)).toJson());
    QVERIFY(faceTextDisagreements(QStringLiteral("terminal"), text, content, a).isEmpty());
    QVERIFY(faceTextDisagreements(QStringLiteral("html"), html, content, a).isEmpty());
    QVERIFY(faceTextDisagreements(QStringLiteral("json"), json, content, a).isEmpty());
    // Each change in `face`'s text from → to is caught as a disagreement on `figure` whose words say what changed.
    const auto caught = [&](const char* face, QString doctored, const QStringList& from, const QStringList& to,
                            const char* figure, const char* words) {
        for (qsizetype i = 0; i < from.size(); ++i) {
            if (!doctored.contains(from[i]))
                return QStringLiteral("\"%1\" is not in the %2 face").arg(from[i], QLatin1String(face));
            doctored.replace(from[i], to[i]);
        }
        QStringList all;
        bool named = false;
        for (const FaceDisagreement& d : faceTextDisagreements(QLatin1String(face), doctored, content, a)) {
            all << d.toString();
            named = named || (d.figure == QLatin1String(figure) && d.detail.contains(QString::fromUtf8(words)));
        }
        return named ? QString() : QStringLiteral("not caught: ") + all.join(QStringLiteral("; "));
    };
    // 8 users' TTFT p99, 400 ms, said as 410.
    QCOMPARE(caught("terminal", text, {u"8 users             400"_s}, {u"8 users             410"_s}, "score",
                 "row 8 users, TTFT p99 ms: the document's 400"),
        QString());
    QCOMPARE(caught("html", html, {u"<td>8 users</td><td>400</td>"_s}, {u"<td>8 users</td><td>410</td>"_s}, "score",
                 "row 8 users, TTFT p99 ms: the document's 400"),
        QString());
    QCOMPARE(caught("json", json, {u"\"ttft_shown_ms\": 400"_s}, {u"\"ttft_shown_ms\": 410"_s}, "score",
                 "row 8 users, TTFT p99 ms: the document's 400, the JSON's 410"),
        QString());
    // The card's ≈ 10 users said as 11, in every sentence that says it.
    QCOMPARE(caught("terminal", text, {u"≈ 10 users"_s, u"about 10 users"_s}, {u"≈ 11 users"_s, u"about 11 users"_s},
                 "capacity", "the card's capacity, ≈ 10 users"),
        QString());
    QCOMPARE(caught("json", json, {u"\"number\": \"≈ 10 users\""_s}, {u"\"number\": \"≈ 11 users\""_s}, "capacity",
                 "answer.number is \"≈ 11 users\""),
        QString());
    // The confidence, low, said as medium.
    QCOMPARE(caught("terminal", text, {u"onfidence: low"_s, u"onfidence in this number: low"_s},
                 {u"onfidence: medium"_s, u"onfidence in this number: medium"_s}, "confidence", "says medium"),
        QString());
    // The lowest wall, latency at 10 users, said at 12.
    QCOMPARE(caught("terminal", text, {u"Latency, at 10 users"_s, u"Latency: reached at 10 users"_s},
                 {u"Latency, at 12 users"_s, u"Latency: reached at 12 users"_s}, "lowest wall",
                 "the lowest wall, Latency at 10 users"),
        QString());
    // No knee, said as one.
    QCOMPARE(caught("terminal", text, {u"No knee:"_s}, {u"Knee: 8 users:"_s}, "knee", "no knee"), QString());
}

QTEST_MAIN(TestFaces)
#include "tst_faces.moc"
