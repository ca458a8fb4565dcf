// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/trace.h"

#include "core/common/boundedfile.h"

#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QTimeZone>

#include <algorithm>
#include <cmath>
#include <limits>

namespace kp::core {

namespace {

constexpr qint64 kMaxLineBytes = qint64(64) << 20; // a Mooncake line of hash ids for a million-token prompt is 8 MB

/// A CSV row's fields, trimmed and without surrounding quotes (the traces' fields hold no commas).
QList<QByteArray> fields(const QByteArray& line)
{
    QList<QByteArray> out = line.split(',');
    for (QByteArray& f : out) {
        f = f.trimmed();
        if (f.size() >= 2 && f.startsWith('"') && f.endsWith('"'))
            f = f.sliced(1, f.size() - 2);
    }
    return out;
}

/// The column named `name` (case and spaces aside) in a CSV header, or -1.
qsizetype column(const QList<QByteArray>& header, const char* name)
{
    const QByteArray wanted = QByteArray(name).toLower();
    for (qsizetype i = 0; i < header.size(); ++i)
        if (header[i].toLower() == wanted)
            return i;
    return -1;
}

/// Azure's TIMESTAMP, "2023-11-16 18:15:46.6805900", in seconds since the epoch: Qt reads milliseconds at most, so the
/// fraction is read apart. A plain number of seconds is taken too.
std::optional<double> azureSeconds(const QByteArray& text)
{
    bool ok = false;
    if (const double plain = text.toDouble(&ok); ok)
        return plain;
    const qsizetype dot = text.indexOf('.');
    const QByteArray whole = dot < 0 ? text : text.first(dot);
    QDateTime at = QDateTime::fromString(QString::fromLatin1(whole), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (!at.isValid())
        at = QDateTime::fromString(QString::fromLatin1(whole), QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
    if (!at.isValid())
        return std::nullopt;
    at.setTimeZone(QTimeZone::utc());
    double fraction = 0;
    if (dot >= 0) {
        QByteArray digits = text.sliced(dot + 1);
        if (digits.endsWith('Z'))
            digits.chop(1);
        fraction = QByteArray(QByteArray("0.") + digits).toDouble(&ok);
        if (!ok)
            return std::nullopt;
    }
    return double(at.toSecsSinceEpoch()) + fraction;
}

struct Reader
{
    Trace trace;
    QString path;
    QString error;

    bool fail(int line, const QString& why)
    {
        error = QStringLiteral("%1, line %2: %3").arg(path).arg(line).arg(why);
        return false;
    }

    /// A request of positive lengths is kept; one without (a failure the trace recorded) is counted as skipped.
    void add(double at, qint64 input, qint64 output, std::vector<std::uint64_t> hashIds = {})
    {
        if (input < 1 || output < 1 || input > (1 << 24) || output > (1 << 24)) {
            ++trace.skipped;
            return;
        }
        trace.requests.push_back({at, int(input), int(output), std::move(hashIds)});
    }

    bool mooncake(int line, const QByteArray& text)
    {
        QJsonParseError parseError;
        const QJsonObject o = QJsonDocument::fromJson(text, &parseError).object();
        if (parseError.error != QJsonParseError::NoError)
            return fail(line, QStringLiteral("not JSON (%1).").arg(parseError.errorString()));
        const QJsonValue at = o.value(u"timestamp");
        const QJsonValue input = o.value(u"input_length");
        const QJsonValue output = o.value(u"output_length");
        if (!at.isDouble() || !input.isDouble() || !output.isDouble())
            return fail(line,
                QStringLiteral("needs \"timestamp\" (milliseconds), \"input_length\" and "
                               "\"output_length\" (tokens) as numbers."));
        std::vector<std::uint64_t> ids;
        const QJsonArray hashIds = o.value(u"hash_ids").toArray();
        ids.reserve(std::size_t(hashIds.size()));
        for (const QJsonValue id : hashIds)
            ids.push_back(std::uint64_t(id.toInteger()));
        add(at.toDouble() / 1000, qint64(input.toDouble()), qint64(output.toDouble()), std::move(ids));
        return true;
    }

    struct Columns
    {
        qsizetype at = -1;
        qsizetype input = -1;
        qsizetype output = -1;
    };

    bool csv(int line, const QByteArray& text, const Columns& c)
    {
        const QList<QByteArray> f = fields(text);
        const qsizetype needed = std::max({c.at, c.input, c.output});
        if (f.size() <= needed)
            return fail(
                line, QStringLiteral("%1 fields where the header has at least %2.").arg(f.size()).arg(needed + 1));
        bool inputOk = false;
        bool outputOk = false;
        const qint64 input = f[c.input].toLongLong(&inputOk);
        const qint64 output = f[c.output].toLongLong(&outputOk);
        std::optional<double> at;
        if (trace.format == Trace::Format::Azure) {
            at = azureSeconds(f[c.at]);
        } else {
            bool ok = false;
            if (const double s = f[c.at].toDouble(&ok); ok)
                at = s;
        }
        if (!at || !inputOk || !outputOk)
            return fail(line,
                QStringLiteral("cannot read its time '%1' or its token counts '%2', '%3'.")
                    .arg(QString::fromUtf8(f[c.at]), QString::fromUtf8(f[c.input]), QString::fromUtf8(f[c.output])));
        add(*at, input, output);
        return true;
    }
};

} // namespace

std::optional<Trace> Trace::read(const QString& path, QString* error)
{
    BoundedFile file;
    QString problem;
    if (!file.open(path, maxBytes, &problem)) {
        *error = QStringLiteral("Cannot read the trace %1: %2.").arg(path, problem);
        return std::nullopt;
    }
    Reader r;
    r.path = path;
    r.trace.fileName = QFileInfo(path).fileName();
    Reader::Columns columns;
    bool known = false;
    int lineNumber = 0;
    QByteArray raw;
    while (!file.atEnd()) {
        if (!file.readLine(kMaxLineBytes, &raw, &problem)) {
            *error = QStringLiteral("Cannot read the trace %1: %2.").arg(path, problem);
            return std::nullopt;
        }
        ++lineNumber;
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            continue;
        if (!known) {
            // The first line says the format: a JSON object, or a CSV header naming its columns.
            known = true;
            if (line.startsWith('{')) {
                r.trace.format = Format::Mooncake;
            } else {
                const QList<QByteArray> header = fields(line);
                if (column(header, "TIMESTAMP") >= 0 && column(header, "ContextTokens") >= 0
                    && column(header, "GeneratedTokens") >= 0) {
                    r.trace.format = Format::Azure;
                    columns = {column(header, "TIMESTAMP"), column(header, "ContextTokens"),
                        column(header, "GeneratedTokens")};
                } else if (column(header, "Timestamp") >= 0 && column(header, "Request tokens") >= 0
                    && column(header, "Response tokens") >= 0) {
                    r.trace.format = Format::BurstGpt;
                    columns = {column(header, "Timestamp"), column(header, "Request tokens"),
                        column(header, "Response tokens")};
                } else {
                    *error = QStringLiteral(
                        "%1 is not a trace Kneepoint reads: its first line is neither a Mooncake JSON line "
                        "(timestamp, input_length, output_length) nor the header of an Azure LLM inference CSV "
                        "(TIMESTAMP, ContextTokens, GeneratedTokens) or a BurstGPT CSV (Timestamp, Request tokens, "
                        "Response tokens).")
                                 .arg(path);
                    return std::nullopt;
                }
                continue;
            }
        }
        const bool ok
            = r.trace.format == Format::Mooncake ? r.mooncake(lineNumber, line) : r.csv(lineNumber, line, columns);
        if (!ok) {
            *error = r.error;
            return std::nullopt;
        }
    }
    if (r.trace.requests.empty()) {
        *error = QStringLiteral("The trace %1 has no request to replay%2.")
                     .arg(path,
                         r.trace.skipped > 0 ? QStringLiteral(" (%1 rows without tokens)").arg(r.trace.skipped)
                                             : QString());
        return std::nullopt;
    }
    std::stable_sort(r.trace.requests.begin(), r.trace.requests.end(),
        [](const TraceRequest& a, const TraceRequest& b) { return a.atSeconds < b.atSeconds; });
    const double first = r.trace.requests.front().atSeconds;
    for (TraceRequest& q : r.trace.requests)
        q.atSeconds -= first;
    return std::move(r.trace);
}

Trace Trace::window(double startSeconds, double durationSeconds, double speed) const
{
    Trace w = *this;
    w.requests.clear();
    const double end = durationSeconds > 0 ? startSeconds + durationSeconds : std::numeric_limits<double>::infinity();
    for (const TraceRequest& q : requests)
        if (q.atSeconds >= startSeconds && q.atSeconds < end)
            w.requests.push_back(q);
    const double first = w.requests.empty() ? 0 : w.requests.front().atSeconds;
    const double k = speed > 0 ? speed : 1;
    for (TraceRequest& q : w.requests)
        q.atSeconds = (q.atSeconds - first) / k;
    return w;
}

QString Trace::nameOf(Format format)
{
    switch (format) {
    case Format::Mooncake:
        return QStringLiteral("Mooncake JSONL");
    case Format::Azure:
        return QStringLiteral("Azure LLM inference CSV");
    case Format::BurstGpt:
        return QStringLiteral("BurstGPT CSV");
    }
    return {};
}

double Trace::spanSeconds() const
{
    return requests.empty() ? 0 : requests.back().atSeconds - requests.front().atSeconds;
}

double Trace::meanRate() const
{
    // n arrivals over the span are n − 1 gaps; a trace of one request (or all at once) is sent at once.
    const double span = spanSeconds();
    if (requests.size() < 2 || span <= 0)
        return double(requests.size());
    return double(requests.size() - 1) / span;
}

std::vector<std::int64_t> Trace::offsetsNs() const
{
    std::vector<std::int64_t> out;
    out.reserve(requests.size());
    for (const TraceRequest& q : requests)
        out.push_back(std::int64_t(std::llround(q.atSeconds * 1e9)));
    return out;
}

} // namespace kp::core
