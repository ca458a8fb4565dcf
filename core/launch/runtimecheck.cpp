// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/launch/runtimecheck.h"

#include "core/common/processoutput.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace kp::core {

RuntimeCheck RuntimeCheck::of(const LaunchPlan& plan, int timeoutMs)
{
    RuntimeCheck c;
    if (plan.runtime == LaunchRuntime::Simulated) {
        c.ok = QFileInfo(plan.engineProgram).isExecutable();
        c.sentence = c.ok ? QStringLiteral("Kneepoint's simulated vLLM (%1 sim) stands in for the engine: no GPU "
                                           "is used, and the server's timings are the model's, not a GPU's.")
                                .arg(plan.engineProgram)
                          : QStringLiteral("Kneepoint's own program %1 cannot be run, so the simulated server cannot "
                                           "start: reinstall Kneepoint.")
                                .arg(plan.engineProgram);
        return c;
    }
    if (plan.runtime == LaunchRuntime::Local) {
        const QString found = QStandardPaths::findExecutable(plan.engineProgram);
        c.ok = !found.isEmpty();
        const QString install = plan.engine == LaunchEngine::LlamaCpp
            ? QStringLiteral("install llama.cpp's llama-server (or pass --engine-command with its path)")
            : QStringLiteral("install vLLM (pip install vllm) in this environment");
        c.sentence = c.ok ? QStringLiteral("%1 is at %2.").arg(plan.engineProgram, found)
                          : QStringLiteral("There is no %1 on PATH: %2, or launch in a container with --runtime "
                                           "docker.")
                                .arg(plan.engineProgram, install);
        return c;
    }
    const QString program = launchRuntimeName(plan.runtime);
    const QString name = plan.runtime == LaunchRuntime::Podman ? QStringLiteral("Podman") : QStringLiteral("Docker");
    if (QStandardPaths::findExecutable(program).isEmpty()) {
        c.sentence = QStringLiteral("There is no %1 on PATH: install %2, or pass --runtime with the one you have.")
                         .arg(program, name);
        return c;
    }
    QProcess p;
    // The server's version is the daemon's answer: the client alone prints its own version without one.
    p.start(program, {QStringLiteral("version"), QStringLiteral("--format"), QStringLiteral("{{.Server.Version}}")});
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        c.sentence = QStringLiteral("%1 version did not answer within %2 s: the %3 daemon is not responding.")
                         .arg(program)
                         .arg(timeoutMs / 1000)
                         .arg(name);
        return c;
    }
    const QString version = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0 || version.isEmpty()) {
        const QString why = lastOutputLine(p.readAllStandardError());
        c.sentence = QStringLiteral("%1's daemon does not answer (%2): start it (sudo systemctl start %3), or let "
                                    "this user reach it (the %3 group), then try again.")
                         .arg(name, why.isEmpty() ? QStringLiteral("exit code %1").arg(p.exitCode()) : why, program);
        return c;
    }
    c.ok = true;
    c.sentence = QStringLiteral("%1 %2 answers.").arg(name, version.left(40));
    return c;
}

} // namespace kp::core
