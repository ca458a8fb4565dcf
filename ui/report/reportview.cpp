// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/report/reportview.h"

#include "core/analysis/lesson.h"
#include "core/common/textformat.h"
#include "ui/charts/charttablemodel.h"
#include "ui/charts/specchartview.h"
#include "ui/report/requesttablemodel.h"
#include "ui/report/wallsview.h"
#include "ui/report/whatifpanel.h"
#include "ui/report/wrappedlabel.h"

#include <QApplication>
#include <QBoxLayout>
#include <QClipboard>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace kp::ui {

using namespace kp::core;

namespace {

// Text as it is: the report's words carry the server's (its model's name, its error messages), which are data and
// never markup, whatever they look like.
QLabel* wrapped(const QString& text, QWidget* parent)
{
    auto* l = new WrappedLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setText(text);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

// Markup of the view's own, around parts the caller has escaped.
QLabel* marked(const QString& html, QWidget* parent)
{
    QLabel* l = wrapped(QString(), parent);
    l->setTextFormat(Qt::RichText);
    l->setText(html);
    return l;
}

QLabel* heading(const QString& text, QWidget* parent)
{
    // Wrapped, or a long title (the model and URL) would widen the whole page past the window.
    auto* l = new WrappedLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setText(text);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * 1.25);
    f.setBold(true);
    l->setFont(f);
    l->setAccessibleName(text);
    return l;
}

QTableView* tableOf(QAbstractItemModel* model, const QString& name, QWidget* parent)
{
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(ChartTableModel::SortRole);
    auto* view = new QTableView(parent);
    view->setObjectName(name);
    view->setAccessibleName(name);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setTabKeyNavigation(false); // Tab moves on to the next control, not through the cells
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    return view;
}

// A section that opens and closes: background findings start closed.
QWidget* collapsible(const QString& title, QWidget* content, bool open, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* toggle = new QToolButton(box);
    toggle->setText(title);
    toggle->setCheckable(true);
    toggle->setChecked(open);
    toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    toggle->setAutoRaise(true);
    toggle->setAccessibleName(title);
    content->setVisible(open);
    QObject::connect(toggle, &QToolButton::toggled, content, [toggle, content](bool on) {
        content->setVisible(on);
        toggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(toggle);
    layout->addWidget(content);
    return box;
}

} // namespace

ReportView::ReportView(QWidget* parent)
    : QWidget(parent)
    , m_title(heading(tr("No run selected"), this))
    , m_doubts(marked(QString(), this))
    , m_verdict(wrapped(QString(), this))
    , m_capacity(wrapped(QString(), this))
    , m_capacityBig(new QLabel(this))
    , m_capacityDefinition(wrapped(QString(), this))
    , m_bracket(wrapped(QString(), this))
    , m_walls(new WallsView(this))
    , m_wallsLowest(wrapped(QString(), this))
    , m_knee(wrapped(QString(), this))
    , m_keyChartHolder(new QWidget(this))
    , m_whatIf(new WhatIfPanel(this))
    , m_bodyLayout(nullptr)
{
    m_doubts->setObjectName(QStringLiteral("doubts"));
    m_doubts->setAccessibleName(tr("Before you trust these numbers"));
    // No frame of its own: the line sits on the verdict's box, and the first screen keeps the scorecard.
    m_doubts->setMargin(2);
    m_doubts->hide();
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_title->setObjectName(QStringLiteral("reportTitle"));
    m_verdict->setAccessibleName(tr("Verdict"));
    QFont big = m_verdict->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    m_verdict->setFont(big);
    m_verdict->setFrameShape(QFrame::StyledPanel);
    m_verdict->setMargin(10);
    m_capacity->setObjectName(QStringLiteral("capacity"));
    m_capacityBig->setObjectName(QStringLiteral("capacityNumber"));
    m_capacityDefinition->setObjectName(QStringLiteral("capacityDefinition"));
    m_capacityBig->setTextFormat(Qt::PlainText);
    m_capacityBig->setAccessibleName(tr("Capacity"));
    QFont huge = m_capacityBig->font();
    huge.setPointSizeF(huge.pointSizeF() * 2.2);
    huge.setBold(true);
    m_capacityBig->setFont(huge);
    m_bracket->setObjectName(QStringLiteral("capacityBracket"));
    m_wallsLowest->setObjectName(QStringLiteral("wallsLowest"));
    m_knee->setObjectName(QStringLiteral("knee"));

    auto* scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setObjectName(QStringLiteral("reportScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // The report reflows to its width; it never scrolls sideways.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* page = new QWidget(scroll);
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->addWidget(m_title);
    pageLayout->addWidget(m_doubts);
    pageLayout->addWidget(m_verdict);

    // The answer at a glance: capacity and walls on one side, the chart that shows them on the other.
    auto* glance = new QWidget(page);
    m_glance = glance;
    glance->setObjectName(QStringLiteral("glance"));
    m_glanceLayout = new QBoxLayout(QBoxLayout::LeftToRight, glance);
    m_glanceLayout->setContentsMargins(0, 0, 0, 0);
    auto* numbers = new QWidget(glance);
    auto* numbersLayout = new QVBoxLayout(numbers);
    numbersLayout->setContentsMargins(0, 0, 0, 0);
    auto* card = new QFrame(numbers);
    card->setObjectName(QStringLiteral("capacityCard"));
    card->setFrameShape(QFrame::StyledPanel);
    auto* cardLayout = new QVBoxLayout(card);
    // The card's caption is the capacity's definition ("Capacity: the most users with …"): what the number counts,
    // said above it, in the line a bare "Capacity" took.
    cardLayout->addWidget(m_capacityDefinition);
    cardLayout->addWidget(m_capacityBig);
    cardLayout->addWidget(m_capacity);
    cardLayout->addWidget(m_bracket);
    numbersLayout->addWidget(card);
    numbersLayout->addWidget(new QLabel(tr("The three walls"), numbers));
    numbersLayout->addWidget(m_walls);
    numbersLayout->addWidget(m_wallsLowest);
    numbersLayout->addWidget(m_knee);
    numbersLayout->addStretch(1);
    m_keyChartHolder->setParent(glance);
    m_keyChartHolder->setObjectName(QStringLiteral("keyChart"));
    auto* chartLayout = new QVBoxLayout(m_keyChartHolder);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    // Half and half: at 2 to 3 the walls' and the knee's sentences wrapped to five lines in a column 275 px wide at
    // 1280×800, and the column, not the chart, set how far down the scorecard began.
    m_glanceLayout->addWidget(numbers, 1);
    m_glanceLayout->addWidget(m_keyChartHolder, 1);
    pageLayout->addWidget(glance);

    m_body = new QWidget(page);
    m_body->setObjectName(QStringLiteral("reportBody"));
    m_bodyLayout = new QVBoxLayout(m_body);
    m_bodyLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(m_body, 1);
    scroll->setWidget(page);

    auto* side = new QGroupBox(tr("What if"), this);
    side->setObjectName(QStringLiteral("whatIfBox"));
    // The report is what people read; the sliders need little room.
    side->setMaximumWidth(320);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->addWidget(m_whatIf);
    sideLayout->addStretch(1);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(scroll);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_whatIf, &WhatIfPanel::settingsChanged, this, &ReportView::settingsChanged);
    m_bodyTimer = new QTimer(this);
    m_bodyTimer->setSingleShot(true);
    m_bodyTimer->setInterval(150);
    connect(m_bodyTimer, &QTimer::timeout, this, [this] {
        if (!m_bodyResult)
            return;
        QWidget* shown = m_scroll->widget();
        shown->setUpdatesEnabled(false);
        rebuildBody(*m_bodyResult);
        m_body->setEnabled(true);
        arrangeForWidth();
        shown->setUpdatesEnabled(true);
    });
}

void ReportView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeForWidth();
}

void ReportView::arrangeForWidth()
{
    const int width = m_scroll->viewport()->width();
    // Below these widths a chart beside its numbers squeezes both: put one above the other.
    m_glanceLayout->setDirection(width >= 620 ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    // A wide window gives the key chart the room its sentences do not need, and the chart grows in height with its
    // width: at 1920×1080 half and half left it 600 px wide and 300 high, a strip under a third of the screen.
    const bool wide = width >= 1100;
    m_glanceLayout->setStretch(0, wide ? 2 : 1);
    m_glanceLayout->setStretch(1, wide ? 3 : 1);
    if (m_keyChart)
        m_keyChart->setMinimumHeight(keyChartHeight(width));
    for (QBoxLayout* row : std::as_const(m_sideBySide))
        row->setDirection(width >= 820 ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

int ReportView::keyChartHeight(int viewportWidth)
{
    const double share = viewportWidth < 620 ? 1.0 : viewportWidth >= 1100 ? 0.6 : 0.5;
    return std::clamp(int(viewportWidth * share * 0.6), 300, 520);
}

QString ReportView::capacityText() const
{
    return m_capacity->text();
}

QString ReportView::verdictText() const
{
    return m_verdict->text();
}

void ReportView::showMessage(const QString& message)
{
    // Nothing of the report shown before stays beside the message: after Stop, the stopped run's entry was selected
    // while the previous run's card, chart and scorecard stood here until the new report came.
    m_title->clear();
    m_doubts->clear();
    m_doubts->hide();
    m_glance->hide();
    m_body->hide();
    m_verdict->setText(message);
}

namespace {

// Widgets added to a layout of a shown widget are shown at the next turn of the event loop (QLayout's queued show):
// until then the page would paint without them, a blank chart and scorecard between two answers. Shown now, unless
// hidden on purpose (a closed section).
void showAdded(QLayout* layout)
{
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem* item = layout->itemAt(i);
        if (QWidget* w = item->widget(); w && !w->testAttribute(Qt::WA_WState_ExplicitShowHide))
            w->show();
        else if (QLayout* inner = item->layout())
            showAdded(inner);
    }
}

// A Copy button that says so on itself for two seconds once clicked, then reads `label` again: a click that changes
// nothing on screen reads as a click that did nothing.
void copyOnClick(QPushButton* button, const QString& text)
{
    QObject::connect(button, &QPushButton::clicked, button, [button, text, label = button->text()] {
        QApplication::clipboard()->setText(text);
        button->setText(ReportView::tr("Copied ✓"));
        QTimer::singleShot(2000, button, [button, label] { button->setText(label); });
    });
}

} // namespace

void ReportView::showResult(const ReportResultPtr& result, bool fresh)
{
    // One repaint when the whole answer is in place: the page paints nothing in between.
    QWidget* page = m_scroll->widget();
    page->setUpdatesEnabled(false);
    const auto repaint = qScopeGuard([page] { page->setUpdatesEnabled(true); });
    const ReportContent& c = result->content;
    m_glance->show();
    m_body->show();
    // The subtitle (model and address) on a line of its own: a long URL wrapped inside the title broke after
    // "http://".
    m_title->setText(c.title + u'\n' + c.subtitle);
    // Each doubt's title above the verdict, in one paragraph: a line each pushed the scorecard below the first screen
    // at 1280×800 when a loaded machine raised three. The numbers follow below the scorecard.
    QStringList doubts;
    for (const TrustCheck& t : c.doubts)
        doubts << tr("<b>%1</b> (%2)").arg(t.title.toHtmlEscaped(), TrustCheck::statusText(t.status));
    m_doubts->setText(doubts.isEmpty()
            ? QString()
            : tr("⚠ Before you trust these numbers: %1. The details are under the scorecard.")
                  .arg(doubts.join(QStringLiteral("; "))));
    m_doubts->setVisible(!doubts.isEmpty());
    m_verdict->setText(c.verdict);
    // The card's sentences are made once in core (ReportContent::Answer), as the PDF's first page shows them.
    const ReportContent::Answer& answer = c.answer;
    m_capacity->setText(answer.confidence.isEmpty() ? answer.summary : answer.summary + u' ' + answer.confidence);
    showGlance(*result);
    if (fresh)
        m_whatIf->setSettings(result->analysis.settings);
    // The first screen (verdict, card, walls, key chart) follows a slider frame by frame; the body below, a page of
    // wrapped text that takes a tenth of a second to lay out again, follows once the what-ifs pause, greyed until
    // then so that nobody reads its figures as the new answer's.
    m_bodyResult = result;
    if (fresh) {
        m_bodyTimer->stop();
        rebuildBody(*result);
        m_body->setEnabled(true);
    } else {
        m_body->setEnabled(false);
        m_bodyTimer->start();
    }
    arrangeForWidth();
    // A report shown anew opens at its top, the verdict first, wherever the last one was scrolled to (after Stop
    // the new run's report opened mid-page). A what-if recomputation keeps the place.
    if (fresh)
        m_scroll->verticalScrollBar()->setValue(0);
}

void ReportView::showGlance(const ReportResult& result)
{
    const RunAnalysis& a = result.analysis;
    // The number, the steps around it and the lowest wall as every face says them (ReportContent::Answer).
    const ReportContent::Answer& answer = result.content.answer;
    m_capacityBig->setText(answer.number);
    m_capacityDefinition->setText(answer.definition.isEmpty() ? tr("Capacity") : answer.definition);
    m_bracket->setText(answer.bracket);
    m_bracket->setVisible(!m_bracket->text().isEmpty());

    std::vector<double> loads;
    for (const CurvePoint& p : a.curve.points)
        loads.push_back(p.load);
    m_walls->setWalls(result.content.wallRows, loads);
    m_wallsLowest->setText(answer.lowestWall);
    m_knee->setText(answer.knee);
    m_knee->setVisible(!answer.knee.isEmpty());

    // The chart that answers the question: throughput against latency, the target line and the best point under it.
    // One view, given each answer's spec: a what-if redraws it in place, never deleting it.
    const auto key = std::find_if(result.content.charts.begin(), result.content.charts.end(),
        [](const ChartSpec& spec) { return spec.id == u"throughput-latency"; });
    m_keyChartHolder->setVisible(key != result.content.charts.end());
    if (key != result.content.charts.end()) {
        if (!m_keyChart) {
            m_keyChart = new SpecChartView(m_keyChartHolder);
            m_keyChart->setObjectName(QStringLiteral("chart-") + key->id);
            m_keyChart->setMinimumHeight(keyChartHeight(m_scroll->viewport()->width()));
            m_keyChartHolder->layout()->addWidget(m_keyChart);
            m_keyChart->show();
        }
        m_keyChart->setSpec(*key);
    }
}

void ReportView::addScorecard(const ReportContent& c)
{
    QWidget* body = m_body;
    // Scorecard with its lights.
    m_bodyLayout->addWidget(heading(tr("Scorecard"), body));
    auto* score = new QStandardItemModel(int(c.score.size()), int(c.scoreHeader.size()), body);
    // Headings on two lines ("TTFT" over "p99 ms"): the columns are as narrow as their figures, and the scorecard
    // fits the first screen without scrolling sideways.
    QStringList twoLines;
    for (QString h : c.scoreHeader) {
        const qsizetype space = h.indexOf(u' ');
        if (space > 0)
            h[space] = u'\n';
        twoLines << h;
    }
    score->setHorizontalHeaderLabels(twoLines);
    for (int r = 0; r < int(c.score.size()); ++r) {
        const ReportContent::ScoreRow& row = c.score[std::size_t(r)];
        for (int col = 0; col < int(row.cells.size()) && col < int(c.scoreHeader.size()); ++col) {
            auto* item = new QStandardItem(row.cells[col]);
            if (col == 0) {
                QPixmap dot(12, 12);
                dot.fill(Qt::transparent);
                QPainter p(&dot);
                p.setRenderHint(QPainter::Antialiasing);
                p.setBrush(QColor(ReportContent::lightColor(row.light)));
                p.setPen(Qt::NoPen);
                p.drawEllipse(1, 1, 10, 10);
                item->setIcon(QIcon(dot));
                item->setData(ReportContent::lightName(row.light), Qt::AccessibleDescriptionRole);
            }
            // Numbers sort as numbers ("1,116" after "950"), the load by its count of users.
            QString raw = row.cells[col];
            raw.remove(u',');
            bool isNumber = false;
            const double number = raw.section(u' ', 0, 0).toDouble(&isNumber);
            item->setData(isNumber ? QVariant(number) : QVariant(row.cells[col]), ChartTableModel::SortRole);
            score->setItem(r, col, item);
        }
    }
    QTableView* scorecard = tableOf(score, QStringLiteral("scorecard"), body);
    scorecard->horizontalHeader()->setStretchLastSection(true);
    m_bodyLayout->addWidget(scorecard);
    m_bodyLayout->addWidget(wrapped(c.scoreNote, body));
}

void ReportView::addFindings(const ReportContent& c)
{
    QWidget* body = m_body;
    if (!c.doubts.isEmpty()) {
        m_bodyLayout->addWidget(heading(tr("Before you trust these numbers"), body));
        for (const TrustCheck& t : c.doubts)
            m_bodyLayout->addWidget(
                marked(QStringLiteral("⚠ <b>%1</b> (%2): %3")
                           .arg(t.title.toHtmlEscaped(), TrustCheck::statusText(t.status), t.detail.toHtmlEscaped()),
                    body));
    }

    if (!c.problems.isEmpty()) {
        m_bodyLayout->addWidget(heading(tr("Findings that need attention"), body));
        for (const Finding& f : c.problems) {
            auto* box = new QGroupBox(f.title, body);
            box->setObjectName(QStringLiteral("finding-") + f.id);
            auto* l = new QVBoxLayout(box);
            l->addWidget(marked(tr("<b>Measured:</b> %1").arg(f.measured.toHtmlEscaped()), box));
            l->addWidget(marked(tr("<b>Meaning:</b> %1").arg(f.meaning.toHtmlEscaped()), box));
            if (!f.why.isEmpty())
                l->addWidget(marked(tr("<b>Why:</b> %1").arg(f.why.toHtmlEscaped()), box));
            if (const auto lesson = Lessons::byId(f.lessonId)) {
                auto* read = new QPushButton(tr("Lesson: %1").arg(lesson->title), box);
                read->setFlat(true);
                const QString id = lesson->id;
                connect(read, &QPushButton::clicked, this, [this, id] { Q_EMIT lessonRequested(id); });
                l->addWidget(read, 0, Qt::AlignLeft);
            }
            m_bodyLayout->addWidget(box);
        }
    }

    if (!c.tryNext.empty()) {
        m_bodyLayout->addWidget(heading(tr("Try these next"), body));
        for (const ReportContent::TryNext& t : c.tryNext) {
            auto* row = new QWidget(body);
            auto* h = new QHBoxLayout(row);
            h->setContentsMargins(0, 0, 0, 0);
            auto* flag = new QLabel(QStringLiteral("<code>%1</code>").arg(t.flag.commandLine.toHtmlEscaped()), row);
            flag->setTextFormat(Qt::RichText);
            flag->setTextInteractionFlags(Qt::TextSelectableByMouse);
            auto* copy = new QPushButton(tr("Copy"), row);
            copy->setObjectName(QStringLiteral("copyFlag"));
            copy->setAccessibleName(tr("Copy %1").arg(t.flag.commandLine));
            const QString line = t.flag.commandLine;
            copyOnClick(copy, line);
            QString why = t.flag.why;
            if (!t.flag.versionNote.isEmpty())
                why += QStringLiteral(" (") + t.flag.versionNote + u')';
            if (!t.prediction.isEmpty())
                why += QStringLiteral(". ") + t.prediction + u'.';
            h->addWidget(copy);
            h->addWidget(flag);
            h->addWidget(wrapped(why, row), 1);
            m_bodyLayout->addWidget(row);
        }
        QStringList all;
        for (const ReportContent::TryNext& t : c.tryNext)
            all << t.flag.commandLine;
        auto* copyAll = new QPushButton(tr("Copy all flags"), body);
        copyAll->setObjectName(QStringLiteral("copyAllFlags"));
        const QString joined = all.join(u' ');
        copyOnClick(copyAll, joined);
        m_bodyLayout->addWidget(copyAll, 0, Qt::AlignLeft);
    }

    // The twin's losers: with the prediction, and no Copy button, so that nobody pastes them by mistake.
    if (!c.notWorthTrying.empty()) {
        auto* list = new QWidget(body);
        list->setObjectName(QStringLiteral("notWorthTrying"));
        auto* l = new QVBoxLayout(list);
        l->setContentsMargins(0, 0, 0, 0);
        for (const ReportContent::TryNext& t : c.notWorthTrying)
            l->addWidget(
                marked(QStringLiteral("<code>%1</code>: %2")
                           .arg(t.flag.commandLine.toHtmlEscaped(), QString(t.prediction + u'.').toHtmlEscaped()),
                    list));
        m_bodyLayout->addWidget(heading(tr("Not worth trying"), body));
        m_bodyLayout->addWidget(list);
    }

    if (!c.background.isEmpty()) {
        auto* list = new QWidget(body);
        auto* l = new QVBoxLayout(list);
        for (const Finding& f : c.background)
            l->addWidget(
                marked(QStringLiteral("<b>%1.</b> %2").arg(f.title.toHtmlEscaped(), f.measured.toHtmlEscaped()), list));
        m_bodyLayout->addWidget(collapsible(tr("Background (%1)").arg(c.background.size()), list, false, body));
    }
    if (!c.healthy.isEmpty()) {
        QStringList titles;
        for (const Finding& f : c.healthy)
            titles << QStringLiteral("✓ ") + f.title;
        m_bodyLayout->addWidget(heading(tr("Healthy"), body));
        m_bodyLayout->addWidget(wrapped(titles.join(QStringLiteral("   ")), body));
    }
}

void ReportView::addEvidence(const ReportContent& c)
{
    QWidget* body = m_body;
    // Each chart beside its table; the throughput against latency chart is on the first screen already, and the
    // scorecard holds its numbers.
    m_sideBySide.clear();
    bool evidenceShown = false;
    for (const ChartSpec& spec : c.charts) {
        if (spec.id == u"throughput-latency")
            continue;
        if (!evidenceShown) {
            m_bodyLayout->addWidget(heading(tr("Evidence"), body));
            evidenceShown = true;
        }
        auto* section = new QWidget(body);
        section->setObjectName(QStringLiteral("evidence-") + spec.id);
        auto* sectionLayout = new QVBoxLayout(section);
        sectionLayout->setContentsMargins(0, 0, 0, 0);
        auto* row = new QBoxLayout(QBoxLayout::LeftToRight);
        auto* chart = new SpecChartView(section);
        chart->setObjectName(QStringLiteral("chart-") + spec.id);
        chart->setSpec(spec);
        chart->setMinimumHeight(300);
        auto* model = new ChartTableModel(section);
        model->setSpec(spec);
        row->addWidget(chart, 3);
        row->addWidget(tableOf(model, QStringLiteral("table-") + spec.id, section), 2, Qt::AlignTop);
        sectionLayout->addLayout(row);
        sectionLayout->addWidget(wrapped(spec.caption, section));
        m_sideBySide << row;
        m_bodyLayout->addWidget(section);
    }

    // A run sent to several models: each step's figures by model, as the report's appendix has them.
    const auto byModel = std::find_if(
        c.appendix.begin(), c.appendix.end(), [](const ReportContent::Table& t) { return t.id == u"by-model"; });
    if (byModel != c.appendix.end()) {
        ChartSpec rows;
        rows.tableHeader = byModel->header;
        rows.tableRows = byModel->rows;
        auto* model = new ChartTableModel(body);
        model->setSpec(rows);
        m_bodyLayout->addWidget(heading(byModel->title, body));
        m_bodyLayout->addWidget(tableOf(model, QStringLiteral("table-by-model"), body));
    }
}

void ReportView::rebuildBody(const ReportResult& result)
{
    const ReportContent& c = result.content;
    // A new body each time: results are replaced whole, never patched; but for the run's every request, which no
    // what-if changes, and which 20,000 rows made slow to build and sort again at each move of a slider.
    if (m_requestsSection && m_requestsRun != result.run.get()) {
        delete m_requestsSection;
        m_requestsSection = nullptr;
    }
    if (m_requestsSection)
        m_bodyLayout->removeWidget(m_requestsSection);
    while (QLayoutItem* item = m_bodyLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    QWidget* body = m_body;

    addScorecard(c);
    addFindings(c);
    addEvidence(c);

    m_bodyLayout->addWidget(heading(tr("The three walls"), body));
    m_bodyLayout->addWidget(wrapped(c.walls.join(u'\n'), body));
    m_bodyLayout->addWidget(heading(tr("Physics check"), body));
    m_bodyLayout->addWidget(wrapped(c.physics.join(u'\n'), body));
    if (!c.quality.isEmpty()) {
        m_bodyLayout->addWidget(heading(tr("Answer quality"), body));
        m_bodyLayout->addWidget(wrapped(c.quality.join(u'\n'), body));
    }

    // Every successful request, in the server's time, for whoever wants to look behind the percentiles.
    if (m_requestsSection) {
        m_bodyLayout->addWidget(m_requestsSection);
        m_bodyLayout->addStretch(1);
        showAdded(m_bodyLayout);
        return;
    }
    auto* requests = new QTableView(body);
    requests->setObjectName(QStringLiteral("requestsTable"));
    requests->setAccessibleName(tr("Every request"));
    auto* proxy = new QSortFilterProxyModel(requests);
    auto* requestModel = new RequestTableModel(result.run, requests);
    proxy->setSourceModel(requestModel);
    proxy->setSortRole(RequestTableModel::SortRole);
    requests->setModel(proxy);
    requests->setSortingEnabled(true);
    requests->setTabKeyNavigation(false);
    requests->verticalHeader()->hide();
    requests->setMinimumHeight(320);
    m_requestsSection = collapsible(
        tr("Every request (%1)").arg(QLocale().toString(requestModel->rowCount())), requests, false, body);
    m_requestsRun = result.run.get();
    m_bodyLayout->addWidget(m_requestsSection);
    m_bodyLayout->addStretch(1);
    showAdded(m_bodyLayout);
}

} // namespace kp::ui
