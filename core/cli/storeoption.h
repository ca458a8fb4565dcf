// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/cli/corenames.h"

#include <QCommandLineOption>
#include <QString>

#include <memory>

class QCommandLineParser;

namespace kp::core {
class RunStore;
} // namespace kp::core

namespace kp::cli {

/// `--db PATH`, shared by every command that reads or writes runs.
QCommandLineOption dbOption();
/// Opens the store --db names, else $KNEEPOINT_DB, else the default; nullptr with `error` set on failure.
std::unique_ptr<RunStore> openStore(const QCommandLineParser& parser, QString* error);

} // namespace kp::cli
