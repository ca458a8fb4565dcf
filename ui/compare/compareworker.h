// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/analysis/runcomparison.h"
#include "core/analysis/rungate.h"
#include "core/report/chartspec.h"

#include <QMetaType>
#include <QObject>

#include <memory>

namespace kp::core {
class RunStore;
}

namespace kp::ui {

/// Two runs compared, ready to show.
struct CompareResult
{
    quint64 generation = 0;
    qint64 a = -1; ///< the run before
    qint64 b = -1; ///< the run after
    kp::core::RunComparison comparison;
    kp::core::RunGate gate; ///< what `kneepoint compare A B --gate` answers of the pair
    /// TTFT, TPOT and throughput against load, both runs on each (core::comparisonCharts).
    std::vector<kp::core::ChartSpec> charts;
};
using CompareResultPtr = std::shared_ptr<const CompareResult>;

/// Loads and analyses two whole runs off the GUI thread (seconds for runs of many thousand requests), on the thread
/// it is moved to, with a database connection of its own. As ReportWorker: every answer carries its generation.
class CompareWorker : public QObject
{
    Q_OBJECT

public:
    explicit CompareWorker(const QString& databasePath);
    ~CompareWorker() override;

public Q_SLOTS:
    /// Compares run `a` (before) with run `b` (after), both under the targets of `a`.
    void compare(qint64 a, qint64 b, quint64 generation);

Q_SIGNALS:
    void ready(const kp::ui::CompareResultPtr& result);
    void failed(quint64 generation, const QString& error);

private:
    QString m_path;
    std::unique_ptr<kp::core::RunStore> m_store;
};

} // namespace kp::ui

Q_DECLARE_METATYPE(kp::ui::CompareResultPtr)
