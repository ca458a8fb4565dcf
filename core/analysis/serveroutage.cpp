// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/serveroutage.h"

#include "core/analysis/rundata.h"
#include "core/analysis/walls.h"
#include "core/common/textformat.h"

#include <QCoreApplication>

namespace kp::core {

namespace {

QString secondsText(double s)
{
    return QCoreApplication::translate("ServerOutage", "%1 s").arg(text::number(s, s < 10 ? 1 : 0));
}

} // namespace

QString ServerOutage::loadPhrase() const
{
    if (users > 0)
        return users == 1
            ? QCoreApplication::translate("RunData", "1 user", "in a sentence, after at/from/to")
            : QCoreApplication::translate("RunData", "%n users", "in a sentence, after at/from/to", users);
    return QCoreApplication::translate("RunData", "%1 req/s").arg(rate);
}

QString ServerOutage::evidence() const
{
    QStringList parts;
    // The English source has no plural forms of its own: one is said apart, as RunData says "1 user".
    if (refused == 1)
        parts << QCoreApplication::translate("ServerOutage", "1 request refused at the connection");
    else if (refused > 1)
        parts << QCoreApplication::translate("ServerOutage", "%n requests refused at the connection", nullptr, refused);
    if (closed == 1)
        parts << QCoreApplication::translate("ServerOutage", "1 closed before any answer");
    else if (closed > 1)
        parts << QCoreApplication::translate("ServerOutage", "%n closed before any answer", nullptr, closed);
    if (!counter.isEmpty())
        parts << QCoreApplication::translate("ServerOutage", "its %1 counter fell from %2 to %3")
                     .arg(counter, text::number(counterBefore, 0), text::number(counterAfter, 0));
    if (kind != Kind::RestartBetweenSteps)
        parts << (cameBack
                ? QCoreApplication::translate("ServerOutage", "back after %1").arg(secondsText(downSeconds))
                : QCoreApplication::translate("ServerOutage", "no answer for %1").arg(secondsText(downSeconds)));
    return text::list(parts);
}

std::vector<ServerOutage> ServerOutage::of(const RunData& run)
{
    std::vector<ServerOutage> list;
    for (const ServerOutageRecord& r : run.outages)
        list.push_back(ServerOutage {r});
    return list;
}

bool ServerOutage::stoppedTheRun(const RunData& run)
{
    return run.summary.status == RunStatus::ServerFailed;
}

QString ServerOutage::verdict() const
{
    return kind == Kind::Connection
        ? QCoreApplication::translate("ServerOutage",
            "The server stopped answering at %1 (%2); no capacity is drawn from this run's failed step, and no wall "
            "or advice from this run.")
              .arg(loadPhrase(), evidence())
        : QCoreApplication::translate("ServerOutage",
            "The server restarted at %1 and failed again (%2); no capacity is drawn from this run's failed step, "
            "and no wall or advice from this run.")
              .arg(loadPhrase(), evidence());
}

Finding ServerOutage::finding() const
{
    Finding f;
    f.lessonId = QStringLiteral("measuring-honestly");
    if (kind == Kind::RestartBetweenSteps) {
        f.id = QStringLiteral("server-restarted");
        f.severity = Finding::Severity::Background;
        f.title = QCoreApplication::translate("ServerOutage", "The server restarted before the step at %1")
                      .arg(loadPhrase());
        f.measured = QCoreApplication::translate("ServerOutage", "Between two steps, %1.").arg(evidence());
        f.meaning = QCoreApplication::translate("ServerOutage",
            "Each step measured one server process, but the steps from this one on measured a new one, with its "
            "caches empty.");
        f.why = QCoreApplication::translate(
            "ServerOutage", "A counter of the server's only falls when its process starts again and counts from zero.");
        return f;
    }
    f.id = QStringLiteral("server-outage");
    f.measured = QCoreApplication::translate("ServerOutage", "At %1: %2.").arg(loadPhrase(), evidence());
    f.why = QCoreApplication::translate("ServerOutage",
        "A server process that exits (a crash, running out of memory, a restart by hand or by a supervisor) refuses "
        "connections until it is back; that is no measure of how much load it takes.");
    if (cameBack) {
        f.severity = Finding::Severity::Background;
        f.title = QCoreApplication::translate("ServerOutage", "The server went away for %1 at %2")
                      .arg(secondsText(downSeconds), loadPhrase());
        f.measured
            = QCoreApplication::translate("ServerOutage", "At %1: %2; the step was measured again once it answered.")
                  .arg(loadPhrase(), evidence());
        f.meaning = QCoreApplication::translate("ServerOutage",
            "The step it went away in was discarded: the requests the outage failed count against nothing, and every "
            "figure comes from a server that answered.");
    } else {
        f.severity = Finding::Severity::Problem;
        f.title = QCoreApplication::translate("ServerOutage", "The server stopped answering at %1").arg(loadPhrase());
        f.meaning = QCoreApplication::translate("ServerOutage",
            "The run stopped there. The steps before it are kept as measured; the one it went away in is not, and no "
            "capacity, wall or advice is drawn from it. Find out why the server exited (its log), then run again.");
    }
    return f;
}

Walls ServerOutage::unjudgedWalls() const
{
    Walls w;
    const QString why = QCoreApplication::translate("ServerOutage", "Not judged: the server stopped answering at %1.")
                            .arg(loadPhrase());
    for (Wall* wall : {&w.saturation, &w.latency, &w.memory})
        wall->evidence = why;
    return w;
}

} // namespace kp::core
