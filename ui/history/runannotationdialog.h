// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/store/runannotation.h"

#include <QDialog>

class QLineEdit;
class QPlainTextEdit;

namespace kp::ui {

/// Edits what the user says of one run: its name, tags and notes (`kneepoint annotate` on the command line). It
/// only edits: the caller stores annotation() when the dialog is accepted.
class RunAnnotationDialog : public QDialog
{
    Q_OBJECT

public:
    RunAnnotationDialog(
        qint64 runId, const QString& measured, const kp::core::RunAnnotation& annotation, QWidget* parent = nullptr);

    qint64 runId() const { return m_runId; }
    /// What the fields hold, cleaned (RunAnnotation::cleaned()).
    kp::core::RunAnnotation annotation() const;

private:
    qint64 m_runId;
    QLineEdit* m_name;
    QLineEdit* m_tags;
    QPlainTextEdit* m_notes;
};

} // namespace kp::ui
