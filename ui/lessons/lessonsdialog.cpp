// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/lessons/lessonsdialog.h"

#include "core/analysis/lesson.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace kp::ui {

LessonsDialog::LessonsDialog(QWidget* parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_text(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("lessonsDialog"));
    setWindowTitle(tr("Lessons"));
    m_list->setObjectName(QStringLiteral("lessonList"));
    m_list->setAccessibleName(tr("Lessons"));
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setAccessibleName(tr("Lesson"));
    m_text->setOpenLinks(false);
    for (const kp::core::Lesson& lesson : kp::core::Lessons::all()) {
        auto* item = new QListWidgetItem(lesson.title, m_list);
        item->setData(Qt::UserRole, lesson.id);
    }
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (!item)
            return;
        if (const auto lesson = kp::core::Lessons::byId(item->data(Qt::UserRole).toString()))
            m_text->setMarkdown(lesson->markdown);
    });
    auto* splitter = new QSplitter(this);
    splitter->addWidget(m_list);
    splitter->addWidget(m_text);
    splitter->setStretchFactor(1, 3);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);
    resize(900, 600);
    m_list->setCurrentRow(0);
}

bool LessonsDialog::showLesson(const QString& id)
{
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(Qt::UserRole).toString() == id) {
            m_list->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

QString LessonsDialog::currentLesson() const
{
    const QListWidgetItem* item = m_list->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

} // namespace kp::ui
