// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/store/clientenvironment.h"

#include "core/common/processcpu.h"
#include "core/common/version.h"

#include <QHostInfo>
#include <QSysInfo>
#include <QThread>

namespace kp::core {

QJsonObject ClientEnvironment::Import::toJson() const
{
    QJsonObject o {{QStringLiteral("source"), source}, {QStringLiteral("file"), file},
        {QStringLiteral("not_recorded"), QJsonArray::fromStringList(notRecorded)}};
    if (!toolVersion.isEmpty())
        o[QStringLiteral("tool_version")] = toolVersion;
    if (engine)
        o[QStringLiteral("engine")] = true;
    if (!outputLengthsRecorded)
        o[QStringLiteral("output_lengths_recorded")] = false;
    return o;
}

ClientEnvironment::Import ClientEnvironment::Import::fromJson(const QJsonObject& json)
{
    Import i;
    i.source = json.value(u"source").toString();
    i.file = json.value(u"file").toString();
    i.toolVersion = json.value(u"tool_version").toString();
    for (const QJsonValue v : json.value(u"not_recorded").toArray())
        i.notRecorded << v.toString();
    i.engine = json.value(u"engine").toBool();
    i.outputLengthsRecorded = json.value(u"output_lengths_recorded").toBool(true);
    return i;
}

ClientEnvironment ClientEnvironment::ofThisMachine()
{
    ClientEnvironment e;
    e.host = QHostInfo::localHostName();
    e.os = QSysInfo::prettyProductName();
    e.kernel = QSysInfo::kernelVersion();
    e.cpuArchitecture = QSysInfo::currentCpuArchitecture();
    e.cpuModel = cpuModelName();
    e.cores = QThread::idealThreadCount();
    e.kneepointVersion = kp::core::kneepointVersion();
    e.qtVersion = QString::fromLatin1(qVersion());
    return e;
}

QJsonObject ClientEnvironment::toJson() const
{
    QJsonObject o;
    // Only what was recorded: an imported run's environment holds the version and the import, nothing of a machine.
    auto put = [&o](const char* key, const QString& value) {
        if (!value.isEmpty())
            o[QLatin1String(key)] = value;
    };
    put("host", host);
    put("os", os);
    put("kernel", kernel);
    put("cpu_architecture", cpuArchitecture);
    put("cpu_model", cpuModel);
    if (cores > 0)
        o[QStringLiteral("cores")] = cores;
    put("kneepoint_version", kneepointVersion);
    put("qt_version", qtVersion);
    if (const QJsonObject n = network.toJson(); !n.isEmpty())
        o[QStringLiteral("network")] = n;
    if (clock)
        o[QStringLiteral("clock")] = clock->toJson();
    if (!shards.isEmpty())
        o[QStringLiteral("shards")] = shards;
    if (import)
        o[QStringLiteral("import")] = import->toJson();
    return o;
}

ClientEnvironment ClientEnvironment::fromJson(const QJsonObject& json)
{
    ClientEnvironment e;
    e.host = json.value(u"host").toString();
    e.os = json.value(u"os").toString();
    e.kernel = json.value(u"kernel").toString();
    e.cpuArchitecture = json.value(u"cpu_architecture").toString();
    e.cpuModel = json.value(u"cpu_model").toString();
    e.cores = json.value(u"cores").toInt(0);
    e.kneepointVersion = json.value(u"kneepoint_version").toString();
    e.qtVersion = json.value(u"qt_version").toString();
    e.network = NetworkFacts::fromJson(json.value(u"network").toObject());
    e.clock = ClockAnchor::fromJson(json.value(u"clock").toObject());
    e.shards = json.value(u"shards").toArray();
    if (json.contains(u"import"))
        e.import = Import::fromJson(json.value(u"import").toObject());
    return e;
}

} // namespace kp::core
