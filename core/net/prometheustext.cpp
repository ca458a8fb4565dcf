// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/prometheustext.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kp::core {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

bool isMetricNameChar(char c)
{
    return isNameChar(c) || c == ':';
}

QByteArrayView trimBlanks(QByteArrayView s)
{
    while (!s.isEmpty() && isBlank(s.front()))
        s = s.sliced(1);
    while (!s.isEmpty() && isBlank(s.back()))
        s.chop(1);
    return s;
}

/// A cursor over one line; each reader advances it past what it read.
class LineReader
{
public:
    explicit LineReader(QByteArrayView line)
        : m_line(line)
    { }

    bool atEnd() const { return m_pos >= m_line.size(); }
    char peek() const { return atEnd() ? '\0' : m_line.at(m_pos); }
    void skipBlanks()
    {
        while (!atEnd() && isBlank(m_line.at(m_pos)))
            ++m_pos;
    }
    bool take(char c)
    {
        if (peek() != c)
            return false;
        ++m_pos;
        return true;
    }
    /// A run of characters up to the next blank (a value, a timestamp, a word of a comment).
    QByteArrayView token()
    {
        const qsizetype start = m_pos;
        while (!atEnd() && !isBlank(m_line.at(m_pos)))
            ++m_pos;
        return m_line.sliced(start, m_pos - start);
    }
    QByteArrayView metricName()
    {
        const qsizetype start = m_pos;
        if (!atEnd() && (isNameStart(peek()) || peek() == ':')) {
            while (!atEnd() && isMetricNameChar(m_line.at(m_pos)))
                ++m_pos;
        }
        return m_line.sliced(start, m_pos - start);
    }
    QByteArrayView labelName()
    {
        const qsizetype start = m_pos;
        if (!atEnd() && isNameStart(peek())) {
            while (!atEnd() && isNameChar(m_line.at(m_pos)))
                ++m_pos;
        }
        return m_line.sliced(start, m_pos - start);
    }
    /// The rest of a quoted label value, after its opening quote; false when the closing quote is missing.
    bool quoted(QByteArray* out)
    {
        while (!atEnd()) {
            const char c = m_line.at(m_pos++);
            if (c == '"')
                return true;
            if (c != '\\' || atEnd()) {
                out->append(c);
                continue;
            }
            const char e = m_line.at(m_pos++);
            if (e == 'n') {
                out->append('\n');
            } else if (e == '\\' || e == '"') {
                out->append(e);
            } else { // not an escape the format defines: keep it as written rather than lose the sample
                out->append('\\');
                out->append(e);
            }
        }
        return false;
    }

private:
    QByteArrayView m_line;
    qsizetype m_pos = 0;
};

/// A sample value or timestamp as Go's ParseFloat reads it, the parser Prometheus itself uses.
std::optional<double> parseNumber(QByteArrayView t)
{
    if (t.isEmpty())
        return std::nullopt;
    QByteArrayView word = t;
    const bool negative = word.front() == '-';
    if (word.front() == '+' || word.front() == '-')
        word = word.sliced(1);
    if (word.compare("inf", Qt::CaseInsensitive) == 0 || word.compare("infinity", Qt::CaseInsensitive) == 0)
        return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    if (word.compare("nan", Qt::CaseInsensitive) == 0)
        return std::numeric_limits<double>::quiet_NaN();
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || !std::isfinite(v)) // a spelled-out number too large for a double is an error, as in Go
        return std::nullopt;
    return v;
}

bool isKnownType(QByteArrayView type)
{
    static constexpr const char* known[] = {"counter", "gauge", "histogram", "summary", "untyped",
        // OpenMetrics' own families
        "unknown", "info", "stateset", "gaugehistogram"};
    return std::any_of(std::begin(known), std::end(known), [&](const char* k) { return type == k; });
}

/// A comment line: `# TYPE` is recorded, `# HELP` and anything else ignored. Returns a complaint, or nullptr.
const char* readComment(LineReader& r, std::map<QByteArray, QByteArray>* types, bool* eof)
{
    r.take('#');
    r.skipBlanks();
    const QByteArrayView keyword = r.token();
    if (keyword == "EOF") {
        r.skipBlanks();
        *eof = r.atEnd();
        return nullptr;
    }
    if (keyword != "TYPE")
        return nullptr;
    r.skipBlanks();
    const QByteArrayView name = r.metricName();
    if (name.isEmpty() || !(r.atEnd() || isBlank(r.peek())))
        return "a # TYPE line without a valid metric name";
    r.skipBlanks();
    const QByteArray type = r.token().toByteArray().toLower();
    r.skipBlanks();
    if (!isKnownType(type) || !r.atEnd())
        return "a # TYPE line without a known type";
    (*types)[name.toByteArray()] = type;
    return nullptr;
}

