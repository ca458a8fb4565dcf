// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/run/aiperfrun.h"

#include "core/common/processoutput.h"
#include "core/import/aiperfimporter.h"
#include "core/plan/runplan.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <utility>

namespace kp::core {

namespace {

// AIPerf starts about nine services per run; a step that takes longer than this is stuck, not slow.
constexpr int kVersionTimeoutMs = 60'000;
constexpr int kStepTimeoutMs = 6 * 3600 * 1000;

QString findExport(const QString& dir)
{
    // AIPerf may nest its artifacts below --artifact-dir (by model and load); the records file is found by name.
    QDirIterator it(dir, {QStringLiteral("profile_export.jsonl")}, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

} // namespace

QString AiperfRun::refusal(const RunOptions& o)
{
    if (o.model.isEmpty())
        return QStringLiteral("--engine aiperf needs --model NAME: AIPerf must be told the served model.");
    if (!o.dataset.isEmpty())
        return QStringLiteral("--engine aiperf sends synthetic prompts of the --shapes sizes; --dataset works with "
                              "Kneepoint's own engine only.");
    return {};
}

QStringList AiperfRun::profileArguments(
    const RunOptions& o, int users, double rate, int requests, const QString& artifactDir)
{
    const Shape shape = o.shapes.isEmpty() ? Shape {} : o.shapes.front();
    // Flag names as in AIPerf's command-line reference (docs/reference/command-line-options.md) and peers §3.1.
    QStringList args {QStringLiteral("profile"), QStringLiteral("--model"), o.model, QStringLiteral("--url"),
        o.url.toString(QUrl::RemoveUserInfo), QStringLiteral("--endpoint-type"),
        o.api == WorkloadSpec::Api::Chat ? QStringLiteral("chat") : QStringLiteral("completions"),
        QStringLiteral("--streaming"), QStringLiteral("--request-count"), QString::number(requests),
        QStringLiteral("--synthetic-input-tokens-mean"), QString::number(shape.input),
        QStringLiteral("--synthetic-input-tokens-stddev"), QStringLiteral("0"), QStringLiteral("--output-tokens-mean"),
        QString::number(shape.output), QStringLiteral("--output-tokens-stddev"), QStringLiteral("0"),
        // The lengths asked for are forced, as in a native run: otherwise answers end early and TPOT compares unlike
        // requests (AIPerf README: OSL is not guaranteed without ignore_eos).
        QStringLiteral("--extra-inputs"), QStringLiteral("ignore_eos:true"), QStringLiteral("--artifact-dir"),
        artifactDir};
    if (rate > 0)
        args << QStringLiteral("--request-rate") << QString::number(rate);
    else
        args << QStringLiteral("--concurrency") << QString::number(users);
    return args;
}

AiperfRun::AiperfRun(const RunOptions& options, QByteArray apiKey, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_apiKey(std::move(apiKey))
    , m_timeout(new QTimer(this))
{
    m_timeout->setSingleShot(true);
    // The native run's plan, its concurrency and rate steps: AIPerf drives those, with the same request counts; the
    // baseline and shape steps are the native pipeline's own.
    for (const PlannedStep& step : RunPlan::of(m_options).steps) {
        Level level;
        if (step.phase == Phase::Concurrency) {
            level.users = step.plan.users;
            level.what = QStringLiteral("concurrency %1").arg(level.users);
        } else if (step.phase == Phase::Rate) {
            level.rate = step.plan.ratePerSecond;
            level.what = QStringLiteral("%1 req/s").arg(level.rate);
        } else {
            continue;
        }
        level.requests = step.plan.requestCount > 0 ? step.plan.requestCount
            : level.rate > 0                        ? m_options.requestsFor(level.rate)
                                                    : m_options.requestsFor(level.users);
        m_levels.push_back(level);
    }
    m_outcome.run.source = QStringLiteral("aiperf");
    m_outcome.run.sourceName = QStringLiteral("AIPerf");
    m_outcome.run.driven = true;
    m_outcome.run.model = m_options.model;
    m_outcome.run.url = m_options.url.toString(QUrl::RemoveUserInfo);
}

AiperfRun::~AiperfRun()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000); // reaped, never left behind
    }
}

void AiperfRun::start()
{
    m_executable = QStandardPaths::findExecutable(QStringLiteral("aiperf"));
    if (m_executable.isEmpty()) {
        end(QStringLiteral("--engine aiperf needs the aiperf command, and none is on PATH. Install it with 'pip "
                           "install aiperf' (Kneepoint reads AIPerf %1's export), or run without --engine to use "
                           "Kneepoint's own load engine.")
                .arg(referenceVersion()));
        return;
    }
    launch({QStringLiteral("--version")}, kVersionTimeoutMs, &AiperfRun::versionAnswered);
}

void AiperfRun::launch(const QStringList& arguments, int timeoutMs, void (AiperfRun::*done)(bool finished))
{
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::finished, this, [this, done] {
        m_timeout->stop();
        (this->*done)(true);
    });
    // A program that cannot start sends no finished(): its failure ends the wait instead.
    connect(m_process, &QProcess::errorOccurred, this, [this, done](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        m_timeout->stop();
        (this->*done)(true);
    });
    m_timeout->disconnect(this);
    connect(m_timeout, &QTimer::timeout, this, [this, done] {
        m_process->disconnect(this);
        m_process->kill();
        (this->*done)(false);
    });
    m_timeout->start(timeoutMs);
    m_process->start(m_executable, arguments);
}

