// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compare/comparedialog.h"

#include "core/analysis/runcomparison.h"
#include "core/common/textformat.h"
#include "core/report/reportcontent.h"
#include "ui/charts/specchartview.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace kp::ui {

using namespace kp::core;

CompareDialog::CompareDialog(const QString& databasePath, const QList<RunSummary>& runs, QWidget* parent)
    : QDialog(parent)
    , m_worker(new CompareWorker(databasePath))
    , m_path(databasePath)
    , m_a(new QComboBox(this))
    , m_b(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_metrics(new QTableWidget(this))
    , m_changes(new QTableWidget(this))
{
    setObjectName(QStringLiteral("compareDialog"));
    qRegisterMetaType<CompareResultPtr>();
    m_thread.setObjectName(QStringLiteral("kneepoint-compare"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &CompareDialog::compareRequested, m_worker, &CompareWorker::compare);
    connect(m_worker, &CompareWorker::ready, this, &CompareDialog::showResult);
    connect(m_worker, &CompareWorker::failed, this, [this](quint64 generation, const QString& error) {
        if (generation != m_generation)
            return;
        m_busy = false;
        QApplication::restoreOverrideCursor();
        m_summary->setText(error);
    });
    m_thread.start();
    setWindowTitle(tr("Compare runs"));
    m_a->setObjectName(QStringLiteral("compareA"));
    m_a->setAccessibleName(tr("Run before"));
    m_b->setObjectName(QStringLiteral("compareB"));
    m_b->setAccessibleName(tr("Run after"));
    for (const RunSummary& r : runs) {
        const QString label = tr("Run %1: %2 (%3)").arg(r.id).arg(r.model, r.startedUtc.left(16));
        m_a->addItem(label, r.id);
        m_b->addItem(label, r.id);
    }
    if (runs.size() >= 2) {
        m_a->setCurrentIndex(1); // the older of the newest two: before
        m_b->setCurrentIndex(0);
    }
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText); // model names and errors come from servers: data, never markup
    m_metrics->setObjectName(QStringLiteral("compareMetrics"));
    m_metrics->setAccessibleName(tr("Metrics of both runs"));
    m_metrics->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metrics->setTabKeyNavigation(false); // Tab moves on to the next control, not through the cells
    m_metrics->verticalHeader()->hide();
    m_changes->setObjectName(QStringLiteral("compareChanges"));
    m_changes->setAccessibleName(tr("What changed"));
    m_changes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_changes->setTabKeyNavigation(false);
    m_changes->verticalHeader()->hide();

    auto* pick = new QFormLayout;
    pick->addRow(tr("Before"), m_a);
    pick->addRow(tr("After"), m_b);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(pick);
    layout->addWidget(m_summary);
    // What changed in the server's configuration comes first: it is what the differences below are read against.
    auto* changedLabel = new QLabel(tr("What changed"), this);
    QFont bold = changedLabel->font();
    bold.setBold(true);
    changedLabel->setFont(bold);
    layout->addWidget(changedLabel);
    layout->addWidget(m_changes, 1);
    // The differences table, and both runs on one Pareto frontier with who holds it where.
    m_pareto = new SpecChartView(this);
    m_pareto->setObjectName(QStringLiteral("comparePareto"));
    m_paretoText = new QLabel(this);
    m_paretoText->setObjectName(QStringLiteral("compareParetoText"));
    m_paretoText->setWordWrap(true);
    m_paretoText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* paretoPage = new QWidget(this);
    auto* paretoLayout = new QVBoxLayout(paretoPage);
    paretoLayout->setContentsMargins(0, 0, 0, 0);
    paretoLayout->addWidget(m_pareto, 1);
    paretoLayout->addWidget(m_paretoText);
    // The two runs' curves paired, one chart per metric, side by side.
    auto* pairedPage = new QWidget(this);
    auto* pairedLayout = new QHBoxLayout(pairedPage);
    pairedLayout->setContentsMargins(0, 0, 0, 0);
    for (const char* name : {"compareTtft", "compareTpot", "compareThroughput"}) {
        auto* chart = new SpecChartView(pairedPage);
        chart->setObjectName(QLatin1String(name));
        chart->setMinimumSize(260, 240);
        pairedLayout->addWidget(chart);
        m_paired << chart;
    }
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("compareTabs"));
    m_tabs->addTab(pairedPage, tr("&Side by side"));
    m_tabs->addTab(m_metrics, tr("&Differences"));
    m_tabs->addTab(paretoPage, tr("&Pareto frontier"));
    layout->addWidget(m_tabs, 4);
    layout->addWidget(buttons);
    resize(1100, 720);
    connect(m_a, &QComboBox::currentIndexChanged, this, &CompareDialog::compareSelected);
    connect(m_b, &QComboBox::currentIndexChanged, this, &CompareDialog::compareSelected);
    if (runs.size() >= 2)
        compareSelected();
}

