// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/storecommands.h"

#include "core/catalog/catalog.h"
#include "core/cli/runcommand.h"
#include "core/cli/storedruns.h"
#include "core/cli/storeoption.h"
#include "core/common/textformat.h"
#include "core/store/runarchive.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>

namespace kp::cli {

namespace {

QCommandLineOption jsonOption()
{
    return QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
}

qint64 runIdArgument(const QCommandLineParser& parser, const QString& command)
{
    const QStringList args = parser.positionalArguments();
    bool ok = false;
    const qint64 id = args.value(0).toLongLong(&ok);
    if (args.size() != 1 || !ok || id < 1)
        throw UsageError {
            QStringLiteral("name one run by its number: kneepoint %1 ID (kneepoint runs lists them).").arg(command)};
    return id;
}

QJsonObject summaryJson(const RunSummary& r)
{
    return {{QStringLiteral("id"), r.id}, {QStringLiteral("started"), r.startedUtc},
        {QStringLiteral("finished"), r.finishedUtc}, {QStringLiteral("status"), runStatusName(r.status)},
        {QStringLiteral("reason"), r.statusReason}, {QStringLiteral("url"), r.url}, {QStringLiteral("model"), r.model},
        {QStringLiteral("gpu"), r.gpu}, {QStringLiteral("product"), r.product}, {QStringLiteral("steps"), r.steps},
        {QStringLiteral("requests"), r.requests}, {QStringLiteral("demo"), r.demo},
        {QStringLiteral("time_scale"), r.timeScale}, {QStringLiteral("name"), r.annotation.name},
        {QStringLiteral("notes"), r.annotation.notes},
        {QStringLiteral("tags"), QJsonArray::fromStringList(r.annotation.tags)}};
}

QCommandLineOption tagOption()
{
    return QCommandLineOption(QStringLiteral("tag"),
        QStringLiteral("Only the runs with this tag (case does not matter); repeat it for runs with every one given."),
        QStringLiteral("TAG"));
}

} // namespace

QList<QCommandLineOption> RunsCommand::options() const
{
    return {tagOption(), dbOption(), jsonOption()};
}

int RunsCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint runs: " << error << '\n';
        return ExitFailure;
    }
    QList<RunSummary> runs = store->runs(&error);
    if (!error.isEmpty()) {
        io.err << "kneepoint runs: " << error << '\n';
        return ExitFailure;
    }
    const QStringList wanted = parser.values(QStringLiteral("tag"));
    runs.removeIf([&wanted](const RunSummary& r) {
        return std::any_of(wanted.begin(), wanted.end(),
            [&r](const QString& tag) { return !r.annotation.tags.contains(tag.trimmed(), Qt::CaseInsensitive); });
    });
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const RunSummary& r : runs)
            list.append(summaryJson(r));
        io.out << QJsonDocument(list).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    if (runs.isEmpty() && !wanted.isEmpty()) {
        io.out << "No run in " << store->path() << " is tagged " << wanted.join(QStringLiteral(" and "))
               << ". kneepoint runs lists them all.\n";
        return ExitOk;
    }
    if (runs.isEmpty()) {
        io.out << "No runs stored in " << store->path() << " yet. Try kneepoint demo.\n";
        return ExitOk;
    }
    // The status column holds the longest status name, server_failed.
    io.out << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                  .arg(QStringLiteral("id"), 4)
                  .arg(QStringLiteral("started (UTC)"), -20)
                  .arg(QStringLiteral("status"), -13)
                  .arg(QStringLiteral("steps"), 5)
                  .arg(QStringLiteral("requests"), 8)
                  .arg(QStringLiteral("server"));
    for (const RunSummary& r : runs) {
        io.out << QStringLiteral("%1  %2  %3  %4  %5  %6%7\n")
                      .arg(r.id, 4)
                      .arg(r.startedUtc.left(19), -20)
                      .arg(runStatusName(r.status), -13)
                      .arg(r.steps, 5)
                      .arg(r.requests, 8)
                      .arg(r.model.isEmpty() ? r.url : r.model + QStringLiteral(" at ") + r.url)
                      .arg(r.demo ? QStringLiteral(" (demo)") : QString());
        // What the user said of it, under the measured line: the name quoted, the tags in brackets.
        QStringList said;
        if (!r.annotation.name.isEmpty())
            said << QStringLiteral("\"%1\"").arg(r.annotation.name);
        if (!r.annotation.tags.isEmpty())
            said << QStringLiteral("[%1]").arg(r.annotation.tags.join(QStringLiteral(", ")));
        if (!said.isEmpty())
            io.out << QString(6, u' ') << said.join(u' ') << '\n';
    }
    return ExitOk;
}

QList<QCommandLineOption> DeleteCommand::options() const
{
    return {dbOption()};
}

int DeleteCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const qint64 id = runIdArgument(parser, name());
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint delete: " << error << '\n';
        return ExitFailure;
    }
    if (!store->run(id, &error)) {
        io.err << "kneepoint delete: there is no run " << id << ".\n";
        return ExitFailure;
    }
    if (!store->deleteRun(id, &error)) {
        io.err << "kneepoint delete: " << error << '\n';
        return ExitFailure;
    }
    io.out << "Deleted run " << id << ".\n";
    return ExitOk;
}

QString AnnotateCommand::description() const
{
    return QStringLiteral(
        "Says what a run was for, beside what it measured: a name to find it by (shown in kneepoint runs, the "
        "window's history and every report's title), notes (the reason for the run, what changed on the server) "
        "and tags (kneepoint runs --tag TAG lists the runs with one). Only the parts given change; an empty --name "
        "or --notes clears it. The name, notes and tags travel with the run in kneepoint export. Without options it "
        "prints what the run holds.");
}

QList<QCommandLineOption> AnnotateCommand::options() const
{
    return {
        QCommandLineOption(QStringLiteral("name"), QStringLiteral("The run's name, one line; empty clears it."),
            QStringLiteral("TEXT")),
        QCommandLineOption(
            QStringLiteral("notes"), QStringLiteral("The run's notes; empty clears them."), QStringLiteral("TEXT")),
        QCommandLineOption(QStringLiteral("tag"),
            QStringLiteral("Add a tag (several separated by commas, or the option repeated)."), QStringLiteral("TAG")),
        QCommandLineOption(
            QStringLiteral("untag"), QStringLiteral("Remove a tag (case does not matter)."), QStringLiteral("TAG")),
        jsonOption(),
        dbOption(),
    };
}

int AnnotateCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const qint64 id = runIdArgument(parser, QStringLiteral("annotate"));
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint annotate: " << error << '\n';
        return ExitFailure;
    }
    const auto run = store->run(id, &error);
    if (!run) {
        io.err << "kneepoint annotate: " << (error.isEmpty() ? QStringLiteral("there is no run %1.").arg(id) : error)
               << '\n';
        return ExitFailure;
    }
    RunAnnotation annotation = run->summary.annotation;
    const bool changes = parser.isSet(QStringLiteral("name")) || parser.isSet(QStringLiteral("notes"))
        || parser.isSet(QStringLiteral("tag")) || parser.isSet(QStringLiteral("untag"));
    if (parser.isSet(QStringLiteral("name")))
        annotation.name = parser.value(QStringLiteral("name"));
    if (parser.isSet(QStringLiteral("notes")))
        annotation.notes = parser.value(QStringLiteral("notes"));
    for (const QString& typed : parser.values(QStringLiteral("tag")))
        annotation.tags << RunAnnotation::tagsFromText(typed);
    for (const QString& typed : parser.values(QStringLiteral("untag"))) {
        for (const QString& tag : RunAnnotation::tagsFromText(typed))
            annotation.tags.removeIf([&tag](const QString& t) { return t.compare(tag, Qt::CaseInsensitive) == 0; });
    }
    annotation = annotation.cleaned();
    if (changes && !store->annotateRun(id, annotation, &error)) {
        io.err << "kneepoint annotate: " << error << '\n';
        return ExitFailure;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QJsonDocument(QJsonObject {{QStringLiteral("id"), id}, {QStringLiteral("name"), annotation.name},
                                    {QStringLiteral("notes"), annotation.notes},
                                    {QStringLiteral("tags"), QJsonArray::fromStringList(annotation.tags)}})
                      .toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << (changes ? QStringLiteral("Run %1 now reads:\n") : QStringLiteral("Run %1:\n")).arg(id);
    io.out << "  name:  " << (annotation.name.isEmpty() ? QStringLiteral("(none)") : annotation.name) << '\n';
    io.out << "  tags:  "
           << (annotation.tags.isEmpty() ? QStringLiteral("(none)") : annotation.tags.join(QStringLiteral(", ")))
           << '\n';
    io.out << "  notes: "
           << (annotation.notes.isEmpty() ? QStringLiteral("(none)")
                                          : QString(annotation.notes).replace(u'\n', QStringLiteral("\n         ")))
           << '\n';
    return ExitOk;
}

QString ExportCommand::description() const
{
    return QStringLiteral(
        "Writes the named runs, each with its steps, every request with its chunk times and the server's /metrics "
        "samples, to one file that kneepoint import (or opening it in the window) stores on another machine, where "
        "show, compare and report work on it as on a run measured there. For a CI gate, export two runs of the "
        "baseline: what they differ by is the noise between runs that compare --gate must see exceeded. The file is "
        "a Kneepoint database of those runs only (sqlite3 reads it) and holds no API key. A run still in progress "
        "cannot be exported.");
}

