// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QUrl>

namespace kp::core {

/// Why the server address `text` (as typed: a --url, the wizard's field) is refused for carrying a credential
/// (a `user:password@` part, or a query parameter named like a key: api-key, key, token, access_token, …), or empty.
/// A URL is stored with the run, printed by every command and report, and sent on with /metrics scrapes, so a key
/// in it would leak everywhere; the sentence says where a key goes instead and never repeats the URL or the key.
/// `where` names the field for the sentence ("--url", "The address").
QString urlCredentialProblem(const QString& text, const QString& where);

/// `url` without its user info and without the query parameters urlCredentialProblem refuses: what may be stored
/// and shown. For runs stored before credentials were refused, and as a guard where a URL is written.
QUrl withoutCredentials(const QUrl& url);

} // namespace kp::core
