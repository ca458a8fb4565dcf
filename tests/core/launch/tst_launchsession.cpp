// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// The launch as objects, without the binary: LaunchRequest::prepare() refuses and plans as the command and the
// dialog need it, its arguments() read back through `kneepoint launch`'s own options into the same request, and a
// LaunchSession starts a stand-in vllm (tests/support/fakeengine.cpp, which runs `kneepoint sim`), proves it, adds its
// facts to a stored run and stops it. tst_launchcommand drives the same objects through the binary.
#include "core/cli/launchcommand.h"
#include "core/launch/launchrecord.h"
#include "core/launch/launchsession.h"
#include "core/store/runstore.h"
#include "support/storerecords.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

using namespace kp::core;
using namespace kp::cli;

namespace {

const QString Model = QStringLiteral("meta-llama/Llama-3.1-8B-Instruct");
const QString Revision = QStringLiteral("0e9e39f249a16976918f6564b8830bc894c89659");
const QString Image = QStringLiteral("vllm/vllm-openai@sha256:") + QString(64, u'b');

int freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

} // namespace

class TestLaunchSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void refusals_data();
    void refusals();
    void aPlanThatMayStart();
    void argumentsReadBackIntoTheSameRequest();
    void aSessionProvesRecordsAndStops();
    void aTakenPortFailsBeforeAnythingStarts();

private:
    /// A vLLM request on the local runtime: the stand-in vllm answers for it.
    LaunchRequest localRequest() const;
    QTemporaryDir m_dir;
    QString m_bin;
};

void TestLaunchSession::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_bin = m_dir.filePath(QStringLiteral("bin"));
    QVERIFY(QDir().mkpath(m_bin));
    QVERIFY(QFile::link(QStringLiteral(KNEEPOINT_FAKE_ENGINE), m_bin + QStringLiteral("/vllm")));
    qputenv("PATH", (m_bin + u':').toUtf8() + qgetenv("PATH"));
    qputenv("KNEEPOINT_FAKE_DOCKER_LOG", m_dir.filePath(QStringLiteral("calls.jsonl")).toUtf8());
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
    qputenv("HF_HOME", m_dir.filePath(QStringLiteral("hf")).toUtf8());
    qputenv("HF_HUB_OFFLINE", "1");
    qunsetenv("HF_TOKEN");
    QVERIFY(!qEnvironmentVariable("KNEEPOINT_BINARY").isEmpty()); // the stand-in runs `kneepoint sim` from there
}

LaunchRequest TestLaunchSession::localRequest() const
{
    LaunchRequest r;
    r.model = Model;
    r.revision = Revision;
    r.runtime = LaunchRuntime::Local;
    r.engineCommand = m_bin + QStringLiteral("/vllm");
    r.gpu = QStringLiteral("h100-sxm");
    r.maxModelLen = QStringLiteral("8192");
    r.port = freePort();
    r.healthTimeoutS = 60;
    return r;
}

void TestLaunchSession::refusals_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("usage");
    QTest::addColumn<QString>("says");
    QTest::newRow("llama.cpp's option for vLLM") << "ctxSize"
                                                 << "4096" << true << "--ctx-size is for --engine llamacpp";
    QTest::newRow("forbidden argument") << "engineArg"
                                        << "--trust-remote-code" << true << "trust-remote-code";
    QTest::newRow("argument twice") << "engineArg"
                                    << "--max-model-len=4096" << true << "--max-model-len is given twice";
    QTest::newRow("image on the local runtime") << "image" << Image << true << "--image is for the docker";
    QTest::newRow("no model") << "model"
                              << "" << true << "--model takes a Hugging Face id";
    QTest::newRow("GPU not in the catalog") << "gpu"
                                            << "h999" << true << "--gpu 'h999' is not in the catalog";
    QTest::newRow("does not fit") << "maxModelLen"
                                  << "10000000" << false << "";
    QTest::newRow("nothing to run it") << "engineCommand"
                                       << "/nonexistent/vllm" << false
                                       << "the model fits, but nothing can start: There is no /nonexistent/vllm";
}

