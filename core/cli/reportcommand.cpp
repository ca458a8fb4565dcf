// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/reportcommand.h"

#include "core/analysis/runanalysis.h"
#include "core/analysis/rundata.h"
#include "core/cli/storedruns.h"
#include "core/cli/storeoption.h"
#include "core/predict/prediction.h"
#include "core/report/reportcontent.h"
#include "core/report/reportformat.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QGuiApplication>

namespace kp::cli {

QString ReportCommand::description() const
{
    return QStringLiteral(
        "Writes a stored run's report, regenerated from the stored measurements: md (Markdown), json (every number, "
        "schema kneepoint-report version 1), html (one self-contained page), pdf (vector charts, the Markdown and "
        "JSON attached), csv (one row per step) or requests-csv (one row per request). Text formats go to stdout "
        "unless -o names a file; pdf needs -o. --gpu, --model and the target options change the analysis as in "
        "kneepoint show.");
}

QList<QCommandLineOption> ReportCommand::options() const
{
    QList<QCommandLineOption> list = analysisOptions();
    list << QCommandLineOption(QStringLiteral("format"), ReportFormat::names() + QStringLiteral(" (default md)."),
        QStringLiteral("FORMAT"), QStringLiteral("md"));
    list << QCommandLineOption(
        {QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE."), QStringLiteral("FILE"));
    list << dbOption();
    return list;
}

bool ReportCommand::needsGui(const QStringList& arguments)
{
    // report, and experiments (ExperimentsCommand), write PDFs.
    if (arguments.value(1) != u"report" && arguments.value(1) != u"experiments")
        return false;
    for (qsizetype i = 2; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == u"--format=pdf" || ((a == u"--format") && arguments.value(i + 1) == u"pdf"))
            return true;
    }
    return false;
}

int ReportCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    bool ok = false;
    const qint64 id = args.value(0).toLongLong(&ok);
    if (args.size() != 1 || !ok || id < 1)
        throw UsageError {
            QStringLiteral("name one run by its number: kneepoint report ID (kneepoint runs lists them).")};
    const QString name = parser.value(QStringLiteral("format"));
    const ReportFormat* format = ReportFormat::named(name);
    if (!format)
        throw UsageError {QStringLiteral("--format is one of %1, not '%2'.").arg(ReportFormat::names(), name)};
    const QString output = parser.value(QStringLiteral("output"));
    if (format->binary && output.isEmpty())
        throw UsageError {QStringLiteral("--format %1 needs -o FILE: it is not for a terminal.").arg(name)};
    if (format->id == ReportFormat::Id::Pdf && !qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
        io.err << "kneepoint report: PDF needs fonts, which this process was started without.\n";
        return ExitFailure;
    }

    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint report: " << error << '\n';
        return ExitFailure;
    }
    const std::optional<RunData> run = RunData::load(*store, id, &error);
    if (!run) {
        io.err << "kneepoint report: " << error << '\n';
        return ExitFailure;
    }
    QStringList notes;
    const AnalysisSettings settings = analysisSettingsFrom(parser, *run, &notes);
    printModelNotes(parser, notes, QStringLiteral("report"), io);
    const RunAnalysis analysis = RunAnalysis::of(*run, settings);

    std::optional<ReportContent> content;
    if (format->needsContent) {
        content = ReportContent::of(*run, analysis);
        PredictionCache predictions;
        content->predictTryNext(*run, settings, &predictions);
    }
    const QByteArray data = format->write(*run, analysis, content ? &*content : nullptr, store.get(), &error);
    if (data.isEmpty()) {
        io.err << "kneepoint report: " << error << '\n';
        return ExitFailure;
    }
    return deliver(data, output, QStringLiteral("report"), io);
}

int ReportCommand::deliver(const QByteArray& data, const QString& output, const QString& command, CommandIo& io)
{
    if (output.isEmpty() || output == u"-") {
        io.out << QString::fromUtf8(data);
        return ExitOk;
    }
    QString error;
    if (!saveReportFile(output, data, &error)) {
        io.err << "kneepoint " << command << ": " << error << '\n';
        return ExitFailure;
    }
    io.err << "Wrote " << QDir::toNativeSeparators(output) << ".\n";
    return ExitOk;
}

} // namespace kp::cli
