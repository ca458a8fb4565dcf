// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QStringList>

#include <memory>

namespace kp::core {
class RunStore;
}

namespace kp::ui {

/// Fits a run's twin and predicts other settings (core::Prediction) off the GUI thread, on the thread it is moved
/// to, with a database connection of its own. Every answer carries the generation it was asked with.
class PredictWorker : public QObject
{
    Q_OBJECT
public:
    explicit PredictWorker(const QString& databasePath);
    ~PredictWorker() override;

public Q_SLOTS:
    /// Predicts `settings` ("max-num-seqs=16", …) for run `runId`, under the run's own targets.
    void predict(qint64 runId, const QStringList& settings, quint64 generation);

Q_SIGNALS:
    void ready(quint64 generation, const QString& text, const QJsonObject& json);
    void failed(quint64 generation, const QString& error);

private:
    QString m_path;
    std::unique_ptr<kp::core::RunStore> m_store;
};

} // namespace kp::ui