void TestLaunchSession::refusals()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(bool, usage);
    QFETCH(QString, says);
    LaunchRequest r = localRequest();
    if (field == u"ctxSize")
        r.ctxSize = value;
    else if (field == u"engineArg")
        r.engineArgs << value;
    else if (field == u"image")
        r.image = value;
    else if (field == u"model")
        r.model = value;
    else if (field == u"gpu")
        r.gpu = value;
    else if (field == u"maxModelLen")
        r.maxModelLen = value;
    else if (field == u"engineCommand")
        r.engineCommand = value;
    const LaunchPreparation p = r.prepare();
    QVERIFY(!p.ok());
    QCOMPARE(p.usageError, usage);
    QVERIFY2(p.refusal.contains(says), qPrintable(p.refusal));
    // A plan that does not fit is said so, with the figures, and claims nothing; one that fits says so first.
    if (field == u"maxModelLen") {
        QVERIFY(!p.fits);
        QVERIFY(p.checkLines().isEmpty());
    }
    if (field == u"engineCommand") {
        QVERIFY(p.fits);
        QCOMPARE(p.checkLines().size(), 1);
        QVERIFY(p.checkLines().first().startsWith(u"Memory: "));
    }
}

void TestLaunchSession::aPlanThatMayStart()
{
    LaunchRequest r = localRequest();
    r.revision = QStringLiteral("main");
    r.host = QStringLiteral("0.0.0.0");
    const LaunchPreparation p = r.prepare();
    QVERIFY2(p.ok(), qPrintable(p.refusal));
    QCOMPARE(p.plan.servedModelName, Model);
    QCOMPARE(p.plan.port, r.port);
    QCOMPARE(p.plan.engineArg(QStringLiteral("--max-model-len")), QStringLiteral("8192"));
    QVERIFY(p.memoryFacts.value(u"need_mib").toDouble() > 0);
    const QStringList lines = p.checkLines();
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines.at(1).contains(m_bin), qPrintable(lines.at(1)));
    QCOMPARE(lines.at(2), QStringLiteral("Image: none (local runtime)"));
    QVERIFY2(lines.at(3).contains(QStringLiteral("serve %1 --revision main").arg(Model)), qPrintable(lines.at(3)));
    // A branch can move and every address is reachable from elsewhere: both are said before anything starts.
    QCOMPARE(p.warnings.size(), 2);
    QVERIFY(p.warnings.at(0).contains(u"branch or tag"));
    QVERIFY(p.warnings.at(1).contains(u"listen on 0.0.0.0"));
}

void TestLaunchSession::argumentsReadBackIntoTheSameRequest()
{
    LaunchRequest r = localRequest();
    r.gpus = 2;
    r.gpuDevices = QStringLiteral("0,1");
    r.kvCacheDtype = QStringLiteral("fp8");
    r.engineArgs = {QStringLiteral("--enable-prefix-caching"), QStringLiteral("--max-num-seqs=64")};
    r.healthTimeoutS = 120;
    r.dcgmUrl = QStringLiteral("http://dcgm:9400/metrics");
    QCommandLineParser parser;
    parser.addOptions(LaunchCommand().options());
    QVERIFY2(parser.parse(QStringList {QStringLiteral("kneepoint")} + r.arguments()), qPrintable(parser.errorText()));
    const LaunchRequest back = LaunchCommand::requestFrom(parser);
    QCOMPARE(back.arguments(), r.arguments());
    QCOMPARE(back.engineArgs, r.engineArgs);
    QCOMPARE(back.gpus, 2);
    QCOMPARE(back.port, r.port);
    QCOMPARE(back.engineCommand, r.engineCommand);
    QCOMPARE(back.kvCacheDtype, r.kvCacheDtype);
    QCOMPARE(back.healthTimeoutS, 120);
    QCOMPARE(back.dcgmUrl, r.dcgmUrl);
}

