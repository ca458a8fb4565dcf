// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/load/qnamtransport.h"

#include "core/common/monotonicclock.h"
#include "core/load/streamrecorder.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace kp::core {

struct QnamTransport::Stream
{
    QNetworkReply* reply = nullptr;
    Manager* manager = nullptr;
    QTimer* timer = nullptr;
    QTimer* deadline = nullptr; ///< the longest the whole request may take
    std::unique_ptr<StreamRecorder> recorder;
    Finished finished;
    bool headers = false;
};

namespace {

ErrorClass classifyReplyError(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return ErrorClass::ConnectionRefused;
    case QNetworkReply::HostNotFoundError:
        return ErrorClass::HostNotFound;
    case QNetworkReply::SslHandshakeFailedError:
        return ErrorClass::Tls;
    case QNetworkReply::TimeoutError:
        return ErrorClass::Timeout;
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::ProtocolFailure:
        return ErrorClass::StreamCut;
    case QNetworkReply::OperationCanceledError:
        return ErrorClass::Cancelled;
    default:
        return ErrorClass::Other;
    }
}

} // namespace

QnamTransport::QnamTransport(const ServerEndpoint& target, QObject* parent)
    : QObject(parent)
    , m_target(target)
{ }

QnamTransport::~QnamTransport()
{
    // No callbacks from a destructor: their owner is going away too.
    for (Stream* s : m_streams) {
        s->reply->disconnect(this);
        s->reply->abort();
        delete s;
    }
}

QNetworkRequest QnamTransport::request(const QByteArray& path) const
{
    QUrl url = m_target.baseUrl;
    url.setPath(QString::fromUtf8(path));
    QNetworkRequest r(url);
    r.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    r.setRawHeader("Accept", "text/event-stream");
    // Set, Qt's own gzip is off: a stream comes as the server sends it, and a compressed one is named as such.
    r.setRawHeader("Accept-Encoding", "identity");
    r.setRawHeader("User-Agent", "kneepoint");
    if (!m_target.apiKey.isEmpty())
        r.setRawHeader("Authorization", "Bearer " + m_target.apiKey);
    m_target.applyTls(r);
    return r;
}

QnamTransport::Manager* QnamTransport::pickManager()
{
    auto best = std::min_element(
        m_managers.begin(), m_managers.end(), [](const Manager& a, const Manager& b) { return a.active < b.active; });
    if (best != m_managers.end() && best->active < ConnectionsPerManager)
        return &*best;
    // Every manager is at its limit: one more, created here in the worker's thread.
    m_managers.push_back({new QNetworkAccessManager(this), 0});
    // The API key rides on every request: a redirect is followed to the same origin only.
    m_managers.back().manager->setRedirectPolicy(QNetworkRequest::SameOriginRedirectPolicy);
    return &m_managers.back();
}

void QnamTransport::prepare(int connections, std::function<void(const QString& error)> ready)
{
    // A manager opens connections only for requests in flight: warm them with as many concurrent GET /health.
    const int managers = (connections + ConnectionsPerManager - 1) / ConnectionsPerManager;
    while (int(m_managers.size()) < managers) {
        m_managers.push_back({new QNetworkAccessManager(this), 0});
        m_managers.back().manager->setRedirectPolicy(QNetworkRequest::SameOriginRedirectPolicy);
    }
    auto pending = std::make_shared<int>(connections);
    auto firstError = std::make_shared<QString>();
    if (connections <= 0) {
        ready(QString());
        return;
    }
    for (int i = 0; i < connections; ++i) {
        Manager& m = m_managers[std::size_t(i / ConnectionsPerManager)];
        QNetworkRequest r = request(m_target.rootPath().toUtf8() + "/health");
        r.setTransferTimeout(m_target.connectTimeoutMs);
        QNetworkReply* reply = m.manager->get(r);
        connect(reply, &QNetworkReply::finished, this, [this, reply, pending, firstError, ready] {
            if (reply->error() == QNetworkReply::NoError)
                ++m_warmedConnections;
            else if (firstError->isEmpty())
                *firstError = QStringLiteral("Could not open a connection to the server: %1").arg(reply->errorString());
            reply->deleteLater();
            if (--*pending == 0)
                ready(*firstError);
        });
    }
}

