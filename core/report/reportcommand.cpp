// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportcommand.h"

#include "analysis/analysiscommands.h"
#include "analysis/runanalysis.h"
#include "analysis/rundata.h"
#include "predict/prediction.h"
#include "report/csvreport.h"
#include "report/htmlreport.h"
#include "report/jsonreport.h"
#include "report/markdownreport.h"
#include "report/pdfreport.h"
#include "report/reportcontent.h"
#include "run/storeoption.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QSaveFile>

namespace kp::core {

namespace {

const QStringList& formats()
{
    static const QStringList list {QStringLiteral("md"), QStringLiteral("json"), QStringLiteral("html"),
        QStringLiteral("pdf"), QStringLiteral("csv"), QStringLiteral("requests-csv")};
    return list;
}

// Written whole or not at all: a full disk leaves the previous file, not half a report.
bool save(const QString& path, const QByteArray& data, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        *error = QStringLiteral("could not write %1: %2. Check the folder exists and has space.")
                     .arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

} // namespace

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
    list << QCommandLineOption(QStringLiteral("format"),
        QStringLiteral("md, json, html, pdf, csv or requests-csv (default md)."), QStringLiteral("FORMAT"),
        QStringLiteral("md"));
    list << QCommandLineOption(
        {QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write to FILE."), QStringLiteral("FILE"));
    list << dbOption();
    return list;
}

bool ReportCommand::needsGui(const QStringList& arguments)
{
    if (arguments.value(1) != u"report")
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
    const QString format = parser.value(QStringLiteral("format"));
    if (!formats().contains(format))
        throw UsageError {QStringLiteral("--format is one of %1, not '%2'.").arg(formats().join(u", "), format)};
    const QString output = parser.value(QStringLiteral("output"));
    if (format == u"pdf" && output.isEmpty())
        throw UsageError {QStringLiteral("--format pdf needs -o FILE: a PDF is not for a terminal.")};
    if (format == u"pdf" && !qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
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
    const AnalysisSettings settings = analysisSettingsFrom(parser, *run, nullptr);
    const RunAnalysis analysis = RunAnalysis::of(*run, settings);

    QByteArray data;
    if (format == u"json") {
        data = QJsonDocument(JsonReport::write(*run, analysis)).toJson(QJsonDocument::Indented);
    } else if (format == u"csv") {
        data = CsvReport::steps(*run, analysis).toUtf8();
    } else if (format == u"requests-csv") {
        data = CsvReport::requests(*store, *run, &error).toUtf8();
        if (data.isEmpty()) {
            io.err << "kneepoint report: " << error << '\n';
            return ExitFailure;
        }
    } else {
        ReportContent content = ReportContent::of(*run, analysis);
        PredictionCache predictions;
        content.predictTryNext(*run, settings, &predictions);
        if (format == u"md") {
            data = MarkdownReport::write(content).toUtf8();
        } else if (format == u"html") {
            data = HtmlReport::write(content).toUtf8();
        } else {
            const QByteArray markdown = MarkdownReport::write(content).toUtf8();
            const QByteArray json = QJsonDocument(JsonReport::write(*run, analysis)).toJson(QJsonDocument::Indented);
            const QString base = QStringLiteral("kneepoint-run-%1").arg(id);
            data = PdfReport::write(
                content, {{base + QStringLiteral(".md"), markdown}, {base + QStringLiteral(".json"), json}}, &error);
            if (data.isEmpty()) {
                io.err << "kneepoint report: " << error << '\n';
                return ExitFailure;
            }
        }
    }
    if (output.isEmpty() || output == u"-") {
        io.out << QString::fromUtf8(data);
        return ExitOk;
    }
    if (!save(output, data, &error)) {
        io.err << "kneepoint report: " << error << '\n';
        return ExitFailure;
    }
    io.err << "Wrote " << QDir::toNativeSeparators(output) << ".\n";
    return ExitOk;
}

} // namespace kp::core
