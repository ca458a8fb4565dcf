// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/tune/experiment.h"

#include <QList>
#include <QMetaType>
#include <QObject>

#include <memory>

namespace kp::core {
class RunStore;
}

namespace kp::ui {

using ExperimentPtr = std::shared_ptr<const kp::core::Experiment>;
using StoredExperiments = QList<kp::core::Experiment::Stored>;

/// Lists the stored experiments and judges one again (every trial's run loaded and compared with the baseline's:
/// seconds for big runs) off the GUI thread, on the thread it is moved to, with a database connection of its own.
/// Every answer carries its generation, so that a late one for an earlier choice is dropped.
class ExperimentWorker : public QObject
{
    Q_OBJECT

public:
    explicit ExperimentWorker(const QString& databasePath);
    ~ExperimentWorker() override;

public Q_SLOTS:
    void list();
    void load(const QString& id, quint64 generation);

Q_SIGNALS:
    void listed(const kp::ui::StoredExperiments& experiments);
    void ready(quint64 generation, const kp::ui::ExperimentPtr& experiment);
    void failed(quint64 generation, const QString& error);

private:
    bool open(QString* error);

    QString m_path;
    std::unique_ptr<kp::core::RunStore> m_store;
};

} // namespace kp::ui

Q_DECLARE_METATYPE(kp::ui::ExperimentPtr)
Q_DECLARE_METATYPE(kp::ui::StoredExperiments)
