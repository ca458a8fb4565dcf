// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace kp::core {

/// One engine argument as it goes on vLLM's command line: the flag, and its value unless it is a switch.
struct EngineArg
{
    QString flag; ///< with its leading dashes: --max-model-len
    QString value; ///< empty for a switch (--enforce-eager)
    bool hasValue = true;

    QStringList tokens() const { return hasValue ? QStringList {flag, value} : QStringList {flag}; }
    friend bool operator==(const EngineArg&, const EngineArg&) = default;
};

/// The engine arguments `kneepoint launch` passes on, each with its type and range: vLLM's from
/// resources/launch/engine-args.json, llama-server's from resources/launch/llama-server-args.json. Anything else is
/// refused, because an engine argument can change what the server executes (--trust-remote-code), where it listens,
/// what it may read or write (llama-server's --slot-save-path) or which other weights it loads (--lora, -hf).
class EngineArgAllowList
{
public:
    enum class Type { Int, Float, Bool, String, Enum };
    struct Entry
    {
        QString flag;
        Type type = Type::String;
        double min = 0;
        double max = 0;
        QStringList values; ///< for Enum
        QString pattern; ///< for String
        bool negatable = false; ///< a Bool that can be turned off as --no-<name>
        QStringList aliases; ///< short spellings, -c for --ctx-size; passed on as the long flag
        QString meaning;
    };

    /// The built-in list for vLLM.
    static const EngineArgAllowList& builtIn();
    /// The built-in list for llama.cpp's llama-server.
    static const EngineArgAllowList& llamaServer();
    /// The built-in list for the simulated runtime: vLLM's names for what `kneepoint sim` models, and its own.
    static const EngineArgAllowList& simulator();
    /// A list from JSON text in the built-in format; nullopt with `error` set when it cannot be read.
    static std::optional<EngineArgAllowList> fromJson(const QByteArray& json, QString* error);

    /// Checks `text`, as given to --engine-arg: FLAG=VALUE, FLAG VALUE or a lone FLAG for a switch, with or without
    /// the leading dashes. Returns the argument, or nullopt with `error` set to a sentence: for a refused flag why,
    /// for an unlisted flag the list of what is allowed, for a bad value the type and range.
    std::optional<EngineArg> check(const QString& text, QString* error) const;

    const QList<Entry>& entries() const { return m_entries; }
    const Entry* find(const QString& flag) const;
    /// Why `flag` is always refused; empty when it is not on the refused list.
    QString refusedBecause(const QString& flag) const;
    /// The engine version the list is for ("v0.31"), from its note; empty when the note names none.
    const QString& version() const { return m_version; }
    /// "vLLM" or "llama.cpp", from the list's "engine"; vLLM when it names none.
    const QString& engine() const { return m_engine; }
    /// "--max-model-len (int 16–16777216), --enforce-eager (switch), …", for error messages and --help.
    QString describeAllowed() const;

private:
    QList<Entry> m_entries;
    QList<std::pair<QString, QString>> m_refused; ///< flag, why
    QList<std::pair<QString, QString>> m_removed; ///< flag, why: arguments vLLM once had and this version has not
    QString m_version;
    QString m_engine = QStringLiteral("vLLM");
};

} // namespace kp::core
