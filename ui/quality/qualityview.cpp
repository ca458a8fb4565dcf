// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/quality/qualityview.h"

#include "core/common/textformat.h"
#include "core/quality/qualitycomparison.h"
#include "core/quality/qualitystore.h"
#include "core/report/reportcontent.h"
#include "ui/quality/categorybars.h"
#include "ui/quality/qualityaskdialog.h"

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <vector>

namespace kp::ui {

using namespace kp::core;

namespace {

QTableWidget* table(const QString& name, const QStringList& header, QWidget* parent)
{
    auto* t = new QTableWidget(parent);
    t->setObjectName(name);
    t->setAccessibleName(name);
    t->setColumnCount(int(header.size()));
    t->setHorizontalHeaderLabels(header);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setTabKeyNavigation(false); // Tab moves on to the next control, not through the cells
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QString percent(double fraction, int decimals = 1)
{
    return QLocale().toString(fraction * 100, 'f', decimals) + QStringLiteral(" %");
}

QString points(double fraction)
{
    const double pp = fraction * 100;
    return (pp > 0 ? QStringLiteral("+") : QString()) + QLocale().toString(pp, 'f', 1) + QStringLiteral(" pp");
}

// A reply as one line, short enough for a table cell; the tooltip keeps all of it.
QTableWidgetItem* replyItem(const QString& reply)
{
    QString line = reply.simplified();
    if (line.size() > 120)
        line = line.left(119) + u'…';
    auto* item = new QTableWidgetItem(line);
    item->setToolTip(reply);
    return item;
}

} // namespace

QualityView::QualityView(const QString& databasePath, QWidget* parent)
    : QWidget(parent)
    , m_worker(new QualityWorker(databasePath))
    , m_path(databasePath)
    , m_passes(table(QStringLiteral("qualityPasses"),
          {tr("Pass", "a column header: one asking of the question set"), tr("Asked"), tr("Role"), tr("Server"),
              tr("Model"), tr("Question set"), tr("Right"), tr("Errors")},
          this))
    , m_ask(new QPushButton(tr("&Ask the question set…"), this))
    , m_delete(new QPushButton(tr("&Delete…"), this))
    , m_before(new QComboBox(this))
    , m_after(new QComboBox(this))
    , m_verdict(new QLabel(this))
    , m_figures(new QLabel(this))
    , m_categories(table(QStringLiteral("qualityCategories"),
          {tr("Category"), tr("Questions"), tr("Before"), tr("After"), tr("Change")}, this))
    , m_categoryChart(new CategoryBars(this))
    , m_changed(table(QStringLiteral("qualityChanged"),
          {tr("Change"), tr("Question"), tr("Expected"), tr("Before"), tr("After")}, this))
{
    setObjectName(QStringLiteral("qualityView"));
    m_ask->setObjectName(QStringLiteral("askQuestionsButton"));
    m_delete->setObjectName(QStringLiteral("deletePassButton"));
    m_delete->setToolTip(tr("Delete the selected passes and their answers (Delete)"));
    m_delete->setEnabled(false);
    m_categoryChart->setObjectName(QStringLiteral("qualityCategoryChart"));
    m_categoryChart->hide();
    m_before->setObjectName(QStringLiteral("qualityBefore"));
    m_before->setAccessibleName(tr("Pass before the change"));
    m_after->setObjectName(QStringLiteral("qualityAfter"));
    m_after->setAccessibleName(tr("Pass after the change"));
    m_verdict->setObjectName(QStringLiteral("qualityVerdict"));
    m_verdict->setAccessibleName(tr("Quality verdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setFrameShape(QFrame::StyledPanel);
    m_verdict->setMargin(8);
    m_figures->setObjectName(QStringLiteral("qualityFigures"));
    m_figures->setWordWrap(true);
    m_figures->setTextFormat(Qt::PlainText); // model names come from servers: data, never markup
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_passes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto* intro = new QLabel(tr("Speed is half of a change such as an FP8 KV cache or a 4-bit checkpoint; the other "
                                "half is whether the answers stay right. Ask the question set before the change and "
                                "after it, then compare the two passes question by question."),
        this);
    intro->setWordWrap(true);
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(intro);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_ask);
    auto* refreshButton = new QPushButton(tr("&Refresh"), this);
    buttons->addWidget(refreshButton);
    buttons->addWidget(m_delete);
    buttons->addStretch(1);
    topLayout->addLayout(buttons);
    topLayout->addWidget(m_passes, 1);

    auto* bottom = new QWidget(this);
    auto* pair = new QFormLayout;
    pair->addRow(tr("&Before:"), m_before);
    pair->addRow(tr("A&fter:"), m_after);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addLayout(pair);
    bottomLayout->addWidget(m_verdict);
    bottomLayout->addWidget(m_figures);
    auto* tables = new QSplitter(Qt::Horizontal, bottom);
    auto* categories = new QSplitter(Qt::Vertical, tables);
    categories->addWidget(m_categories);
    categories->addWidget(m_categoryChart);
    categories->setStretchFactor(1, 1);
    tables->addWidget(categories);
    tables->addWidget(m_changed);
    tables->setStretchFactor(1, 2);
    tables->setSizes({420, 900});
    m_changed->horizontalHeader()->setStretchLastSection(false);
    for (int column : {1, 3, 4})
        m_changed->horizontalHeader()->setSectionResizeMode(column, QHeaderView::Stretch);
    m_changed->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    bottomLayout->addWidget(tables, 1);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setStretchFactor(1, 2);
    split->setSizes({220, 600});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);

    connect(m_ask, &QPushButton::clicked, this, &QualityView::askQuestions);
    connect(m_delete, &QPushButton::clicked, this, &QualityView::deleteSelected);
    connect(m_passes, &QTableWidget::itemSelectionChanged, this,
        [this] { m_delete->setEnabled(!selectedPasses().isEmpty()); });
    // Delete where the list has the focus, and the list's context menu, as in the run history.
    auto* deleteAction = new QAction(tr("Delete…"), m_passes);
    deleteAction->setShortcut(QKeySequence::Delete);
    deleteAction->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteAction, &QAction::triggered, this, &QualityView::deleteSelected);
    m_passes->addAction(deleteAction);
    m_passes->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_passes, &QWidget::customContextMenuRequested, this, [this, deleteAction](const QPoint& at) {
        if (selectedPasses().isEmpty())
            return;
        QMenu menu(this);
        menu.addAction(deleteAction);
        menu.exec(m_passes->viewport()->mapToGlobal(at));
    });
    connect(refreshButton, &QPushButton::clicked, this, &QualityView::refresh);
    connect(m_before, &QComboBox::currentIndexChanged, this, &QualityView::compareSelected);
    connect(m_after, &QComboBox::currentIndexChanged, this, &QualityView::compareSelected);
    // The database is read on a thread of its own: the tab never waits on it.
    qRegisterMetaType<QualityPassListPtr>();
    qRegisterMetaType<QualityCompareResultPtr>();
    m_thread.setObjectName(QStringLiteral("kneepoint-quality"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &QualityView::listRequested, m_worker, &QualityWorker::list);
    connect(this, &QualityView::compareRequested, m_worker, &QualityWorker::compare);
    connect(this, &QualityView::removeRequested, m_worker, &QualityWorker::remove);
    connect(m_worker, &QualityWorker::listed, this, &QualityView::showPasses);
    connect(m_worker, &QualityWorker::compared, this, &QualityView::showComparison);
    m_thread.start();
    refresh();
}

QualityView::~QualityView()
{
    m_thread.quit();
    m_thread.wait();
}

void QualityView::refresh()
{
    m_listing = ++m_generation;
    Q_EMIT listRequested(m_listing);
}

void QualityView::showPasses(const QualityPassListPtr& result)
{
    if (result->generation != m_listing)
        return; // a newer list was asked for since
    m_listing = 0;
    const QList<QualityPassSummary>& passes = result->passes;
    const QString& error = result->error;
    const qint64 before = m_before->currentData().toLongLong();
    const qint64 after = m_after->currentData().toLongLong();
    m_passes->setRowCount(int(passes.size()));
    const QSignalBlocker blockBefore(m_before);
    const QSignalBlocker blockAfter(m_after);
    m_before->clear();
    m_after->clear();
    const QLocale locale;
    for (int row = 0; row < int(passes.size()); ++row) {
        const QualityPassSummary& p = passes[row];
        const QString role = p.info.role == core::QualityRole::Before ? tr("before") : tr("after");
        const QString right = p.answered > 0
            ? tr("%1 of %2 (%3)").arg(p.correct).arg(p.answered).arg(percent(double(p.correct) / p.answered))
            : tr("none answered");
        // The server as host and port: the passes of one change are told apart by where they were asked.
        const QUrl url(p.info.url);
        const QString server = url.host().isEmpty()
            ? p.info.url
            : url.host() + (url.port() > 0 ? u':' + QString::number(url.port()) : QString());
        const QStringList cells {QString::number(p.info.id), p.info.createdUtc.left(19).replace(u'T', u' '), role,
            server, p.info.model, p.info.setName, right, locale.toString(p.errors)};
        for (int col = 0; col < int(cells.size()); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            item->setData(Qt::UserRole, p.info.id);
            if (col == 3)
                item->setToolTip(p.info.url);
            m_passes->setItem(row, col, item);
        }
    }
    // Newest first: the latest pair is the likely question. A before pass that got nothing right (a broken server)
    // is listed but not offered first: the newest before pass with a right answer is. The user's choice is kept where
    // it still exists.
    std::vector<const QualityPassSummary*> newestFirst;
    for (const QualityPassSummary& p : passes)
        newestFirst.push_back(&p);
    std::stable_sort(newestFirst.begin(), newestFirst.end(),
        [](const QualityPassSummary* x, const QualityPassSummary* y) { return x->info.id > y->info.id; });
    int usableBefore = -1;
    for (const QualityPassSummary* p : newestFirst) {
        const QString label = p->correct > 0 || p->info.role != core::QualityRole::Before
            ? tr("Pass %1: %2, %3").arg(p->info.id).arg(p->info.model, p->info.createdUtc.left(16))
            : tr("Pass %1: %2, %3 (none right)").arg(p->info.id).arg(p->info.model, p->info.createdUtc.left(16));
        QComboBox* box = p->info.role == core::QualityRole::Before ? m_before : m_after;
        box->addItem(label, p->info.id);
        if (box == m_before && usableBefore < 0 && p->correct > 0)
            usableBefore = box->count() - 1;
    }
    if (const int i = m_before->findData(before); i >= 0)
        m_before->setCurrentIndex(i);
    else if (usableBefore >= 0)
        m_before->setCurrentIndex(usableBefore);
    if (const int i = m_after->findData(after); i >= 0)
        m_after->setCurrentIndex(i);
    if (!error.isEmpty())
        m_verdict->setText(tr("The quality passes could not be read: %1").arg(error.toHtmlEscaped()));
    compareSelected();
}

void QualityView::compareSelected()
{
    if (m_before->count() == 0 || m_after->count() == 0) {
        // What to do next, from what is stored: nothing, only a before pass, or only an after pass.
        m_comparing = 0;
        if (m_before->count() == 0 && m_after->count() == 0)
            m_verdict->setText(tr("No quality pass yet. Press <b>Ask the question set…</b> and ask it as <i>before the "
                                  "change</i>; make the change (a new flag, a quantized checkpoint), restart the "
                                  "server, and ask it again as <i>after the change</i>. The two are compared here."));
        else if (m_after->count() == 0)
            m_verdict->setText(tr("%1 is a pass before the change. Make the change, then press <b>Ask the question "
                                  "set…</b> and ask it as <i>after the change</i> to compare the two.")
                                   .arg(m_before->currentText().toHtmlEscaped()));
        else
            m_verdict->setText(tr("%1 is a pass after a change, with nothing to compare it to. Ask the question set "
                                  "as <i>before the change</i> on the server as it was.")
                                   .arg(m_after->currentText().toHtmlEscaped()));
        m_figures->clear();
        m_categories->setRowCount(0);
        m_changed->setRowCount(0);
        showCategoryChart(nullptr);
        return;
    }
    compare(m_before->currentData().toLongLong(), m_after->currentData().toLongLong());
}

void QualityView::compare(qint64 before, qint64 after)
{
    m_comparing = ++m_generation;
    Q_EMIT compareRequested(before, after, m_comparing);
}

void QualityView::showComparison(const QualityCompareResultPtr& result)
{
    if (result->generation != m_comparing)
        return; // a newer pair was asked for since
    m_comparing = 0;
    const std::optional<QualityComparison>& c = result->comparison;
    const QString& error = result->error;
    m_categories->setRowCount(0);
    m_changed->setRowCount(0);
    if (!c) {
        m_verdict->setText(error.isEmpty() ? tr("Those passes cannot be compared.") : error.toHtmlEscaped());
        m_figures->clear();
        showCategoryChart(nullptr);
        return;
    }

    const ReportContent::Light light = c->verdict.outcome == QualityVerdict::Outcome::Pass ? ReportContent::Light::Green
        : c->verdict.outcome == QualityVerdict::Outcome::Fail                              ? ReportContent::Light::Red
                                                              : ReportContent::Light::Amber;
    const QString outcome = c->verdict.outcome == QualityVerdict::Outcome::Pass
        ? tr("Pass", "the verdict: the change kept the answers right")
        : c->verdict.outcome == QualityVerdict::Outcome::Fail ? tr("Fail")
                                                              : tr("Inconclusive");
    m_verdict->setText(QStringLiteral("<span style=\"color:%1\">●</span> <b>%2</b>")
                           .arg(ReportContent::lightColor(light), c->verdict.sentence.toHtmlEscaped()));
    m_verdict->setAccessibleDescription(outcome);

    const PairedCounts& n = c->counts;
    QStringList figures;
    figures << tr("Right before: %1; after: %2 (%3 questions answered in both).")
                   .arg(percent(n.beforeAccuracy()), percent(n.afterAccuracy()))
                   .arg(n.total());
    // McNemar's exact p in words: how often the flips alone, with nothing changed, would lean this far one way.
    figures << tr("Change: %1, %2% interval %3 to %4. Right → wrong: %5; wrong → right: %6; a split this uneven "
                  "comes %7.")
                   .arg(points(n.difference()))
                   .arg(QLocale().toString(c->confidence * 100, 'f', 0))
                   .arg(points(c->interval.lower), points(c->interval.upper))
                   .arg(n.rightToWrong)
                   .arg(n.wrongToRight)
                   .arg(kp::core::text::chance(c->mcNemarP));
    figures << tr("The rule, set with the before pass: a drop of at most %1 percentage points.")
                   .arg(QLocale().toString(c->allowedDropPp, 'g', 3));
    if (const QString noise = c->noiseSentence(); !noise.isEmpty())
        figures << noise;
    if (c->excluded > 0)
        figures << tr("%n question(s) left out: a request failed in one of the passes.", nullptr, c->excluded);
    m_figures->setText(figures.join(u'\n'));

    m_categories->setRowCount(int(c->categories.size()));
    for (int row = 0; row < int(c->categories.size()); ++row) {
        const QualityCategoryRow& r = c->categories[row];
        const QStringList cells {r.category, QString::number(r.counts.total()), percent(r.counts.beforeAccuracy(), 0),
            percent(r.counts.afterAccuracy(), 0), points(r.counts.difference())};
        for (int col = 0; col < int(cells.size()); ++col)
            m_categories->setItem(row, col, new QTableWidgetItem(cells[col]));
    }
    m_categories->resizeColumnsToContents();
    showCategoryChart(&*c);
    m_changed->setRowCount(int(c->changed.size()));
    for (int row = 0; row < int(c->changed.size()); ++row) {
        const QualityChangedAnswer& ch = c->changed[row];
        m_changed->setItem(row, 0, new QTableWidgetItem(ch.nowRight ? tr("wrong → right") : tr("right → wrong")));
        m_changed->setItem(row, 1, replyItem(ch.question));
        m_changed->setItem(row, 2, replyItem(ch.expected));
        m_changed->setItem(row, 3, replyItem(ch.beforeReply));
        m_changed->setItem(row, 4, replyItem(ch.afterReply));
    }
    m_changed->resizeColumnToContents(0);
}

void QualityView::showCategoryChart(const QualityComparison* comparison)
{
    // One category says nothing the figures above do not: the bars are for where the change hurt some and not others.
    if (!comparison || comparison->categories.size() < 2) {
        m_categoryChart->hide();
        return;
    }
    std::vector<CategoryBars::Row> rows;
    for (const QualityCategoryRow& r : comparison->categories)
        rows.push_back({r.category, r.counts.beforeAccuracy(), r.counts.afterAccuracy()});
    m_categoryChart->setRows(std::move(rows));
    m_categoryChart->show();
}

QList<qint64> QualityView::selectedPasses() const
{
    QList<qint64> ids;
    for (const QModelIndex& row : m_passes->selectionModel()->selectedRows())
        ids << row.data(Qt::UserRole).toLongLong();
    return ids;
}

bool QualityView::deleteSelected()
{
    const QList<qint64> ids = selectedPasses();
    if (ids.isEmpty())
        return false;
    QStringList names;
    for (const qint64 id : ids)
        names << QString::number(id);
    const QString list = QLocale().createSeparatedList(names);
    QMessageBox question(QMessageBox::Question, tr("Delete quality passes"),
        ids.size() == 1
            ? tr("Delete pass %1 and its answers? A comparison that used it can no longer be made.").arg(list)
            : tr("Delete passes %1 and their answers? A comparison that used them can no longer be made.").arg(list),
        QMessageBox::Yes | QMessageBox::No, this);
    question.setObjectName(QStringLiteral("deletePassQuestion"));
    question.setDefaultButton(QMessageBox::No); // a stray Return keeps them
    if (question.exec() != QMessageBox::Yes)
        return false;
    m_listing = ++m_generation;
    Q_EMIT removeRequested(ids, m_listing);
    return true;
}

QString QualityView::verdictText() const
{
    return m_verdict->text();
}

void QualityView::askQuestions()
{
    QualityAskDialog dialog(m_path, this);
    dialog.exec();
    // A pass with no right answer is stored too, and the dialog closes on it with the warning read.
    if (dialog.passId() >= 0)
        refresh();
}

} // namespace kp::ui
