// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/history/runannotationdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace kp::ui {

using kp::core::RunAnnotation;

RunAnnotationDialog::RunAnnotationDialog(
    qint64 runId, const QString& measured, const RunAnnotation& annotation, QWidget* parent)
    : QDialog(parent)
    , m_runId(runId)
    , m_name(new QLineEdit(annotation.name, this))
    , m_tags(new QLineEdit(annotation.tags.join(QStringLiteral(", ")), this))
    , m_notes(new QPlainTextEdit(annotation.notes, this))
{
    setObjectName(QStringLiteral("runAnnotationDialog"));
    setWindowTitle(tr("Run %1: name, tags and notes").arg(runId));
    m_name->setObjectName(QStringLiteral("annotationName"));
    m_name->setAccessibleName(tr("Name"));
    m_name->setPlaceholderText(tr("what this run was, e.g. baseline before the fp8 KV cache"));
    m_tags->setObjectName(QStringLiteral("annotationTags"));
    m_tags->setAccessibleName(tr("Tags"));
    m_tags->setPlaceholderText(tr("separated by commas, e.g. baseline, h100, nightly"));
    m_notes->setObjectName(QStringLiteral("annotationNotes"));
    m_notes->setAccessibleName(tr("Notes"));
    m_notes->setPlaceholderText(tr("why it was run, what was changed on the server, what to remember"));
    m_notes->setTabChangesFocus(true); // Tab leaves the notes for the buttons, as in a form

    // Which run is being named, in the words of the history: no second guess about which row was clicked.
    auto* what = new QLabel(measured, this);
    what->setObjectName(QStringLiteral("annotationRun"));
    what->setTextFormat(Qt::PlainText); // the model's name and the URL come from a server: data, never markup
    what->setWordWrap(true);

    auto* form = new QFormLayout;
    auto* nameLabel = new QLabel(tr("&Name:"), this);
    nameLabel->setBuddy(m_name);
    form->addRow(nameLabel, m_name);
    auto* tagsLabel = new QLabel(tr("&Tags:"), this);
    tagsLabel->setBuddy(m_tags);
    form->addRow(tagsLabel, m_tags);
    auto* notesLabel = new QLabel(tr("N&otes:"), this);
    notesLabel->setBuddy(m_notes);
    form->addRow(notesLabel, m_notes);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(what);
    layout->addLayout(form, 1);
    layout->addWidget(buttons);
    resize(560, 320);
    m_name->setFocus();
    m_name->selectAll();
}

RunAnnotation RunAnnotationDialog::annotation() const
{
    RunAnnotation a;
    a.name = m_name->text();
    a.tags = RunAnnotation::tagsFromText(m_tags->text());
    a.notes = m_notes->toPlainText();
    return a.cleaned();
}

} // namespace kp::ui
