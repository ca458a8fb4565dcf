// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/settings/settingsdialog.h"

#include "core/catalog/catalog.h"
#include "core/plan/trafficprofile.h"
#include "core/store/runstore.h"
#include "ui/settings/appearance.h"
#include "ui/settings/newrundefaults.h"
#include "ui/wizard/trafficpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kp::ui {

namespace {

const QString kDatabaseKey = QStringLiteral("databasePath");
const QString kLanguageKey = QStringLiteral("language");

// A target's field: 0 is "the product's own", said in words, as the wizard's Defaults button restores it.
QSpinBox* targetSpin(const QString& name, const QString& accessible, std::optional<double> value, QWidget* parent)
{
    auto* spin = new QSpinBox(parent);
    spin->setObjectName(name);
    spin->setAccessibleName(accessible);
    spin->setRange(0, 600'000);
    spin->setSingleStep(50);
    spin->setSuffix(SettingsDialog::tr(" ms"));
    spin->setValue(int(std::lround(value.value_or(0))));
    return spin;
}

} // namespace

QString SettingsDialog::language()
{
    const QString chosen = QSettings().value(kLanguageKey).toString();
    return chosen == u"en" || chosen == u"de" ? chosen : QString();
}

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
    , m_language(new QComboBox(this))
    , m_database(new QLineEdit(this))
    , m_demoAgain(new QCheckBox(tr("Measure the demo again at the next start"), this))
    , m_product(new QComboBox(this))
    , m_percentile(new QComboBox(this))
    , m_gpu(new QComboBox(this))
{
    const NewRunDefaults defaults = NewRunDefaults::load();
    m_ttft = targetSpin(QStringLiteral("defaultTtftSpin"), tr("Default TTFT target"), defaults.ttftMs, this);
    m_tpot = targetSpin(QStringLiteral("defaultTpotSpin"), tr("Default TPOT target"), defaults.tpotMs, this);
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
    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_language->setAccessibleName(tr("Language"));
    m_language->addItem(tr("Follow the system"), QString());
    // Each language in its own words, so that a person who cannot read the current one still finds theirs.
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("Deutsch"), QStringLiteral("de"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(language())));

    m_product->setObjectName(QStringLiteral("defaultProductCombo"));
    m_product->setAccessibleName(tr("Default traffic product"));
    for (const QString& p : core::RunOptions::products())
        m_product->addItem(TrafficPage::productName(p), p);
    m_product->setCurrentIndex(std::max(0, m_product->findData(defaults.product)));
    // 0 leaves a target to the product, and says what that is for the product chosen.
    const auto productTargets = [this] {
        const core::SloTargets d = core::RunOptions::defaultTargets(m_product->currentData().toString());
        const QLocale l;
        m_ttft->setSpecialValueText(tr("the product's (%1 ms)").arg(l.toString(d.ttftMs.value_or(0))));
        m_tpot->setSpecialValueText(tr("the product's (%1 ms)").arg(l.toString(d.tpotMs.value_or(0))));
    };
    productTargets();
    connect(m_product, &QComboBox::currentIndexChanged, this, productTargets);
    m_percentile->setObjectName(QStringLiteral("defaultPercentileCombo"));
    m_percentile->setAccessibleName(tr("Default percentile"));
    for (const double p : core::percentileChoices())
        m_percentile->addItem(core::percentileLabel(p), p);
    m_percentile->setCurrentIndex(
        std::max(0, m_percentile->findData(defaults.percentile > 0 ? defaults.percentile : 99.0)));
    m_gpu->setObjectName(QStringLiteral("defaultGpuCombo"));
    m_gpu->setAccessibleName(tr("Default GPU"));
    m_gpu->addItem(tr("Chosen in the wizard"), QString());
    const core::Catalog catalog = core::Catalog::forUser(); // gpus() is a reference into it
    for (const core::GpuSpec& g : catalog.gpus())
        m_gpu->addItem(g.name, g.id);
    m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(defaults.gpu)));

    auto* form = new QFormLayout;
    auto* appearanceLabel = new QLabel(tr("&Appearance"), this);
    appearanceLabel->setBuddy(m_appearance);
    form->addRow(appearanceLabel, m_appearance);
    auto* languageLabel = new QLabel(tr("&Language"), this);
    languageLabel->setBuddy(m_language);
    form->addRow(languageLabel, m_language);
    auto* languageNote = new QLabel(tr("A language chosen here is used from the next start."), this);
    languageNote->setWordWrap(true);
    form->addRow(QString(), languageNote);
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

    // What the wizard starts a new run from; the address, levels and Quick look come from the last run.
    auto* newRuns = new QGroupBox(tr("New runs start with"), this);
    auto* runForm = new QFormLayout(newRuns);
    const auto runRow = [this, runForm](const QString& text, QWidget* field) {
        auto* label = new QLabel(text, this);
        label->setBuddy(field);
        runForm->addRow(label, field);
    };
    runRow(tr("&Traffic:"), m_product);
    runRow(tr("TT&FT target:"), m_ttft);
    runRow(tr("TP&OT target:"), m_tpot);
    runRow(tr("Perce&ntile:"), m_percentile);
    runRow(tr("&GPU:"), m_gpu);
    auto* newRunsNote = new QLabel(tr("The wizard also keeps the last run's server address, concurrency levels and "
                                      "Quick look. Never its API key."),
        this);
    newRunsNote->setWordWrap(true);
    runForm->addRow(QString(), newRunsNote);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        save();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(newRuns);
    layout->addStretch(1);
    layout->addWidget(buttons);
    resize(620, 480);
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
    if (const QString chosen = m_language->currentData().toString(); chosen.isEmpty())
        settings.remove(kLanguageKey);
    else
        settings.setValue(kLanguageKey, chosen);
    NewRunDefaults defaults = NewRunDefaults::load();
    defaults.product = m_product->currentData().toString();
    defaults.ttftMs = m_ttft->value() > 0 ? std::optional<double>(m_ttft->value()) : std::nullopt;
    defaults.tpotMs = m_tpot->value() > 0 ? std::optional<double>(m_tpot->value()) : std::nullopt;
    defaults.percentile = m_percentile->currentData().toDouble();
    defaults.gpu = m_gpu->currentData().toString();
    defaults.save();
}

} // namespace kp::ui
