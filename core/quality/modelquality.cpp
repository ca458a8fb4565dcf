// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/modelquality.h"

#include "core/store/runstore.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace kp::core {

ModelQuality ModelQuality::of(const RunStore& store, const QString& model)
{
    ModelQuality q;
    q.model = model;
    if (model.isEmpty())
        return q;
    const QualityStore quality(store);
    for (const QualityPassSummary& p : quality.passes())
        if (p.info.model == model)
            q.passes << p;
    // Newest first: the first "after" is the newest, and the first "before" behind it was asked before it.
    for (qsizetype i = 0; i < q.passes.size(); ++i) {
        if (q.passes[i].info.role != QualityRole::After)
            continue;
        for (qsizetype j = i + 1; j < q.passes.size(); ++j) {
            if (q.passes[j].info.role != QualityRole::Before)
                continue;
            const std::optional<QualityPass> before = quality.pass(q.passes[j].info.id);
            const std::optional<QualityPass> after = quality.pass(q.passes[i].info.id);
            QString refusal;
            if (before && after)
                q.latest = QualityComparison::compare(*before, *after, 0.95, &refusal);
            break;
        }
        break;
    }
    return q;
}

QStringList ModelQuality::lines() const
{
    QStringList out;
    if (passes.isEmpty())
        return out;
    out << QCoreApplication::translate(
        "ModelQuality", "Quality checks asked of %1 (kneepoint quality ask), separately from this run:")
               .arg(model);
    for (const QualityPassSummary& p : passes) {
        const double right = p.answered > 0 ? 100.0 * p.correct / p.answered : 0;
        out << QCoreApplication::translate("ModelQuality", "Pass %1 (%2, %3): %4 of %5 answered questions right (%6%).")
                   .arg(p.info.id)
                   .arg(qualityRoleName(p.info.role), p.info.createdUtc.left(16).replace(u'T', u' '))
                   .arg(p.correct)
                   .arg(p.answered)
                   .arg(QString::number(right, 'f', 1));
    }
    if (latest) {
        out << QCoreApplication::translate("ModelQuality", "Pass %1 against pass %2: %3")
                   .arg(latest->after.id)
                   .arg(latest->before.id)
                   .arg(latest->verdict.sentence);
        if (const QString noise = latest->noiseSentence(); !noise.isEmpty())
            out << noise;
    }
    return out;
}

QJsonObject ModelQuality::toJson() const
{
    QJsonArray list;
    for (const QualityPassSummary& p : passes)
        list.append(
            QJsonObject {{QStringLiteral("id"), p.info.id}, {QStringLiteral("role"), qualityRoleName(p.info.role)},
                {QStringLiteral("created_utc"), p.info.createdUtc}, {QStringLiteral("answered"), p.answered},
                {QStringLiteral("correct"), p.correct}, {QStringLiteral("errors"), p.errors}});
    QJsonObject o {{QStringLiteral("model"), model}, {QStringLiteral("passes"), list}};
    if (latest)
        o[QStringLiteral("latest_comparison")] = latest->toJson();
    return o;
}

} // namespace kp::core
