// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The checks of the server's answers: /health, /version, /v1/models, /metrics, /tokenize and one completion.

#include "core/doctor/checksupport.h"
#include "core/load/serverendpoint.h"
#include "core/net/httpclient.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace kp::core::doctorchecks {

/// The message of an error answer, from vLLM's envelopes ({"error": {"message"}}, {"message"}, {"detail"}) or a
/// short plain body.
QString errorMessage(const QByteArray& body);
/// "HTTP 404: the message".
QString statusLine(const HttpAnswer& a);

/// The doctor's requests: the server's endpoints, on one client, so that the checks reuse a connection as a run
/// would (HttpClient holds the rules: the key, redirects, TLS, the size cap, the deadline, cancellation).
class Http
{
public:
    Http(const ServerEndpoint& target, int timeoutMs, const Cancellation* cancellation)
        : m_target(target)
        , m_client(target.httpSettings(timeoutMs, cancellation))
    { }

    const ServerEndpoint& target() const { return m_target; }
    int timeoutMs() const { return m_client.settings().timeoutMs; }

    HttpAnswer get(const QString& path) { return m_client.get(m_target.endpoint(path)); }
    HttpAnswer post(const QString& path, const QJsonObject& json)
    {
        return m_client.post(m_target.endpoint(path), json);
    }

private:
    const ServerEndpoint& m_target;
    HttpClient m_client;
};

DoctorCheck healthCheck(Http& http, bool* answered);
DoctorCheck versionCheck(Http& http, DoctorReport* report);
/// /v1/models; where the card has no max_model_len (llama.cpp's carries the training context), the per-slot context
/// of `propsBody` (/props default_generation_settings.n_ctx), which is what a run is judged against too.
DoctorCheck modelsCheck(
    Http& http, const ServerEndpoint& target, const QByteArray& propsBody, QByteArray* body, QString* modelId);
DoctorCheck metricsCheck(Http& http, QByteArray* body);
DoctorCheck tokenizeCheck(Http& http, const QString& modelId);
DoctorCheck completionCheck(Http& http, const QString& modelId);

} // namespace kp::core::doctorchecks