void TestLaunchSession::aSessionProvesRecordsAndStops()
{
    const LaunchPreparation p = localRequest().prepare();
    QVERIFY2(p.ok(), qPrintable(p.refusal));
    LaunchSession session(p);
    QSignalSpy ready(&session, &LaunchSession::ready);
    QSignalSpy failed(&session, &LaunchSession::failed);
    QSignalSpy notices(&session, &LaunchSession::notice);
    QSignalSpy stopped(&session, &LaunchSession::stopped);
    session.start();
    QTRY_VERIFY2_WITH_TIMEOUT(!ready.isEmpty() || !failed.isEmpty(), "no answer within 60 s", 60'000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    const QUrl url = ready.first().first().toUrl();
    QCOMPARE(url.port(), p.request.port);
    QCOMPARE(session.baseUrl(), url);
    QVERIFY(session.isReady());
    QVERIFY(session.startupSeconds() >= 0);
    bool saidMemory = false;
    for (const QList<QVariant>& n : std::as_const(notices))
        saidMemory = saidMemory || n.first().toString().startsWith(u"Memory: ");
    QVERIFY(saidMemory);
    QCOMPARE(LaunchRecord::all(LaunchRecord::directory()).size(), 1);

    // The facts go with a stored run, beside what the run itself keeps.
    QString error;
    const auto opened = RunStore::open(m_dir.filePath(QStringLiteral("runs.sqlite")), &error);
    QVERIFY2(opened, qPrintable(error));
    RunStore& store = *opened;
    const qint64 runId = store.createRun(kp::test::makeRunInfo(), &error);
    QVERIFY2(runId >= 0, qPrintable(error));
    const std::vector<StoredMetricsSample> samples {
        {0, QJsonObject {{QStringLiteral("kvUsage"), 0.25}}}, {1, QJsonObject {{QStringLiteral("kvUsage"), 0.5}}}};
    QVERIFY2(store.addStep(runId, kp::test::makeStep(0), kp::test::makeRequests(1, 4, 16), samples, &error) >= 0,
        qPrintable(error));
    QVERIFY2(store.finishRun(runId, RunStatus::Complete, {}, &error), qPrintable(error));
    QVERIFY2(session.recordWith(store, runId, &error), qPrintable(error));
    const QJsonObject launch = store.run(runId)->info.facts.value(u"launch").toObject();
    QCOMPARE(launch.value(u"smoke_test").toString(), QStringLiteral("passed"));
    QCOMPARE(launch.value(u"memory_estimate").toObject(), p.memoryFacts);
    QCOMPARE(launch.value(u"revision").toString(), Revision);
    QCOMPARE(launch.value(u"kv_cache_peak_usage").toDouble(), 0.5);
    QVERIFY(!session.recordWith(store, runId + 100, &error));

    session.stop();
    QCOMPARE(stopped.size(), 1);
    QVERIFY(!session.isReady());
    QVERIFY(LaunchRecord::all(LaunchRecord::directory()).isEmpty());
    QTcpServer again; // the port is free again: the server is gone
    QVERIFY(again.listen(QHostAddress::LocalHost, quint16(url.port())));
    session.stop(); // idempotent
    QCOMPARE(stopped.size(), 1);
}

void TestLaunchSession::aTakenPortFailsBeforeAnythingStarts()
{
    QTcpServer taken;
    QVERIFY(taken.listen(QHostAddress::LocalHost, 0));
    LaunchRequest r = localRequest();
    r.port = taken.serverPort();
    const LaunchPreparation p = r.prepare();
    QVERIFY2(p.ok(), qPrintable(p.refusal));
    QFile::remove(qEnvironmentVariable("KNEEPOINT_FAKE_DOCKER_LOG"));
    LaunchSession session(p);
    QSignalSpy failed(&session, &LaunchSession::failed);
    session.start();
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed.first().first().toString().contains(QStringLiteral("port %1").arg(r.port)),
        qPrintable(failed.first().first().toString()));
    QVERIFY(!QFile::exists(qEnvironmentVariable("KNEEPOINT_FAKE_DOCKER_LOG"))); // nothing was started
    QVERIFY(session.baseUrl().isEmpty());
}

QTEST_GUILESS_MAIN(TestLaunchSession)
#include "tst_launchsession.moc"
