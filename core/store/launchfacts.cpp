// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/launchfacts.h"

#include <QJsonArray>

namespace kp::core {

namespace {

std::optional<double> optionalNumber(const QJsonObject& o, QStringView key)
{
    return o.contains(key) ? std::optional<double>(o.value(key).toDouble()) : std::nullopt;
}

std::optional<QString> optionalText(const QJsonObject& o, QStringView key)
{
    return o.contains(key) ? std::optional<QString>(o.value(key).toString()) : std::nullopt;
}

QJsonObject configurationOf(const QJsonObject& launch)
{
    QJsonObject launched;
    for (const char* key : {"engine", "runtime", "model", "revision", "served_model_name", "gpus", "gguf_file",
             "gguf_bytes", "image", "image_digest", "engine_program"})
        if (launch.contains(QLatin1StringView(key)))
            launched[QLatin1StringView(key)] = launch.value(QLatin1StringView(key));
    // The arguments in any order: `tune` appends the setting it tries, a person may have typed it first.
    QStringList arguments;
    for (const QJsonValue a : launch.value(u"engine_args").toArray())
        arguments << a.toString();
    arguments.sort();
    launched[QStringLiteral("engine_args")] = QJsonArray::fromStringList(arguments);
    return launched;
}

} // namespace

QJsonObject LaunchFacts::ExperimentTag::toJson() const
{
    QJsonObject tag {{QStringLiteral("id"), id}, {QStringLiteral("setting"), setting}};
    if (predicted)
        tag[QStringLiteral("prediction")] = QJsonObject {
            {QStringLiteral("users"), std::isnan(predictedUsers) ? QJsonValue() : QJsonValue(predictedUsers)},
            {QStringLiteral("at_least"), predictedAtLeast}, {QStringLiteral("words"), predictionWords},
            {QStringLiteral("fitted_to_run"), predictionFittedToRun}};
    if (qualityPass >= 0)
        tag[QStringLiteral("quality_pass")] = qualityPass;
    return tag;
}

LaunchFacts::ExperimentTag LaunchFacts::ExperimentTag::fromJson(const QJsonObject& json)
{
    ExperimentTag t;
    t.id = json.value(u"id").toString();
    t.setting = json.value(u"setting").toString();
    t.qualityPass = json.value(u"quality_pass").isDouble() ? qint64(json.value(u"quality_pass").toDouble()) : -1;
    const QJsonObject prediction = json.value(u"prediction").toObject();
    if (!prediction.isEmpty()) {
        t.predicted = true;
        if (prediction.value(u"users").isDouble())
            t.predictedUsers = prediction.value(u"users").toDouble();
        t.predictedAtLeast = prediction.value(u"at_least").toBool();
        t.predictionWords = prediction.value(u"words").toString();
        t.predictionFittedToRun = qint64(prediction.value(u"fitted_to_run").toDouble(-1));
    }
    return t;
}

LaunchFacts LaunchFacts::of(const QJsonObject& runFacts)
{
    return runFacts.contains(u"launch") ? fromJson(runFacts.value(u"launch").toObject()) : LaunchFacts {};
}

LaunchFacts LaunchFacts::fromJson(const QJsonObject& launch)
{
    LaunchFacts f;
    f.launched = !launch.isEmpty();
    f.runtime = launch.value(u"runtime").toString();
    f.engine = launch.value(u"engine").toString();
    f.model = launch.value(u"model").toString();
    f.revision = launch.value(u"revision").toString();
    f.servedModelName = launch.value(u"served_model_name").toString();
    for (const QJsonValue v : launch.value(u"engine_args").toArray())
        f.engineArgs << v.toString();
    f.image = optionalText(launch, u"image");
    f.imagePinned = launch.value(u"image_pinned").toBool();
    f.ggufFile = optionalText(launch, u"gguf_file");
    f.ggufBytes = launch.value(u"gguf_bytes").toDouble();
    if (const QJsonObject e = launch.value(u"memory_estimate").toObject(); !e.isEmpty()) {
        f.memoryEstimate = MemoryEstimate {e.value(u"need_mib").toDouble(), e.value(u"weights_mib").toDouble(),
            e.value(u"kv_cache_mib").toDouble(), optionalNumber(e, u"compute_mib"), e.value(u"reserve_mib").toDouble(),
            e.value(u"available_mib").toDouble(), e.value(u"against").toString()};
    }
    f.reportedWeightsMib = optionalNumber(launch, u"reported_weights_mib");
    f.reportedKvCacheMib = optionalNumber(launch, u"reported_kv_cache_mib");
    f.reportedComputeMib = optionalNumber(launch, u"reported_compute_mib");
    f.startupSeconds = optionalNumber(launch, u"startup_seconds");
    f.kvCacheTokens = optionalNumber(launch, u"kv_cache_tokens");
    f.maxConcurrency = optionalNumber(launch, u"max_concurrency");
    f.maxConcurrencyTokens = launch.value(u"max_concurrency_tokens").toInt();
    f.kvCachePeakUsage = optionalNumber(launch, u"kv_cache_peak_usage");
    f.peakVramMib = optionalNumber(launch, u"peak_vram_mib");
    f.peakVramSource = launch.value(u"peak_vram_source").toString();
    f.peakVramNote = optionalText(launch, u"peak_vram_note");
    if (const QJsonObject tag = launch.value(u"experiment").toObject(); !tag.isEmpty())
        f.experiment = ExperimentTag::fromJson(tag);
    f.configuration = configurationOf(launch);
    return f;
}

QJsonObject LaunchFacts::tagged(QJsonObject runFacts, const ExperimentTag& tag)
{
    QJsonObject launch = runFacts.value(u"launch").toObject();
    launch[QStringLiteral("experiment")] = tag.toJson();
    runFacts[QStringLiteral("launch")] = launch;
    return runFacts;
}

} // namespace kp::core
