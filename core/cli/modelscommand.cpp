// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/modelscommand.h"

#include "core/catalog/catalog.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kp::cli {

namespace {

QString billions(double parameters)
{
    return QString::number(parameters / 1e9, 'f', parameters < 10e9 ? 2 : 1) + QStringLiteral(" B");
}

} // namespace

QString ModelsCommand::description() const
{
    return QStringLiteral(
        "List the model catalog: parameters, the parameters one token runs through (fewer for "
        "mixture-of-experts models) and KV cache bytes per token at 16 bits. Entries in %1/models.json "
        "are added to the built-in ones, or replace those with the same id.")
        .arg(Catalog::userDirectory());
}

QList<QCommandLineOption> ModelsCommand::options() const
{
    return {QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print JSON."))};
}

int ModelsCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    QString warning;
    const Catalog catalog = Catalog::forUser(&warning);
    if (!warning.isEmpty())
        io.err << "kneepoint models: " << warning << '\n';
    // KV sizes at 16 bits, vLLM's `auto` cache dtype for every model here; fp8 caches halve them.
    constexpr double bf16 = 2;
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray list;
        for (const ModelSpec& m : catalog.models()) {
            list.append(QJsonObject {{QStringLiteral("id"), m.id}, {QStringLiteral("name"), m.name},
                {QStringLiteral("hf_id"), m.hfId}, {QStringLiteral("parameters"), m.parameters()},
                {QStringLiteral("active_parameters"), m.activeParameters()},
                {QStringLiteral("kv_bytes_per_token_bf16"), m.kvBytesPerToken(bf16)},
                {QStringLiteral("max_position_embeddings"), m.maxPositionEmbeddings},
                {QStringLiteral("source"), m.source}});
        }
        io.out << QJsonDocument(list).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << QStringLiteral("%1 %2 %3 %4 %5  %6\n")
                  .arg(QStringLiteral("id"), -28)
                  .arg(QStringLiteral("params"), 8)
                  .arg(QStringLiteral("active"), 8)
                  .arg(QStringLiteral("KV/token"), 9)
                  .arg(QStringLiteral("context"), 8)
                  .arg(QStringLiteral("name"));
    for (const ModelSpec& m : catalog.models()) {
        io.out << QStringLiteral("%1 %2 %3 %4 %5  %6\n")
                      .arg(m.id, -28)
                      .arg(billions(m.parameters()), 8)
                      .arg(billions(m.activeParameters()), 8)
                      .arg(QString::number(m.kvBytesPerToken(bf16) / 1024, 'f', 0) + QStringLiteral(" KiB"), 9)
                      .arg(m.maxPositionEmbeddings, 8)
                      .arg(m.name);
    }
    return ExitOk;
}

} // namespace kp::cli