/// `name{label="value",...} value [timestamp] [# exemplar]`. Returns a complaint, or nullptr.
const char* readSample(LineReader& r, PrometheusSample* s)
{
    const QByteArrayView name = r.metricName();
    if (name.isEmpty())
        return "not a metric name";
    s->name = name.toByteArray();
    if (!r.atEnd() && !isBlank(r.peek()) && r.peek() != '{')
        return "not a metric name";
    r.skipBlanks();
    if (r.take('{')) {
        for (;;) {
            r.skipBlanks();
            if (r.take('}'))
                break;
            const QByteArrayView key = r.labelName();
            if (key.isEmpty())
                return "not a label name";
            r.skipBlanks();
            if (!r.take('='))
                return "no '=' after a label name";
            r.skipBlanks();
            if (!r.take('"'))
                return "a label value without quotes";
            QByteArray value;
            if (!r.quoted(&value))
                return "a label value without its closing quote";
            const bool duplicate = std::any_of(
                s->labels.begin(), s->labels.end(), [&](const auto& label) { return label.first == key; });
            if (duplicate)
                return "a label given twice";
            s->labels.emplace_back(key.toByteArray(), std::move(value));
            r.skipBlanks();
            if (r.take(','))
                continue; // a trailing comma before '}' is allowed
            if (!r.take('}'))
                return "no ',' or '}' after a label value";
            break;
        }
        r.skipBlanks();
    }
    const std::optional<double> value = parseNumber(r.token());
    if (!value)
        return "no readable value";
    s->value = *value;
    r.skipBlanks();
    if (r.atEnd() || r.peek() == '#')
        return nullptr;
    // The timestamp says when the exporter took the value; a run keeps its own clock of when it scraped.
    if (!parseNumber(r.token()))
        return "an unreadable timestamp";
    r.skipBlanks();
    if (r.atEnd() || r.peek() == '#')
        return nullptr;
    return "text after the timestamp";
}

} // namespace

QByteArray PrometheusSample::label(QByteArrayView key) const
{
    for (const auto& [k, v] : labels) {
        if (k == key)
            return v;
    }
    return {};
}

PrometheusText PrometheusText::parse(QByteArrayView text, QString* error)
{
    PrometheusText out;
    int bad = 0;
    QString firstBad;
    int lineNumber = 0;
    qsizetype pos = 0;
    bool eof = false;
    while (pos < text.size() && !eof) {
        qsizetype lf = text.indexOf('\n', pos);
        if (lf < 0)
            lf = text.size();
        QByteArrayView line = text.sliced(pos, lf - pos);
        pos = lf + 1;
        ++lineNumber;
        if (line.endsWith('\r'))
            line.chop(1);
        line = trimBlanks(line);
        if (line.isEmpty())
            continue;

        LineReader reader(line);
        const char* complaint = nullptr;
        if (line.front() == '#') {
            complaint = readComment(reader, &out.types, &eof);
        } else {
            PrometheusSample sample;
            complaint = readSample(reader, &sample);
            if (!complaint)
                out.samples.push_back(std::move(sample));
        }
        if (complaint && ++bad == 1) {
            constexpr qsizetype shown = 80;
            const QString quoted
                = line.size() > shown ? QString::fromUtf8(line.first(shown)) + u'…' : QString::fromUtf8(line);
            firstBad = QStringLiteral("line %1, %2: “%3”").arg(lineNumber).arg(QLatin1String(complaint), quoted);
        }
    }
    if (error) {
        error->clear();
        if (bad == 1)
            *error = QStringLiteral("1 line of the metrics could not be read and was skipped: %1").arg(firstBad);
        else if (bad > 1)
            *error = QStringLiteral("%1 lines of the metrics could not be read and were skipped; the first: %2")
                         .arg(bad)
                         .arg(firstBad);
    }
    return out;
}

std::optional<double> PrometheusText::sum(
    QByteArrayView name, const std::vector<std::pair<QByteArray, QByteArray>>& match) const
{
    std::optional<double> total;
    for (const PrometheusSample& s : samples) {
        if (s.name != name)
            continue;
        const bool matches
            = std::all_of(match.begin(), match.end(), [&](const auto& m) { return s.label(m.first) == m.second; });
        if (matches)
            total = total.value_or(0) + s.value;
    }
    return total;
}

const PrometheusSample* PrometheusText::first(QByteArrayView name) const
{
    const auto it = std::find_if(samples.begin(), samples.end(), [&](const auto& s) { return s.name == name; });
    return it == samples.end() ? nullptr : &*it;
}

} // namespace kp::core
