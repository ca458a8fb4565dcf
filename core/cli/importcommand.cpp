// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/importcommand.h"

#include "core/catalog/catalog.h"
#include "core/cli/storedruns.h"
#include "core/cli/storeoption.h"
#include "core/import/importedrun.h"
#include "core/import/importformat.h"
#include "core/store/runarchive.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace kp::cli {

QString ImportCommand::summary() const
{
    return QStringLiteral(
        "Import runs exported by Kneepoint, or vllm bench serve, AIPerf or GuideLLM results (kneepoint import FILE).");
}

QString ImportCommand::description() const
{
    return QStringLiteral(
        "Stores the runs of a Kneepoint archive (kneepoint export writes one; a run imported before is not stored "
        "twice) as they were measured. "
        "Reads other tools' per-request results, maps their metric definitions onto Kneepoint's, stores them as one "
        "run and prints its analysis as kneepoint show does. Accepted: vllm bench serve --save-result "
        "--save-detailed JSON (one file per load level; give several files of one model for a sweep), AIPerf's "
        "profile_export.jsonl, and GuideLLM's benchmarks.json. What the tool did not record (chunk times, the "
        "server's /metrics, the client's CPU) is named in the trust checks.");
}

QList<QCommandLineOption> ImportCommand::options() const
{
    return {
        QCommandLineOption(QStringLiteral("gpu"),
            QStringLiteral("The server's GPU, from the catalog (kneepoint gpus)."), QStringLiteral("ID")),
        QCommandLineOption(QStringLiteral("model"),
            QStringLiteral("The served model's name, when the file does not say it (or to replace what it says)."),
            QStringLiteral("NAME")),
        QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print JSON.")),
        dbOption(),
    };
}

int ImportCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        throw UsageError {QStringLiteral("name the file to import: kneepoint import FILE [FILE…].")};
    const auto archive = [](const QString& file) { return RunArchive::isArchive(file); };
    if (std::any_of(files.begin(), files.end(), archive)) {
        if (!std::all_of(files.begin(), files.end(), archive))
            throw UsageError {QStringLiteral("import Kneepoint archives (.kpz) and other tools' files with separate "
                                             "commands.")};
        if (parser.isSet(QStringLiteral("gpu")) || parser.isSet(QStringLiteral("model")))
            throw UsageError {
                QStringLiteral("an archive's runs keep their own GPU and model; show --gpu and --model ask "
                               "what if.")};
        return importArchives(files, parser, io);
    }
    const QString gpu = parser.value(QStringLiteral("gpu"));
    if (!gpu.isEmpty() && !Catalog::forUser().gpu(gpu))
        throw UsageError {QStringLiteral("--gpu '%1' is not in the catalog; kneepoint gpus lists the ids.").arg(gpu)};

    // Every file is read before anything is stored: one unreadable file stores nothing.
    QString readError;
    std::optional<ImportedRun> run = readImportFiles(files, &readError);
    if (!run) {
        io.err << "kneepoint import: " << readError << '\n';
        return ExitFailure;
    }
    if (parser.isSet(QStringLiteral("model")))
        run->model = parser.value(QStringLiteral("model"));
    if (run->model.isEmpty())
        run->notes << QStringLiteral("The file does not name the model: pass --model NAME for the physics check.");
    run->finish();

    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint import: " << error << '\n';
        return ExitFailure;
    }
    const qint64 id = run->store(run->runInfo(gpu), *store, &error);
    if (id < 0) {
        io.err << "kneepoint import: nothing was stored: " << error << '\n';
        return ExitFailure;
    }
    return report(*run, *store, id, parser.isSet(QStringLiteral("json")), io);
}

int ImportCommand::importArchives(const QStringList& files, const QCommandLineParser& parser, CommandIo& io)
{
    QString error;
    const auto store = openStore(parser, &error);
    if (!store) {
        io.err << "kneepoint import: " << error << '\n';
        return ExitFailure;
    }
    struct Imported
    {
        QString file;
        RunArchive::Entry entry;
    };
    QList<Imported> imported;
    for (const QString& file : files) {
        const std::optional<QList<RunArchive::Entry>> entries = RunArchive::read(file, *store, &error);
        if (!entries) {
            io.err << "kneepoint import: " << error << '\n';
            for (const Imported& i : std::as_const(imported))
                io.err << "  (run " << i.entry.archiveId << " of " << i.file << " is stored as run " << i.entry.id
                       << ")\n";
            return ExitFailure;
        }
        for (const RunArchive::Entry& e : *entries)
            imported.append({QDir::toNativeSeparators(file), e});
    }
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const Imported& i : std::as_const(imported))
            list.append(
                QJsonObject {{QStringLiteral("file"), i.file}, {QStringLiteral("archive_run_id"), i.entry.archiveId},
                    {QStringLiteral("run_id"), i.entry.id}, {QStringLiteral("already_stored"), i.entry.alreadyStored}});
        io.out << QJsonDocument(QJsonObject {{QStringLiteral("runs"), list}}).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    for (const Imported& i : std::as_const(imported)) {
        io.out << "Run " << i.entry.archiveId << " of " << i.file
               << (i.entry.alreadyStored ? " was stored already, as run " : " is stored as run ") << i.entry.id;
        if (const std::optional<StoredRun> run = store->run(i.entry.id))
            io.out << " (" << runStatusName(run->summary.status) << ", started " << run->summary.startedUtc << ", "
                   << run->summary.steps << (run->summary.steps == 1 ? " step)" : " steps)");
        io.out << ".\n";
    }
    io.out << "In " << store->path() << "; kneepoint show " << imported.constLast().entry.id << " explains "
           << (imported.size() == 1 ? "it" : "the last") << ".\n";
    return ExitOk;
}

int ImportCommand::report(const ImportedRun& run, const RunStore& store, qint64 id, bool json, CommandIo& io)
{
    std::size_t requests = 0;
    for (const ImportedStep& s : run.steps)
        requests += s.records.size();
    const QString headline = QStringLiteral("%1 %2 step(s), %3 requests, from %4 (%5).")
                                 .arg(run.driven ? QStringLiteral("Measured") : QStringLiteral("Imported"))
                                 .arg(run.steps.size())
                                 .arg(requests)
                                 .arg(run.sourceName, run.files.join(QStringLiteral(", ")));
    return printStoredRun(
        store, id, json, headline, run.notes, {{QStringLiteral("import"), run.importSource().toJson()}}, io);
}

} // namespace kp::cli
