// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "settingsdialog.h"

#include "settings/appearance.h"
#include "store/runstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace kp::ui {

namespace {

const QString kDatabaseKey = QStringLiteral("databasePath");

} // namespace

QString SettingsDialog::databasePath()
{
    if (qEnvironmentVariableIsSet("KNEEPOINT_DB"))
        return kp::core::RunStore::defaultPath();
    const QString chosen = QSettings().value(kDatabaseKey).toString();
    return chosen.isEmpty() ? kp::core::RunStore::defaultPath() : chosen;
}

SettingsDialog::SettingsDialog(QWidget* parent)
    : QDialog(parent)
    , m_appearance(new QComboBox(this))
    , m_database(new QLineEdit(this))
    , m_demoAgain(new QCheckBox(tr("Measure the demo again at the next start"), this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    m_database->setObjectName(QStringLiteral("databaseEdit"));
    m_database->setAccessibleName(tr("Run history file"));
    m_database->setText(QDir::toNativeSeparators(databasePath()));
    m_demoAgain->setObjectName(QStringLiteral("demoAgainCheck"));
    auto* browse = new QPushButton(tr("Choose…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Run history file"), m_database->text(),
            tr("Kneepoint database (*.sqlite)"), nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            m_database->setText(QDir::toNativeSeparators(path));
    });
    auto* row = new QHBoxLayout;
    row->addWidget(m_database, 1);
    row->addWidget(browse);
    m_appearance->setObjectName(QStringLiteral("appearanceCombo"));
    m_appearance->setAccessibleName(tr("Appearance"));
    m_appearance->addItem(tr("Follow the system"), int(Appearance::Mode::System));
    m_appearance->addItem(tr("Light"), int(Appearance::Mode::Light));
    m_appearance->addItem(tr("Dark"), int(Appearance::Mode::Dark));
    m_appearance->setCurrentIndex(m_appearance->findData(int(Appearance::current())));
    // Shown at once, so the choice is made by looking; Cancel takes it back.
    connect(m_appearance, &QComboBox::currentIndexChanged, this,
        [this] { Appearance::apply(Appearance::Mode(m_appearance->currentData().toInt())); });
    auto* form = new QFormLayout;
    auto* appearanceLabel = new QLabel(tr("&Appearance"), this);
    appearanceLabel->setBuddy(m_appearance);
    form->addRow(appearanceLabel, m_appearance);
    auto* databaseLabel = new QLabel(tr("Run &history"), this);
    databaseLabel->setBuddy(m_database);
    form->addRow(databaseLabel, row);
    auto* note = new QLabel(qEnvironmentVariableIsSet("KNEEPOINT_DB")
            ? tr("KNEEPOINT_DB is set, so it decides where runs are stored; this choice applies once it is not.")
            : tr("A new location is used from the next start; the runs stored so far stay where they are."),
        this);
    note->setWordWrap(true);
    form->addRow(QString(), note);
    form->addRow(QString(), m_demoAgain);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(buttons);
    resize(620, 200);
}

void SettingsDialog::reject()
{
    const auto saved = Appearance::saved();
    if (Appearance::current() != saved)
        Appearance::apply(saved);
    QDialog::reject();
}

void SettingsDialog::save()
{
    Appearance::save(Appearance::Mode(m_appearance->currentData().toInt()));
    QSettings settings;
    const QString path = QDir::fromNativeSeparators(m_database->text().trimmed());
    if (path.isEmpty() || path == kp::core::RunStore::defaultPath())
        settings.remove(kDatabaseKey);
    else
        settings.setValue(kDatabaseKey, path);
    if (m_demoAgain->isChecked())
        settings.remove(QStringLiteral("demoOffered"));
}

} // namespace kp::ui
