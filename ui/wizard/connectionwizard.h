// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/plan/runoptions.h"
#include "core/server/serverfacts.h"

#include <QWizard>

#include <optional>

namespace kp::ui {

struct NewRunDefaults;

class HardwarePage;
class PlanPage;
class ServerPage;
class TargetsPage;
class TrafficPage;

/// The New run wizard: server, hardware, traffic, targets, plan. It only gathers; whoever opened it starts the run
/// with options() and apiKey() once it is accepted.
///
/// The API key lives in the key field and nowhere else: not in options(), not in QSettings, not on disk.
class ConnectionWizard : public QWizard
{
    Q_OBJECT
public:
    enum PageId { ServerPageId, HardwarePageId, TrafficPageId, TargetsPageId, PlanPageId };

    explicit ConnectionWizard(QWidget* parent = nullptr);
    ~ConnectionWizard() override;

    /// What the run is told. Options the wizard does not ask about keep the values given to setOptions(), or
    /// RunOptions' defaults.
    core::RunOptions options() const;
    /// Prefills every page (a run repeated, a what-if turned into a new run). The API key is not part of it.
    void setOptions(const core::RunOptions& options);
    /// Prefills a new run from what Settings and the last run left (NewRunDefaults): only what they hold, every
    /// other field as the pages start it.
    void startFrom(const NewRunDefaults& defaults);
    QByteArray apiKey() const;

    // What RunOptions cannot carry yet: the run pipeline neither replays a data set nor records the GPU count.
    /// GPUs the model is split over (the analysis' tensor parallel size).
    int gpuCount() const;
    /// The JSONL file chosen on the traffic page; empty for synthetic requests.
    QString datasetPath() const;
    /// What Detect found, if it ran for the URL given.
    std::optional<core::ServerFacts> serverFacts() const;
    /// The simulated server asked for is up at `url`, or could not start (`error`): see simulatedServerRequested().
    void useSimulatedServer(const QUrl& url, const QString& error);

Q_SIGNALS:
    /// The server page's "Simulated server": the owner starts `kneepoint sim` modelling `gpuId` (the GPU chosen so
    /// far; empty: none yet) and answers with useSimulatedServer(). The simulator outlives the wizard, for the run.
    void simulatedServerRequested(const QString& gpuId);

private:
    void updatePlanInputs();

    core::RunOptions m_base;
    ServerPage* m_server = nullptr;
    HardwarePage* m_hardware = nullptr;
    TrafficPage* m_traffic = nullptr;
    TargetsPage* m_targets = nullptr;
    PlanPage* m_plan = nullptr;
};

} // namespace kp::ui
