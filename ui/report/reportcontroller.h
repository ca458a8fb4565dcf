// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/report/reportworker.h"

#include <QObject>
#include <QThread>

namespace kp::ui {

class TwinWorker;

/// Asks a ReportWorker on its own thread for runs and what-ifs, and hands back only the newest answer: one what-if is
/// out at a time, asked the moment the control moves; changes made while it is out are gathered and the newest asked
/// once it is answered. Every request gets a generation number, and an answer to an older one is dropped (hotspot's
/// jobtracker pattern).
class ReportController : public QObject
{
    Q_OBJECT

public:
    explicit ReportController(const QString& databasePath, QObject* parent = nullptr);
    ~ReportController() override;

    /// Loads and analyses run `id`.
    void showRun(qint64 id);
    /// Analyses the shown run again under `settings`, soon.
    void setSettings(const kp::core::AnalysisSettings& settings);
    /// The newest result, or null before the first.
    ReportResultPtr current() const { return m_current; }
    qint64 runId() const { return m_runId; }

Q_SIGNALS:
    void resultReady(const kp::ui::ReportResultPtr& result);
    void failed(const QString& error);
    // To the worker, queued.
    void loadRequested(qint64 runId, quint64 generation);
    void analyseRequested(const kp::core::AnalysisSettings& settings, quint64 generation);

private:
    void onReady(const ReportResultPtr& result);
    void sendPending();
    /// The question out has its answer: the newest change waiting, if any, goes out.
    void answered();

    QThread m_thread;
    ReportWorker* m_worker;
    QThread m_twinThread; ///< the twin's fit, so that it never holds up a what-if
    TwinWorker* m_twin;
    quint64 m_inFlight = 0; ///< the generation of the what-if out with the worker; 0: none
    quint64 m_generation = 0;
    qint64 m_runId = -1;
    std::optional<kp::core::AnalysisSettings> m_pending;
    ReportResultPtr m_current;
};

} // namespace kp::ui
