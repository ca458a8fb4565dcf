// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/quality/qualitycomparison.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>

namespace kp::core {

namespace {

void add(PairedCounts* counts, bool before, bool after)
{
    if (before && after)
        ++counts->bothRight;
    else if (before)
        ++counts->rightToWrong;
    else if (after)
        ++counts->wrongToRight;
    else
        ++counts->bothWrong;
}

QJsonObject countsJson(const PairedCounts& c)
{
    return {{QStringLiteral("questions"), c.total()}, {QStringLiteral("both_right"), c.bothRight},
        {QStringLiteral("right_to_wrong"), c.rightToWrong}, {QStringLiteral("wrong_to_right"), c.wrongToRight},
        {QStringLiteral("both_wrong"), c.bothWrong}, {QStringLiteral("before_accuracy"), c.beforeAccuracy()},
        {QStringLiteral("after_accuracy"), c.afterAccuracy()}, {QStringLiteral("difference"), c.difference()}};
}

QJsonValue optionalJson(const std::optional<double>& v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonObject passJson(const QualityPassInfo& p)
{
    return {{QStringLiteral("id"), p.id}, {QStringLiteral("created_utc"), p.createdUtc}, {QStringLiteral("url"), p.url},
        {QStringLiteral("model"), p.model}, {QStringLiteral("set"), p.setName},
        {QStringLiteral("set_sha256"), p.setSha256}, {QStringLiteral("role"), qualityRoleName(p.role)},
        {QStringLiteral("repeat"), p.repeat}, {QStringLiteral("allowed_drop_pp"), optionalJson(p.allowedDropPp)}};
}

} // namespace

std::optional<double> qualityNoiseFloor(const QualityPass& pass)
{
    QHash<QString, std::size_t> index;
    std::vector<std::vector<bool>> correctness;
    for (const QualityAnswer& a : pass.answers) {
        if (!a.answered())
            continue;
        auto it = index.find(a.questionId);
        if (it == index.end()) {
            it = index.insert(a.questionId, correctness.size());
            correctness.emplace_back();
        }
        correctness[*it].push_back(a.correct);
    }
    return QualityStatistics::noiseFloor(correctness);
}

std::optional<QualityComparison> QualityComparison::compare(
    const QualityPass& before, const QualityPass& after, double confidence, QString* refusal)
{
    auto refuse = [&](const QString& why) {
        if (refusal)
            *refusal = why;
        return std::nullopt;
    };
    if (before.info.id == after.info.id && before.info.id >= 0)
        return refuse(QStringLiteral("A and B are the same pass (%1); compare a before pass with an after pass.")
                          .arg(before.info.id));
    if (before.info.role != QualityRole::Before)
        return refuse(QStringLiteral("Pass %1 was asked with --role %2; the first pass of a comparison must be a "
                                     "before pass, which carries the rule.")
                          .arg(before.info.id)
                          .arg(qualityRoleName(before.info.role)));
    if (after.info.role != QualityRole::After)
        return refuse(QStringLiteral("Pass %1 was asked with --role %2; the second pass of a comparison must be an "
                                     "after pass.")
                          .arg(after.info.id)
                          .arg(qualityRoleName(after.info.role)));
    if (before.info.setSha256 != after.info.setSha256)
        return refuse(QStringLiteral("A asked set %1 (sha256 %2…), B asked set %3 (sha256 %4…): only passes of the "
                                     "same questions can be compared. Ask both with the same --set.")
                          .arg(before.info.setName, before.info.setSha256.left(12), after.info.setName,
                              after.info.setSha256.left(12)));
    if (!before.info.allowedDropPp)
        return refuse(
            QStringLiteral("Pass %1 holds no allowed drop, so there is no rule to judge by.").arg(before.info.id));

    QualityComparison c;
    c.before = before.info;
    c.after = after.info;
    c.confidence = confidence;
    c.allowedDropPp = *before.info.allowedDropPp;

    QHash<QString, const QualityAnswer*> afterFirst;
    for (const QualityAnswer& a : after.answers) {
        if (a.repetition == 1)
            afterFirst.insert(a.questionId, &a);
    }
    QHash<QString, std::size_t> categoryIndex;
    std::vector<QualityChangedAnswer> nowWrong;
    std::vector<QualityChangedAnswer> nowRight;
    for (const QualityAnswer& b : before.answers) {
        if (b.repetition != 1)
            continue;
        const QualityAnswer* a = afterFirst.value(b.questionId);
        if (!a || !a->answered() || !b.answered()) {
            ++c.excluded;
            continue;
        }
        add(&c.counts, b.correct, a->correct);
        auto it = categoryIndex.find(b.category);
        if (it == categoryIndex.end()) {
            it = categoryIndex.insert(b.category, c.categories.size());
            c.categories.push_back({b.category, {}});
        }
        add(&c.categories[*it].counts, b.correct, a->correct);
        if (b.correct != a->correct) {
            QualityChangedAnswer changed {
                b.questionId, b.category, b.question, b.expected, b.reply, a->reply, a->correct};
            (a->correct ? nowRight : nowWrong).push_back(std::move(changed));
        }
    }
    if (c.counts.total() == 0)
        return refuse(QStringLiteral("No question got an answer in both pass %1 and pass %2, so there is nothing to "
                                     "compare.")
                          .arg(before.info.id)
                          .arg(after.info.id));
    c.changed = std::move(nowWrong);
    c.changed.insert(c.changed.end(), nowRight.begin(), nowRight.end());
    c.interval = QualityStatistics::pairedDifference(c.counts, confidence);
    c.mcNemarP = QualityStatistics::mcNemarExactP(c.counts.rightToWrong, c.counts.wrongToRight);
    c.beforeNoise = qualityNoiseFloor(before);
    c.afterNoise = qualityNoiseFloor(after);
    const std::optional<double> noise = c.beforeNoise && c.afterNoise ? std::max(*c.beforeNoise, *c.afterNoise)
        : c.beforeNoise                                               ? c.beforeNoise
                                                                      : c.afterNoise;
    const double moved = double(c.counts.rightToWrong + c.counts.wrongToRight) / c.counts.total();
    c.withinNoise = noise && moved <= *noise;
    c.verdict = QualityVerdict::decide(c.interval, c.allowedDropPp, confidence);
    // A before pass that got nothing right measured a broken server or a set that does not fit the model, not its
    // accuracy: any after pass "passes" against it (a green PASS of +80 points). Judged by nothing, it is said so.
    if (c.counts.bothRight + c.counts.rightToWrong == 0 && c.counts.total() > 0) {
        c.verdict.outcome = QualityVerdict::Outcome::Inconclusive;
        c.verdict.sentence = QStringLiteral("INCONCLUSIVE: the before pass (pass %1) got none of the %2 questions "
                                            "answered in both passes right, so it measured a broken server or a "
                                            "set that does not fit the model, not its accuracy. Ask the before "
                                            "pass again, then compare.")
                                 .arg(before.info.id)
                                 .arg(c.counts.total());
    }
    return c;
}

QString QualityComparison::noiseSentence() const
{
    if (!beforeNoise && !afterNoise)
        return {};
    auto pct = [](const std::optional<double>& v) {
        return v ? QString::number(*v * 100, 'f', 1) + u'%' : QStringLiteral("not measured (asked once)");
    };
    const double moved = double(counts.rightToWrong + counts.wrongToRight) / std::max(1, counts.total());
    QString s = QStringLiteral("Noise floor: %1 of answers moved between repetitions of the before pass, %2 of the "
                               "after pass; %3% moved between before and after.")
                    .arg(pct(beforeNoise), pct(afterNoise), QString::number(moved * 100, 'f', 1));
    if (withinNoise)
        s += QStringLiteral(" That is within the noise floor: the change moved no more answers than asking the same "
                            "server twice does.");
    return s;
}

QJsonObject QualityComparison::toJson() const
{
    QJsonArray categoryRows;
    for (const QualityCategoryRow& row : categories) {
        QJsonObject o = countsJson(row.counts);
        o.insert(QStringLiteral("category"), row.category);
        categoryRows.append(o);
    }
    QJsonArray changedRows;
    for (const QualityChangedAnswer& ch : changed) {
        changedRows.append(
            QJsonObject {{QStringLiteral("question_id"), ch.questionId}, {QStringLiteral("category"), ch.category},
                {QStringLiteral("question"), ch.question}, {QStringLiteral("expected"), ch.expected},
                {QStringLiteral("before_reply"), ch.beforeReply}, {QStringLiteral("after_reply"), ch.afterReply},
                {QStringLiteral("direction"),
                    ch.nowRight ? QStringLiteral("wrong_to_right") : QStringLiteral("right_to_wrong")}});
    }
    return {{QStringLiteral("before"), passJson(before)}, {QStringLiteral("after"), passJson(after)},
        {QStringLiteral("confidence"), confidence}, {QStringLiteral("allowed_drop_pp"), allowedDropPp},
        {QStringLiteral("counts"), countsJson(counts)},
        {QStringLiteral("interval"),
            QJsonObject {{QStringLiteral("lower"), interval.lower}, {QStringLiteral("upper"), interval.upper},
                {QStringLiteral("method"), QStringLiteral("newcombe-hybrid-score")}}},
        {QStringLiteral("mcnemar_exact_p"), mcNemarP}, {QStringLiteral("excluded"), excluded},
        {QStringLiteral("noise_floor"),
            QJsonObject {{QStringLiteral("before"), optionalJson(beforeNoise)},
                {QStringLiteral("after"), optionalJson(afterNoise)}, {QStringLiteral("within"), withinNoise}}},
        {QStringLiteral("categories"), categoryRows}, {QStringLiteral("changed"), changedRows},
        {QStringLiteral("verdict"), QualityVerdict::name(verdict.outcome)},
        {QStringLiteral("verdict_sentence"), verdict.sentence}};
}

} // namespace kp::core
