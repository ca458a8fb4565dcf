// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/tune/experimentdialog.h"

#include "core/report/experimentreport.h"
#include "core/report/reportformat.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kp::ui {

using namespace kp::core;

namespace {

constexpr int RunColumn = 2;

} // namespace

ExperimentDialog::ExperimentDialog(const QString& databasePath, QWidget* parent, const QString& id)
    : QDialog(parent)
    , m_worker(new ExperimentWorker(databasePath))
    , m_choice(new QComboBox(this))
    , m_recommendation(new QLabel(this))
    , m_flag(new QLabel(this))
    , m_copyFlag(new QPushButton(tr("&Copy flag"), this))
    , m_table(new QTableWidget(this))
    , m_status(new QLabel(this))
    , m_openRun(new QPushButton(tr("&Open run"), this))
    , m_export(new QPushButton(tr("&Export…"), this))
    , m_firstId(id)
{
    setObjectName(QStringLiteral("experimentDialog"));
    setWindowTitle(tr("Experiments"));
    qRegisterMetaType<ExperimentPtr>();
    qRegisterMetaType<StoredExperiments>();
    m_thread.setObjectName(QStringLiteral("kneepoint-experiments"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &ExperimentDialog::listRequested, m_worker, &ExperimentWorker::list);
    connect(this, &ExperimentDialog::loadRequested, m_worker, &ExperimentWorker::load);
    connect(m_worker, &ExperimentWorker::listed, this, &ExperimentDialog::showList);
    connect(m_worker, &ExperimentWorker::ready, this, &ExperimentDialog::showExperiment);
    connect(m_worker, &ExperimentWorker::failed, this, [this](quint64 generation, const QString& error) {
        if (generation != m_generation)
            return;
        m_loading = false;
        QApplication::restoreOverrideCursor();
        m_status->setText(error);
    });
    m_thread.start();

    m_choice->setObjectName(QStringLiteral("experimentChoice"));
    m_choice->setAccessibleName(tr("Experiment"));
    m_choice->setEnabled(false);
    auto* choiceLabel = new QLabel(tr("E&xperiment:"), this);
    choiceLabel->setBuddy(m_choice);
    m_recommendation->setObjectName(QStringLiteral("experimentRecommendation"));
    m_recommendation->setWordWrap(true);
    m_recommendation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bigger = m_recommendation->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 1.1);
    m_recommendation->setFont(bigger);
    m_flag->setObjectName(QStringLiteral("experimentFlag"));
    m_flag->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_flag->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_copyFlag->setObjectName(QStringLiteral("copyFlagButton"));
    m_copyFlag->setVisible(false);
    m_flag->setVisible(false);
    connect(m_copyFlag, &QPushButton::clicked, this, [this] {
        if (!m_experiment)
            return;
        QApplication::clipboard()->setText(m_experiment->flagToCopy);
        m_status->setText(tr("Copied %1 to the clipboard.").arg(m_experiment->flagToCopy));
    });
    m_table->setObjectName(QStringLiteral("experimentTable"));
    m_table->setAccessibleName(tr("Trials, ranked by capacity"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(true);
    m_table->setTabKeyNavigation(false);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] { m_openRun->setEnabled(selectedRun() >= 0); });
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this] {
        if (const qint64 run = selectedRun(); run >= 0)
            Q_EMIT openRun(run);
    });
    m_status->setObjectName(QStringLiteral("experimentStatus"));
    m_status->setWordWrap(true);
    m_status->setText(tr("Reading the stored experiments…"));

    m_openRun->setObjectName(QStringLiteral("openRunButton"));
    m_openRun->setEnabled(false);
    m_openRun->setToolTip(tr("Show the selected trial's run in the window"));
    connect(m_openRun, &QPushButton::clicked, this, [this] {
        if (const qint64 run = selectedRun(); run >= 0)
            Q_EMIT openRun(run);
    });
    m_export->setObjectName(QStringLiteral("exportExperimentButton"));
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &ExperimentDialog::exportExperiment);
    connect(m_choice, &QComboBox::currentIndexChanged, this, &ExperimentDialog::choose);

    auto* top = new QHBoxLayout;
    top->addWidget(choiceLabel);
    top->addWidget(m_choice, 1);
    auto* flagRow = new QHBoxLayout;
    flagRow->addWidget(m_flag, 1);
    flagRow->addWidget(m_copyFlag);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_openRun, QDialogButtonBox::ActionRole);
    buttons->addButton(m_export, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_recommendation);
    layout->addLayout(flagRow);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(1100, 520);
    Q_EMIT listRequested();
}

