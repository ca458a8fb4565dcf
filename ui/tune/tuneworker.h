// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/tune/tuner.h"
#include "ui/tune/experimentworker.h"

#include <QObject>
#include <QStringList>

namespace kp::ui {

/// Runs one experiment (core::Tuner) on the thread it is moved to, with a database connection of its own: the
/// launches' checks, then every trial, which blocks that thread for minutes; the dialog hears what happens through
/// queued signals. cancel(), queued to this object, reaches the tuner inside its trial's event loop.
class TuneWorker : public QObject
{
    Q_OBJECT

public:
    TuneWorker(const core::TuneRequest& request, const QString& databasePath);
    ~TuneWorker() override;

public Q_SLOTS:
    /// Checks every launch, then measures; finished() or refused() follows once, and the thread is quit.
    void start();
    /// Stops the trial in progress and starts no other; finished() follows with what was measured.
    void cancel();

Q_SIGNALS:
    void line(const QString& text);
    void trialStarted(int number, int total, const QString& label);
    /// A trial's run was stored (the history may show it).
    void trialStored(qint64 runId);
    /// Nothing was started: why, and the refused launch's checks.
    void refused(const QString& sentence, const QStringList& checks);
    void finished(const kp::ui::ExperimentPtr& experiment, bool interrupted);

private:
    core::TuneRequest m_request;
    QString m_path;
    core::Tuner* m_tuner = nullptr; ///< while start() runs
    bool m_cancelled = false;
};

} // namespace kp::ui
