// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/consistency.h"

#include <QRegularExpression>

QStringList verdictFiguresWithoutEvidence(const QString& verdict, const QString& analysisText)
{
    // The evidence is everything but the verdict itself, wherever the text repeats it whole.
    QString evidence = analysisText;
    evidence.replace(verdict, QString());
    // A figure as the text formats it: digits with thousands separators and decimals, not part of a word.
    static const QRegularExpression figure(QStringLiteral(R"((?<![\w.,])\d[\d,]*(?:\.\d+)?)"));
    QStringList missing;
    for (auto it = figure.globalMatch(verdict); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString number = m.captured();
        while (number.endsWith(u','))
            number.chop(1); // the sentence's comma, not the figure's
        const QRegularExpression same(
            QStringLiteral(R"((?<![\w.,])%1(?![\d]|[.,]\d))").arg(QRegularExpression::escape(number)));
        if (!same.match(evidence).hasMatch())
            missing << QStringLiteral("%1 in \"…%2…\"")
                           .arg(number, verdict.mid(std::max(0, int(m.capturedStart()) - 40), 80));
    }
    return missing;
}
