// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/tune/tunedialog.h"

#include "core/plan/sweepinput.h"
#include "core/plan/trafficprofile.h"
#include "ui/tune/tuneworker.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

namespace kp::ui {

using namespace kp::core;

namespace {

QSpinBox* spin(QWidget* parent, int low, int high, int value, const QString& special = {})
{
    auto* s = new QSpinBox(parent);
    s->setRange(low, high);
    s->setValue(value);
    s->setSpecialValueText(special);
    return s;
}

} // namespace

TuneDialog::TuneDialog(const QString& databasePath, const LaunchRequest& launch, QWidget* parent)
    : QDialog(parent)
    , m_path(databasePath)
    , m_launch(launch)
    , m_settings(new QLineEdit(this))
    , m_users(new QLineEdit(this))
    , m_requests(spin(this, 0, 1'000'000, 0, tr("six per user")))
    , m_ttft(spin(this, 1, 600'000, int(*RunOptions::defaultTargets().ttftMs)))
    , m_tpot(spin(this, 1, 60'000, int(*RunOptions::defaultTargets().tpotMs)))
    , m_percentile(new QComboBox(this))
    , m_maxTrials(spin(this, 1, 64, TuneRequest().maxTrials))
    , m_maxMinutes(spin(this, 0, 7 * 24 * 60, 0, tr("no limit")))
    , m_quality(new QCheckBox(tr("Check the answers of a setting that can change them (KV cache dtype, "
                                 "quantisation, speculative decoding)"),
          this))
    , m_command(new QLabel(this))
    , m_status(new QLabel(this))
    , m_flag(new QLabel(this))
    , m_log(new QPlainTextEdit(this))
    , m_start(new QPushButton(tr("&Start"), this))
    , m_stop(new QPushButton(tr("S&top"), this))
    , m_copyFlag(new QPushButton(tr("&Copy flag"), this))
    , m_table(new QPushButton(tr("Show the ta&ble…"), this))
{
    setObjectName(QStringLiteral("tuneDialog"));
    setWindowTitle(tr("Find the best setting"));
    qRegisterMetaType<ExperimentPtr>();
    const auto name = [](QWidget* w, const char* id, const QString& accessible) {
        w->setObjectName(QLatin1String(id));
        w->setAccessibleName(accessible);
    };
    const bool llama = launch.engine == LaunchEngine::LlamaCpp;
    name(m_settings, "tuneSettings", tr("Settings to try"));
    m_settings->setPlaceholderText(llama ? QStringLiteral("parallel=2,4,8") : QStringLiteral("max-num-seqs=64,128"));
    m_settings->setToolTip(tr("Each KEY=V1,V2 is an engine argument and its values, each value tried alone against "
                              "the baseline; separate several keys with spaces. The same allow-list as Start a "
                              "server applies."));
    name(m_users, "tuneUsers", tr("Users"));
    QStringList users;
    for (const int u : RunOptions::defaultConcurrency())
        users << QString::number(u);
    m_users->setText(users.join(u','));
    name(m_requests, "tuneRequests", tr("Requests per step"));
    name(m_ttft, "tuneTtft", tr("TTFT target"));
    m_ttft->setSuffix(tr(" ms"));
    name(m_tpot, "tuneTpot", tr("TPOT target"));
    m_tpot->setSuffix(tr(" ms"));
    name(m_percentile, "tunePercentile", tr("Percentile"));
    for (const double p : percentileChoices())
        m_percentile->addItem(percentileLabel(p), p);
    m_percentile->setCurrentIndex(m_percentile->findData(RunOptions().percentile));
    name(m_maxTrials, "tuneMaxTrials", tr("Most settings to measure"));
    name(m_maxMinutes, "tuneMaxMinutes", tr("Most minutes"));
    m_maxMinutes->setSuffix(tr(" min"));
    name(m_quality, "tuneQuality", tr("Check the answers"));
    m_quality->setChecked(true);
    name(m_command, "tuneCommand", tr("The same from the command line"));
    m_command->setWordWrap(true);
    m_command->setTextFormat(Qt::PlainText);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    name(m_status, "tuneStatus", tr("Status"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    name(m_flag, "tuneFlag", tr("Flag to copy"));
    m_flag->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_flag->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_flag->setVisible(false);
    name(m_log, "tuneLog", tr("What happens"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(20'000);
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_start->setObjectName(QStringLiteral("tuneStart"));
    m_stop->setObjectName(QStringLiteral("tuneStop"));
    m_copyFlag->setObjectName(QStringLiteral("tuneCopyFlag"));
    m_copyFlag->setVisible(false);
    m_table->setObjectName(QStringLiteral("tuneShowTable"));
    m_table->setEnabled(false);

    auto* form = new QFormLayout;
    form->addRow(tr("Setti&ngs to try:"), m_settings);
    form->addRow(tr("&Users:"), m_users);
    form->addRow(tr("&Requests per step:"), m_requests);
    auto* targets = new QHBoxLayout;
    auto* tpotLabel = new QLabel(tr("T&POT:"), this);
    tpotLabel->setBuddy(m_tpot);
    auto* percentileLabel = new QLabel(tr("at p&ercentile:"), this);
    percentileLabel->setBuddy(m_percentile);
    targets->addWidget(m_ttft, 1);
    targets->addWidget(tpotLabel);
    targets->addWidget(m_tpot, 1);
    targets->addWidget(percentileLabel);
    targets->addWidget(m_percentile);
    auto* ttftLabel = new QLabel(tr("Tar&gets: TTFT:"), this);
    ttftLabel->setBuddy(m_ttft);
    form->addRow(ttftLabel, targets);
    auto* budget = new QHBoxLayout;
    auto* minutesLabel = new QLabel(tr("no trial starts after:"), this);
    minutesLabel->setBuddy(m_maxMinutes);
    budget->addWidget(m_maxTrials, 1);
    budget->addWidget(minutesLabel);
    budget->addWidget(m_maxMinutes, 1);
    auto* trialsLabel = new QLabel(tr("Most settings to &measure:"), this);
    trialsLabel->setBuddy(m_maxTrials);
    form->addRow(trialsLabel, budget);
    form->addRow(QString(), m_quality);
    auto* explain = new QLabel(tr("The server is the one filled in under Start a server: it is launched once as it "
                                  "is (the baseline), then once with each setting alone, each proven, swept under "
                                  "the targets, and stopped and removed. A setting is recommended only when its "
                                  "capacity beat the baseline's beyond noise and its answers held. Every trial is a "
                                  "stored run."),
        this);
    explain->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_table);
    buttons->addStretch(1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addWidget(close);
    auto* flagRow = new QHBoxLayout;
    flagRow->addWidget(m_flag, 1);
    flagRow->addWidget(m_copyFlag);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(explain);
    layout->addLayout(form);
    layout->addWidget(m_command);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addLayout(flagRow);
    layout->addWidget(m_log, 1);
    resize(820, 720);

    connect(m_start, &QPushButton::clicked, this, &TuneDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &TuneDialog::stop);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_copyFlag, &QPushButton::clicked, this, [this] {
        if (!m_experiment)
            return;
        QApplication::clipboard()->setText(m_experiment->flagToCopy);
        m_status->setText(tr("Copied %1 to the clipboard.").arg(m_experiment->flagToCopy));
    });
    connect(m_table, &QPushButton::clicked, this, [this] {
        if (m_experiment)
            Q_EMIT showExperiment(m_experiment->id);
    });
    for (QLineEdit* e : {m_settings, m_users})
        connect(e, &QLineEdit::textChanged, this, &TuneDialog::updateCommand);
    for (QSpinBox* s : {m_requests, m_ttft, m_tpot, m_maxTrials, m_maxMinutes})
        connect(s, &QSpinBox::valueChanged, this, &TuneDialog::updateCommand);
    connect(m_percentile, &QComboBox::currentIndexChanged, this, &TuneDialog::updateCommand);
    connect(m_quality, &QCheckBox::toggled, this, &TuneDialog::updateCommand);
    m_thread.setObjectName(QStringLiteral("kneepoint-tune"));
    m_status->setText(tr("Name the settings to try, then Start."));
    updateCommand();
    updateButtons();
}

TuneDialog::~TuneDialog()
{
    // The window is closing: the trial in progress is stopped, and its server stopped and removed, before the thread
    // it was started from ends.
    joinWorker();
}

void TuneDialog::joinWorker()
{
    // The worker quits its thread when it is done; quitting it from here would end the trial's event loops too.
    if (m_worker && m_thread.isRunning())
        QMetaObject::invokeMethod(m_worker, &TuneWorker::cancel, Qt::QueuedConnection);
    m_thread.wait();
}

std::optional<TuneRequest> TuneDialog::request(QString* error) const
{
    TuneRequest r;
    r.launch = m_launch;
    const QStringList tries
        = m_settings->text().split(QRegularExpression(QStringLiteral("[\\s;]+")), Qt::SkipEmptyParts);
    if (tries.isEmpty()) {
        *error = tr("Name the settings to try, such as %1.").arg(m_settings->placeholderText());
        return std::nullopt;
    }
    std::optional<QList<TuneSetting>> settings = TuneSetting::parse(tries, error);
    if (!settings)
        return std::nullopt;
    r.settings = *settings;
    QString bad;
    const std::optional<QList<int>> users = SweepInput::users(m_users->text(), 1, 100'000, &bad);
    if (!users || users->isEmpty()) {
        *error = tr("Users takes whole numbers separated by commas, such as 1,2,4,8, not '%1'.").arg(bad);
        return std::nullopt;
    }
    r.sweep.concurrency = *users;
    r.sweep.requestsPerStep = m_requests->value();
    r.sweep.slo.ttftMs = m_ttft->value();
    r.sweep.slo.tpotMs = m_tpot->value();
    r.sweep.percentile = m_percentile->currentData().toDouble();
    r.maxTrials = m_maxTrials->value();
    r.maxMinutes = m_maxMinutes->value();
    r.quality = m_quality->isChecked();
    return r;
}

QString TuneDialog::statusText() const
{
    return m_status->text();
}

QString TuneDialog::logText() const
{
    return m_log->toPlainText();
}

void TuneDialog::updateCommand()
{
    QString error;
    const std::optional<TuneRequest> r = request(&error);
    m_command->setText(r ? tr("Same as: kneepoint tune %1").arg(r->arguments().join(u' ')) : error);
}

void TuneDialog::updateButtons()
{
    const bool running = isRunning();
    for (QWidget* w : std::initializer_list<QWidget*> {
             m_settings, m_users, m_requests, m_ttft, m_tpot, m_percentile, m_maxTrials, m_maxMinutes, m_quality})
        w->setEnabled(!running);
    m_start->setEnabled(!running);
    m_stop->setEnabled(running && !m_stopping);
    m_table->setEnabled(!running && m_experiment && !m_experiment->trials.isEmpty());
}

void TuneDialog::start()
{
    if (isRunning())
        return;
    QString error;
    const std::optional<TuneRequest> r = request(&error);
    if (!r) {
        m_status->setText(error);
        return;
    }
    joinWorker();
    m_log->clear();
    m_experiment.reset();
    m_flag->setVisible(false);
    m_copyFlag->setVisible(false);
    m_stopping = false;
    m_log->appendPlainText(tr("Same as: kneepoint tune %1").arg(r->arguments().join(u' ')));
    m_status->setText(tr("Checking every launch before the first starts…"));
    m_worker = new TuneWorker(*r, m_path);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TuneWorker::line, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_worker, &TuneWorker::trialStarted, this, [this](int number, int total, const QString& label) {
        if (!m_stopping)
            m_status->setText(tr("Trial %1 of at most %2: %3.").arg(number).arg(total).arg(label));
    });
    connect(m_worker, &TuneWorker::trialStored, this, &TuneDialog::runStored);
    connect(m_worker, &TuneWorker::refused, this, [this](const QString& sentence, const QStringList& checks) {
        for (const QString& line : checks)
            m_log->appendPlainText(line);
        m_status->setText(tr("Nothing was started: %1").arg(sentence));
        m_worker = nullptr;
        updateButtons();
    });
    connect(m_worker, &TuneWorker::finished, this, &TuneDialog::finished);
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, &TuneWorker::start, Qt::QueuedConnection);
    updateButtons();
}

void TuneDialog::stop()
{
    if (!m_worker || m_stopping)
        return;
    m_stopping = true;
    m_status->setText(tr("Stopping: the step in progress is cancelled, and the server is stopped and removed…"));
    QMetaObject::invokeMethod(m_worker, &TuneWorker::cancel, Qt::QueuedConnection);
    updateButtons();
}

void TuneDialog::finished(const ExperimentPtr& experiment, bool interrupted)
{
    m_worker = nullptr;
    m_experiment = experiment;
    const QString recommendation = experiment->recommendation.isEmpty()
        ? tr("The baseline was not measured: the log says why.")
        : experiment->recommendation;
    m_status->setText(interrupted ? tr("Stopped. From what was measured: %1").arg(recommendation) : recommendation);
    m_flag->setText(experiment->flagToCopy);
    m_flag->setVisible(!experiment->flagToCopy.isEmpty());
    m_copyFlag->setVisible(!experiment->flagToCopy.isEmpty());
    m_log->appendPlainText(QString());
    m_log->appendPlainText(experiment->text());
    updateButtons();
}

void TuneDialog::done(int result)
{
    if (isRunning()) {
        QMessageBox question(QMessageBox::Question, windowTitle(),
            tr("Stop the experiment? The trial in progress is cancelled (its completed steps are kept) and its server "
               "stopped and removed."),
            QMessageBox::Yes | QMessageBox::No, this);
        question.setObjectName(QStringLiteral("stopExperimentQuestion"));
        question.setDefaultButton(QMessageBox::No);
        question.setEscapeButton(QMessageBox::No);
        if (question.exec() != QMessageBox::Yes)
            return;
        stop();
        QApplication::setOverrideCursor(Qt::BusyCursor);
        joinWorker();
        QApplication::restoreOverrideCursor();
    }
    QDialog::done(result);
}

} // namespace kp::ui
