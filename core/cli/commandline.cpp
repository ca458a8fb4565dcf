// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/commandline.h"

#include "core/cli/analysiscommands.h"
#include "core/cli/clockservercommand.h"
#include "core/cli/completioncommand.h"
#include "core/cli/democommand.h"
#include "core/cli/doctorcommand.h"
#include "core/cli/experimentscommand.h"
#include "core/cli/importcommand.h"
#include "core/cli/launchcommand.h"
#include "core/cli/lessoncommand.h"
#include "core/cli/mergecommand.h"
#include "core/cli/modelscommand.h"
#include "core/cli/predictcommand.h"
#include "core/cli/qualitycommand.h"
#include "core/cli/reportcommand.h"
#include "core/cli/runcommand.h"
#include "core/cli/simcommand.h"
#include "core/cli/storecommands.h"
#include "core/cli/tunecommand.h"
#include "core/common/version.h"
#include "core/plan/sweepinput.h"

#include <QCommandLineParser>

#include <algorithm>

namespace kp::cli {

namespace option {

int integer(const QCommandLineParser& parser, const QString& name, int min, int max)
{
    bool ok = false;
    const QString text = parser.value(name);
    const long long v = text.toLongLong(&ok);
    if (!ok || v < min || v > max)
        throw UsageError {
            QStringLiteral("--%1 takes a whole number from %2 to %3, not '%4'.").arg(name).arg(min).arg(max).arg(text)};
    return int(v);
}

double number(const QCommandLineParser& parser, const QString& name, double min, double max)
{
    bool ok = false;
    const QString text = parser.value(name);
    const double v = text.toDouble(&ok);
    if (!ok || !(v >= min && v <= max))
        throw UsageError {
            QStringLiteral("--%1 takes a number from %2 to %3, not '%4'.").arg(name).arg(min).arg(max).arg(text)};
    return v;
}

double rate(const QCommandLineParser& parser, const QString& name)
{
    return number(parser, name, 0.0, 1.0);
}

QList<int> users(const QCommandLineParser& parser, const QString& name, int min, int max)
{
    QString bad;
    const std::optional<QList<int>> list = SweepInput::users(parser.value(name), min, max, &bad);
    if (!list)
        throw UsageError {QStringLiteral("--%1 takes whole numbers from %2 to %3 separated by commas, not '%4'.")
                              .arg(name)
                              .arg(min)
                              .arg(max)
                              .arg(bad)};
    return *list;
}

} // namespace option

CommandLine::CommandLine() = default;
CommandLine::~CommandLine() = default;
CommandLine::CommandLine(CommandLine&&) noexcept = default;
CommandLine& CommandLine::operator=(CommandLine&&) noexcept = default;

CommandLine CommandLine::standard()
{
    CommandLine cli;
    cli.add(std::make_unique<SimCommand>());
    cli.add(std::make_unique<DemoCommand>());
    cli.add(std::make_unique<RunCommand>());
    cli.add(std::make_unique<RunsCommand>());
    cli.add(std::make_unique<ShowCommand>());
    cli.add(std::make_unique<CompareCommand>());
    cli.add(std::make_unique<ParetoCommand>());
    cli.add(std::make_unique<PredictCommand>());
    cli.add(std::make_unique<LessonCommand>());
    cli.add(std::make_unique<ReportCommand>());
    cli.add(std::make_unique<AnnotateCommand>());
    cli.add(std::make_unique<DeleteCommand>());
    cli.add(std::make_unique<ExportCommand>());
    cli.add(std::make_unique<GpusCommand>());
    cli.add(std::make_unique<ModelsCommand>());
    cli.add(std::make_unique<DoctorCommand>());
    cli.add(std::make_unique<CompletionCommand>());
    cli.add(std::make_unique<ManpageCommand>());
    cli.add(std::make_unique<LaunchCommand>());
    cli.add(std::make_unique<TuneCommand>());
    cli.add(std::make_unique<ExperimentsCommand>());
    cli.add(std::make_unique<QualityCommand>());
    cli.add(std::make_unique<ImportCommand>());
    cli.add(std::make_unique<MergeCommand>());
    cli.add(std::make_unique<ClockServerCommand>());
    return cli;
}

void CommandLine::add(std::unique_ptr<Command> command)
{
    m_commands.push_back(std::move(command));
}

std::vector<const Command*> CommandLine::commands() const
{
    std::vector<const Command*> list;
    list.reserve(m_commands.size());
    for (const auto& c : m_commands)
        list.push_back(c.get());
    return list;
}

Command* CommandLine::find(const QString& name) const
{
    for (const auto& c : m_commands) {
        if (c->name() == name)
            return c.get();
    }
    return nullptr;
}

QString CommandLine::overview() const
{
    QString text
        = QStringLiteral("Usage: kneepoint [COMMAND] [options]\n\n"
                         "Kneepoint benchmarks an OpenAI-compatible vLLM server and explains where it breaks.\n"
                         "Without a command it opens the desktop application (a headless build prints this).\n\n"
                         "Commands:\n");
    qsizetype width = 0;
    for (const auto& c : m_commands)
        width = std::max(width, c->name().size());
    for (const auto& c : m_commands)
        text += QStringLiteral("  %1  %2\n").arg(c->name(), -int(width)).arg(c->summary());
    text += QStringLiteral("\nOptions:\n  -h, --help     Show this help, or a command's help after its name.\n"
                           "  -v, --version  Show Kneepoint's version.\n\n"
                           "Exit codes: 0 done, 1 failed, 2 usage error, 3 inconclusive (quality compare), 130 "
                           "interrupted.\n");
    return text;
}

int CommandLine::exec(const QStringList& arguments, QTextStream& out, QTextStream& err)
{
    const QStringList args = arguments.mid(1);
    if (args.isEmpty() || args.first() == u"-h" || args.first() == u"--help" || args.first() == u"help") {
        if (args.size() >= 2 && args.first() == u"help" && find(args.at(1)))
            return exec({arguments.first(), args.at(1), QStringLiteral("--help")}, out, err);
        out << overview();
        return ExitOk;
    }
    if (args.first() == u"-v" || args.first() == u"--version") {
        out << "kneepoint " << kneepointVersion() << '\n';
        return ExitOk;
    }
    if (args.first().startsWith(u'-')) {
        err << "kneepoint: unknown option '" << args.first() << "'. Run 'kneepoint --help' for the list.\n";
        return ExitUsage;
    }
    Command* command = find(args.first());
    if (!command) {
        err << "kneepoint: unknown command '" << args.first() << "'. Known commands: ";
        QStringList names;
        for (const auto& c : m_commands)
            names << c->name();
        err << names.join(u", ") << ". Run 'kneepoint --help' for more.\n";
        return ExitUsage;
    }

    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    const QCommandLineOption version(
        {QStringLiteral("v"), QStringLiteral("version")}, QStringLiteral("Show Kneepoint's version."));
    parser.addOption(help);
    parser.addOption(version);
    parser.addOptions(command->options());
    QStringList commandArgs = args;
    commandArgs[0] = arguments.first() + u' ' + command->name();
    const QString prefix = QStringLiteral("kneepoint %1: ").arg(command->name());
    if (!parser.parse(commandArgs)) {
        err << prefix << parser.errorText() << " Run 'kneepoint " << command->name() << " --help' for the options.\n";
        return ExitUsage;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        // Qt's first line names the binary only; say which command this is.
        text = text.mid(text.indexOf(u'\n') + 1);
        out << "Usage: kneepoint " << command->name() << " [options]\n" << command->description() << '\n' << text;
        return ExitOk;
    }
    if (parser.isSet(version)) {
        out << "kneepoint " << kneepointVersion() << '\n';
        return ExitOk;
    }
    if (!command->takesArguments() && !parser.positionalArguments().isEmpty()) {
        err << prefix << "unexpected argument '" << parser.positionalArguments().first() << "'. Run 'kneepoint "
            << command->name() << " --help' for the options.\n";
        return ExitUsage;
    }
    CommandIo io {out, err};
    try {
        return command->run(parser, io);
    } catch (const UsageError& e) {
        err << prefix << e.message << '\n';
        return ExitUsage;
    }
}

} // namespace kp::cli
