// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/quality/qualitycomparison.h"
#include "core/quality/qualitystore.h"

#include <QMetaType>
#include <QObject>

#include <memory>
#include <optional>

namespace kp::core {
class RunStore;
}

namespace kp::ui {

/// The stored quality passes, as the Quality tab lists them.
struct QualityPassList
{
    quint64 generation = 0;
    QList<kp::core::QualityPassSummary> passes;
    QString error; ///< empty when they were read
};
using QualityPassListPtr = std::shared_ptr<const QualityPassList>;

/// Two passes compared question by question; no comparison and an error when they cannot be.
struct QualityCompareResult
{
    quint64 generation = 0;
    std::optional<kp::core::QualityComparison> comparison;
    QString error;
};
using QualityCompareResultPtr = std::shared_ptr<const QualityCompareResult>;

/// Reads quality passes and compares them off the GUI thread, with a database connection of its own opened on the
/// thread it is moved to. Every answer carries its generation, so the view drops stale ones.
class QualityWorker : public QObject
{
    Q_OBJECT

public:
    explicit QualityWorker(const QString& databasePath);
    ~QualityWorker() override;

public Q_SLOTS:
    void list(quint64 generation);
    /// Deletes the passes `ids` with their answers, then lists the passes left once; a failure is said in the
    /// list's error.
    void remove(const QList<qint64>& ids, quint64 generation);
    void compare(qint64 before, qint64 after, quint64 generation);

Q_SIGNALS:
    void listed(const kp::ui::QualityPassListPtr& result);
    void compared(const kp::ui::QualityCompareResultPtr& result);

private:
    /// The store, opened on first use; null with `error` set when it cannot be.
    kp::core::RunStore* store(QString* error);

    QString m_path;
    std::unique_ptr<kp::core::RunStore> m_store;
};

} // namespace kp::ui

Q_DECLARE_METATYPE(kp::ui::QualityPassListPtr)
Q_DECLARE_METATYPE(kp::ui::QualityCompareResultPtr)