QList<QCommandLineOption> ExportCommand::options() const
{
    return {
        QCommandLineOption({QStringLiteral("o"), QStringLiteral("output")},
            QStringLiteral("The file to write (default run-ID.kpz in the current folder)."), QStringLiteral("FILE")),
        jsonOption(),
        dbOption(),
    };
}

int ExportCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        throw UsageError {
            QStringLiteral("name the runs to export: kneepoint export ID [ID…] -o FILE.kpz (kneepoint runs "
                           "lists them).")};
    QList<qint64> ids;
    for (const QString& arg : args)
        if (const qint64 id = runId(arg, name()); !ids.contains(id))
            ids << id;
    QStringList names;
    for (const qint64 id : std::as_const(ids))
        names << QString::number(id);
    const QString path = parser.isSet(QStringLiteral("output"))
        ? parser.value(QStringLiteral("output"))
        : QStringLiteral("run-%1.%2").arg(names.join(u'-'), RunArchive::suffix());
    if (path.isEmpty())
        throw UsageError {QStringLiteral("--output needs a file name.")};
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint export: " << error << '\n';
        return ExitFailure;
    }
    QList<RunSummary> runs;
    for (const qint64 id : std::as_const(ids)) {
        const std::optional<StoredRun> run = store->run(id, &error);
        if (!run) {
            io.err << "kneepoint export: " << (error.isEmpty() ? QStringLiteral("there is no run %1.").arg(id) : error)
                   << " Nothing was written.\n";
            return ExitFailure;
        }
        runs << run->summary;
    }
    if (!RunArchive::write(*store, ids, path, &error)) {
        io.err << "kneepoint export: " << error << " Nothing was written.\n";
        return ExitFailure;
    }
    const qint64 bytes = QFileInfo(path).size();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const RunSummary& r : std::as_const(runs))
            list.append(QJsonObject {{QStringLiteral("run_id"), r.id},
                {QStringLiteral("status"), runStatusName(r.status)}, {QStringLiteral("started_utc"), r.startedUtc},
                {QStringLiteral("steps"), r.steps}, {QStringLiteral("requests"), r.requests}});
        io.out << QJsonDocument(QJsonObject {{QStringLiteral("file"), QFileInfo(path).absoluteFilePath()},
                                    {QStringLiteral("bytes"), bytes}, {QStringLiteral("runs"), list}})
                      .toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << "Wrote " << QDir::toNativeSeparators(path) << " (" << QLocale::c().formattedDataSize(bytes) << "):\n";
    for (const RunSummary& r : std::as_const(runs))
        io.out << "  run " << r.id << ", " << runStatusName(r.status) << ", started " << r.startedUtc << ", " << r.steps
               << (r.steps == 1 ? " step, " : " steps, ") << text::number(double(r.requests)) << " requests\n";
    io.out << "kneepoint import " << QDir::toNativeSeparators(path) << " stores " << (runs.size() == 1 ? "it" : "them")
           << " on another machine.\n";
    return ExitOk;
}

QList<QCommandLineOption> GpusCommand::options() const
{
    return {jsonOption()};
}

int GpusCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const Catalog catalog = Catalog::forUser();
    const QList<GpuSpec>& gpus = catalog.gpus();
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const GpuSpec& g : gpus) {
            list.append(QJsonObject {{QStringLiteral("id"), g.id}, {QStringLiteral("name"), g.name},
                {QStringLiteral("memory_gb"), g.memoryGb}, {QStringLiteral("bandwidth_tbps"), g.bandwidthTbps},
                {QStringLiteral("bf16_tflops"), g.bf16Tflops},
                {QStringLiteral("fp8_tflops"), g.fp8Tflops ? QJsonValue(*g.fp8Tflops) : QJsonValue()},
                {QStringLiteral("source"), g.source}});
        }
        io.out << QJsonDocument(list).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << QStringLiteral("%1 %2 %3 %4 %5  %6\n")
                  .arg(QStringLiteral("id"), -16)
                  .arg(QStringLiteral("memory"), 8)
                  .arg(QStringLiteral("TB/s"), 6)
                  .arg(QStringLiteral("BF16 TF"), 8)
                  .arg(QStringLiteral("FP8 TF"), 7)
                  .arg(QStringLiteral("name"));
    for (const GpuSpec& g : gpus) {
        io.out << QStringLiteral("%1 %2 %3 %4 %5  %6\n")
                      .arg(g.id, -16)
                      .arg(QString::number(g.memoryGb) + QStringLiteral(" GB"), 8)
                      .arg(g.bandwidthTbps, 6, 'f', 2)
                      .arg(g.bf16Tflops, 8, 'f', 0)
                      .arg(g.fp8Tflops ? QString::number(*g.fp8Tflops, 'f', 0) : QStringLiteral("-"), 7)
                      .arg(g.name);
    }
    return ExitOk;
}

} // namespace kp::cli
