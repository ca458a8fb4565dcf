// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaType>
#include <QString>

namespace kp::core {

/// What a run is doing between and around its steps, as the pipeline announces it (RunPipeline::stageChanged, with a
/// detail in words): the command line prints the stage's name and the detail, the window words each stage itself.
enum class RunStage {
    Doctor, ///< checking the server before anything is sent
    Detect, ///< reading what the server is
    Prompts, ///< building the requests, or reading a data set or a trace
    Clock, ///< a shard reads its clock against the reference
    Schedule, ///< a shard waits for its step's start on the shared schedule
    Held, ///< held before the next step while the window asks a question
    Reset, ///< the prefix cache reset before a step, or why it could not be
    Server, ///< the server went away, came back, or restarted
    Probe, ///< the capacity search adds a step: a probe, or a step measured again
    SweepStopped, ///< the concurrency sweep ends early; the detail says why
};

/// The stage's name as the command line prints it before its detail: "doctor", "detect", "prompts", "clock",
/// "schedule", "held", "prefix cache" ("prefix cache: reset before step 2"), "server", "probe", "sweep".
QString runStageName(RunStage stage);

} // namespace kp::core

Q_DECLARE_METATYPE(kp::core::RunStage)
