// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The kneepoint binary as a user meets it: exit codes, help, errors in sentences.
#include "support/simprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result
{
    int code = -1;
    QString out;
    QString err;
};

Result runKneepoint(const QStringList& arguments, int timeoutMs = 30'000)
{
    QProcess p;
    p.start(SimProcess::binary(), arguments);
    Result r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

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
    }

    void usageErrorsExitWithTwo()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Result r = runKneepoint(arguments);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
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
        QVERIFY2(r.out.contains(u"TTFT p50"), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"simulated at 10x speed"), qPrintable(r.out));
        QVERIFY(r.out.contains(u"Stored as run 1"));
        const Result listed = runKneepoint({QStringLiteral("runs"), QStringLiteral("--db"), db});
        QCOMPARE(listed.code, 0);
        QVERIFY2(listed.out.contains(u"(demo)"), qPrintable(listed.out));
        const Result shown = runKneepoint({QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--db"), db});
        QCOMPARE(shown.code, 0);
        QVERIFY2(shown.out.contains(u"concurrency"), qPrintable(shown.out));
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
