// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/clockservercommand.h"

#include "core/shard/clockserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>

namespace kp::cli {

QString ClockServerCommand::summary() const
{
    return QStringLiteral("Serve the time for the shards of a run, so that each can measure its clock's offset.");
}

QString ClockServerCommand::description() const
{
    return QStringLiteral(
        "Answers GET /time with the moments it received and answered the request, in UTC nanoseconds. The shards of\n"
        "a run given --clock-server http://HOST:PORT measure their offset from it NTP-style and keep the shared\n"
        "schedule on its clock; merge maps every shard's times onto one time line with those offsets.\n");
}

QList<QCommandLineOption> ClockServerCommand::options() const
{
    return {QCommandLineOption(QStringLiteral("host"), QStringLiteral("The address to listen on."),
                QStringLiteral("ADDRESS"), QStringLiteral("0.0.0.0")),
        QCommandLineOption(QStringLiteral("port"), QStringLiteral("The port (0 picks a free one)."),
            QStringLiteral("PORT"), QStringLiteral("9123"))};
}

int ClockServerCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QHostAddress address(parser.value(QStringLiteral("host")));
    if (address.isNull())
        throw UsageError {
            QStringLiteral("--host takes an IP address, not '%1'.").arg(parser.value(QStringLiteral("host")))};
    const int port = option::integer(parser, QStringLiteral("port"), 0, 65535);
    ClockServer server;
    QString error;
    if (!server.listen(address, quint16(port), &error)) {
        io.err << "kneepoint clock-server: " << error << '\n';
        return ExitFailure;
    }
    io.out << "Clock server listening on http://" << address.toString() << ':' << server.port() << '\n';
    io.out.flush();
    return QCoreApplication::exec();
}

} // namespace kp::cli
