// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/report/gatereport.h"

#include "core/analysis/runcomparison.h"
#include "core/analysis/rungate.h"
#include "core/common/textformat.h"

#include <QXmlStreamWriter>

namespace kp::core {

namespace {

// A table cell: a bar would end it, a line break would end the table.
QString cell(QString text)
{
    return text.replace(u'|', QStringLiteral("\\|")).replace(u'\n', u' ');
}

QString tableOf(const RunGate& gate, const QList<const RunGate::Check*>& rows)
{
    QString out = QStringLiteral("| figure | run %1 | run %2 | change | |\n|---|---:|---:|---:|---|\n")
                      .arg(gate.idA)
                      .arg(gate.idB);
    for (const RunGate::Check* c : rows) {
        const QString result = RunGate::resultName(c->result);
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5%6 |\n")
                   .arg(cell(c->figure), cell(c->a), cell(c->b), cell(c->change),
                       c->result == RunGate::Check::Result::Worse ? QStringLiteral("**%1**").arg(result) : result,
                       c->why.isEmpty() ? QString() : QStringLiteral(": ") + cell(c->why));
    }
    return out;
}

} // namespace

QString GateReport::markdown(const RunComparison& comparison, const RunGate& gate)
{
    QString out
        = QStringLiteral("### Kneepoint gate: %1\n\n%2\n").arg(RunGate::outcomeWord(gate.outcome), gate.sentence);
    if (!gate.caveat.isEmpty())
        out += u'\n' + gate.caveat + u'\n';
    // What decided it on top; the rows within noise, often dozens, folded.
    QList<const RunGate::Check*> shown, folded;
    for (const RunGate::Check& c : gate.checks)
        (&c == &gate.checks.front() || c.result == RunGate::Check::Result::Worse
                    || c.result == RunGate::Check::Result::Better
                ? shown
                : folded)
            .append(&c);
    out += u'\n' + tableOf(gate, shown);
    if (!folded.isEmpty())
        out += QStringLiteral("\n<details><summary>%1 within noise or not judged</summary>\n\n%2\n"
                              "</details>\n")
                   .arg(folded.size() == 1 ? QStringLiteral("1 more figure")
                                           : QStringLiteral("%1 more figures").arg(folded.size()))
                   .arg(tableOf(gate, folded));
    if (!comparison.changes.isEmpty()) {
        out += QStringLiteral("\n<details><summary>What changed between run %1 and run %2 (%3)</summary>\n\n")
                   .arg(gate.idA)
                   .arg(gate.idB)
                   .arg(comparison.changes.size());
        for (const RunComparison::Change& ch : comparison.changes)
            out += QStringLiteral("- %1: %2 → %3\n").arg(ch.what, ch.a, ch.b);
        out += QStringLiteral("\n</details>\n");
    }
    out += QStringLiteral(
        "\nBeyond noise, as `kneepoint compare %1 %2` judges: a latency by a test corrected for the table's size, a "
        "change of at least %3 and a 95% interval for the change that leaves out zero; the capacity by ranges that lie "
        "apart and the same floor; both beyond what two runs of one configuration differ by, where the store holds "
        "them%4.\n")
               .arg(gate.idA)
               .arg(gate.idB)
               .arg(text::number(comparison.minEffectPercent) + u'%')
               .arg(comparison.noiseIdA >= 0
                       ? QStringLiteral(" (runs %1 and %2 here)").arg(comparison.noiseIdA).arg(comparison.noiseIdB)
                       : QString());
    return out;
}

QByteArray GateReport::junit(const RunGate& gate)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    const int cases = int(gate.checks.size()) + 1;
    const int skipped = int(gate.checks.size()) - gate.judged;
    const bool incomplete = !gate.completed;
    const QString suite = QStringLiteral("kneepoint gate: run %1 against run %2").arg(gate.idB).arg(gate.idA);
    for (const char* element : {"testsuites", "testsuite"}) {
        xml.writeStartElement(QLatin1StringView(element));
        xml.writeAttribute(QStringLiteral("name"), suite);
        xml.writeAttribute(QStringLiteral("tests"), QString::number(cases));
        xml.writeAttribute(QStringLiteral("failures"), QString::number(gate.worse + (incomplete ? 1 : 0)));
        xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
        xml.writeAttribute(QStringLiteral("skipped"), QString::number(skipped));
    }
    xml.writeStartElement(QStringLiteral("properties"));
    for (const auto& [name, value] :
        {std::pair {QStringLiteral("outcome"), RunGate::outcomeName(gate.outcome)},
            std::pair {QStringLiteral("sentence"), gate.sentence}, std::pair {QStringLiteral("caveat"), gate.caveat}}) {
        if (value.isEmpty())
            continue;
        xml.writeStartElement(QStringLiteral("property"));
        xml.writeAttribute(QStringLiteral("name"), name);
        xml.writeAttribute(QStringLiteral("value"), value);
        xml.writeEndElement();
    }
    xml.writeEndElement();

    xml.writeStartElement(QStringLiteral("testcase"));
    xml.writeAttribute(QStringLiteral("classname"), QStringLiteral("kneepoint.gate"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("run %1 completed").arg(gate.idB));
    if (incomplete) {
        xml.writeStartElement(QStringLiteral("failure"));
        xml.writeAttribute(QStringLiteral("message"), gate.sentence);
        xml.writeEndElement();
    }
    xml.writeEndElement();
    for (const RunGate::Check& c : gate.checks) {
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), QStringLiteral("kneepoint.gate"));
        xml.writeAttribute(QStringLiteral("name"), c.figure);
        const QString line = QStringLiteral("%1: run %2 %3, run %4 %5, change %6%7")
                                 .arg(RunGate::resultName(c.result))
                                 .arg(gate.idA)
                                 .arg(c.a)
                                 .arg(gate.idB)
                                 .arg(c.b, c.change, c.why.isEmpty() ? QString() : QStringLiteral("; ") + c.why);
        if (c.result == RunGate::Check::Result::Worse) {
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("message"), line);
            xml.writeEndElement();
        } else if (c.result == RunGate::Check::Result::NotJudged) {
            xml.writeStartElement(QStringLiteral("skipped"));
            xml.writeAttribute(QStringLiteral("message"), line);
            xml.writeEndElement();
        } else {
            xml.writeTextElement(QStringLiteral("system-out"), line);
        }
        xml.writeEndElement();
    }
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    return out;
}

} // namespace kp::core
