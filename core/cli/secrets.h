// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/corenames.h"

#include <QByteArray>
#include <QCommandLineOption>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace kp::cli {

/// The environment variable that holds the server's API key.
inline constexpr char ApiKeyVariable[] = "KNEEPOINT_API_KEY";

/// `--api-key-file FILE`: the key is the file's first line, trimmed.
QCommandLineOption apiKeyFileOption();

/// The options a command that talks to a server adds: --api-key-file, and a hidden --api-key that exists only to
/// refuse a key given on the command line (it would show in `ps` and in the shell history) with a sentence rather
/// than Qt's "unknown option".
QList<QCommandLineOption> apiKeyOptions();

/// `--insecure`: the server's TLS certificate is not checked. Never a default; a run records that it was given.
QCommandLineOption insecureOption();
/// --ca-file FILE: the CA certificates (PEM) of a server whose certificate a private CA signed.
QCommandLineOption caFileOption();
/// The value of --ca-file, checked: a readable file of PEM certificates; empty when not given.
QString caFile(const QCommandLineParser& parser);

/// The API key the user configured: from --api-key-file when given, else from KNEEPOINT_API_KEY, else empty (no key).
/// On a problem (a key on the command line, an unreadable or empty file) returns empty and sets `error` to a sentence
/// meant for a UsageError. The key itself never appears in `error`.
QByteArray apiKey(const QCommandLineParser& parser, QString* error);

} // namespace kp::cli
