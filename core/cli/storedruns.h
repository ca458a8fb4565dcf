// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The command line's shared ways with a stored run: naming it, loading it, the analysis options that ask "what if"
// of it, and printing it or its gate, for every command that reads runs (show, compare, pareto, report, predict) or
// has just stored one (run, import, merge).

#include "core/cli/command.h"
#include "core/cli/corenames.h"

#include <QCommandLineOption>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace kp::core {
class RunStore;
struct AnalysisSettings;
struct ReportContent;
struct RunAnalysis;
struct RunComparison;
struct RunData;
struct RunSummary;
} // namespace kp::core

namespace kp::cli {

/// The gate of `comparison` (RunGate) for a CI job, as compare --gate and run --baseline give it: its Markdown on
/// stdout, or with `json` the comparison's JSON with the gate in it; JUnit XML to `junitPath` unless empty. Returns
/// ExitOk (pass), ExitFailure (worse beyond noise, or the new run did not complete) or ExitInconclusive.
int printGate(
    const RunComparison& comparison, const RunSummary& newRun, bool json, const QString& junitPath, CommandIo& io);

/// The run number `text` names, for `command`'s arguments; throws UsageError for anything else.
qint64 runId(const QString& text, const QString& command);
/// Run `id` of `store`, ready for analysis; on failure nullopt, with the reason on `io.err`.
std::optional<RunData> loadRun(const RunStore& store, qint64 id, const QString& command, CommandIo& io);

/// The run's settings changed by the command line's --gpu, --model, --tp and target options (shared by show,
/// compare and report). Throws UsageError for a value that is wrong; `notes` receives sentences about how the
/// model was found. Only a model named with --model may be looked up on the Hugging Face hub: the model a run
/// recorded is looked for in the catalogs and the cache, never over the network.
AnalysisSettings analysisSettingsFrom(const QCommandLineParser& parser, const RunData& run, QStringList* notes);
/// For a command whose output has no room for notes (compare, pareto, report): where --model was given, the notes of
/// analysisSettingsFrom() on stderr, so that a model looked up on the Hugging Face hub is never looked up unsaid.
void printModelNotes(const QCommandLineParser& parser, const QStringList& notes, const QString& command, CommandIo& io);
/// Those options, for a command's options().
QList<QCommandLineOption> analysisOptions();
/// The report the terminal prints of `run`, with each flag to try checked against the run's twin as every report's is.
ReportContent terminalReport(const RunData& run, const RunAnalysis& analysis, const AnalysisSettings& settings);
/// What `run` prints of a run it has just stored, as `kneepoint show` prints it (TextReport::summary): the doubts,
/// the verdict, the scorecard, capacity and knee, so that every figure has the one value it has everywhere else.
/// Empty when the run cannot be loaded.
QString runSummaryOf(const RunStore& store, qint64 runId);
/// A run a command has just stored (import, merge), printed as kneepoint show prints it: `headline`, the analysis,
/// `notes` and where it is stored; or, with `json`, the analysis with the run's id, options, status and notes, and
/// `extra` on top. Returns the exit code.
int printStoredRun(const RunStore& store, qint64 runId, bool json, const QString& headline, const QStringList& notes,
    const QJsonObject& extra, CommandIo& io);

} // namespace kp::cli
