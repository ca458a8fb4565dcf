// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "democommand.h"

#include "common/monotonicclock.h"
#include "sim/simcommand.h"
#include "sim/simserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

namespace kp::core {

QString DemoCommand::summary() const
{
    return QStringLiteral("Start the simulated server and stream one request from it.");
}

QString DemoCommand::description() const
{
    return QStringLiteral("Starts the built-in simulated vLLM server (Llama 3.1 8B on an H100 SXM) on a free loopback\n"
                          "port, sends one streamed chat completion, and prints each server-sent event with the\n"
                          "time it arrived, then the time to first token and the time per output token.\n");
}

QList<QCommandLineOption> DemoCommand::options() const
{
    return {
        QCommandLineOption(QStringLiteral("max-tokens"), QStringLiteral("Tokens to generate."), QStringLiteral("N"),
            QStringLiteral("24")),
        QCommandLineOption(QStringLiteral("prompt"), QStringLiteral("What to ask."), QStringLiteral("TEXT"),
            QStringLiteral("How many users can this server take?")),
    };
}

int DemoCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const int maxTokens = option::integer(parser, QStringLiteral("max-tokens"), 1, 4096);
    QString error;
    const auto config = ResolvedSimConfig::resolve(SimConfig(), &error);
    if (!config) {
        io.err << "kneepoint demo: " << error << '\n';
        return ExitFailure;
    }
    SimServer server(*config);
    if (!server.listen(QHostAddress(QHostAddress::LocalHost), 0, &error)) {
        io.err << "kneepoint demo: " << error << '\n';
        return ExitFailure;
    }
    io.out << SimCommand::describe(*config);
    const QString url = QStringLiteral("http://127.0.0.1:%1/v1/chat/completions").arg(server.port());
    io.out << "POST " << url << " (stream, temperature 0, " << maxTokens << " tokens)\n";
    io.out.flush();

    const QJsonObject body {
        {QStringLiteral("model"), config->servedModelName},
        {QStringLiteral("messages"),
            QJsonArray {QJsonObject {{QStringLiteral("role"), QStringLiteral("user")},
                {QStringLiteral("content"), parser.value(QStringLiteral("prompt"))}}}},
        {QStringLiteral("max_tokens"), maxTokens},
        {QStringLiteral("ignore_eos"), true},
        {QStringLiteral("temperature"), 0},
        {QStringLiteral("stream"), true},
        {QStringLiteral("stream_options"),
            QJsonObject {{QStringLiteral("include_usage"), true}, {QStringLiteral("continuous_usage_stats"), true}}},
    };
    QNetworkAccessManager manager;
    QNetworkRequest request {QUrl(url)};
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    const std::int64_t sentNs = monotonicNowNs();
    QNetworkReply* reply = manager.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));

    // Split the stream into events as bytes arrive; time each token-carrying event when it is read.
    QByteArray pending;
    std::int64_t firstTokenNs = -1;
    std::int64_t lastTokenNs = -1;
    int tokenEvents = 0;
    int completionTokens = 0;
    QString text;
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [&] {
        const std::int64_t now = monotonicNowNs();
        pending += reply->readAll();
        qsizetype end;
        while ((end = pending.indexOf("\n\n")) >= 0) {
            const QByteArray event = pending.left(end);
            pending.remove(0, end + 2);
            io.out << QStringLiteral("%1 ms  ").arg(double(now - sentNs) / 1e6, 8, 'f', 2) << event << '\n';
            if (!event.startsWith("data: {"))
                continue;
            const QJsonObject chunk = QJsonDocument::fromJson(event.mid(6)).object();
            const QJsonArray choices = chunk.value(u"choices").toArray();
            if (chunk.contains(u"usage") && chunk.value(u"usage").isObject())
                completionTokens = chunk.value(u"usage").toObject().value(u"completion_tokens").toInt();
            if (choices.isEmpty())
                continue;
            const QString content = choices.first().toObject().value(u"delta").toObject().value(u"content").toString();
            if (content.isEmpty())
                continue; // the role-only first chunk is not a token
            text += content;
            ++tokenEvents;
            if (firstTokenNs < 0)
                firstTokenNs = now;
            lastTokenNs = now;
        }
        io.out.flush();
    });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60'000, &loop, &QEventLoop::quit);
    loop.exec();
    if (!reply->isFinished() || reply->error() != QNetworkReply::NoError) {
        io.err << "kneepoint demo: the streamed request failed: "
               << (reply->isFinished() ? reply->errorString() : QStringLiteral("no answer within 60 s")) << '\n';
        return ExitFailure;
    }
    if (firstTokenNs < 0) {
        io.err << "kneepoint demo: the stream carried no tokens.\n";
        return ExitFailure;
    }
    const double ttftMs = double(firstTokenNs - sentNs) / 1e6;
    const double tpotMs = completionTokens > 1 ? double(lastTokenNs - firstTokenNs) / 1e6 / (completionTokens - 1) : 0;
    io.out << "\nAnswer:" << text << '\n';
    io.out << QStringLiteral("Time to first token %1 ms; %2 tokens in %3 events; time per output token %4 ms; "
                             "end to end %5 ms.\n")
                  .arg(ttftMs, 0, 'f', 2)
                  .arg(completionTokens)
                  .arg(tokenEvents)
                  .arg(tpotMs, 0, 'f', 2)
                  .arg(double(lastTokenNs - sentNs) / 1e6, 0, 'f', 2);
    return ExitOk;
}

} // namespace kp::core
