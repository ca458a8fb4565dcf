// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/twinworker.h"

#include "core/predict/prediction.h"

namespace kp::ui {

void TwinWorker::fit(const TwinFitJob& job)
{
    auto predicted = std::make_shared<ReportResult>(*job.result);
    predicted->content.predictTryNext(*predicted->run, predicted->analysis.settings, job.predictions.get());
    Q_EMIT fitted({predicted, job.predictions, job.generation});
}

} // namespace kp::ui
