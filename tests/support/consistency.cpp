// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/consistency.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/common/textformat.h"
#include "core/predict/prediction.h"
#include "core/report/htmlreport.h"
#include "core/report/jsonreport.h"
#include "core/report/markdownreport.h"
#include "core/report/pdfreport.h"
#include "core/report/reportcontent.h"
#include "core/report/textreport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <cmath>

using namespace kp::core;

QStringList verdictFiguresWithoutEvidence(const QString& verdict, const QString& analysisText)
{
    // The evidence is everything but the verdict itself, wherever the text repeats it whole.
    QString evidence = analysisText;
    evidence.replace(verdict, QString());
    // A figure as the text formats it: digits with thousands separators and decimals, not part of a word.
    static const QRegularExpression figure(QStringLiteral(R"((?<![\w.,])\d[\d,]*(?:\.\d+)?)"));
    // The same figure written with more decimals (the scorecard's "10.00" for the verdict's "10 ms") is the same
    // value, and counts as its evidence; a different value (41.6 for 41.8) does not.
    const auto valueOf = [](QString n) {
        while (n.endsWith(u','))
            n.chop(1);
        return n.remove(u',').toDouble();
    };
    QList<double> values;
    for (auto it = figure.globalMatch(evidence); it.hasNext();)
        values << valueOf(it.next().captured());
    QStringList missing;
    for (auto it = figure.globalMatch(verdict); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString number = m.captured();
        while (number.endsWith(u','))
            number.chop(1); // the sentence's comma, not the figure's
        const QRegularExpression same(
            QStringLiteral(R"((?<![\w.,])%1(?![\d]|[.,]\d))").arg(QRegularExpression::escape(number)));
        if (!same.match(evidence).hasMatch() && !values.contains(valueOf(number)))
            missing << QStringLiteral("%1 in \"…%2…\"")
                           .arg(number, verdict.mid(std::max(0, int(m.capturedStart()) - 40), 80));
    }
    return missing;
}

QStringList verdictContradictions(const RunAnalysis& a)
{
    QStringList out;
    const QString& v = a.verdict;
    auto says = [&v](const char* words) { return v.contains(QLatin1String(words)); };
    const LoadCurve& curve = a.curve.points.empty() ? a.rateCurve : a.curve;
    const Capacity& c = curve.capacity;
    const double failLoad = c.firstFail >= 0 ? curve.points[std::size_t(c.firstFail)].load : INFINITY;
    const Wall& sat = a.walls.saturation;
    const Wall& mem = a.walls.memory;

    if ((says("because the server is saturated") || says("Throughput stopped growing at")) && !sat.reached)
        out << QStringLiteral("the verdict names saturation; the saturation wall was not reached");
    if (says("nor because the GPU is saturated (throughput was still growing") && sat.reached && sat.load < failLoad)
        out << QStringLiteral("the verdict says throughput was still growing; it stopped at %1").arg(sat.load);
    const bool memoryCause = says("because memory is full") && !says("not because memory is full");
    if ((memoryCause || says("Memory is the wall to watch")) && !mem.reached)
        out << QStringLiteral("the verdict names memory; the memory wall was not reached");
    if (says("not because memory is full") && mem.reached && mem.load < failLoad)
        out << QStringLiteral("the verdict rules memory out; its wall was reached at %1").arg(mem.load);
    if (says("comfortably") && !(c.headroom >= 0.2 - 1e-9))
        out << QStringLiteral("\"comfortably\" with %1 to spare").arg(c.headroom);
    if (says("handled every load measured") && c.bound != Capacity::Bound::AtLeast)
        out << QStringLiteral("\"every load measured\" passed, but a step failed");
    if (c.bound == Capacity::Bound::Between) {
        const double lastPass = curve.points[std::size_t(c.lastPass)].load;
        if (!(c.shown() < failLoad && c.shown() >= lastPass))
            out << QStringLiteral("capacity %1 outside the bracket %2-%3").arg(c.shown()).arg(lastPass).arg(failLoad);
    }
    // Walls, capacity and knee as one model: the limiting wall is the lowest, at or below the capacity it causes;
    // the knee comes no later than throughput stops growing; a curve that passes again after its first miss says so.
    const std::vector<const Wall*> reached = a.walls.reachedInOrder();
    if (a.walls.limiting && !reached.empty() && a.walls.wall(*a.walls.limiting).load > reached.front()->load)
        out << QStringLiteral("the limiting wall (%1 at %2) is not the lowest (%3 at %4)")
                   .arg(Wall::name(*a.walls.limiting))
                   .arg(a.walls.wall(*a.walls.limiting).load)
                   .arg(Wall::name(reached.front()->kind))
                   .arg(reached.front()->load);
    if (c.bound == Capacity::Bound::Between && a.walls.limiting
        && a.walls.wall(*a.walls.limiting).load > std::max(c.load, c.shown()) + 1e-9)
        out << QStringLiteral("the limiting wall at %1 lies above the capacity %2 it is said to cause")
                   .arg(a.walls.wall(*a.walls.limiting).load)
                   .arg(c.load);
    if (curve.knee.found && sat.reached && curve.knee.load > sat.load)
        out << QStringLiteral("the knee at %1 lies past the saturation wall at %2").arg(curve.knee.load).arg(sat.load);
    if (c.laterPass >= 0 && !says("not monotone"))
        out << QStringLiteral("a higher load passed after the first miss; the verdict does not say the curve is not "
                              "monotone");
    if (sat.reached && !curve.knee.found && curve.points.size() >= 4
        && (says("saturated") || says("Throughput stopped growing")))
        out << QStringLiteral("the verdict says throughput stopped growing; no knee was found in %1 steps")
                   .arg(curve.points.size());
    return out;
}

