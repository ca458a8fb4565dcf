// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QJsonObject>

class QTextBrowser;

namespace kp::ui {

/// A report file of ours (`kneepoint report --format json`) opened from disk, read-only: the run, the verdict, the
/// capacity, the scorecard per load, the walls, the doubts and the findings, as the file states them. A report holds
/// the analysis but not the requests, so what-if and export need the run store it came from; the window opens the
/// stored run instead where it has it.
class ReportFileView : public QDialog
{
    Q_OBJECT

public:
    ReportFileView(const QJsonObject& report, const QString& fileName, QWidget* parent = nullptr);

    /// The report as HTML, built from the file's fields only; every value from the file is escaped.
    static QString toHtml(const QJsonObject& report, const QString& fileName);
    QString html() const;

private:
    QTextBrowser* m_text;
};

} // namespace kp::ui