void CompareDialog::compareSelected()
{
    compare(m_a->currentData().toLongLong(), m_b->currentData().toLongLong());
}

CompareDialog::~CompareDialog()
{
    if (m_busy)
        QApplication::restoreOverrideCursor();
    m_thread.quit();
    m_thread.wait();
}

void CompareDialog::compare(qint64 a, qint64 b)
{
    // Two whole runs are read and analysed: seconds for large ones, never on the GUI thread.
    if (!m_busy)
        QApplication::setOverrideCursor(Qt::BusyCursor);
    m_busy = true;
    m_summary->setText(tr("Comparing run %1 with run %2…").arg(a).arg(b));
    Q_EMIT compareRequested(a, b, ++m_generation);
}

void CompareDialog::showResult(const CompareResultPtr& result)
{
    if (result->generation != m_generation)
        return; // a newer pair was asked for since
    m_busy = false;
    QApplication::restoreOverrideCursor();
    const RunComparison& c = result->comparison;
    const qint64 a = result->a, b = result->b;
    // The answer a CI job's gate would give, so that the window and `compare --gate` say one thing of one pair.
    const RunGate& gate = result->gate;
    const QString gateLine = gate.outcome == RunGate::Outcome::Pass
        ? tr("As a gate for CI, run %1 passes against run %2: %3").arg(b).arg(a).arg(gate.sentence)
        : gate.outcome == RunGate::Outcome::Fail
        ? tr("As a gate for CI, run %1 fails against run %2: %3").arg(b).arg(a).arg(gate.sentence)
        : tr("As a gate for CI, nothing decides between run %1 and run %2: %3").arg(b).arg(a).arg(gate.sentence);
    m_summary->setText(c.summary + QStringLiteral("\n\n") + gateLine);

    const QLocale locale;
    m_metrics->clear();
    m_metrics->setColumnCount(7);
    m_metrics->setHorizontalHeaderLabels({tr("Load"), tr("Metric"), tr("Run %1").arg(a), tr("Run %1").arg(b),
        tr("Change"), tr("95% interval"), tr("Beyond noise?")});
    m_metrics->setRowCount(int(c.metrics.size()));
    for (int i = 0; i < int(c.metrics.size()); ++i) {
        const RunComparison::Metric& m = c.metrics[i];
        auto number = [&locale](double v) { return std::isnan(v) ? QStringLiteral("–") : locale.toString(v, 'f', 1); };
        const QString verdict = !m.tested ? tr("not tested")
            : m.significant               ? tr("yes: %1").arg(m.reason())
                                          : tr("no: %1").arg(m.why);
        const QStringList cells {m.load, m.metric, number(m.a), number(m.b), text::change(m.deltaPercent),
            text::changeInterval(m.deltaLowPercent, m.deltaHighPercent), verdict};
        for (int col = 0; col < cells.size(); ++col)
            m_metrics->setItem(i, col, new QTableWidgetItem(cells[col]));
        // Better and worse in colour, only where the change is beyond noise; the words say it too.
        if (m.significant) {
            const bool better = m.lowerIsBetter ? m.b < m.a : m.b > m.a;
            const QColor colour
                = QColor(ReportContent::lightColor(better ? ReportContent::Light::Green : ReportContent::Light::Red));
            for (int col : {4, 5, 6}) {
                QTableWidgetItem* item = m_metrics->item(i, col);
                item->setForeground(colour);
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_metrics->item(i, 6)->setText(better ? tr("yes, better") : tr("yes, worse"));
        }
    }
    m_metrics->resizeColumnsToContents();
    for (int i = 0; i < m_paired.size() && i < int(result->charts.size()); ++i)
        m_paired[i]->setSpec(result->charts[std::size_t(i)]);
    m_pareto->setSpec(core::paretoChart(c.pareto));
    QStringList dominance = c.pareto.dominance();
    for (QString& sentence : dominance)
        sentence = sentence.left(1).toUpper() + sentence.mid(1) + u'.';
    m_paretoText->setText(dominance.join(u' '));
    m_changes->clear();
    m_changes->setColumnCount(3);
    m_changes->setHorizontalHeaderLabels({tr("What"), tr("Run %1").arg(a), tr("Run %1").arg(b)});
    m_changes->setRowCount(int(c.changes.size()));
    for (int i = 0; i < int(c.changes.size()); ++i) {
        m_changes->setItem(i, 0, new QTableWidgetItem(c.changes[i].what));
        m_changes->setItem(i, 1, new QTableWidgetItem(c.changes[i].a));
        m_changes->setItem(i, 2, new QTableWidgetItem(c.changes[i].b));
    }
    // Both runs' values side by side at equal width: a URL or a flag list must not be squeezed by the other.
    m_changes->resizeColumnToContents(0);
    m_changes->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_changes->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
}

QString CompareDialog::summary() const
{
    return m_summary->text();
}

int CompareDialog::metricRows() const
{
    return m_metrics->rowCount();
}

} // namespace kp::ui
