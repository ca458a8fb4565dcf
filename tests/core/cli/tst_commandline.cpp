// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The kneepoint binary as a user meets it: exit codes, help, errors in sentences.
#include "core/cli/controlcharacterfilter.h"
#include "core/plan/sweepinput.h"
#include "support/kneepointrun.h"
#include "support/simprocess.h"

#include <QBuffer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Result = KneepointResult;

} // namespace

using namespace Qt::StringLiterals;
using kp::core::SweepInput;

class TestCommandLine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void helpAndVersionWorkEverywhere_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("--help") << QStringList {QStringLiteral("--help")} << QStringLiteral("Commands:");
        QTest::newRow("-h") << QStringList {QStringLiteral("-h")} << QStringLiteral("Commands:");
        QTest::newRow("help sim") << QStringList {QStringLiteral("help"), QStringLiteral("sim")}
                                  << QStringLiteral("--max-num-seqs");
        QTest::newRow("--version") << QStringList {QStringLiteral("--version")} << QStringLiteral("kneepoint 0.");
        QTest::newRow("sim --version") << QStringList {QStringLiteral("sim"), QStringLiteral("--version")}
                                       << QStringLiteral("kneepoint 0.");
        QTest::newRow("demo --help") << QStringList {QStringLiteral("demo"), QStringLiteral("--help")}
                                     << QStringLiteral("Usage: kneepoint demo");
    }

    void helpAndVersionWorkEverywhere()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        const Result r = runKneepoint(arguments);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(expected), qPrintable(r.out));
    }

    void simHelpDocumentsEveryFlag()
    {
        const Result r = runKneepoint({QStringLiteral("sim"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        for (const char* flag : {"--host", "--port", "--gpu", "--model", "--served-model-name", "--max-num-seqs",
                 "--max-num-batched-tokens", "--max-model-len", "--num-gpu-blocks-override", "--block-size",
                 "--gpu-memory-utilization", "--api-key", "--speed", "--bandwidth-efficiency", "--compute-efficiency",
                 "--step-overhead-ms", "--ground-truth", "--fault-500", "--fault-503", "--fault-429", "--fault-cut",
                 "--fault-inband-error", "--fault-stall", "--stall-ms", "--fault-malformed", "--fault-slow-headers",
                 "--slow-headers-ms", "--fault-seed"})
            QVERIFY2(r.out.contains(QLatin1String(flag)), flag);
    }

    void usageErrorsExitWithTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown command") << QStringList {QStringLiteral("frobnicate")}
                                         << QStringLiteral("unknown command 'frobnicate'");
        QTest::newRow("unknown global flag")
            << QStringList {QStringLiteral("--frob")} << QStringLiteral("unknown option '--frob'");
        QTest::newRow("unknown flag") << QStringList {QStringLiteral("sim"), QStringLiteral("--frob")}
                                      << QStringLiteral("Unknown option 'frob'");
        QTest::newRow("bad port") << QStringList {QStringLiteral("sim"), QStringLiteral("--port"), QStringLiteral("x")}
                                  << QStringLiteral("--port takes a whole number from 0 to 65535");
        QTest::newRow("bad rate") << QStringList {QStringLiteral("sim"), QStringLiteral("--fault-500"),
            QStringLiteral("1.5")} << QStringLiteral("--fault-500 takes a number from 0 to 1");
        QTest::newRow("unknown gpu") << QStringList {QStringLiteral("sim"), QStringLiteral("--gpu"),
            QStringLiteral("h900")} << QStringLiteral("Unknown GPU 'h900'");
        QTest::newRow("does not fit") << QStringList {QStringLiteral("sim"), QStringLiteral("--gpu"),
            QStringLiteral("l4"), QStringLiteral("--model"), QStringLiteral("llama-3.1-70b")}
                                      << QStringLiteral("does not fit on one NVIDIA L4");
        QTest::newRow("context too long") << QStringList {QStringLiteral("sim"), QStringLiteral("--gpu"),
            QStringLiteral("l4"), QStringLiteral("--model"), QStringLiteral("llama-3.1-8b")}
                                          << QStringLiteral("try --max-model-len");
        QTest::newRow("stray argument") << QStringList {QStringLiteral("sim"), QStringLiteral("extra")}
                                        << QStringLiteral("unexpected argument 'extra'");
        QTest::newRow("missing value") << QStringList {QStringLiteral("sim"), QStringLiteral("--port")}
                                       << QStringLiteral("Missing value after '--port'");
        // The GPU readings' address is stored with the run: no credentials, and no contradiction.
        QTest::newRow("dcgm-url with a password")
            << QStringList {QStringLiteral("run"), QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:9"),
                   QStringLiteral("--dcgm-url"), QStringLiteral("http://u:secret@gpu-box:9400/metrics")}
            << QStringLiteral("--dcgm-url carries a user name or password");
        QTest::newRow("dcgm-url and telemetry off") << QStringList {QStringLiteral("run"), QStringLiteral("--url"),
            QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--dcgm-url"),
            QStringLiteral("http://gpu-box:9400/metrics"), QStringLiteral("--gpu-telemetry"),
            QStringLiteral("off")} << QStringLiteral("--dcgm-url and --gpu-telemetry off contradict each other");
        QTest::newRow("experiments in an unknown format") << QStringList {QStringLiteral("experiments"),
            QStringLiteral("abc"), QStringLiteral("--format"),
            QStringLiteral("docx")} << QStringLiteral("--format is one of text, md, html, json, pdf, not 'docx'");
        QTest::newRow("experiments pdf to a terminal") << QStringList {QStringLiteral("experiments"),
            QStringLiteral("abc"), QStringLiteral("--format"), QStringLiteral("pdf")}
                                                       << QStringLiteral("--format pdf needs -o FILE");
        // tune: what to try is read before anything is checked or started.
        const QStringList tune {QStringLiteral("tune"), QStringLiteral("--engine"), QStringLiteral("llamacpp"),
            QStringLiteral("--gguf"), QStringLiteral("/nonexistent.gguf")};
        QTest::newRow("tune without --try") << tune << QStringLiteral("name the settings to try: --try parallel=2,4,8");
        QTest::newRow("tune --try without values")
            << tune + QStringList {QStringLiteral("--try"), QStringLiteral("parallel")}
            << QStringLiteral("--try takes KEY=V1,V2,… such as parallel=2,4,8, not 'parallel'");
        QTest::newRow("tune --try twice") << tune
                + QStringList {QStringLiteral("--try"), QStringLiteral("parallel=2,4"), QStringLiteral("--try"),
                    QStringLiteral("--parallel=4")}
                                          << QStringLiteral("--try names --parallel 4 twice");
        QTest::newRow("tune checks every launch first")
            << tune + QStringList {QStringLiteral("--try"), QStringLiteral("parallel=2")}
            << QStringLiteral("kneepoint tune: the baseline: --gguf: there is no file /nonexistent.gguf.");
        QTest::newRow("export nothing") << QStringList {QStringLiteral("export")}
                                        << QStringLiteral("name the runs to export");
        QTest::newRow("junit without baseline") << QStringList {QStringLiteral("run"), QStringLiteral("--url"),
            QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--junit"),
            QStringLiteral("x.xml")} << QStringLiteral("--junit writes the gate of --baseline ID: give both.");
    }

    void usageErrorsExitWithTwo()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Result r = runKneepoint(arguments);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // A sweep in which every request failed is stored, but the command fails: a script must not take it for a pass.
    // One reader of sweep lists for the command line and the wizard: commas, semicolons or spaces between parts,
    // the order kept, the first bad part named.
    void sweepListsReadAlikeEverywhere()
    {
        QString bad;
        const auto shapes = SweepInput::shapes(u"1024/256, 4096/512;64/8"_s, 100'000, &bad);
        QVERIFY(shapes);
        QCOMPARE(shapes->size(), 3);
        QCOMPARE(shapes->at(1).input, 4096);
        QCOMPARE(shapes->at(2).output, 8);
        QVERIFY(!SweepInput::shapes(u"1024/256,abc-0"_s, 100'000, &bad));
        QCOMPARE(bad, u"abc-0"_s);
        QVERIFY(!SweepInput::shapes(u"1024/0"_s, 100'000, &bad));
        QVERIFY(!SweepInput::shapes(u"200000/10"_s, 100'000, &bad));
        QCOMPARE(*SweepInput::users(u"8 1,4"_s, 1, 100, &bad), (QList<int> {8, 1, 4}));
        QVERIFY(!SweepInput::users(u"1,0"_s, 1, 100, &bad));
        QCOMPARE(bad, u"0"_s);
        QCOMPARE(*SweepInput::rates(u"0.5, 2"_s, &bad), (QList<double> {0.5, 2}));
        QVERIFY(!SweepInput::rates(u"2,-1"_s, &bad));
        QCOMPARE(bad, u"-1"_s);
        QVERIFY(SweepInput::users(QString(), 1, 100, &bad)->isEmpty());
        // The command line says which part it could not read.
        const Result r = runKneepoint(
            {u"run"_s, u"--url"_s, u"http://127.0.0.1:9"_s, u"--shapes"_s, u"1024/256;7/x"_s, u"--dry-run"_s});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(u"not '7/x'"), qPrintable(r.err));
    }

    // --dry-run prints the plan and sends nothing: port 9 (discard) is never asked, and no database is made.
    void runDryRunPrintsThePlanAndSendsNothing()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("never.sqlite"));
        const Result r = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"),
            QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--concurrency"), QStringLiteral("1,8"),
            QStringLiteral("--requests"), QStringLiteral("40"), QStringLiteral("--shapes"),
            QStringLiteral("512/64,2048/128"), QStringLiteral("--dry-run"), QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(u"would make 4 steps"), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"2. concurrency, 1 user, 40 requests and 1 warm-up first"), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"4. shape, 8 users, 40 requests and 8 warm-ups first, 2048/128"), qPrintable(r.out));
        QVERIFY(!QFile::exists(db));
    }

    void runFailsWhenEveryRequestFailed()
    {
        SimProcess sim;
        QString error;
        // The doctor's one-token request waits out the stall and passes; every measured request times out first.
        QVERIFY2(sim.start({QStringLiteral("--speed"), QStringLiteral("50"), QStringLiteral("--fault-stall"),
                               QStringLiteral("1"), QStringLiteral("--stall-ms"), QStringLiteral("1500")},
                     &error),
            qPrintable(error));
        QTemporaryDir dir;
        const Result r
            = runKneepoint({QStringLiteral("run"), QStringLiteral("--url"), sim.baseUrl(), QStringLiteral("--db"),
                               dir.filePath(QStringLiteral("runs.sqlite")), QStringLiteral("--concurrency"),
                               QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("2"),
                               QStringLiteral("--shapes"), QStringLiteral("64/8"), QStringLiteral("--max-failures"),
                               QStringLiteral("1"), QStringLiteral("--first-byte-timeout-ms"), QStringLiteral("300")},
                120'000);
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("requests failed; the first said: No answer within 300 ms")),
            qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("Stored as run 1")), qPrintable(r.out));
    }

    // A CR or LF in the key would inject headers into every request: refused with where the key came from.
    void aKeyWithControlBytesIsRefused()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KNEEPOINT_API_KEY"), QStringLiteral("test-key\r\nX-Injected: yes"));
        for (const char* command : {"doctor", "run"}) {
            const Result r = runKneepoint(
                {QLatin1String(command), QStringLiteral("--url"), QStringLiteral("http://127.0.0.1:9")}, 30'000, env);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains(u"holds a control character (byte 0x0d)"), qPrintable(r.err));
            QVERIFY2(!r.err.contains(u"X-Injected"), qPrintable(r.err));
        }
    }

    // A server names its model; an ESC in the name would repaint the user's terminal, set its title or write its
    // clipboard (OSC 52). Whatever command prints it, the terminal gets the text without the controls.
    void aServersControlCharactersNeverReachTheTerminal()
    {
        SimProcess sim;
        QString error;
        const QString hostile = QStringLiteral("tiny\x1b]52;c;aGk=\x07\x1b[2J\u009b31m\rmodel");
        QVERIFY2(
            sim.start({QStringLiteral("--speed"), QStringLiteral("50"), QStringLiteral("--served-model-name"), hostile},
                &error),
            qPrintable(error));
        const Result r = runKneepoint({QStringLiteral("doctor"), QStringLiteral("--url"), sim.baseUrl()}, 60'000);
        const QString both = r.out + r.err;
        QVERIFY2(both.contains(QStringLiteral("tiny]52;c;aGk=[2J31mmodel")), qPrintable(both));
        for (const QChar c : both)
            QVERIFY2(c == u'\n' || c == u'\t' || (c.unicode() >= 0x20 && (c.unicode() < 0x7f || c.unicode() > 0x9f)),
                qPrintable(QStringLiteral("U+%1 in: %2").arg(c.unicode(), 4, 16, QChar(u'0')).arg(both)));
    }

    // CSV's CRLF passes; a lone CR (which moves the cursor back over what was printed) does not, whichever write
    // splits the bytes.
    void theFilterKeepsLinesAndDropsControlsAcrossWrites()
    {
        const QByteArray input = QByteArrayLiteral("a\x1b[1mb\r\nc\rd\xc2\x9b"
                                                   "e\xc2\xa9"
                                                   "f\x7fg\th\r");
        const QByteArray expected = QByteArrayLiteral("a[1mb\r\ncde\xc2\xa9"
                                                      "fg\th");
        for (int split = 0; split <= input.size(); ++split) {
            QBuffer sink;
            sink.open(QIODevice::WriteOnly);
            {
                kp::cli::ControlCharacterFilter filter(&sink);
                filter.write(input.left(split));
                filter.write(input.mid(split));
            }
            QCOMPARE(sink.data(), expected);
        }
    }

    void aPortInUseSaysSo()
    {
        QTcpServer occupier;
        QVERIFY(occupier.listen(QHostAddress::LocalHost, 0));
        const Result r
            = runKneepoint({QStringLiteral("sim"), QStringLiteral("--port"), QString::number(occupier.serverPort())});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(u"already in use"), qPrintable(r.err));
    }

    void portZeroPicksAFreePortAndPrintsIt()
    {
        SimProcess sim;
        QString error;
        QVERIFY2(sim.start({}, &error), qPrintable(error));
        QVERIFY(sim.port() > 0);
        QVERIFY(sim.standardOutput().contains(QStringLiteral("Listening on http://127.0.0.1:%1").arg(sim.port())));
    }

    void demoRunsAStoredBenchmarkOfTheSimulator()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("runs.sqlite"));
        const Result r
            = runKneepoint({QStringLiteral("demo"), QStringLiteral("--db"), db, QStringLiteral("--concurrency"),
                               QStringLiteral("1,4"), QStringLiteral("--requests"), QStringLiteral("4")},
                120'000);
        QCOMPARE(r.code, 0);
        // The scorecard `show` prints, from the same analysis: one figure, one value.
        QVERIFY2(r.out.contains(u"\nScorecard\n") && r.out.contains(u"TTFT p99 ms"), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"simulated at 10x speed"), qPrintable(r.out));
        QVERIFY(r.out.contains(u"Stored as run 1"));
        // The run ends with its verdict in words.
        QVERIFY2(r.out.contains(u"For your chat traffic (1,024 tokens in, 256 out), this server"), qPrintable(r.out));
        const Result listed = runKneepoint({QStringLiteral("runs"), QStringLiteral("--db"), db});
        QCOMPARE(listed.code, 0);
        QVERIFY2(listed.out.contains(u"(demo)"), qPrintable(listed.out));
        const Result shown = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QCOMPARE(shown.code, 0);
        for (const char* part : {"Verdict", "Capacity", "Scorecard", "The three walls", "Physics check", "Healthy"})
            QVERIFY2(shown.out.contains(QLatin1String(part)), qPrintable(shown.out));
        // `demo` printed the scorecard and verdict `show` prints, from the same analysis: one figure, one value.
        const QString card = shown.out.mid(shown.out.indexOf(u"Verdict"));
        const QString summary = card.left(card.indexOf(u"\n\n", card.indexOf(u"\nScorecard\n") + 1));
        QVERIFY2(
            summary.contains(u"\nCapacity\n") && r.out.contains(summary), qPrintable(r.out + u"\n---\n" + shown.out));
        // What if the target were tighter: recomputed from the stored requests, the server long gone.
        const Result tight = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db,
            QStringLiteral("--slo-ttft-ms"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(tight.code, 0);
        const QJsonObject analysis = QJsonDocument::fromJson(tight.out.toUtf8()).object();
        QCOMPARE(analysis[u"settings"][u"ttft_ms"].toDouble(), 1.0);
        QCOMPARE(analysis[u"concurrency"][u"capacity"][u"bound"].toString(), QStringLiteral("below"));
        QCOMPARE(analysis[u"walls"][u"limiting"].toString(), QStringLiteral("latency"));
        // Kept as a named what-if (in a settings folder of the test's own) and asked again by name.
        QProcessEnvironment config = QProcessEnvironment::systemEnvironment();
        config.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        const Result saved
            = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db,
                               QStringLiteral("--slo-ttft-ms"), QStringLiteral("40"), QStringLiteral("--percentile"),
                               QStringLiteral("95"), QStringLiteral("--save-scenario"), QStringLiteral("ci gate")},
                30'000, config);
        QVERIFY2(saved.code == 0 && saved.out.contains(u"Note: Saved the what-if \"ci gate\": 40 ms TTFT"),
            qPrintable(saved.out.right(300) + saved.err));
        const Result byName
            = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db,
                               QStringLiteral("--scenario"), QStringLiteral("CI gate"), QStringLiteral("--json")},
                30'000, config);
        QCOMPARE(byName.code, 0);
        const QJsonObject scenario = QJsonDocument::fromJson(byName.out.toUtf8()).object()[u"settings"].toObject();
        QCOMPARE(scenario[u"ttft_ms"].toDouble(), 40.0);
        QCOMPARE(scenario[u"percentile"].toDouble(), 95.0);
        const Result unknownGpu = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db,
            QStringLiteral("--gpu"), QStringLiteral("h900")});
        QCOMPARE(unknownGpu.code, 2);
        QVERIFY2(unknownGpu.err.contains(u"kneepoint gpus"), qPrintable(unknownGpu.err));
        // Reports from the stored run, the server long gone: Markdown to stdout, a PDF with no display.
        const Result md = runKneepoint({QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QCOMPARE(md.code, 0);

        QVERIFY2(md.out.contains(u"## Verdict") && md.out.contains(u"## Appendix: every number"), qPrintable(md.out));
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QProcessEnvironment noDisplay = QProcessEnvironment::systemEnvironment();
        noDisplay.remove(QStringLiteral("QT_QPA_PLATFORM"));
        noDisplay.remove(QStringLiteral("DISPLAY"));
        noDisplay.remove(QStringLiteral("WAYLAND_DISPLAY"));
        const Result printed
            = runKneepoint({QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--format"),
                               QStringLiteral("pdf"), QStringLiteral("-o"), pdf, QStringLiteral("--db"), db},
                60'000, noDisplay);
        QCOMPARE(printed.code, 0);
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5) == "%PDF-");
        const Result noOutput = runKneepoint({QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--format"),
            QStringLiteral("pdf"), QStringLiteral("--db"), db});
        QCOMPARE(noOutput.code, 2);
        QVERIFY2(noOutput.err.contains(u"-o FILE"), qPrintable(noOutput.err));
        const Result badFormat = runKneepoint({QStringLiteral("report"), QStringLiteral("1"),
            QStringLiteral("--format"), QStringLiteral("docx"), QStringLiteral("--db"), db});
        QCOMPARE(badFormat.code, 2);
        const Result requestsCsv = runKneepoint({QStringLiteral("report"), QStringLiteral("1"),
            QStringLiteral("--format"), QStringLiteral("requests-csv"), QStringLiteral("--db"), db});
        QCOMPARE(requestsCsv.code, 0);
        QVERIFY2(requestsCsv.out.startsWith(u"step,phase,load,request"), qPrintable(requestsCsv.out.left(200)));
        const Result compared = runKneepoint(
            {QStringLiteral("compare"), QStringLiteral("1"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QCOMPARE(compared.code, 0);
        QVERIFY2(compared.out.contains(u"0 of"), qPrintable(compared.out)); // a run never differs from itself
        const Result missing = runKneepoint(
            {QStringLiteral("compare"), QStringLiteral("1"), QStringLiteral("9"), QStringLiteral("--db"), db});
        QCOMPARE(missing.code, 1);
        QVERIFY2(missing.err.contains(u"no run 9"), qPrintable(missing.err));

        // The baseline travels: exported, imported on "another machine", once however often.
        const QString archive = dir.filePath(QStringLiteral("base.kpz"));
        const QString other = dir.filePath(QStringLiteral("other.sqlite"));
        const Result exported = runKneepoint(
            {QStringLiteral("export"), QStringLiteral("1"), QStringLiteral("-o"), archive, QStringLiteral("--db"), db});
        QCOMPARE(exported.code, 0);
        QVERIFY2(exported.out.startsWith(u"Wrote " + archive), qPrintable(exported.out));
        for (const bool already : {false, true}) {
            const Result imported = runKneepoint(
                {QStringLiteral("import"), archive, QStringLiteral("--db"), other, QStringLiteral("--json")});
            QCOMPARE(imported.code, 0);
            const QJsonObject entry
                = QJsonDocument::fromJson(imported.out.toUtf8()).object()[u"runs"].toArray().first().toObject();
            QCOMPARE(entry[u"run_id"].toInt(), 1);
            QCOMPARE(entry[u"already_stored"].toBool(), already);
        }
        const Result there = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), other});
        QCOMPARE(there.code, 0);
        QCOMPARE(there.out, QString(shown.out).replace(db, other));

        // Named, tagged and noted: the list shows it, a tag finds it, the report's title carries the name.
        const Result annotated
            = runKneepoint({QStringLiteral("annotate"), QStringLiteral("1"), QStringLiteral("--name"),
                QStringLiteral("demo before fp8"), QStringLiteral("--tag"), QStringLiteral("baseline, sim"),
                QStringLiteral("--notes"), QStringLiteral("Default flags."), QStringLiteral("--db"), db});
        QVERIFY2(annotated.code == 0 && annotated.out.contains(u"name:  demo before fp8")
                && annotated.out.contains(u"tags:  baseline, sim"),
            qPrintable(annotated.out + annotated.err));
        QCOMPARE(runKneepoint({QStringLiteral("annotate"), QStringLiteral("1"), QStringLiteral("--untag"),
                                  QStringLiteral("SIM"), QStringLiteral("--db"), db})
                     .code,
            0);
        const Result tagged = runKneepoint(
            {QStringLiteral("runs"), QStringLiteral("--tag"), QStringLiteral("Baseline"), QStringLiteral("--db"), db});
        QVERIFY2(tagged.out.contains(u"\"demo before fp8\" [baseline]"), qPrintable(tagged.out));
        const Result untagged = runKneepoint(
            {QStringLiteral("runs"), QStringLiteral("--tag"), QStringLiteral("sim"), QStringLiteral("--db"), db});
        QVERIFY2(untagged.out.contains(u"No run in") && !untagged.out.contains(u"demo before fp8"),
            qPrintable(untagged.out));
        const Result noRun = runKneepoint({QStringLiteral("annotate"), QStringLiteral("9"), QStringLiteral("--name"),
            QStringLiteral("x"), QStringLiteral("--db"), db});
        QVERIFY2(noRun.code == 1 && noRun.err.contains(u"there is no run 9"), qPrintable(noRun.err));
        const Result named = runKneepoint({QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QVERIFY2(named.out.startsWith(u"# Kneepoint report: run 1, “demo before fp8”")
                && named.out.contains(u"- **Notes:** Default flags."),
            qPrintable(named.out.left(600)));

        // The gate: a run against a rerun of itself passes, and says that nothing could be called worse.
        const QString junit = dir.filePath(QStringLiteral("gate.xml"));
        const Result same = runKneepoint({QStringLiteral("compare"), QStringLiteral("1"), QStringLiteral("1"),
            QStringLiteral("--gate"), QStringLiteral("--junit"), junit, QStringLiteral("--db"), db});
        QCOMPARE(same.code, 0);
        QVERIFY2(same.out.startsWith(u"### Kneepoint gate: PASS\n") && same.out.contains(u"kneepoint export A B"),
            qPrintable(same.out));
        QFile xml(junit);
        QVERIFY(xml.open(QIODevice::ReadOnly) && xml.readAll().contains("<testsuites name=\"kneepoint gate: run 1"));
        // A run that did not complete fails it (exit 1), its reason in the answer: the archive edited to say so.
        {
            QSqlDatabase edit = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("edit"));
            edit.setDatabaseName(archive);
            QVERIFY(edit.open());
            QVERIFY(QSqlQuery(edit).exec(QStringLiteral(
                "UPDATE runs SET status = 'server_failed', status_reason = 'The server went away.', started_utc = "
                "'2026-01-01T00:00:00.000Z'")));
            edit.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("edit"));
        QCOMPARE(runKneepoint({QStringLiteral("import"), archive, QStringLiteral("--db"), db}).code, 0);
        const Result failed = runKneepoint({QStringLiteral("compare"), QStringLiteral("1"), QStringLiteral("2"),
            QStringLiteral("--gate"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QCOMPARE(failed.code, 1);
        const QJsonObject gate = QJsonDocument::fromJson(failed.out.toUtf8()).object()[u"gate"].toObject();
        QCOMPARE(gate[u"outcome"].toString(), QStringLiteral("fail"));
        QVERIFY2(
            gate[u"sentence"].toString().startsWith(u"Run 2 did not complete (server_failed): The server went away."),
            qPrintable(failed.out));
    }

    void lessonsAreReadable()
    {
        const Result list = runKneepoint({QStringLiteral("lesson")});
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains(u"kv-cache-and-preemption"), qPrintable(list.out));
        const Result one = runKneepoint({QStringLiteral("lesson"), QStringLiteral("roofline")});
        QCOMPARE(one.code, 0);
        QVERIFY2(one.out.startsWith(u"# The roofline"), qPrintable(one.out));
        const Result missing = runKneepoint({QStringLiteral("lesson"), QStringLiteral("astrology")});
        QCOMPARE(missing.code, 2);
        QVERIFY2(missing.err.contains(u"no lesson 'astrology'"), qPrintable(missing.err));
    }

    void everyListingHasJson_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("runs") << QStringList {QStringLiteral("runs")};
        QTest::newRow("gpus") << QStringList {QStringLiteral("gpus")};
        QTest::newRow("models") << QStringList {QStringLiteral("models")};
        QTest::newRow("lesson") << QStringList {QStringLiteral("lesson")};
    }

    void everyListingHasJson()
    {
        QFETCH(QStringList, arguments);
        QTemporaryDir dir;
        arguments << QStringLiteral("--json");
        if (arguments.first() == u"runs")
            arguments << QStringLiteral("--db") << dir.filePath(QStringLiteral("runs.sqlite"));
        const Result r = runKneepoint(arguments);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError && (doc.isArray() || doc.isObject()), qPrintable(r.out));
    }

    // The overview, both completions and the manual page come from the same parser: every command is in each, and
    // an option as deep as `run --dataset` reaches the completions and the page.
    void helpCompletionsAndManPageListEveryCommand()
    {
        const Result help = runKneepoint({QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        const QString commandsBlock
            = help.out.section(QStringLiteral("Commands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
        QStringList names;
        for (const QString& line : commandsBlock.split(u'\n', Qt::SkipEmptyParts)) {
            QVERIFY2(line.trimmed().contains(u' '), qPrintable(line)); // a name and its one-line summary
            names << line.trimmed().section(u' ', 0, 0);
        }
        QVERIFY2(names.size() >= 14, qPrintable(help.out));
        for (const char* expected : {"run", "show", "report", "completion", "manpage"})
            QVERIFY2(names.contains(QLatin1String(expected)), expected);

        const Result bash = runKneepoint({QStringLiteral("completion"), QStringLiteral("bash")});
        const Result zsh = runKneepoint({QStringLiteral("completion"), QStringLiteral("zsh")});
        const Result man = runKneepoint({QStringLiteral("manpage")});
        QCOMPARE(bash.code, 0);
        QCOMPARE(zsh.code, 0);
        QCOMPARE(man.code, 0);
        QVERIFY(zsh.out.startsWith(u"#compdef kneepoint"));
        for (const QString& name : std::as_const(names)) {
            QVERIFY2(bash.out.contains(u"        " + name + u") opts="), qPrintable(name));
            QVERIFY2(zsh.out.contains(u"'" + name + u':'), qPrintable(name));
            QVERIFY2(man.out.contains(u".SS \"kneepoint " + name), qPrintable(name));
        }
        QVERIFY(bash.out.contains(u"--dataset"));
        QVERIFY(zsh.out.contains(u"'--dataset=["));
        QVERIFY(man.out.contains(u"\\-\\-dataset"));
        const Result wrongShell = runKneepoint({QStringLiteral("completion"), QStringLiteral("fish")});
        QCOMPARE(wrongShell.code, 2);

        // The shells and troff accept them, where they are installed.
        QTemporaryDir dir;
        auto check = [&dir](const QString& program, const QStringList& arguments, const QString& text) {
            if (QStandardPaths::findExecutable(program).isEmpty())
                return QStringLiteral("skipped");
            QFile file(dir.filePath(QStringLiteral("script")));
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return QStringLiteral("cannot write");
            file.write(text.toUtf8());
            file.close();
            QProcess p;
            p.start(program, arguments + QStringList {file.fileName()});
            p.waitForFinished(30'000);
            const QString complaints = QString::fromUtf8(p.readAllStandardError());
            return p.exitCode() == 0 && complaints.isEmpty() ? QString() : complaints;
        };
        QString result = check(QStringLiteral("bash"), {QStringLiteral("-n")}, bash.out);
        QVERIFY2(result.isEmpty() || result == u"skipped", qPrintable(result));
        result = check(QStringLiteral("zsh"), {QStringLiteral("-n")}, zsh.out);
        QVERIFY2(result.isEmpty() || result == u"skipped", qPrintable(result));
        result = check(
            QStringLiteral("groff"), {QStringLiteral("-man"), QStringLiteral("-ww"), QStringLiteral("-z")}, man.out);
        QVERIFY2(result.isEmpty() || result == u"skipped", qPrintable(result));
    }

    void gpusListsTheCatalog()
    {
        const Result r = runKneepoint({QStringLiteral("gpus")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(u"h100-sxm"));
        const Result json = runKneepoint({QStringLiteral("gpus"), QStringLiteral("--json")});
        QVERIFY(QJsonDocument::fromJson(json.out.toUtf8()).array().size() >= 5);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