// ---------------------------------------------------------------------------------------------------------------
// One run, every face: the figures of the document (ReportContent) against what each face of it says.

namespace {

// A face's text as a reader compares it: one space for any run of white space (pdftotext breaks lines where the
// page did), no thousands separators ("1,024" and "1024" are one figure), one kind of dash and minus.
QString plain(QString s)
{
    for (const QChar space : {QChar(0x00a0), QChar(0x202f), QChar(0x2009)})
        s.replace(space, u' ');
    s.replace(QChar(0x2212), u'-'); // the minus sign
    static const QRegularExpression white(QStringLiteral(R"(\s+)"));
    s.replace(white, QStringLiteral(" "));
    static const QRegularExpression thousands(QStringLiteral(R"((?<=\d),(?=\d{3}(?!\d)))"));
    s.replace(thousands, QString());
    return s.trimmed();
}

// The HTML page's text as a browser shows it: no style sheet, no chart drawing (an axis label is not a statement of
// the figure), tags as breaks between words, entities as their characters.
QString htmlText(QString html)
{
    static const QRegularExpression hidden(
        QStringLiteral(R"(<(style|svg|head)\b.*?</\1>)"), QRegularExpression::DotMatchesEverythingOption);
    html.remove(hidden);
    static const QRegularExpression tag(QStringLiteral(R"(<[^>]*>)"));
    html.replace(tag, QStringLiteral(" "));
    html.replace(QStringLiteral("&lt;"), QStringLiteral("<"));
    html.replace(QStringLiteral("&gt;"), QStringLiteral(">"));
    html.replace(QStringLiteral("&quot;"), QStringLiteral("\""));
    html.replace(QStringLiteral("&#39;"), QStringLiteral("'"));
    html.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    return html;
}

QString pdfText(const ReportContent& content, QString* error)
{
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty()) {
        *error = QStringLiteral("pdftotext is not installed");
        return {};
    }
    const QByteArray pdf = PdfReport::write(content, {}, error);
    if (pdf.isEmpty())
        return {};
    QTemporaryFile file(QDir::tempPath() + QStringLiteral("/kneepoint-faces-XXXXXX.pdf"));
    if (!file.open()) {
        *error = file.errorString();
        return {};
    }
    file.write(pdf);
    file.close();
    QProcess p;
    p.start(pdftotext,
        {QStringLiteral("-layout"), QStringLiteral("-enc"), QStringLiteral("UTF-8"), file.fileName(),
            QStringLiteral("-")});
    if (!p.waitForFinished(60'000) || p.exitCode() != 0) {
        *error = QStringLiteral("pdftotext failed: ") + QString::fromUtf8(p.readAllStandardError());
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

// A figure as written: "400", "0.00*", "98%", "1,234"; NaN for a cell with no figure ("–", "met").
double figureOf(const QString& cell)
{
    static const QRegularExpression figure(QStringLiteral(R"(^(\d+(?:\.\d+)?)[*%†]?$)"));
    const QRegularExpressionMatch m = figure.match(plain(cell).remove(u' '));
    return m.hasMatch() ? m.captured(1).toDouble() : std::nan("");
}

// The half of a unit in the last place written: how far a value may lie from the figure that shows it.
double halfUlp(const QString& figure)
{
    const qsizetype dot = figure.indexOf(u'.');
    return dot < 0 ? 0.5 : 0.5 * std::pow(10.0, -double(figure.size() - dot - 1));
}

// A load as faces write it: "8 users", "1 user", "2.5 req/s" (or "requests per second" in a sentence).
QString loadPattern(const QString& number, const QString& unit)
{
    const QString n = QStringLiteral(R"((?<![\w.])%1)").arg(QRegularExpression::escape(number));
    if (unit.startsWith(u"user"))
        return n + QStringLiteral(R"(\s*users?\b)");
    return n + QStringLiteral(R"(\s*(?:req/s|requests? (?:per|a) second))");
}

struct Load
{
    QString number; ///< as written, separators dropped
    QString unit; ///< "users", "user", "req/s"
    bool valid() const { return !number.isEmpty(); }
    QString pattern() const { return loadPattern(number, unit); }
    QString text() const { return number + u' ' + unit; }
};

Load loadOf(const QString& label)
{
    static const QRegularExpression load(QStringLiteral(R"((\d+(?:\.\d+)?)\s*(users?|req/s))"));
    const QRegularExpressionMatch m = load.match(plain(label));
    return m.hasMatch() ? Load {m.captured(1), m.captured(2)} : Load {};
}

struct ScoreFigure
{
    QString header;
    QString cell;
    double value;
};

struct ScoreLine
{
    QString label;
    Load load;
    std::vector<ScoreFigure> figures;
};

// What the document holds, figure by figure, in the words every face is checked for.
struct DocumentFigures
{
    Capacity::Bound bound = Capacity::Bound::None;
    Load capacity; ///< the card's number
    QString low, high; ///< the range the summary gives it
    QString definition; ///< "the most users with each figure under its target at p99"
    /// The bracket's figures with their units ("400 ms", "1.23 s", "2.9%"), and its two loads.
    QStringList bracketValues;
    std::vector<Load> bracketLoads;
    std::vector<ScoreLine> score;
    bool kneeFound = false;
    bool kneeCompared = false; ///< a pair of steps was compared: the face says which, or that there is no knee
    Load knee, kneeNext;
    bool wallReached = false;
    QString lowestWall; ///< its title, "Saturation"
    Load lowestWallLoad;
    QStringList wallsNotReached;
    std::vector<std::pair<QString, Load>> wallsReached; ///< each reached wall's title and load
    QString confidence; ///< "low", "medium"; empty when high
};

DocumentFigures figuresOf(const ReportContent& c, const RunAnalysis& a)
{
    DocumentFigures f;
    f.bound = a.curve.capacity.bound;
    static const QRegularExpression number(QStringLiteral(R"(^[≈≥<]\s*(\d+(?:\.\d+)?)\s*(users?|req/s)$)"));
    if (const QRegularExpressionMatch m = number.match(plain(c.answer.number)); m.hasMatch())
        f.capacity = {m.captured(1), m.captured(2)};
    static const QRegularExpression range(QStringLiteral(R"(\((\d+(?:\.\d+)?)–(\d+(?:\.\d+)?)[ ,])"));
    if (const QRegularExpressionMatch m = range.match(plain(c.answer.summary)); m.hasMatch()) {
        f.low = m.captured(1);
        f.high = m.captured(2);
    }
    f.definition = plain(c.answer.definition).section(QStringLiteral(": "), 1);
    static const QRegularExpression valueWithUnit(QStringLiteral(R"((?<![\w.])(\d+(?:\.\d+)?)\s*(ms|s|%)(?![\w/]))"));
    for (auto it = valueWithUnit.globalMatch(plain(c.answer.bracket)); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        f.bracketValues << m.captured(1) + (m.captured(2) == u"%" ? QString() : QStringLiteral(" ")) + m.captured(2);
    }
    static const QRegularExpression loadInText(QStringLiteral(R"((?<![\w.])(\d+(?:\.\d+)?)\s*(users?|req/s))"));
    for (auto it = loadInText.globalMatch(plain(c.answer.bracket)); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        f.bracketLoads.push_back({m.captured(1), m.captured(2)});
    }
    f.score.reserve(c.score.size());
    for (const ReportContent::ScoreRow& row : c.score) {
        ScoreLine line {row.cells.value(0), loadOf(row.cells.value(0)), {}};
        for (qsizetype i = 1; i < row.cells.size(); ++i)
            if (const double v = figureOf(row.cells[i]); !std::isnan(v))
                line.figures.push_back({c.scoreHeader.value(i), row.cells[i], v});
        f.score.push_back(line);
    }
    const LoadCurve& curve = a.curve;
    const KneePoint& k = curve.knee;
    f.kneeFound = k.found;
    f.kneeCompared = k.next >= 0;
    if (k.found && k.point >= 0 && k.next >= 0) {
        f.knee = loadOf(curve.points[std::size_t(k.point)].step->loadLabel());
        f.kneeNext = loadOf(curve.points[std::size_t(k.next)].step->loadLabel());
    }
    const std::vector<const Wall*> reached = a.walls.reachedInOrder();
    f.wallReached = !reached.empty();
    if (f.wallReached) {
        f.lowestWall = Wall::title(reached.front()->kind);
        f.lowestWallLoad = loadOf(text::load(reached.front()->load, curve.byRate));
    }
    for (const Wall* w : {&a.walls.saturation, &a.walls.latency, &a.walls.memory}) {
        if (!w->reached)
            f.wallsNotReached << Wall::title(w->kind);
        else
            f.wallsReached.emplace_back(Wall::title(w->kind), loadOf(text::load(w->load, curve.byRate)));
    }
    if (a.confidence.level != CapacityConfidence::Level::High && !a.confidence.reasons.isEmpty())
        f.confidence = CapacityConfidence::text(a.confidence.level);
    return f;
}

QString around(const QString& text, qsizetype at, int width = 70)
{
    return text.mid(std::max<qsizetype>(0, at - width), 2 * width);
}

// The figures of `text` after `from`, up to the next load (the next row of a table) or `most` of them.
std::vector<double> figuresAfter(const QString& text, qsizetype from, int most = 20)
{
    static const QRegularExpression token(QStringLiteral(R"((?<![\w.])(\d+(?:\.\d+)?)(\s*(?:users?\b|req/s))?)"));
    std::vector<double> out;
    for (auto it = token.globalMatch(text, from); it.hasNext() && int(out.size()) < most;) {
        const QRegularExpressionMatch m = it.next();
        if (!m.captured(2).isEmpty())
            break;
        out.push_back(m.captured(1).toDouble());
    }
    return out;
}

// Each scorecard row: its load, then each of its figures in order on that row (a face may add columns between).
void checkScore(const QString& face, const QString& text, const DocumentFigures& f, QList<FaceDisagreement>& out)
{
    for (const ScoreLine& row : f.score) {
        if (!row.load.valid()) {
            out.push_back({face, QStringLiteral("score"), QStringLiteral("the row \"%1\" has no load").arg(row.label)});
            continue;
        }
        const QRegularExpression label(row.load.pattern());
        // Each place the load is written, with the figures after it, aligned with the row's (the longest common
        // subsequence): the best is the face's row, and the first figure left out of it is the one said otherwise.
        std::size_t best = 0;
        std::vector<bool> bestKept(row.figures.size(), false);
        std::vector<double> bestFigures;
        for (auto it = label.globalMatch(text); it.hasNext() && best < row.figures.size();) {
            const QRegularExpressionMatch m = it.next();
            const std::vector<double> found = figuresAfter(text, m.capturedEnd());
            const std::size_t n = row.figures.size(), k = found.size();
            std::vector<std::vector<std::size_t>> common(n + 1, std::vector<std::size_t>(k + 1, 0));
            for (std::size_t i = n; i-- > 0;)
                for (std::size_t j = k; j-- > 0;)
                    common[i][j] = row.figures[i].value == found[j] ? common[i + 1][j + 1] + 1
                                                                    : std::max(common[i + 1][j], common[i][j + 1]);
            if (common[0][0] < best || (common[0][0] == best && found.size() <= bestFigures.size()))
                continue;
            best = common[0][0];
            bestFigures = found;
            std::fill(bestKept.begin(), bestKept.end(), false);
            for (std::size_t i = 0, j = 0; i < n && j < k;) {
                if (row.figures[i].value == found[j] && common[i][j] == common[i + 1][j + 1] + 1) {
                    bestKept[i++] = true;
                    ++j;
                } else if (common[i + 1][j] >= common[i][j + 1]) {
                    ++i;
                } else {
                    ++j;
                }
            }
        }
        if (best == row.figures.size())
            continue;
        QStringList seen;
        for (double v : bestFigures)
            seen << QString::number(v);
        const ScoreFigure& missing
            = row.figures[std::size_t(std::find(bestKept.begin(), bestKept.end(), false) - bestKept.begin())];
        out.push_back({face, QStringLiteral("score"),
            QStringLiteral("row %1, %2: the document's %3 is not on the row (its figures there: %4)")
                .arg(row.label, missing.header, missing.cell,
                    seen.isEmpty() ? QStringLiteral("none") : seen.join(u' '))});
    }
}

void checkText(const QString& face, const QString& text, const DocumentFigures& f, QList<FaceDisagreement>& out)
{
    const auto has = [&text](const QString& pattern) {
        return QRegularExpression(pattern, QRegularExpression::CaseInsensitiveOption).match(text).hasMatch();
    };
    // The card's number with the words for its bound: "≈ 46 users" or "about 46 users", "≥ 16 users" or "at least"
    // or "up to", "< 1 user" or "below" or "even at".
    if (f.capacity.valid()) {
        const QString qualifier = f.bound == Capacity::Bound::Between ? QStringLiteral("(?:≈|about)\\s*")
            : f.bound == Capacity::Bound::AtLeast                     ? QStringLiteral("(?:≥|at least|up to)\\s*")
                                                                      : QStringLiteral("(?:<|below|even at)\\s*");
        if (!has(qualifier + f.capacity.pattern()))
            out.push_back({face, QStringLiteral("capacity"),
                QStringLiteral("the card's capacity, %1 %2, is not stated")
                    .arg(f.bound == Capacity::Bound::Between      ? QStringLiteral("≈")
                            : f.bound == Capacity::Bound::AtLeast ? QStringLiteral("≥")
                                                                  : QStringLiteral("<"),
                        f.capacity.text())});
        if (!f.low.isEmpty()
            && !has(QStringLiteral(R"((?<![\w.])%1\s*[–-]\s*%2(?![\d.]))")
                        .arg(QRegularExpression::escape(f.low), QRegularExpression::escape(f.high))))
            out.push_back({face, QStringLiteral("capacity"),
                QStringLiteral("the capacity's range, %1–%2, is not stated").arg(f.low, f.high)});
    }
    // One capacity: wherever a face says "Capacity: about …" or "≈ …", it is the card's.
    static const QRegularExpression capacityStated(
        QStringLiteral(R"((?:\bCapacity: (?:about|at least|below) |≈ )(\d+(?:\.\d+)?) (?:users?|req/s))"));
    for (auto it = capacityStated.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.captured(1) != f.capacity.number)
            out.push_back({face, QStringLiteral("capacity"),
                QStringLiteral("says a capacity of %1 beside the card's %2: \"…%3…\"")
                    .arg(m.captured(1), f.capacity.text(), around(text, m.capturedStart()))});
    }
    if (!f.definition.isEmpty() && !text.contains(f.definition, Qt::CaseInsensitive))
        out.push_back({face, QStringLiteral("definition"),
            QStringLiteral("the capacity's definition (\"%1\") is not stated").arg(f.definition)});

    // The bracket's figures: each value as a figure of the face within the precision of the coarser of the two
    // ("1.23 s" is the scorecard's 1,234 ms), each load as a load.
    static const QRegularExpression anyFigure(QStringLiteral(R"((?<![\w.])(\d+(?:\.\d+)?)(?:\s*(ms|s|%)(?![\w/]))?)"));
    for (const QString& value : f.bracketValues) {
        const bool percent = value.endsWith(u'%');
        const bool seconds = value.endsWith(QStringLiteral(" s"));
        const QString digits = value.section(u' ', 0, 0).remove(u'%');
        const double scale = seconds ? 1000 : 1;
        const double want = digits.toDouble() * scale;
        const double slack = halfUlp(digits) * scale;
        bool found = false;
        for (auto it = anyFigure.globalMatch(text); it.hasNext() && !found;) {
            const QRegularExpressionMatch m = it.next();
            const QString unit = m.captured(2);
            if ((unit == u"%") != percent)
                continue;
            const double s = unit == u"s" ? 1000 : 1;
            found = std::abs(m.captured(1).toDouble() * s - want) <= slack + halfUlp(m.captured(1)) * s + 1e-9;
        }
        if (!found)
            out.push_back({face, QStringLiteral("bracket"),
                QStringLiteral("the bracket's %1 is not among the figures (\"%2\")")
                    .arg(value, f.bracketValues.join(u", "))});
    }
    for (const Load& l : f.bracketLoads)
        if (!has(l.pattern()))
            out.push_back(
                {face, QStringLiteral("bracket"), QStringLiteral("the bracket's %1 is not stated").arg(l.text())});

    checkScore(face, text, f, out);

    // The knee with the two steps it rests on; or, where the curve has none, that it has none.
    static const QRegularExpression kneeWord(QStringLiteral(R"(\bknee\b)"), QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression noKnee(
        QStringLiteral(R"(\bno knee\b|\bknee: none\b)"), QRegularExpression::CaseInsensitiveOption);
    if (f.kneeFound && f.knee.valid()) {
        const QRegularExpression pair(QStringLiteral("%1.{0,200}?%2").arg(f.knee.pattern(), f.kneeNext.pattern()));
        bool found = false;
        for (auto it = kneeWord.globalMatch(text); it.hasNext() && !found;) {
            const QRegularExpressionMatch m = it.next();
            const QRegularExpressionMatch p = pair.match(text, m.capturedEnd());
            found = p.hasMatch() && p.capturedStart() - m.capturedEnd() < 40;
        }
        if (!found)
            out.push_back({face, QStringLiteral("knee"),
                QStringLiteral("the knee at %1 (to %2) is not stated").arg(f.knee.text(), f.kneeNext.text())});
        if (const QRegularExpressionMatch m = noKnee.match(text); m.hasMatch())
            out.push_back({face, QStringLiteral("knee"),
                QStringLiteral("says there is no knee, beside the document's at %1: \"…%2…\"")
                    .arg(f.knee.text(), around(text, m.capturedStart()))});
    }
    // Every "Knee: N users" is the document's knee.
    static const QRegularExpression kneeStated(QStringLiteral(R"(\bKnee: (\d+(?:\.\d+)?) (?:users?|req/s))"));
    for (auto it = kneeStated.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (!f.kneeFound || m.captured(1) != f.knee.number)
            out.push_back({face, QStringLiteral("knee"),
                QStringLiteral("says the knee is at %1; the document's is %2")
                    .arg(m.captured(1), f.kneeFound ? f.knee.text() : QStringLiteral("none"))});
    }
    if (!f.kneeFound && f.kneeCompared && !noKnee.match(text).hasMatch()) {
        out.push_back({face, QStringLiteral("knee"), QStringLiteral("does not say the curve has no knee")});
    }

    // The lowest wall with its load, as the answer or the walls say it.
    if (f.wallReached
        && !has(QStringLiteral(R"(\b%1(?: wall)?(?::|,)?\s*(?:reached\s+)?at\s+%2)")
                    .arg(QRegularExpression::escape(f.lowestWall), f.lowestWallLoad.pattern())))
        out.push_back({face, QStringLiteral("lowest wall"),
            QStringLiteral("the lowest wall, %1 at %2, is not stated").arg(f.lowestWall, f.lowestWallLoad.text())});
    // Every statement of a wall's place is the document's: the lowest ("Lowest wall: Saturation, at 4 users"), and
    // each reached ("Memory: reached at 8 users").
    static const QRegularExpression lowestStated(
        QStringLiteral(R"(\bLowest walls?: [^.;]*?at (\d+(?:\.\d+)?) (?:users?|req/s))"));
    for (auto it = lowestStated.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (!f.wallReached || m.captured(1) != f.lowestWallLoad.number)
            out.push_back({face, QStringLiteral("lowest wall"),
                QStringLiteral("says the lowest wall is at %1; the document's is %2: \"…%3…\"")
                    .arg(m.captured(1), f.wallReached ? f.lowestWallLoad.text() : QStringLiteral("none"),
                        around(text, m.capturedStart()))});
    }
    for (const auto& [title, load] : f.wallsReached) {
        const QRegularExpression stated(
            QStringLiteral(R"(\b%1: reached at (\d+(?:\.\d+)?))").arg(QRegularExpression::escape(title)));
        for (auto it = stated.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            if (m.captured(1) != load.number)
                out.push_back({face, QStringLiteral("lowest wall"),
                    QStringLiteral("says %1 was reached at %2; the document's at %3")
                        .arg(title, m.captured(1), load.text())});
        }
    }
    for (const QString& wall : f.wallsNotReached)
        if (has(QStringLiteral(R"(\b%1: reached at)").arg(wall)))
            out.push_back({face, QStringLiteral("lowest wall"),
                QStringLiteral("says the %1 wall was reached; the document's was not").arg(wall.toLower())});

    // The confidence beside the number: every statement of it is the document's level.
    static const QRegularExpression confidence(
        QStringLiteral(R"(\bconfidence(?: in this number)?:?\s+(high|medium|low)\b)"),
        QRegularExpression::CaseInsensitiveOption);
    bool stated = false;
    for (auto it = confidence.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString level = m.captured(1).toLower();
        if (level == (f.confidence.isEmpty() ? QStringLiteral("high") : f.confidence))
            stated = true;
        else
            out.push_back({face, QStringLiteral("confidence"),
                QStringLiteral("says %1 where the document's is %2: \"…%3…\"")
                    .arg(level, f.confidence.isEmpty() ? QStringLiteral("high") : f.confidence,
                        around(text, m.capturedStart()))});
    }
    if (!f.confidence.isEmpty() && !stated)
        out.push_back({face, QStringLiteral("confidence"),
            QStringLiteral("the confidence, %1, is not stated").arg(f.confidence)});
}

// The JSON report holds raw values: each, formatted as the document formats it, is the document's figure; and the
// answer it carries (and reads back) is the document's, word for word.
void checkJson(const QJsonObject& json, const ReportContent& c, const RunAnalysis& a, QList<FaceDisagreement>& out)
{
    const QString face = QStringLiteral("json");
    const QJsonObject answer = json.value(u"answer").toObject();
    const ReportContent::Answer back = JsonReport::readAnswer(json);
    const std::pair<const char*, std::pair<QString, QString>> fields[] = {
        {"number", {c.answer.number, back.number}},
        {"summary", {c.answer.summary, back.summary}},
        {"definition", {c.answer.definition, back.definition}},
        {"bracket", {c.answer.bracket, back.bracket}},
        {"confidence", {c.answer.confidence, back.confidence}},
        {"lowest_wall", {c.answer.lowestWall, back.lowestWall}},
        {"knee", {c.answer.knee, back.knee}},
    };
    for (const auto& [key, values] : fields) {
        const QString written = answer.value(QLatin1String(key)).toString();
        if (written != values.first)
            out.push_back({face, QStringLiteral("capacity"),
                QStringLiteral("answer.%1 is \"%2\"; the document's \"%3\"")
                    .arg(QLatin1String(key), written, values.first)});
        if (values.second != values.first)
            out.push_back({face, QStringLiteral("capacity"),
                QStringLiteral("answer.%1 reads back as \"%2\"; the document's \"%3\"")
                    .arg(QLatin1String(key), values.second, values.first)});
    }

    // The document read back from the file (what the window shows of a report opened from disk) is the document.
    const ReportContent read = JsonReport::read(json);
    if (read.verdict != c.verdict)
        out.push_back(
            {face, QStringLiteral("verdict"), QStringLiteral("the verdict reads back as \"%1\"").arg(read.verdict)});
    if (read.scoreHeader != c.scoreHeader || read.score.size() != c.score.size())
        out.push_back({face, QStringLiteral("score"),
            QStringLiteral("the scorecard reads back as %1 rows under \"%2\"")
                .arg(read.score.size())
                .arg(read.scoreHeader.join(u'|'))});
    for (std::size_t i = 0; i < read.score.size() && i < c.score.size(); ++i)
        if (read.score[i].cells != c.score[i].cells || read.score[i].light != c.score[i].light)
            out.push_back({face, QStringLiteral("score"),
                QStringLiteral("row %1 reads back as \"%2\"; the document's \"%3\"")
                    .arg(c.score[i].cells.value(0), read.score[i].cells.join(u'|'), c.score[i].cells.join(u'|'))});
    if (read.walls != c.walls)
        out.push_back({face, QStringLiteral("lowest wall"),
            QStringLiteral("the walls read back as \"%1\"").arg(read.walls.join(QStringLiteral(" / ")))});
    const auto flags = [](const std::vector<ReportContent::TryNext>& list) {
        QStringList l;
        for (const ReportContent::TryNext& t : list)
            l << t.flag.commandLine + QStringLiteral(": ") + t.prediction;
        return l;
    };
    if (flags(read.tryNext) != flags(c.tryNext) || flags(read.notWorthTrying) != flags(c.notWorthTrying))
        out.push_back({face, QStringLiteral("advice"),
            QStringLiteral("the flags read back as \"%1\" and, not worth trying, \"%2\"")
                .arg(flags(read.tryNext).join(QStringLiteral("; ")),
                    flags(read.notWorthTrying).join(QStringLiteral("; ")))});
    const ReportContent::Answer& r = read.answer;
    if (r.number != c.answer.number || r.summary != c.answer.summary || r.definition != c.answer.definition
        || r.bracket != c.answer.bracket || r.confidence != c.answer.confidence || r.lowestWall != c.answer.lowestWall
        || r.knee != c.answer.knee)
        out.push_back({face, QStringLiteral("capacity"),
            QStringLiteral("the document's answer reads back as \"%1 %2 %3\"").arg(r.number, r.summary, r.bracket)});

    const QJsonObject analysis = json.value(u"analysis").toObject();
    QJsonArray points = analysis.value(u"concurrency").toObject().value(u"points").toArray();
    for (const QJsonValue p : analysis.value(u"rate").toObject().value(u"points").toArray())
        points.append(p);
    if (points.size() != qsizetype(c.score.size()))
        out.push_back({face, QStringLiteral("score"),
            QStringLiteral("%1 points; the scorecard has %2 rows").arg(points.size()).arg(c.score.size())});
    const auto numberAt = [](const QJsonObject& o, const char* key, const char* sub = nullptr) {
        const QJsonValue v
            = sub ? o.value(QLatin1String(key)).toObject().value(QLatin1String(sub)) : o.value(QLatin1String(key));
        return v.isDouble() ? v.toDouble() : std::nan("");
    };
    for (qsizetype i = 0; i < points.size() && i < qsizetype(c.score.size()); ++i) {
        const QJsonObject p = points[i].toObject();
        const QStringList& cells = c.score[std::size_t(i)].cells;
        const double attainment = numberAt(p, "slo_attainment");
        QStringList shown {
            ReportContent::milliseconds(numberAt(p, "ttft_shown_ms")),
            ReportContent::milliseconds(numberAt(p, "tpot_ms", "value")),
            ReportContent::milliseconds(numberAt(p, "e2el_ms", "value")),
            text::number(numberAt(p, "output_tokens_per_s"), 0),
            std::isnan(attainment) ? QStringLiteral("–") : text::percent(attainment),
            QString::number(p.value(u"failed").toInt()),
        };
        // The time to the first answer token has its column after TTFT's where the scorecard shows it.
        if (c.scoreHeader.value(2).startsWith(u"TTFO"))
            shown.insert(1, ReportContent::milliseconds(numberAt(p, "ttfo_shown_ms")));
        for (int col = 1; col <= int(shown.size()); ++col) {
            QString cell = cells.value(col);
            cell.remove(u'*');
            if (cell != shown[col - 1])
                out.push_back({face, QStringLiteral("score"),
                    QStringLiteral("row %1, %2: the document's %3, the JSON's %4")
                        .arg(cells.value(0), c.scoreHeader.value(col), cells.value(col), shown[col - 1])});
        }
        const Load load = loadOf(cells.value(0));
        if (load.valid() && std::abs(p.value(u"load").toDouble() - load.number.toDouble()) > 1e-9)
            out.push_back({face, QStringLiteral("score"),
                QStringLiteral("row %1: the JSON's load is %2").arg(cells.value(0)).arg(p.value(u"load").toDouble())});
    }

    const QJsonObject curve = analysis.value(u"concurrency").toObject();
    const QJsonObject capacity = curve.value(u"capacity").toObject();
    const DocumentFigures f = figuresOf(c, a);
    if (f.capacity.valid()) {
        const double load = capacity.value(u"load").toDouble(std::nan(""));
        const double card = f.capacity.number.toDouble();
        // The card shows the crossing rounded (down, where rounding would reach the failed step): within a unit of
        // its last place.
        if (!(std::abs(load - card) < 2 * halfUlp(f.capacity.number) + 1e-9))
            out.push_back({face, QStringLiteral("capacity"),
                QStringLiteral("the capacity's load is %1; the card's %2").arg(load).arg(f.capacity.text())});
    }
    const QJsonObject knee = curve.value(u"knee").toObject();
    if (knee.value(u"found").toBool() != f.kneeFound)
        out.push_back({face, QStringLiteral("knee"),
            QStringLiteral("knee found: %1; the document's %2").arg(knee.value(u"found").toBool()).arg(f.kneeFound)});
    else if (f.kneeFound
        && (knee.value(u"load").toDouble() != f.knee.number.toDouble()
            || knee.value(u"next_load").toDouble() != f.kneeNext.number.toDouble()))
        out.push_back({face, QStringLiteral("knee"),
            QStringLiteral("the knee at %1 to %2; the document's %3 to %4")
                .arg(knee.value(u"load").toDouble())
                .arg(knee.value(u"next_load").toDouble())
                .arg(f.knee.text(), f.kneeNext.text())});
    const QJsonObject walls = analysis.value(u"walls").toObject();
    const QString limiting = walls.value(u"limiting").toString();
    const std::vector<const Wall*> reached = a.walls.reachedInOrder();
    if (!reached.empty()) {
        const QJsonObject lowest = walls.value(Wall::name(reached.front()->kind)).toObject();
        if (!lowest.value(u"reached").toBool()
            || std::abs(lowest.value(u"load").toDouble() - f.lowestWallLoad.number.toDouble())
                > 2 * halfUlp(f.lowestWallLoad.number))
            out.push_back({face, QStringLiteral("lowest wall"),
                QStringLiteral("the %1 wall: reached %2 at %3; the document's lowest at %4")
                    .arg(Wall::name(reached.front()->kind))
                    .arg(lowest.value(u"reached").toBool())
                    .arg(lowest.value(u"load").toDouble())
                    .arg(f.lowestWallLoad.text())});
    }
    if (limiting != (a.walls.limiting ? Wall::name(*a.walls.limiting) : QString()))
        out.push_back({face, QStringLiteral("limiting wall"), QStringLiteral("limiting: \"%1\"").arg(limiting)});
    const QString level = analysis.value(u"confidence").toObject().value(u"level").toString();
    if (level != (f.confidence.isEmpty() ? QStringLiteral("high") : f.confidence))
        out.push_back({face, QStringLiteral("confidence"),
            QStringLiteral("level \"%1\"; the document's %2")
                .arg(level, f.confidence.isEmpty() ? QStringLiteral("high") : f.confidence)});
}

// The document against itself: one capacity (the verdict's is the card's), the limiting wall the lowest, named as
// such wherever a wall is, and advice that follows the twin's predictions.
void checkDocument(const ReportContent& c, const RunAnalysis& a, QList<FaceDisagreement>& out)
{
    const QString face = QStringLiteral("document");
    const DocumentFigures f = figuresOf(c, a);
    const QString verdict = plain(c.verdict);
    if (f.capacity.valid()) {
        const QString pattern = f.bound == Capacity::Bound::Between ? QStringLiteral(R"(\btakes (?:about )?)")
            : f.bound == Capacity::Bound::AtLeast                   ? QStringLiteral(R"(\bup to )")
                                                                    : QStringLiteral(R"(\beven at )");
        static const QRegularExpression number(QStringLiteral(R"(^(\d+(?:\.\d+)?))"));
        const QRegularExpressionMatch at = QRegularExpression(pattern).match(verdict);
        const QString said = at.hasMatch() ? number.match(verdict.mid(at.capturedEnd())).captured(1) : QString();
        if (said != f.capacity.number)
            out.push_back({face, QStringLiteral("verdict"),
                QStringLiteral("the verdict's capacity is %1; the card's %2 (\"%3\")")
                    .arg(said.isEmpty() ? QStringLiteral("not stated") : said, c.answer.number, verdict.left(300))});
        if (!f.low.isEmpty() && !verdict.contains(QStringLiteral("%1–%2").arg(f.low, f.high)))
            out.push_back({face, QStringLiteral("verdict"),
                QStringLiteral("the verdict does not give the card's range %1–%2").arg(f.low, f.high)});
    }

    const std::vector<const Wall*> reached = a.walls.reachedInOrder();
    if (a.walls.limiting.has_value() != !reached.empty()
        || (a.walls.limiting && reached.front()->load < a.walls.wall(*a.walls.limiting).load))
        out.push_back({face, QStringLiteral("limiting wall"),
            QStringLiteral("the limiting wall is %1; the lowest %2")
                .arg(a.walls.limiting ? Wall::name(*a.walls.limiting) : QStringLiteral("none"),
                    reached.empty() ? QStringLiteral("none") : Wall::name(reached.front()->kind))});
    // The wall the walls' list marks as the limit is reached where the lowest is (two may tie).
    for (const QString& sentence : c.walls) {
        if (!sentence.contains(QStringLiteral("(the limit)")))
            continue;
        const Wall* marked = nullptr;
        for (const Wall* w : {&a.walls.saturation, &a.walls.latency, &a.walls.memory})
            if (sentence.startsWith(Wall::title(w->kind) + u':'))
                marked = w;
        if (!marked || reached.empty() || !marked->reached || marked->load != reached.front()->load)
            out.push_back({face, QStringLiteral("limiting wall"),
                QStringLiteral("\"%1\" is marked the limit; the lowest wall is %2")
                    .arg(sentence,
                        reached.empty() ? QStringLiteral("none")
                                        : Wall::title(reached.front()->kind) + QStringLiteral(" at ")
                                + text::load(reached.front()->load, a.curve.byRate))});
    }
    if (f.wallReached && !plain(c.answer.lowestWall).contains(f.lowestWall))
        out.push_back({face, QStringLiteral("limiting wall"),
            QStringLiteral("the answer's \"%1\" does not name the lowest wall, %2")
                .arg(c.answer.lowestWall, f.lowestWall)});

    // Advice: nothing the twin predicts to lower the capacity beyond its error is to be tried, and every "from" is the
    // card's capacity.
    static const QRegularExpression from(
        QStringLiteral(R"(capacity (?:about |at least |below )?(\d+(?:\.\d+)?) users? →)"));
    for (const ReportContent::TryNext& t : c.tryNext) {
        const QString prediction = plain(t.prediction);
        if (prediction.startsWith(QStringLiteral("Not worth trying"))
            || prediction.contains(QStringLiteral("a fall beyond")))
            out.push_back({face, QStringLiteral("advice"),
                QStringLiteral("%1 is under \"try these next\" with a predicted loss: %2")
                    .arg(t.flag.commandLine, t.prediction)});
        const QRegularExpressionMatch m = from.match(prediction);
        if (m.hasMatch() && f.capacity.valid() && m.captured(1) != f.capacity.number)
            out.push_back({face, QStringLiteral("advice"),
                QStringLiteral("%1 predicts from %2 users; the card says %3")
                    .arg(t.flag.commandLine, m.captured(1), c.answer.number)});
    }
    for (const ReportContent::TryNext& t : c.notWorthTrying)
        if (!plain(t.prediction).startsWith(QStringLiteral("Not worth trying")))
            out.push_back({face, QStringLiteral("advice"),
                QStringLiteral("%1 is under \"not worth trying\" without a predicted loss: %2")
                    .arg(t.flag.commandLine, t.prediction)});
}

} // namespace

QString terminalText(const RunData& run, const RunAnalysis& analysis)
{
    return TextReport::write(ReportContent::of(run, analysis));
}

QString FaceDisagreement::toString() const
{
    return QStringLiteral("%1: %2: %3").arg(face, figure, detail);
}

QList<FaceDisagreement> faceTextDisagreements(
    const QString& face, const QString& text, const ReportContent& content, const RunAnalysis& analysis)
{
    QList<FaceDisagreement> out;
    if (face == u"json") {
        checkJson(QJsonDocument::fromJson(text.toUtf8()).object(), content, analysis, out);
        return out;
    }
    checkText(face, plain(face == u"html" ? htmlText(text) : text), figuresOf(content, analysis), out);
    return out;
}

QList<FaceDisagreement> facesDisagreements(const RunData& run, const RunAnalysis& analysis, bool pdf, bool predictFlags)
{
    ReportContent content = ReportContent::of(run, analysis);
    if (predictFlags) {
        PredictionCache cache;
        content.predictTryNext(run, analysis.settings, &cache);
    }
    QList<FaceDisagreement> out;
    checkDocument(content, analysis, out);
    const DocumentFigures figures = figuresOf(content, analysis);
    checkText(QStringLiteral("terminal"), plain(terminalText(run, analysis)), figures, out);
    checkText(QStringLiteral("markdown"), plain(MarkdownReport::write(content)), figures, out);
    checkText(QStringLiteral("html"), plain(htmlText(HtmlReport::write(content))), figures, out);
    checkJson(JsonReport::write(run, analysis, &content), content, analysis, out);
    if (pdf) {
        QString error;
        const QString text = pdfText(content, &error);
        if (!error.isEmpty())
            out.push_back({QStringLiteral("pdf"), QString(), error});
        else
            checkText(QStringLiteral("pdf"), plain(text), figures, out);
    }
    return out;
}
