// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The report's wrapped label: the height a layout is told is the one a plain QLabel measures, for its text and font
// as they are now, though it remembers heights between changes.
#include "ui/report/wrappedlabel.h"

#include <QTest>

using kp::ui::WrappedLabel;

class TestWrappedLabel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theHeightFollowsTheTextAndTheFont()
    {
        const QString longer = QStringLiteral("For your chat traffic this server holds about 73 users at a p99 TTFT "
                                              "of 500 ms; past that, requests queue and the first token waits. ")
                                   .repeated(4);
        WrappedLabel label;
        label.setTextInteractionFlags(Qt::TextSelectableByMouse); // as the report's, laid out by a text document
        QLabel plain;
        plain.setWordWrap(true);
        plain.setTextInteractionFlags(Qt::TextSelectableByMouse);
        const auto same = [&](int width) {
            plain.setText(label.text());
            plain.setTextFormat(label.textFormat());
            plain.setFont(label.font());
            return label.heightForWidth(width) == plain.heightForWidth(width);
        };

        label.setText(QStringLiteral("About 73 users."));
        const int shortHeight = label.heightForWidth(300);
        QVERIFY(same(300));
        QVERIFY(same(120));

        label.setText(longer);
        QVERIFY2(label.heightForWidth(300) > 2 * shortHeight, "a new text is measured, not the last one remembered");
        QVERIFY(same(300));
        QVERIFY(same(600));
        QVERIFY(label.heightForWidth(600) < label.heightForWidth(300));

        label.setTextFormat(Qt::RichText);
        label.setText(QStringLiteral("<b>") + longer + QStringLiteral("</b>"));
        QVERIFY(same(300));

        const int before = label.heightForWidth(300);
        QFont bigger = label.font();
        bigger.setPointSizeF(bigger.pointSizeF() * 2);
        label.setFont(bigger);
        QVERIFY2(label.heightForWidth(300) > before, "a new font is measured again");
        QVERIFY(same(300));

        const int unmargined = label.heightForWidth(300);
        label.setContentsMargins(0, 20, 0, 20);
        QCOMPARE(label.heightForWidth(300), unmargined + 40);
    }
};

QTEST_MAIN(TestWrappedLabel)
#include "tst_wrappedlabel.moc"
