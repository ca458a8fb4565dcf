// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/quality/qualityworker.h"

#include "core/store/runstore.h"

#include <QThread>

namespace kp::ui {

using namespace kp::core;

QualityWorker::QualityWorker(const QString& databasePath)
    : m_path(databasePath)
{ }

QualityWorker::~QualityWorker() = default;

RunStore* QualityWorker::store(QString* error)
{
    if (!m_store) {
        // A connection per thread, named after it: QtSql connections never cross threads.
        m_store = RunStore::open(
            m_path, error, QStringLiteral("quality-%1").arg(quintptr(QThread::currentThreadId()), 0, 16));
    }
    return m_store.get();
}

void QualityWorker::list(quint64 generation)
{
    auto result = std::make_shared<QualityPassList>();
    result->generation = generation;
    if (RunStore* s = store(&result->error))
        result->passes = QualityStore(*s).passes(&result->error);
    Q_EMIT listed(result);
}

void QualityWorker::remove(const QList<qint64>& ids, quint64 generation)
{
    QString error;
    RunStore* s = store(&error);
    for (const qint64 id : ids) {
        if (!s || !QualityStore(*s).deletePass(id, &error))
            break;
    }
    auto result = std::make_shared<QualityPassList>();
    result->generation = generation;
    if (s)
        result->passes = QualityStore(*s).passes(&result->error);
    if (!error.isEmpty())
        result->error = error;
    Q_EMIT listed(result);
}

void QualityWorker::compare(qint64 before, qint64 after, quint64 generation)
{
    auto result = std::make_shared<QualityCompareResult>();
    result->generation = generation;
    std::optional<QualityPass> a;
    std::optional<QualityPass> b;
    if (RunStore* s = store(&result->error)) {
        const QualityStore quality(*s);
        a = quality.pass(before, &result->error);
        if (a)
            b = quality.pass(after, &result->error);
    }
    if (a && b)
        result->comparison = QualityComparison::compare(*a, *b, 0.95, &result->error);
    Q_EMIT compared(result);
}

} // namespace kp::ui
