// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/common/urlcredentials.h"

#include <QUrlQuery>

namespace kp::core {

namespace {

// Query parameters that carry a secret in the APIs people put behind a URL: Azure's api-key, Google's key, the
// OAuth access_token, and the spellings of each. Compared without case and with '-' read as '_'.
bool looksLikeKey(QString name)
{
    name = name.toLower().replace(u'-', u'_');
    static const QStringList exact {QStringLiteral("key"), QStringLiteral("apikey"), QStringLiteral("token"),
        QStringLiteral("password"), QStringLiteral("passwd"), QStringLiteral("secret"), QStringLiteral("auth"),
        QStringLiteral("authorization"), QStringLiteral("sig"), QStringLiteral("signature"), QStringLiteral("bearer")};
    if (exact.contains(name))
        return true;
    static const QStringList endings {QStringLiteral("_key"), QStringLiteral("_token"), QStringLiteral("_secret"),
        QStringLiteral("_password"), QStringLiteral("apikey")};
    for (const QString& ending : endings)
        if (name.endsWith(ending))
            return true;
    return false;
}

} // namespace

QString urlCredentialProblem(const QString& text, const QString& where)
{
    const QString whereKeysGo = QStringLiteral(
        "Kneepoint never takes a credential in a URL, which is stored with the run and shown in every report: put "
        "the key in a file and pass --api-key-file FILE, or set KNEEPOINT_API_KEY (the wizard has a field for it), "
        "and give the address without it.");
    QString trimmed = text.trimmed();
    if (!trimmed.contains(QStringLiteral("://")))
        trimmed.prepend(QStringLiteral("http://"));
    // Tolerant, so that an address that is wrong in another way is still checked here before anything quotes it.
    const QUrl url(trimmed, QUrl::TolerantMode);
    // The raw text too: an '@' before the path, query or fragment is a user part even where QUrl gave up.
    const qsizetype authorityStart = trimmed.indexOf(QStringLiteral("://")) + 3;
    qsizetype authorityEnd = authorityStart;
    while (authorityEnd < trimmed.size() && !QStringView(u"/?#").contains(trimmed.at(authorityEnd)))
        ++authorityEnd;
    const QString authority = trimmed.mid(authorityStart, authorityEnd - authorityStart);
    if (!url.userInfo().isEmpty() || authority.contains(u'@'))
        return QStringLiteral("%1 carries a user name or password (user:password@). %2").arg(where, whereKeysGo);
    const QUrlQuery query(url);
    for (const auto& [name, value] : query.queryItems(QUrl::FullyDecoded)) {
        Q_UNUSED(value)
        if (looksLikeKey(name))
            return QStringLiteral("%1 carries '%2' in its query, which looks like a key. %3")
                .arg(where, name.left(40), whereKeysGo);
    }
    return {};
}

QUrl withoutCredentials(const QUrl& url)
{
    QUrl safe = url;
    safe.setUserInfo(QString());
    if (url.hasQuery()) {
        QUrlQuery query(url);
        // Names as queryItems gives them by default, which is what removeAllQueryItems expects.
        for (const auto& [name, value] : QUrlQuery(url).queryItems()) {
            Q_UNUSED(value)
            if (looksLikeKey(QUrl::fromPercentEncoding(name.toUtf8())))
                query.removeAllQueryItems(name);
        }
        safe.setQuery(query.isEmpty() ? QString() : query.query(QUrl::FullyEncoded));
    }
    return safe;
}

} // namespace kp::core
