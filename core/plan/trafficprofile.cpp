// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/plan/trafficprofile.h"

#include <QCoreApplication>
#include <QLocale>

namespace kp::core {

const QList<TrafficProfile>& TrafficProfile::all()
{
    // Chat: interactive, the first token matters; RAG: long prompts; reasoning: long answers, steady streaming;
    // batch: throughput first, latency targets loose enough never to bind.
    static const QList<TrafficProfile> profiles {
        {QStringLiteral("chat"), QT_TRANSLATE_NOOP("TrafficProfile", "Chat"),
            QT_TRANSLATE_NOOP("TrafficProfile",
                "Interactive chat: people wait for the first token, then read as the answer streams."),
            {1024, 256}, {{256, 128}, {2048, 512}}, 500, 50},
        {QStringLiteral("rag"), QT_TRANSLATE_NOOP("TrafficProfile", "RAG"),
            QT_TRANSLATE_NOOP(
                "TrafficProfile", "Retrieval-augmented generation: long prompts of retrieved text, short answers."),
            {4096, 256}, {{2048, 256}, {8192, 512}}, 1000, 50},
        {QStringLiteral("reasoning"), QT_TRANSLATE_NOOP("TrafficProfile", "Reasoning"),
            QT_TRANSLATE_NOOP(
                "TrafficProfile", "Reasoning: short questions, long answers; steady streaming matters most."),
            {512, 4096}, {{1024, 8192}, {256, 1024}}, 1000, 30},
        {QStringLiteral("batch"), QT_TRANSLATE_NOOP("TrafficProfile", "Batch"),
            QT_TRANSLATE_NOOP("TrafficProfile", "Batch: nobody waits for one answer; throughput comes first."),
            {1024, 256}, {{512, 1024}, {4096, 512}}, 60000, 500},
    };
    return profiles;
}

const TrafficProfile& TrafficProfile::of(const QString& id)
{
    for (const TrafficProfile& p : all()) {
        if (p.id == id)
            return p;
    }
    return all().front();
}

QStringList TrafficProfile::ids()
{
    QStringList out;
    for (const TrafficProfile& p : all())
        out << p.id;
    return out;
}

QString TrafficProfile::displayName() const
{
    return QCoreApplication::translate("TrafficProfile", name);
}

QString TrafficProfile::displayDescription() const
{
    return QCoreApplication::translate("TrafficProfile", description);
}

QList<double> percentileChoices()
{
    return {50.0, 90.0, 95.0, 99.0, 99.9};
}

QString percentileLabel(double percentile)
{
    return QStringLiteral("p%1").arg(QLocale().toString(percentile));
}

} // namespace kp::core
