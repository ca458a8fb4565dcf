// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Shared by the interop tests that hold Kneepoint's throughput to llama-server's own counters: tst_interop, directly
// against the server, and tst_interopproxy, through nginx.

#include <QByteArray>
#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <mutex>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <thread>
#include <unistd.h>
#include <vector>

/// llama-server's own counters, read from its /metrics every 50 ms by a thread of this test, on the clock Kneepoint
/// stamps its requests with (steady_clock). `tokens_predicted_total` moves only when a request ends, by all its
/// tokens; `n_decode_total` times `n_busy_slots_per_decode` (the busy slots summed over every llama_decode() call)
/// moves with each decode step, a token for each slot at work, and so tells the tokens made inside any window.
class CounterPoller
{
public:
    struct Sample
    {
        std::int64_t ns = 0;
        double tokensPredicted = -1;
        double slotDecodes = -1; ///< n_decode_total × n_busy_slots_per_decode
    };

    explicit CounterPoller(quint16 port)
        : m_port(port)
        , m_thread([this] { poll(); })
    { }
    ~CounterPoller() { stop(); }

    std::vector<Sample> stop()
    {
        // First a sample answered after this call, so that the samples enclose the caller's last step: the poll in
        // flight when the run ended may have been asked before its end and never answered (a 1 s timeout on a busy
        // server), and then no sample lay after the step (tst_interopproxy, once). Bounded: 3 s.
        const std::int64_t asked = now();
        for (int i = 0; i < 60 && !m_stop; ++i) {
            {
                const std::lock_guard lock(m_mutex);
                if (!m_samples.empty() && m_samples.back().ns > asked)
                    break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        const std::lock_guard lock(m_mutex);
        return m_samples;
    }

    /// What the counters say the server made in (fromNs, toNs]: at least the slot decodes between the first sample
    /// in it and the last, at most those between the last sample before it and the first after it, and most likely
    /// the counter read linearly between the samples around each end. NaN when the samples do not enclose it.
    struct Made
    {
        double least = std::nan("");
        double most = std::nan("");
        double likely = std::nan("");
    };
    static Made made(const std::vector<Sample>& samples, std::int64_t fromNs, std::int64_t toNs)
    {
        Made m;
        const auto after = [&samples](std::int64_t ns) {
            return std::lower_bound(
                samples.begin(), samples.end(), ns, [](const Sample& s, std::int64_t t) { return s.ns < t; });
        };
        const auto firstFrom = after(fromNs), firstTo = after(toNs);
        if (firstFrom == samples.begin() || firstTo == samples.end() || firstTo == samples.begin())
            return m;
        const auto lastBeforeFrom = std::prev(firstFrom), lastBeforeTo = std::prev(firstTo);
        const auto at = [](const Sample& a, const Sample& b, std::int64_t ns) {
            return b.ns > a.ns
                ? a.slotDecodes + (b.slotDecodes - a.slotDecodes) * double(ns - a.ns) / double(b.ns - a.ns)
                : a.slotDecodes;
        };
        m.least = std::max(0.0, lastBeforeTo->slotDecodes - firstFrom->slotDecodes);
        m.most = firstTo->slotDecodes - lastBeforeFrom->slotDecodes;
        m.likely = at(*lastBeforeTo, *firstTo, toNs) - at(*lastBeforeFrom, *firstFrom, fromNs);
        return m;
    }

private:
    static std::int64_t now()
    {
        return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count();
    }

    // Plain sockets: the thread is no Qt thread, and a QTcpSocket there reaches for the application object.
    QByteArray fetchMetrics() const
    {
        QByteArray body;
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0)
            return body;
        timeval timeout {1, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(m_port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) {
            const QByteArray request = "GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
            if (::send(fd, request.constData(), std::size_t(request.size()), MSG_NOSIGNAL) == request.size()) {
                char buffer[16384];
                ssize_t n = 0;
                while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
                    body.append(buffer, qsizetype(n));
            }
        }
        ::close(fd);
        return body;
    }

    void poll()
    {
        static const QRegularExpression line(
            QStringLiteral(R"(^llamacpp:(\w+) ([0-9.eE+-]+)$)"), QRegularExpression::MultilineOption);
        while (!m_stop) {
            const QByteArray body = fetchMetrics();
            Sample sample;
            // When the answer came, not when it was asked: the server reads its counters as it answers, and with
            // every HTTP thread busy streaming it may take a whole request's lifetime to get to the question.
            sample.ns = now();
            double decodes = -1, perDecode = -1;
            for (auto it = line.globalMatch(QString::fromUtf8(body)); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const QString name = m.captured(1);
                if (name == u"tokens_predicted_total")
                    sample.tokensPredicted = m.captured(2).toDouble();
                else if (name == u"n_decode_total")
                    decodes = m.captured(2).toDouble();
                else if (name == u"n_busy_slots_per_decode")
                    perDecode = m.captured(2).toDouble();
            }
            if (decodes >= 0 && perDecode >= 0 && sample.tokensPredicted >= 0) {
                sample.slotDecodes = decodes * perDecode;
                const std::lock_guard lock(m_mutex);
                m_samples.push_back(sample);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }

    quint16 m_port;
    std::atomic<bool> m_stop {false};
    std::mutex m_mutex;
    std::vector<Sample> m_samples;
    std::thread m_thread; // last: it starts polling once the rest is built
};