namespace {

// Why a process that was waited for did not succeed, or empty when it did.
QString failureOf(const QProcess& p, bool finished)
{
    if (!finished)
        return QStringLiteral("timed out");
    if (p.error() == QProcess::FailedToStart)
        return QStringLiteral("could not start: %1").arg(p.errorString());
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QStringLiteral("exit code %1").arg(p.exitCode());
    return {};
}

} // namespace

void AiperfRun::versionAnswered(bool finished)
{
    const QByteArray output = m_process->readAll();
    const QString failure = failureOf(*m_process, finished);
    std::exchange(m_process, nullptr)->deleteLater();
    if (!failure.isEmpty()) {
        end(QStringLiteral("'%1 --version' did not answer: %2. Reinstall AIPerf with 'pip install aiperf'.")
                .arg(m_executable, output.trimmed().isEmpty() ? failure : lastOutputLine(output)));
        return;
    }
    static const QRegularExpression number(QStringLiteral("(\\d+\\.\\d+(?:\\.\\d+)?)"));
    const QString version = number.match(QString::fromUtf8(output)).captured(1);
    if (!version.startsWith(referenceVersion() + u'.') && version != referenceVersion())
        emit said(QStringLiteral("Warning: aiperf %1 is not %2, the version whose export format Kneepoint reads; check "
                                 "the numbers against AIPerf's own summary.")
                      .arg(version.isEmpty() ? QStringLiteral("of an unknown version") : version, referenceVersion()));
    m_outcome.run.toolVersion = version;
    m_work = std::make_unique<QTemporaryDir>();
    if (!m_work->isValid()) {
        end(QStringLiteral("cannot make a directory for AIPerf's artifacts: %1").arg(m_work->errorString()));
        return;
    }
    startStep();
}

void AiperfRun::startStep()
{
    if (m_next >= m_levels.size()) {
        end(QString());
        return;
    }
    const Level& level = m_levels[m_next];
    emit said(QStringLiteral("[%1/%2] aiperf at %3, %4 requests")
                  .arg(m_next + 1)
                  .arg(m_levels.size())
                  .arg(level.what)
                  .arg(level.requests));
    QStringList args = profileArguments(
        m_options, level.users, level.rate, level.requests, m_work->filePath(QStringLiteral("step-%1").arg(m_next)));
    // AIPerf takes the key only as an argument: it reaches the child process and is never stored.
    if (!m_apiKey.isEmpty())
        args << QStringLiteral("--api-key") << QString::fromUtf8(m_apiKey);
    launch(args, kStepTimeoutMs, &AiperfRun::stepEnded);
}

void AiperfRun::stepEnded(bool finished)
{
    const Level level = m_levels[m_next];
    const QByteArray output = m_process->readAll();
    const QString failure = failureOf(*m_process, finished);
    std::exchange(m_process, nullptr)->deleteLater();
    const QString records = findExport(m_work->filePath(QStringLiteral("step-%1").arg(m_next)));
    if (!failure.isEmpty() || records.isEmpty()) {
        // AIPerf takes the key as an argument and may echo its command line in an error: the key is cut out.
        end(QStringLiteral("aiperf profile at %1 failed (%2): %3")
                .arg(level.what, failure.isEmpty() ? QStringLiteral("exit code 0") : failure,
                    failure.isEmpty() ? QStringLiteral("it wrote no profile_export.jsonl")
                                      : lastOutputLine(output, m_apiKey)));
        return;
    }
    QFile file(records);
    QString error;
    std::optional<ImportedRun> step = file.open(QIODevice::ReadOnly)
        ? AiperfImporter::read(file.readAll(), QStringLiteral("profile_export.jsonl (%1)").arg(level.what),
            AiperfImporter::aggregateBeside(records), &error)
        : std::nullopt;
    if (!step) {
        end(error.isEmpty() ? file.errorString() : error);
        return;
    }
    // The level is known exactly: it was asked for.
    step->steps.front().info.load = level.rate > 0 ? QJsonObject {{QStringLiteral("rate"), level.rate}}
                                                   : QJsonObject {{QStringLiteral("concurrency"), level.users}};
    step->notRecorded.removeIf([](const QString& s) { return s.startsWith(u"the concurrency ("); });
    step->model = m_outcome.run.model;
    step->toolVersion.clear();
    m_outcome.run.absorb(std::move(*step));
    ++m_next;
    startStep();
}

void AiperfRun::cancel()
{
    if (m_ended)
        return;
    m_timeout->stop();
    const QString during = m_next < m_levels.size() && m_process
        ? QStringLiteral(" during aiperf profile at %1").arg(m_levels[m_next].what)
        : QString();
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000);
        std::exchange(m_process, nullptr)->deleteLater();
    }
    m_outcome.cancelled = true;
    const auto kept = qsizetype(m_outcome.run.steps.size());
    end(kept == 0 ? QStringLiteral("Interrupted%1: no step was measured.").arg(during)
                  : QStringLiteral("Interrupted%1: the %2 measured before it kept.")
                        .arg(during, kept == 1 ? QStringLiteral("step") : QStringLiteral("%1 steps").arg(kept)));
}

void AiperfRun::end(const QString& reason)
{
    if (m_ended)
        return;
    m_ended = true;
    m_outcome.reason = reason;
    if (!reason.isEmpty())
        m_outcome.status = m_outcome.run.steps.empty() ? RunStatus::Failed
            : m_outcome.cancelled                      ? RunStatus::Stopped
                                                       : RunStatus::Incomplete;
    if (!m_outcome.run.steps.empty())
        m_outcome.run.finish();
    emit finished(m_outcome);
}

} // namespace kp::core
