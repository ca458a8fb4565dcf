// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/shard/clockoffset.h"

#include "core/net/httpclient.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QLocale>
#include <QThread>

#include <chrono>
#include <cmath>
#include <limits>
#include <memory>

namespace kp::core {

namespace {

struct Answer
{
    std::int64_t sentNs = 0; ///< local UTC before the request left
    std::int64_t receivedNs = 0; ///< local UTC after the answer arrived
    QByteArray body;
    QByteArray date;
    QString error;
};

Answer get(HttpClient& client, const QUrl& url)
{
    Answer a;
    a.sentNs = ClockOffset::utcNowNs();
    const HttpAnswer reply = client.get(url);
    a.receivedNs = ClockOffset::utcNowNs();
    if (!reply.answered())
        a.error = reply.failure;
    else if (!reply.ok())
        a.error = QStringLiteral("HTTP %1").arg(reply.status);
    a.body = reply.body;
    a.date = reply.header("Date");
    return a;
}

/// An HTTP Date header (RFC 9110's IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"); Qt's RFC 2822 reader refuses the
/// "GMT" every server sends.
QDateTime httpDate(const QByteArray& header)
{
    QString text = QString::fromLatin1(header).trimmed();
    if (!text.endsWith(QLatin1String(" GMT")))
        return {};
    text.chop(4);
    QDateTime t = QLocale::c().toDateTime(text, QStringLiteral("ddd, dd MMM yyyy HH:mm:ss"));
    t.setTimeSpec(Qt::UTC);
    return t;
}

} // namespace

std::int64_t ClockOffset::utcNowNs()
{
    // KNEEPOINT_CLOCK_SKEW_MS sets this process's wall clock off by that much, as a shard's machine may be: a drill
    // for sharded runs (the suite's skewed shard). libfaketime cannot stand in: up to 0.9.10 its timed waits on
    // the monotonic clock return early when only the wall clock is faked (DONT_FAKE_MONOTONIC), and Qt's threads
    // then spin in the kernel.
    static const std::int64_t skewNs
        = std::int64_t(qEnvironmentVariableIntValue("KNEEPOINT_CLOCK_SKEW_MS")) * 1'000'000;
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
               .count()
        + skewNs;
}

QJsonObject ClockOffset::toJson() const
{
    QJsonObject json {{QStringLiteral("source"), source}, {QStringLiteral("measured"), measured}};
    if (measured) {
        json[QStringLiteral("offset_ms")] = offsetMs;
        json[QStringLiteral("uncertainty_ms")] = uncertaintyMs;
        json[QStringLiteral("samples")] = samples;
    } else {
        json[QStringLiteral("error")] = error;
    }
    return json;
}

ClockOffset ClockOffset::againstClockServer(const QUrl& url, int timeoutMs)
{
    ClockOffset c;
    c.source = QStringLiteral("clock-server");
    QUrl time = url;
    time.setPath(QStringLiteral("/time"));
    HttpClient::Settings settings;
    settings.timeoutMs = timeoutMs;
    HttpClient client(settings);
    double bestDelay = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 8; ++i) {
        const Answer a = get(client, time);
        if (!a.error.isEmpty()) {
            c.error = QStringLiteral("%1 did not answer: %2").arg(time.toString(), a.error);
            continue;
        }
        const QJsonObject json = QJsonDocument::fromJson(a.body).object();
        const double received = json.value(u"receive_ns").toDouble(-1);
        const double sent = json.value(u"send_ns").toDouble(-1);
        if (received <= 0 || sent < received) {
            c.error = QStringLiteral("%1 is not a kneepoint clock-server").arg(time.toString());
            continue;
        }
        // The first exchange opens the connection; its delay is not the network's.
        if (i == 0)
            continue;
        const double delay = double(a.receivedNs - a.sentNs) - (sent - received);
        ++c.samples;
        if (delay < bestDelay) {
            bestDelay = delay;
            c.offsetMs = ((received - double(a.sentNs)) + (sent - double(a.receivedNs))) / 2 / 1e6;
            c.uncertaintyMs = std::max(0.0, delay) / 2 / 1e6;
        }
    }
    c.measured = c.samples > 0;
    if (c.measured)
        c.error.clear();
    return c;
}

ClockOffset ClockOffset::againstServerDate(const ServerEndpoint& target)
{
    ClockOffset c;
    c.source = QStringLiteral("server-date");
    // Under the server's root, as every other request to it: a gateway mounts it at a path.
    const QUrl health = target.endpoint(QStringLiteral("/health"));
    HttpClient client(target.httpSettings(target.connectTimeoutMs));
    qint64 lastSecond = -1;
    std::int64_t lastMid = 0;
    std::int64_t lastHalfWindow = 0;
    const std::int64_t deadline = utcNowNs() + 2'500'000'000;
    while (utcNowNs() < deadline) {
        const Answer a = get(client, health);
        if (!a.error.isEmpty()) {
            c.error = QStringLiteral("/health did not answer: %1").arg(a.error);
            return c;
        }
        const QDateTime date = httpDate(a.date);
        if (!date.isValid()) {
            c.error = a.date.isEmpty()
                ? QStringLiteral("the server sends no Date header")
                : QStringLiteral("the server's Date header '%1' does not parse").arg(QString::fromLatin1(a.date));
            return c;
        }
        ++c.samples;
        const qint64 second = date.toSecsSinceEpoch();
        const std::int64_t mid = (a.sentNs + a.receivedNs) / 2;
        const std::int64_t halfWindow = (a.receivedNs - a.sentNs) / 2;
        if (lastSecond >= 0 && second == lastSecond + 1) {
            // The server's clock passed `second` between answering the previous request and this one.
            const std::int64_t boundary = (lastMid + mid) / 2;
            c.offsetMs = double(second * 1'000'000'000 - boundary) / 1e6;
            c.uncertaintyMs = (double(mid - lastMid) / 2 + double(std::max(halfWindow, lastHalfWindow))) / 1e6;
            c.measured = true;
            return c;
        }
        lastSecond = second;
        lastMid = mid;
        lastHalfWindow = halfWindow;
        QThread::msleep(10);
    }
    c.error = QStringLiteral("the server's Date header did not change second within 2.5 s");
    return c;
}

} // namespace kp::core
