// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/load/requestrecord.h"

#include <QJsonObject>
#include <QSqlError>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <vector>

class QSqlDatabase;

/// The run store's file format, for the files of core/store/ only: the schema and its migrations, how values are
/// written into rows and read back, and what a file turns out to be before anything is written to it.
namespace kp::core::storage {

// 'KNPT' in the header's application id field: `file` and other tools can tell our databases apart.
constexpr qint64 kApplicationId = 0x4B4E5054;
// Larger than SQLite's 4 KiB default: a request row of 1,000 tokens (about 3.2 KB) would sit alone in a 4 KiB
// page, wasting a fifth of the file, and rows too big for two to a page waste up to half of it. With 64 KiB only
// streams beyond ~10,000 tokens hit that, at the price of a fixed ~600 KB (a page per table and index).
constexpr int kPageSize = 65536;

/// Entry i upgrades the schema from version i to i + 1; entry 0 creates version 1 in an empty file.
const std::vector<QStringList>& migrations();

/// An error class by its stored name, and back; the names are part of the schema, the enum's order is not.
QString storedErrorName(ErrorClass e);
ErrorClass errorClassFromName(const QString& text);

QString jsonText(const QJsonObject& o);
QJsonObject jsonObject(const QVariant& v);
/// Now, in UTC, as every stored time is written.
QString utcNow();
/// The URL without credentials (http://user:key@host, ?api-key=…), as it is stored and read back.
QString withoutCredentials(const QString& url);

/// What a file turned out to be, read without writing anything.
struct Probe
{
    enum Kind { Empty, Ours, Foreign, Damaged } kind = Empty;
    int version = 0;
    QSqlError error; ///< for Damaged
};

Probe probe(QSqlDatabase& db);
/// A refusal for a file we will not touch, or an empty string when `p` is one we can open.
QString refusal(const QString& path, const Probe& p);

} // namespace kp::core::storage
