// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QListWidget;
class QTextBrowser;

namespace kp::ui {

/// The bundled lessons that findings link to: a list on the left, the lesson on the right.
class LessonsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit LessonsDialog(QWidget* parent = nullptr);
    /// Shows lesson `id`; false when there is none.
    bool showLesson(const QString& id);
    QString currentLesson() const;

private:
    QListWidget* m_list;
    QTextBrowser* m_text;
};

} // namespace kp::ui
