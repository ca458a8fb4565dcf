// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "importcommand.h"

#include "catalog/catalog.h"
#include "cli/analysiscommands.h"
#include "cli/storeoption.h"
#include "import/importedrun.h"
#include "import/importformat.h"
#include "store/runstore.h"

#include <QCommandLineParser>

namespace kp::core {

QString ImportCommand::summary() const
{
    return QStringLiteral("Import vllm bench serve, AIPerf or GuideLLM results as a run (kneepoint import FILE).");
}

QString ImportCommand::description() const
{
    return QStringLiteral(
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
    return printStoredRun(store, id, json, headline, run.notes, {{QStringLiteral("import"), run.importJson()}}, io);
}

} // namespace kp::core