void QnamTransport::send(const QByteArray& path, const QByteArray& body, RequestRecord record, Finished finished)
{
    auto* stream = new Stream;
    stream->manager = pickManager();
    stream->recorder = std::make_unique<StreamRecorder>(std::move(record));
    stream->finished = std::move(finished);
    stream->timer = new QTimer(this);
    stream->timer->setSingleShot(true);
    stream->deadline = new QTimer(this);
    stream->deadline->setSingleShot(true);
    stream->deadline->setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early
    ++stream->manager->active;
    ++m_inFlight;
    m_streams.push_back(stream);

    auto end = [this, stream] {
        stream->timer->stop();
        stream->timer->deleteLater();
        stream->deadline->stop();
        stream->deadline->deleteLater();
        stream->reply->disconnect(this);
        stream->reply->deleteLater();
        --stream->manager->active;
        --m_inFlight;
        m_streams.erase(std::remove(m_streams.begin(), m_streams.end(), stream), m_streams.end());
        RequestRecord done = stream->recorder->take();
        Finished finishedCallback = std::move(stream->finished);
        delete stream;
        finishedCallback(std::move(done));
    };

    stream->recorder->sent(monotonicNowNs());
    stream->reply = stream->manager->manager->post(request(path), body);
    stream->timer->start(m_target.firstByteTimeoutMs);
    stream->deadline->start(m_target.requestTimeoutMs);
    connect(stream->reply, &QNetworkReply::readyRead, this, [this, stream, end] {
        const std::int64_t now = monotonicNowNs();
        if (!stream->headers) {
            stream->headers = true;
            stream->recorder->headers(stream->reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), now,
                stream->reply->rawHeader("Location"), stream->reply->rawHeader("Content-Type"),
                stream->reply->rawHeader("Content-Encoding"));
        }
        stream->timer->start(m_target.stallTimeoutMs);
        const QByteArray bytes = stream->reply->readAll();
        stream->recorder->body(bytes, now);
        if (stream->recorder->overran()) {
            stream->reply->disconnect(this); // abort() would finish it a second time
            stream->reply->abort();
            end();
            return;
        }
        // As the socket transport: after [DONE] the end of the body is waited for a second at most.
        if (stream->recorder->sawDone())
            stream->timer->start(std::min(m_target.stallTimeoutMs, 1000));
    });
    // The stall timer and the deadline end a request the same way; only their sentences differ.
    auto timedOut = [this, stream, end](const QString& what) {
        if (stream->recorder->sawDone()) {
            // The request ended at [DONE]; the server only held the body open.
            stream->recorder->complete(monotonicNowNs());
            stream->reply->disconnect(this);
            stream->reply->abort();
            end();
            return;
        }
        stream->recorder->fail(ErrorClass::Timeout, what, monotonicNowNs());
        stream->reply->disconnect(this); // abort() would finish it a second time
        stream->reply->abort();
        end();
    };
    connect(stream->timer, &QTimer::timeout, this,
        [this, stream, timedOut] { timedOut(m_target.timeoutSentence(true, false, stream->headers)); });
    connect(stream->deadline, &QTimer::timeout, this,
        [this, timedOut] { timedOut(m_target.timeoutSentence(true, true, false)); });
    connect(stream->reply, &QNetworkReply::finished, this, [stream, end] {
        const std::int64_t now = monotonicNowNs();
        QNetworkReply* reply = stream->reply;
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (!stream->headers && status.isValid()) {
            stream->headers = true;
            stream->recorder->headers(status.toInt(), now, reply->rawHeader("Location"),
                reply->rawHeader("Content-Type"), reply->rawHeader("Content-Encoding"));
        }
        const QByteArray rest = reply->readAll();
        if (!rest.isEmpty())
            stream->recorder->body(rest, now);
        // errorString() can say "Unknown error" on success: only error() decides. A redirect to another origin,
        // refused, completes too: the recorder says it with its target.
        const bool answered = reply->error() == QNetworkReply::NoError || (status.isValid() && status.toInt() >= 400)
            || (reply->error() == QNetworkReply::InsecureRedirectError && status.isValid());
        // A close after [DONE] cut only what followed the stream (a Content-Length past the body): the stream was
        // whole there, as the socket transports judge it, whichever of the close and the wait after [DONE] comes
        // first.
        if (answered || (reply->error() == QNetworkReply::RemoteHostClosedError && stream->recorder->sawDone()))
            stream->recorder->complete(now);
        else if (reply->error() == QNetworkReply::RemoteHostClosedError)
            stream->recorder->fail(ErrorClass::StreamCut,
                stream->headers ? QStringLiteral("The server closed the connection in the middle of the response.")
                                : QStringLiteral("The server closed the connection before answering."),
                now);
        else
            stream->recorder->fail(classifyReplyError(reply->error()), reply->errorString(), now);
        end();
    });
}

void QnamTransport::cancelAll()
{
    const std::vector<Stream*> streams = m_streams;
    for (Stream* s : streams) {
        s->recorder->fail(ErrorClass::Cancelled, QStringLiteral("Cancelled."), monotonicNowNs());
        s->reply->abort(); // emits finished(), which ends the stream as it is
    }
}

} // namespace kp::core
