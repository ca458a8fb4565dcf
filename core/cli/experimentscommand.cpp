// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/experimentscommand.h"

#include "core/cli/reportcommand.h"
#include "core/cli/storeoption.h"
#include "core/report/experimentreport.h"
#include "core/store/runstore.h"
#include "core/tune/experiment.h"

#include <QCommandLineParser>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace kp::cli {

QList<QCommandLineOption> ExperimentsCommand::options() const
{
    QList<QCommandLineOption> list;
    list << QCommandLineOption(QStringLiteral("format"),
        QStringLiteral("With an ID: %1 (default text).").arg(ExperimentReport::formats()), QStringLiteral("FORMAT"),
        QStringLiteral("text"));
    list << QCommandLineOption(
        {QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE."), QStringLiteral("FILE"));
    list << QCommandLineOption(QStringLiteral("json"), QStringLiteral("Without an ID: the list as JSON."));
    list << dbOption();
    return list;
}

int ExperimentsCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() > 1)
        throw UsageError {QStringLiteral("experiments takes at most one experiment id.")};
    const QString format = parser.value(QStringLiteral("format"));
    const QString output = parser.value(QStringLiteral("output"));
    if (!ExperimentReport::formats().split(QStringLiteral(", ")).contains(format))
        throw UsageError {QStringLiteral("--format is one of %1, not '%2'.").arg(ExperimentReport::formats(), format)};
    if (format == u"pdf" && output.isEmpty())
        throw UsageError {QStringLiteral("--format pdf needs -o FILE: it is not for a terminal.")};
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint experiments: " << error << '\n';
        return ExitFailure;
    }
    if (args.isEmpty()) {
        const QList<Experiment::Stored> all = Experiment::list(*store);
        if (parser.isSet(QStringLiteral("json"))) {
            QJsonArray list;
            for (const Experiment::Stored& e : all) {
                QJsonArray runs;
                for (const qint64 r : e.runs)
                    runs.append(r);
                list.append(QJsonObject {{QStringLiteral("id"), e.id}, {QStringLiteral("engine"), e.engine},
                    {QStringLiteral("model"), e.model}, {QStringLiteral("started_utc"), e.startedUtc},
                    {QStringLiteral("runs"), runs}});
            }
            io.out << QJsonDocument(list).toJson(QJsonDocument::Indented);
            return ExitOk;
        }
        if (all.isEmpty()) {
            io.out << "No experiment is stored in " << store->path() << " yet: kneepoint tune makes one.\n";
            return ExitOk;
        }
        io.out << QStringLiteral("%1  %2  %3  %4  %5\n")
                      .arg(QStringLiteral("experiment"), -12)
                      .arg(QStringLiteral("started (UTC)"), -20)
                      .arg(QStringLiteral("engine"), -12)
                      .arg(QStringLiteral("runs"), -16)
                      .arg(QStringLiteral("model"));
        for (const Experiment::Stored& e : all) {
            QStringList runs;
            for (const qint64 r : e.runs)
                runs << QString::number(r);
            io.out << QStringLiteral("%1  %2  %3  %4  %5\n")
                          .arg(e.id, -12)
                          .arg(e.startedUtc.left(19), -20)
                          .arg(e.engine, -12)
                          .arg(runs.join(u','), -16)
                          .arg(e.model);
        }
        return ExitOk;
    }
    const std::optional<Experiment> experiment = Experiment::load(*store, args.at(0), &error);
    if (!experiment) {
        io.err << "kneepoint experiments: " << error << '\n';
        return ExitFailure;
    }
    if (format == u"pdf" && !qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
        io.err << "kneepoint experiments: PDF needs fonts, which this process was started without.\n";
        return ExitFailure;
    }
    const QByteArray data = ExperimentReport::write(*experiment, format, &error);
    if (data.isNull()) {
        io.err << "kneepoint experiments: " << error << '\n';
        return ExitFailure;
    }
    return ReportCommand::deliver(data, output, QStringLiteral("experiments"), io);
}

} // namespace kp::cli
