// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QJsonObject>

class QTextBrowser;

namespace kp::ui {

/// A report file of ours (`kneepoint report --format json`) opened from disk, read-only: the document the file holds
/// (JsonReport::read), drawn as the HTML report draws it. A report holds the analysis but not the requests, so what-if
/// and export need the run store it came from; the window opens the stored run instead where it has it.
class ReportFileView : public QDialog
{
    Q_OBJECT

public:
    ReportFileView(const QJsonObject& report, const QString& fileName, QWidget* parent = nullptr);

    /// The report as HTML: the file's document as the HTML report writes it (every value escaped), with where it was
    /// read from.
    static QString toHtml(const QJsonObject& report, const QString& fileName);
    QString html() const;

private:
    QTextBrowser* m_text;
};

} // namespace kp::ui
