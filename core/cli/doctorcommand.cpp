// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/doctorcommand.h"

#include "core/cli/secrets.h"
#include "core/common/urlcredentials.h"
#include "core/doctor/doctor.h"
#include "core/plan/runoptions.h"
#include "core/plan/sweepinput.h"

#include <QCommandLineParser>
#include <QJsonDocument>

#include <algorithm>

namespace kp::cli {

namespace {

/// Wide enough for the longest title ("One-token completion") and a little air.
constexpr int TitleWidth = 22;

} // namespace

QString DoctorCommand::summary() const
{
    return QStringLiteral("Check that a server can be benchmarked, and this machine too.");
}

QString DoctorCommand::description() const
{
    return QStringLiteral(
        "Checks, in order: the URL; the TCP connect and, for https, the TLS handshake (timed); GET /health;\n"
        "/version; /v1/models (model id, root, max_model_len, or llama.cpp's per-slot n_ctx); the request shapes\n"
        "against that context, as run judges them (--shapes, or the --product's); /metrics; /tokenize; a one-token\n"
        "greedy completion, plain and streamed; then this machine: the open-files limit, the CPU frequency governor,\n"
        "and other load on the CPUs. Each prints pass, warn, fail or skip, with a fix in words.\n"
        "The API key comes from $KNEEPOINT_API_KEY or --api-key-file, never from the command line.\n"
        "Exit codes: 0 the server can be benchmarked (no check failed), 1 a check failed (a dead or malformed URL\n"
        "too), 2 usage error.\n");
}

QList<QCommandLineOption> DoctorCommand::options() const
{
    QList<QCommandLineOption> list {
        QCommandLineOption(QStringLiteral("url"),
            QStringLiteral("The server's address, such as http://127.0.0.1:8000 (no scheme: http)."),
            QStringLiteral("URL")),
        QCommandLineOption(QStringLiteral("timeout-ms"), QStringLiteral("How long each network check may take."),
            QStringLiteral("N"), QStringLiteral("10000")),
        QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print the checks as a JSON array.")),
        QCommandLineOption(QStringLiteral("product"),
            QStringLiteral("chat, rag, reasoning or batch: the request size checked when --shapes is not given."),
            QStringLiteral("TYPE"), QStringLiteral("chat")),
        QCommandLineOption(QStringLiteral("shapes"),
            QStringLiteral("Request sizes IN/OUT[,IN/OUT…] to check against the server's context, as run does."),
            QStringLiteral("LIST")),
        QCommandLineOption(QStringLiteral("length-spread"),
            QStringLiteral("As run's: lengths drawn within ±R, so the longest draw is checked (default 0)."),
            QStringLiteral("R"), QStringLiteral("0")),
        QCommandLineOption(QStringLiteral("turns"),
            QStringLiteral("As run's: conversations of N turns, so the last turn's whole history is checked."),
            QStringLiteral("N"), QStringLiteral("1")),
        QCommandLineOption(QStringLiteral("fan-out"),
            QStringLiteral("As run's: agents' sub-calls after each turn, whose answers the last turn carries too."),
            QStringLiteral("N"), QStringLiteral("0")),
    };
    list << apiKeyOptions() << insecureOption() << caFileOption();
    return list;
}

QString DoctorCommand::formatLine(const DoctorCheck& check)
{
    QString line = QStringLiteral("%1  %2 %3")
                       .arg(DoctorCheck::resultName(check.result), check.title.leftJustified(TitleWidth), check.detail);
    if (!check.fix.isEmpty()
        && (check.result == DoctorCheck::Result::Warn || check.result == DoctorCheck::Result::Fail))
        line += QStringLiteral(" → fix: ") + check.fix;
    return line;
}

QString DoctorCommand::verdict(const DoctorReport& report)
{
    if (!report.canBenchmark())
        return QStringLiteral("Fix the failed checks before benchmarking.");
    const auto warnings = std::count_if(report.checks.begin(), report.checks.end(),
        [](const DoctorCheck& c) { return c.result == DoctorCheck::Result::Warn; });
    if (warnings == 0)
        return QStringLiteral("The server can be benchmarked.");
    return warnings == 1
        ? QStringLiteral("The server can be benchmarked; the warning above makes some findings less certain.")
        : QStringLiteral("The server can be benchmarked; the %1 warnings above make some findings less certain.")
              .arg(warnings);
}

int DoctorCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    if (!parser.isSet(QStringLiteral("url")))
        throw UsageError {QStringLiteral("--url is required: the server's address, such as http://127.0.0.1:8000.")};
    const int timeoutMs = option::integer(parser, QStringLiteral("timeout-ms"), 1, 600'000);
    QString error;
    const QByteArray key = apiKey(parser, &error);
    if (!error.isEmpty())
        throw UsageError {error};
    if (const QString problem = urlCredentialProblem(parser.value(QStringLiteral("url")), QStringLiteral("--url"));
        !problem.isEmpty())
        throw UsageError {problem};
    // A URL that does not parse is reported by the url check, so it gets the same sentence and exit code as a
    // dead server.
    const ServerEndpoint target = ServerEndpoint::forChecks(Doctor::normalizeUrl(parser.value(QStringLiteral("url"))),
        key, !parser.isSet(QStringLiteral("insecure")), caFile(parser), timeoutMs);

    // The shapes a run with the same options would send, judged as the run judges them (ContextFit).
    RunOptions asked;
    asked.product = parser.value(QStringLiteral("product"));
    if (!RunOptions::products().contains(asked.product))
        throw UsageError {
            QStringLiteral("--product is one of %1, not '%2'.").arg(RunOptions::products().join(u", "), asked.product)};
    if (parser.isSet(QStringLiteral("shapes"))) {
        QString bad;
        const std::optional<QList<Shape>> shapes
            = SweepInput::shapes(parser.value(QStringLiteral("shapes")), 1 << 22, &bad);
        if (!shapes)
            throw UsageError {
                QStringLiteral("--shapes takes IN/OUT pairs such as 1024/256,4096/512, not '%1'.").arg(bad)};
        asked.shapes = *shapes;
    }
    const double spread = option::number(parser, QStringLiteral("length-spread"), 0, 0.99);
    const int turns = option::integer(parser, QStringLiteral("turns"), 1, 100);
    const int fanOut = option::integer(parser, QStringLiteral("fan-out"), 0, 64);
    std::vector<ContextFit> shapes;
    for (const Shape& s : asked.resolved().shapes)
        shapes.push_back({s.input, s.output, spread, turns, fanOut});

    const bool json = parser.isSet(QStringLiteral("json"));
    DoctorReport report;
    if (json) {
        report = Doctor::run(target, timeoutMs, shapes);
        io.out << QJsonDocument(report.toJson()).toJson(QJsonDocument::Indented);
        io.err << "kneepoint doctor: " << verdict(report) << '\n';
    } else {
        io.out << "Checking " << target.baseUrl.toString(QUrl::RemoveUserInfo) << " (at most " << timeoutMs
               << " ms per network check)\n";
        io.out.flush();
        // Print each check as it finishes: a timeout takes a while, and the lines before it already help.
        report = Doctor::run(target, timeoutMs, shapes, [&io](const DoctorCheck& check) {
            io.out << formatLine(check) << '\n';
            io.out.flush();
        });
        io.out << verdict(report) << '\n';
    }
    return report.canBenchmark() ? ExitOk : ExitFailure;
}

} // namespace kp::cli
