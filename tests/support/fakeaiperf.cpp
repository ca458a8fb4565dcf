// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A stand-in for the `aiperf` command, for tests of `kneepoint run --engine aiperf` on machines without Python:
// `--version` prints a version ($FAKE_AIPERF_VERSION, default 0.13.0); `profile` writes profile_export.jsonl and
// profile_export_aiperf.json in AIPerf's documented format (docs/tutorials/working-with-profile-exports.md) with
// plausible times for the requested concurrency and count, and its arguments to arguments.txt. No server is used.
// $FAKE_AIPERF_FAIL and $FAKE_AIPERF_HANG make a step fail or hang (see below).
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QThread>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

QString value(const QStringList& args, const char* flag, const QString& fallback = {})
{
    const qsizetype i = args.indexOf(QLatin1String(flag));
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
}

QJsonObject metric(double v, const char* unit)
{
    return {{QStringLiteral("value"), v}, {QStringLiteral("unit"), QLatin1String(unit)}};
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.contains(QStringLiteral("--version"))) {
        std::printf("aiperf %s\n",
            qgetenv("FAKE_AIPERF_VERSION").isEmpty() ? "0.13.0" : qgetenv("FAKE_AIPERF_VERSION").constData());
        return 0;
    }
    if (args.value(0) != u"profile") {
        std::fprintf(stderr, "fake aiperf: only --version and profile are known\n");
        return 2;
    }
    if (qgetenv("FAKE_AIPERF_FAIL") == "1") {
        std::fprintf(stderr, "aiperf: error: the endpoint did not answer\n");
        return 1;
    }
    // FAKE_AIPERF_FAIL=concurrency:N fails at that level only, echoing the API key it was given, as a real
    // tool's argument error may.
    if (qgetenv("FAKE_AIPERF_FAIL") == "concurrency:" + value(args, "--concurrency").toUtf8()) {
        std::fprintf(stderr, "aiperf: error: the endpoint refused --api-key %s\n",
            value(args, "--api-key").toUtf8().constData());
        return 1;
    }
    // FAKE_AIPERF_HANG=concurrency:N never ends at that level (until it is killed), as a stuck profile would.
    if (qgetenv("FAKE_AIPERF_HANG") == "concurrency:" + value(args, "--concurrency").toUtf8()) {
        std::printf("fake aiperf: waiting for ever\n");
        std::fflush(stdout);
        QThread::sleep(120);
        return 4;
    }
    const QString dir = value(args, "--artifact-dir");
    const int users = std::max(1, value(args, "--concurrency", QStringLiteral("1")).toInt());
    const int count = std::max(1, value(args, "--request-count", QStringLiteral("10")).toInt());
    const int input = value(args, "--synthetic-input-tokens-mean", QStringLiteral("128")).toInt();
    const int output = std::max(2, value(args, "--output-tokens-mean", QStringLiteral("16")).toInt());
    if (dir.isEmpty() || !QDir().mkpath(dir))
        return 3;
    QFile argsFile(QDir(dir).filePath(QStringLiteral("arguments.txt")));
    if (argsFile.open(QIODevice::WriteOnly))
        argsFile.write(args.join(u'\n').toUtf8());

    // A closed loop: each user sends its next request when the last one ends; a busier server is slower.
    const std::int64_t epoch = 1'768'471'200'000'000'000;
    std::vector<std::int64_t> freeAt(std::size_t(users), epoch);
    const double ttftMs = 20 + 2.0 * users;
    const double gapMs = 10 + 0.5 * users;
    QFile records(QDir(dir).filePath(QStringLiteral("profile_export.jsonl")));
    if (!records.open(QIODevice::WriteOnly))
        return 3;
    for (int i = 0; i < count; ++i) {
        const auto slot = std::min_element(freeAt.begin(), freeAt.end());
        const std::int64_t start = *slot;
        const double ttft = ttftMs + (i % 5) * 0.25;
        QJsonArray gaps;
        double sum = 0;
        for (int k = 1; k < output; ++k) {
            const double g = gapMs + ((i + k) % 3) * 0.1;
            gaps.append(g);
            sum += g;
        }
        const double latency = ttft + sum;
        const std::int64_t end = start + std::int64_t(latency * 1e6) + 300'000;
        *slot = end;
        const QJsonObject metadata {{QStringLiteral("session_num"), i},
            {QStringLiteral("x_request_id"), QStringLiteral("fake-%1").arg(i)}, {QStringLiteral("turn_index"), 0},
            {QStringLiteral("request_start_ns"), qint64(start)},
            {QStringLiteral("request_ack_ns"), qint64(start + 1'000'000)},
            {QStringLiteral("request_end_ns"), qint64(end)}, {QStringLiteral("worker_id"), QStringLiteral("worker_0")},
            {QStringLiteral("benchmark_phase"), QStringLiteral("profiling")}, {QStringLiteral("was_cancelled"), false}};
        const QJsonObject metrics {{QStringLiteral("input_sequence_length"), metric(input, "tokens")},
            {QStringLiteral("time_to_first_token"), metric(ttft, "ms")},
            {QStringLiteral("request_latency"), metric(latency, "ms")},
            {QStringLiteral("inter_chunk_latency"),
                QJsonObject {{QStringLiteral("value"), gaps}, {QStringLiteral("unit"), QStringLiteral("ms")}}},
            {QStringLiteral("output_sequence_length"), metric(output, "tokens")},
            {QStringLiteral("inter_token_latency"), metric(sum / (output - 1), "ms")}};
        const QJsonObject record {{QStringLiteral("metadata"), metadata}, {QStringLiteral("metrics"), metrics},
            {QStringLiteral("error"), QJsonValue::Null}};
        records.write(QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n');
    }
    const QJsonObject aggregate {{QStringLiteral("schema_version"), QStringLiteral("1.5")},
        {QStringLiteral("aiperf_version"), QStringLiteral("0.13.0")},
        {QStringLiteral("input_config"),
            QJsonObject {{QStringLiteral("endpoint"),
                             QJsonObject {{QStringLiteral("model_names"), QJsonArray {value(args, "--model")}},
                                 {QStringLiteral("urls"), QJsonArray {value(args, "--url")}}}},
                {QStringLiteral("loadgen"), QJsonObject {{QStringLiteral("concurrency"), users}}}}},
        {QStringLiteral("request_count"),
            QJsonObject {{QStringLiteral("unit"), QStringLiteral("requests")}, {QStringLiteral("avg"), count}}}};
    QFile summary(QDir(dir).filePath(QStringLiteral("profile_export_aiperf.json")));
    if (!summary.open(QIODevice::WriteOnly))
        return 3;
    summary.write(QJsonDocument(aggregate).toJson());
    std::printf("fake aiperf: %d requests at concurrency %d\n", count, users);
    return 0;
}
