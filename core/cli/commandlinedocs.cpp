// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/commandlinedocs.h"

#include "core/common/version.h"

#include <QRegularExpression>
#include <QStringList>

namespace kp::cli {

namespace {

QString longName(const QCommandLineOption& option)
{
    QString best;
    for (const QString& n : option.names())
        if (n.size() > best.size())
            best = n;
    return best;
}

QStringList optionWords(const Command& command)
{
    QStringList words;
    for (const QCommandLineOption& o : command.options())
        if (!o.flags().testFlag(QCommandLineOption::HiddenFromHelp))
            words << u"--" + longName(o);
    words << QStringLiteral("--help");
    return words;
}

// zsh's _arguments reads ':' and brackets as syntax, and the spec sits inside single quotes.
QString zshText(QString text)
{
    text = text.section(u'\n', 0, 0);
    text.replace(u'\'', u'’');
    text.replace(u'[', u'(');
    text.replace(u']', u')');
    text.replace(u':', u';');
    return text;
}

// man(7): a backslash is \e, a hyphen in an option is \-, and a line must not start with a control character.
QString roff(QString text)
{
    text.replace(u'\\', QStringLiteral("\\e"));
    // A place to break the line after each slash (troff's \:, which prints nothing): a path such as the user's
    // catalog folder under a deep home is one long word that troff could not fit, and warned about.
    text.replace(u'/', QStringLiteral("/\\:"));
    // Anything beyond ASCII as a named glyph, so that troff reads the page whatever its input encoding.
    QString ascii;
    ascii.reserve(text.size());
    for (const char32_t c : text.toUcs4()) {
        if (c < 0x80)
            ascii += QChar(char16_t(c));
        else
            ascii += QStringLiteral("\\[u%1]").arg(QString::number(uint(c), 16).toUpper().rightJustified(4, u'0'));
    }
    text = ascii;
    QStringList lines = text.split(u'\n');
    for (QString& line : lines) {
        if (line.startsWith(u'.') || line.startsWith(u'\''))
            line.prepend(QStringLiteral("\\&"));
    }
    return lines.join(u'\n');
}

QString roffOption(const QString& name)
{
    return QStringLiteral("\\-\\-") + QString(name).replace(u'-', QStringLiteral("\\-"));
}

struct EnvironmentVariable
{
    const char* name;
    const char* meaning;
};

constexpr EnvironmentVariable kEnvironment[] = {
    {"KNEEPOINT_DB", "The run store to use when --db is not given."},
    {"KNEEPOINT_API_KEY", "The API key sent to the server as a bearer token. Never stored or printed."},
    {"HF_TOKEN",
        "A Hugging Face token, sent only to the hub (or HF_ENDPOINT) to read gated model configs, and "
        "passed to a launched vLLM through the environment. Never stored or printed."},
    {"HF_ENDPOINT", "The Hugging Face hub to ask for model configs (default https://huggingface.co)."},
    {"HF_HOME", "The Hugging Face cache a launched vLLM mounts."},
    {"VLLM_API_KEY", "kneepoint sim: the API key the simulated server requires, as vLLM reads it."},
    {"KNEEPOINT_NO_DEMO", "Set to 1: the desktop application does not run the demo on its first start."},
    {"NO_COLOR",
        "Kneepoint prints no colour codes in any case; progress lines are redrawn in place only on a "
        "terminal, and piped output is plain lines."},
};

} // namespace

CommandLineDocs::CommandLineDocs(std::vector<const Command*> commands)
    : m_commands(std::move(commands))
{ }

bool CommandLineDocs::takesPath(const QCommandLineOption& option)
{
    const QString value = option.valueName();
    return value == u"FILE" || value == u"PATH" || value == u"DIR" || value == u"FOLDER";
}

QString CommandLineDocs::bashCompletion() const
{
    QStringList names;
    for (const Command* c : m_commands)
        names << c->name();
    QString cases;
    for (const Command* c : m_commands) {
        QStringList valued;
        QStringList paths;
        for (const QCommandLineOption& o : c->options()) {
            if (o.valueName().isEmpty())
                continue;
            (takesPath(o) ? paths : valued) << u"--" + longName(o);
        }
        cases += QStringLiteral("        %1) opts='%2'; valued='%3'; paths='%4' ;;\n")
                     .arg(c->name(), optionWords(*c).join(u' '), valued.join(u' '), paths.join(u' '));
    }
    return QStringLiteral(
        "# bash completion for kneepoint %1, written by `kneepoint completion bash`.\n"
        "# Install: kneepoint completion bash > ~/.local/share/bash-completion/completions/kneepoint\n"
        "_kneepoint()\n"
        "{\n"
        "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
        "    local commands='%2'\n"
        "    if [[ $COMP_CWORD -eq 1 ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$commands --help --version\" -- \"$cur\"))\n"
        "        return\n"
        "    fi\n"
        "    local opts='' valued='' paths=''\n"
        "    case \"${COMP_WORDS[1]}\" in\n"
        "%3"
        "        help) COMPREPLY=($(compgen -W \"$commands\" -- \"$cur\")); return ;;\n"
        "    esac\n"
        "    if [[ \" $paths \" == *\" $prev \"* ]]; then\n"
        "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        "        return\n"
        "    fi\n"
        "    # Any other value is the user's to type.\n"
        "    if [[ \" $valued \" == *\" $prev \"* ]]; then\n"
        "        COMPREPLY=()\n"
        "        return\n"
        "    fi\n"
        "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
        "}\n"
        "complete -o default -F _kneepoint kneepoint\n")
        .arg(kneepointVersion(), names.join(u' '), cases);
}

QString CommandLineDocs::zshCompletion() const
{
    QString commandList;
    QString cases;
    for (const Command* c : m_commands) {
        commandList += QStringLiteral("        '%1:%2'\n").arg(c->name(), zshText(c->summary()));
        QStringList specs;
        for (const QCommandLineOption& o : c->options()) {
            if (o.flags().testFlag(QCommandLineOption::HiddenFromHelp))
                continue;
            const QString name = longName(o);
            if (o.valueName().isEmpty())
                specs << QStringLiteral("'--%1[%2]'").arg(name, zshText(o.description()));
            else
                specs << QStringLiteral("'--%1=[%2]:%3:%4'")
                             .arg(name, zshText(o.description()), o.valueName().toLower(),
                                 takesPath(o) ? QStringLiteral("_files") : QString());
        }
        specs << QStringLiteral("'--help[Show the help of this command]'");
        if (c->takesArguments())
            specs << QStringLiteral("'*:argument:'");
        cases += QStringLiteral("        %1)\n            _arguments \\\n                %2\n            ;;\n")
                     .arg(c->name(), specs.join(QStringLiteral(" \\\n                ")));
    }
    return QStringLiteral("#compdef kneepoint\n"
                          "# zsh completion for kneepoint %1, written by `kneepoint completion zsh`.\n"
                          "# Install: kneepoint completion zsh > \"${fpath[1]}/_kneepoint\"\n"
                          "_kneepoint() {\n"
                          "    local -a commands\n"
                          "    commands=(\n"
                          "%2"
                          "    )\n"
                          "    if (( CURRENT == 2 )); then\n"
                          "        _describe -t commands 'kneepoint command' commands\n"
                          "        return\n"
                          "    fi\n"
                          "    local command=$words[2]\n"
                          "    words=(${words[2,-1]})\n"
                          "    (( CURRENT-- ))\n"
                          "    case $command in\n"
                          "%3"
                          "    esac\n"
                          "}\n"
                          "_kneepoint \"$@\"\n")
        .arg(kneepointVersion(), commandList, cases);
}

QString CommandLineDocs::manPage() const
{
    QString page = QStringLiteral(".TH KNEEPOINT 1 \"\" \"Kneepoint %1\" \"User Commands\"\n").arg(kneepointVersion());
    page += QStringLiteral(
        ".SH NAME\n"
        "kneepoint \\- benchmark an OpenAI\\-compatible LLM server and explain where it breaks\n"
        ".SH SYNOPSIS\n"
        ".B kneepoint\n"
        ".br\n"
        ".B kneepoint\n"
        ".I command\n"
        ".RI [ options ]\n"
        ".SH DESCRIPTION\n"
        "Kneepoint sweeps an OpenAI\\-compatible server (vLLM) with growing load, checks the numbers against what "
        "the GPU can physically do, and writes the verdict in plain words: how many users it takes within the "
        "latency targets, where it breaks and why, and which engine flag to try next.\n"
        ".PP\n"
        "Without a command, kneepoint opens the desktop application. With one, it runs on the command line and "
        "never needs a display. Every run is stored in a SQLite run store; every completed step is kept even when "
        "a run is stopped or killed.\n"
        ".SH COMMANDS\n");
    for (const Command* c : m_commands) {
        page += QStringLiteral(".SS \"kneepoint %1%2 [options]\"\n")
                    .arg(c->name(), c->takesArguments() ? QStringLiteral(" ...") : QString());
        page += roff(c->description()).trimmed() + u'\n';
        for (const QCommandLineOption& o : c->options()) {
            if (o.flags().testFlag(QCommandLineOption::HiddenFromHelp))
                continue;
            if (o.valueName().isEmpty())
                page += QStringLiteral(".TP\n.B %1\n").arg(roffOption(longName(o)));
            else
                page += QStringLiteral(".TP\n.BI \"%1 \" %2\n").arg(roffOption(longName(o)), o.valueName());
            page += roff(o.description());
            if (!o.defaultValues().isEmpty())
                page += QStringLiteral(" Default: %1.").arg(roff(o.defaultValues().join(u',')));
            page += u'\n';
        }
    }
    page += QStringLiteral(".SH EXIT STATUS\n"
                           ".TP\n.B 0\nDone (a quality comparison: pass).\n"
                           ".TP\n.B 1\nThe command ran and failed; the last line on standard error says why and "
                           "what to do (a quality comparison: fail).\n"
                           ".TP\n.B 2\nThe command line was wrong.\n"
                           ".TP\n.B 3\nA quality comparison was inconclusive.\n"
                           ".TP\n.B 130\nInterrupted (Ctrl+C); completed steps are kept.\n"
                           ".SH ENVIRONMENT\n");
    for (const EnvironmentVariable& v : kEnvironment)
        page += QStringLiteral(".TP\n.B %1\n%2\n").arg(QString::fromLatin1(v.name), roff(QString::fromUtf8(v.meaning)));
    page += QStringLiteral(".SH FILES\n"
                           ".TP\n.I ~/.local/share/Kneepoint/kneepoint/kneepoint.sqlite\n"
                           "The run store, unless \\-\\-db or KNEEPOINT_DB names another.\n"
                           ".TP\n.I ~/.local/share/Kneepoint/kneepoint/catalog/\n"
                           "The user's own GPUs (gpus.json) and models (models.json), added to the built\\-in "
                           "catalogs.\n"
                           ".SH SEE ALSO\n"
                           ".BR vllm (1)\n");
    return page;
}

} // namespace kp::cli