ExperimentDialog::~ExperimentDialog()
{
    // Closed while an experiment was being judged: the busy cursor goes with the dialog.
    if (m_loading)
        QApplication::restoreOverrideCursor();
    m_thread.quit();
    m_thread.wait();
}

void ExperimentDialog::showList(const StoredExperiments& experiments)
{
    if (experiments.isEmpty()) {
        m_status->setText(tr("No experiment is stored yet. Run › Start a server…, then Find the best setting…, "
                             "makes one (kneepoint tune does the same): it launches the server with each setting to "
                             "try, measures it and recommends the best."));
        return;
    }
    const QSignalBlocker block(m_choice);
    for (const Experiment::Stored& e : experiments) {
        const qsizetype settings = std::max<qsizetype>(0, e.runs.size() - 1);
        m_choice->addItem(
            (settings == 1 ? tr("%1: %2 setting of %3 for %4, %5") : tr("%1: %2 settings of %3 for %4, %5"))
                .arg(e.id)
                .arg(settings)
                .arg(e.engine, e.model.isEmpty() ? tr("an unknown model") : e.model,
                    e.startedUtc.left(16).replace(u'T', u' ')),
            e.id);
    }
    m_choice->setEnabled(true);
    const int first = std::max(0, m_choice->findData(m_firstId));
    m_choice->setCurrentIndex(first);
    choose(first);
}

void ExperimentDialog::choose(int index)
{
    if (index < 0)
        return;
    m_experiment.reset();
    m_export->setEnabled(false);
    m_openRun->setEnabled(false);
    m_status->setText(tr("Comparing each trial with the baseline…"));
    if (!m_loading)
        QApplication::setOverrideCursor(Qt::BusyCursor);
    m_loading = true;
    Q_EMIT loadRequested(m_choice->itemData(index).toString(), ++m_generation);
}

void ExperimentDialog::showExperiment(quint64 generation, const ExperimentPtr& experiment)
{
    if (generation != m_generation)
        return;
    m_loading = false;
    QApplication::restoreOverrideCursor();
    m_experiment = experiment;
    m_recommendation->setText(experiment->recommendation);
    m_flag->setText(experiment->flagToCopy);
    m_flag->setVisible(!experiment->flagToCopy.isEmpty());
    m_copyFlag->setVisible(!experiment->flagToCopy.isEmpty());
    const QStringList header = experiment->tableHeader();
    const QList<QStringList> rows = experiment->tableRows();
    m_table->clear();
    m_table->setColumnCount(int(header.size()));
    m_table->setRowCount(int(rows.size()));
    m_table->setHorizontalHeaderLabels(header);
    for (int r = 0; r < int(rows.size()); ++r) {
        for (int c = 0; c < int(rows[r].size()); ++c) {
            auto* item = new QTableWidgetItem(rows[r][c]);
            item->setToolTip(rows[r][c]);
            m_table->setItem(r, c, item);
        }
    }
    m_table->resizeColumnsToContents();
    // The long sentences (why beyond noise, the answers' verdict) wrap rather than stretch the dialog.
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 260));
    m_table->resizeRowsToContents();
    m_export->setEnabled(true);
    m_status->setText(tr("Every trial is a stored run: open one to see its report. The same table is printed by "
                         "kneepoint experiments %1.")
                          .arg(experiment->id));
}

qint64 ExperimentDialog::selectedRun() const
{
    const QList<QTableWidgetItem*> selected = m_table->selectedItems();
    if (selected.isEmpty())
        return -1;
    const QTableWidgetItem* run = m_table->item(selected.first()->row(), RunColumn);
    bool ok = false;
    const qint64 id = run ? run->text().toLongLong(&ok) : -1;
    return ok ? id : -1;
}

void ExperimentDialog::exportExperiment()
{
    if (!m_experiment)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export experiment"),
        QDir::home().filePath(QStringLiteral("kneepoint-experiment-%1.md").arg(m_experiment->id)),
        tr("Markdown (*.md);;HTML page (*.html);;PDF document (*.pdf);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString format = QFileInfo(path).suffix().toLower();
    if (format == u"htm")
        format = QStringLiteral("html");
    QString error;
    const QByteArray bytes = ExperimentReport::write(*m_experiment, format, &error);
    if (bytes.isNull() || !saveReportFile(path, bytes, &error)) {
        QMessageBox::warning(
            this, tr("Export experiment"), error.isEmpty() ? tr("Name the file .md, .html, .pdf or .json.") : error);
        return;
    }
    m_status->setText(tr("Wrote %1.").arg(QDir::toNativeSeparators(path)));
}

} // namespace kp::ui
