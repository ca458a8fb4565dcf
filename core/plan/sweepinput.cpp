// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/plan/sweepinput.h"

#include "core/load/loadplan.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

namespace kp::core {

QStringList SweepInput::parts(const QString& text)
{
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

std::optional<QList<Shape>> SweepInput::shapes(const QString& text, int maxTokens, QString* bad)
{
    QList<Shape> list;
    for (const QString& part : parts(text)) {
        const QStringList io = part.split(u'/');
        bool okIn = false;
        bool okOut = false;
        const int in = io.value(0).toInt(&okIn);
        const int out = io.value(1).toInt(&okOut);
        if (io.size() != 2 || !okIn || !okOut || in < 1 || out < 1 || in > maxTokens || out > maxTokens) {
            *bad = part;
            return std::nullopt;
        }
        list.append(Shape {in, out});
    }
    return list;
}

std::optional<QString> SweepInput::promptTooShort(const QList<Shape>& shapes, int sharedPrefixTokens)
{
    const int shortest = sharedPrefixTokens + RequestTemplate::kUniqueWords + 2;
    for (const Shape& shape : shapes) {
        if (shape.input >= shortest)
            continue;
        if (sharedPrefixTokens > 0)
            return QCoreApplication::translate("SweepInput",
                "A shared prefix of %1 tokens leaves no room in a %2-token prompt for each request's own %3 words: "
                "use a shared prefix of %4 tokens or less, or prompts of %5 tokens or more.")
                .arg(sharedPrefixTokens)
                .arg(shape.input)
                .arg(RequestTemplate::kUniqueWords)
                .arg(std::max(0, shape.input - RequestTemplate::kUniqueWords - 2))
                .arg(shortest);
        return QCoreApplication::translate("SweepInput",
            "A %1-token prompt is shorter than any Kneepoint sends: each prompt starts with %2 words of its own, so "
            "that no two share a prefix, and the BOS token, %3 tokens in all. Ask for %3 tokens in or more (such as "
            "%3/%4).")
            .arg(shape.input)
            .arg(RequestTemplate::kUniqueWords)
            .arg(shortest)
            .arg(shape.output);
    }
    return std::nullopt;
}

std::optional<QList<int>> SweepInput::users(const QString& text, int min, int max, QString* bad)
{
    QList<int> list;
    for (const QString& part : parts(text)) {
        bool ok = false;
        const int v = part.toInt(&ok);
        if (!ok || v < min || v > max) {
            *bad = part;
            return std::nullopt;
        }
        list.append(v);
    }
    return list;
}

std::optional<QList<double>> SweepInput::rates(const QString& text, QString* bad)
{
    QList<double> list;
    const QLocale locale;
    for (const QString& part : parts(text)) {
        bool ok = false;
        double rate = locale.toDouble(part, &ok);
        if (!ok)
            rate = part.toDouble(&ok);
        if (!ok || !(rate > 0) || rate > 1e6) {
            *bad = part;
            return std::nullopt;
        }
        list.append(rate);
    }
    return list;
}

} // namespace kp::core
