// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/net/tlssession.h"

#include <QDate>
#include <QHostAddress>
#include <QStringList>

#include <cerrno>
#include <ctime>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace kp::core {

namespace {

// The last session the server gave, kept by the context for the next handshake. OpenSSL hands it over in a callback
// (TLS 1.3 sends it after the handshake, with the first bytes read), so it lives where the callback can reach it.
struct SessionCache
{
    SSL_SESSION* session = nullptr;
    ~SessionCache()
    {
        if (session)
            SSL_SESSION_free(session);
    }
};

int cacheIndex()
{
    static const int index = SSL_CTX_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
    return index;
}

int sessionIndex()
{
    static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
    return index;
}

int newSession(SSL* ssl, SSL_SESSION* session)
{
    auto* cache = static_cast<SessionCache*>(SSL_CTX_get_ex_data(SSL_get_SSL_CTX(ssl), cacheIndex()));
    if (!cache)
        return 0;
    if (cache->session)
        SSL_SESSION_free(cache->session);
    cache->session = session;
    return 1; // the reference is ours now
}

QString openSslError(unsigned long code)
{
    char text[256] = {};
    ERR_error_string_n(code, text, sizeof text);
    return QString::fromUtf8(text);
}

// "2026-01-31" for a certificate's date.
QString dateOf(const ASN1_TIME* time)
{
    std::tm tm {};
    if (!time || ASN1_TIME_to_tm(time, &tm) != 1)
        return QStringLiteral("an unreadable date");
    return QDate(tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday).toString(Qt::ISODate);
}

QString commonName(const X509_NAME* name)
{
    if (!name)
        return {};
    const int at = X509_NAME_get_index_by_NID(name, NID_commonName, -1);
    if (at < 0)
        return {};
    const ASN1_STRING* data = X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, at));
    unsigned char* utf8 = nullptr;
    const int length = ASN1_STRING_to_UTF8(&utf8, data);
    if (length < 0)
        return {};
    QString out = QString::fromUtf8(reinterpret_cast<const char*>(utf8), length);
    OPENSSL_free(utf8);
    return out;
}

// The names a certificate is for: its subject alternative names, else its common name.
QStringList namesOf(X509* certificate)
{
    QStringList names;
    auto* alternatives
        = static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(certificate, NID_subject_alt_name, nullptr, nullptr));
    for (int i = 0; alternatives && i < sk_GENERAL_NAME_num(alternatives); ++i) {
        const GENERAL_NAME* name = sk_GENERAL_NAME_value(alternatives, i);
        if (name->type == GEN_DNS) {
            const ASN1_STRING* dns = name->d.dNSName;
            names << QString::fromLatin1(
                reinterpret_cast<const char*>(ASN1_STRING_get0_data(dns)), ASN1_STRING_length(dns));
        } else if (name->type == GEN_IPADD) {
            const ASN1_OCTET_STRING* ip = name->d.iPAddress;
            const auto* bytes = ASN1_STRING_get0_data(ip);
            if (ASN1_STRING_length(ip) == 4)
                names << QHostAddress((quint32(bytes[0]) << 24) | (quint32(bytes[1]) << 16) | (quint32(bytes[2]) << 8)
                    | quint32(bytes[3]))
                             .toString();
            else if (ASN1_STRING_length(ip) == 16)
                names << QHostAddress(bytes).toString();
        }
    }
    GENERAL_NAMES_free(alternatives);
    if (names.isEmpty()) {
        const QString cn = commonName(X509_get_subject_name(certificate));
        if (!cn.isEmpty())
            names << cn;
    }
    return names;
}

} // namespace

struct TlsContext::Private
{
    SSL_CTX* ctx = nullptr;
    SessionCache cache;
    ~Private()
    {
        if (ctx)
            SSL_CTX_free(ctx);
    }
};

// What went wrong, kept from the moment it happened: OpenSSL's error queue and the certificate being checked are
// gone by the time the transport asks.
struct TlsSession::Private
{
    SSL* ssl = nullptr;
    long verifyError = X509_V_OK;
    QStringList names; ///< the names on the certificate that failed
    QString subject;
    QString issuer;
    QString notBefore;
    QString notAfter;
    unsigned long sslError = 0;
    bool closedInHandshake = false;
    bool handshaken = false;
    ~Private()
    {
        if (!ssl)
            return;
        // A connection closed without close_notify (every one the transport lets go) would otherwise mark its session
        // as not resumable, and the next connection would make a full handshake. HTTP's framing, not TLS's close,
        // says whether a response was whole.
        SSL_set_shutdown(ssl, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
        SSL_free(ssl);
    }
};

namespace {

// Keeps the first certificate problem, with the certificate's own names and dates, for TlsSession::error().
int verifyCallback(int ok, X509_STORE_CTX* store)
{
    if (ok)
        return ok;
    auto* ssl = static_cast<SSL*>(X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx()));
    auto* d = ssl ? static_cast<TlsSession::Private*>(SSL_get_ex_data(ssl, sessionIndex())) : nullptr;
    if (d && d->verifyError == X509_V_OK) {
        d->verifyError = X509_STORE_CTX_get_error(store);
        if (X509* certificate = X509_STORE_CTX_get_current_cert(store)) {
            d->names = namesOf(certificate);
            d->subject = commonName(X509_get_subject_name(certificate));
            d->issuer = commonName(X509_get_issuer_name(certificate));
            d->notBefore = dateOf(X509_get0_notBefore(certificate));
            d->notAfter = dateOf(X509_get0_notAfter(certificate));
        }
    }
    return ok;
}

} // namespace

TlsContext::TlsContext(const Settings& settings)
    : d(std::make_unique<Private>())
    , m_settings(settings)
{
    d->ctx = SSL_CTX_new(TLS_client_method());
    if (!d->ctx) {
        m_error = QStringLiteral("TLS could not be set up: %1.").arg(openSslError(ERR_get_error()));
        return;
    }
    SSL_CTX_set_min_proto_version(d->ctx, TLS1_2_VERSION);
    // Partial writes: a request goes out as the socket takes it, like the plain path's send(). Released buffers: an
    // idle connection keeps no 34 KB of record buffers, so 4,096 streams cost what plain ones do.
    SSL_CTX_set_mode(
        d->ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS);
    // Servers and proxies end a response by closing without TLS's close_notify; HTTP's own framing says whether the
    // body was whole, so such a close is a close, not an error.
    SSL_CTX_set_options(d->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
    // Everything that has arrived is read at once (one recv per readiness, not two per record).
    SSL_CTX_set_read_ahead(d->ctx, 1);
    SSL_CTX_set_session_cache_mode(d->ctx, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
    SSL_CTX_set_ex_data(d->ctx, cacheIndex(), &d->cache);
    SSL_CTX_sess_set_new_cb(d->ctx, newSession);
    // HTTP/1.1 only, said so: a server that speaks nothing else refuses the handshake, which error() names.
    static const unsigned char alpn[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
    SSL_CTX_set_alpn_protos(d->ctx, alpn, sizeof alpn);
    if (!settings.verify) {
        SSL_CTX_set_verify(d->ctx, SSL_VERIFY_NONE, nullptr);
        return;
    }
    SSL_CTX_set_verify(d->ctx, SSL_VERIFY_PEER, verifyCallback);
    SSL_CTX_set_default_verify_paths(d->ctx);
    if (!settings.caFile.isEmpty()
        && SSL_CTX_load_verify_locations(d->ctx, settings.caFile.toLocal8Bit().constData(), nullptr) != 1)
        m_error = QStringLiteral("The certificates of --ca-file %1 could not be read (%2): give a file of PEM "
                                 "certificates, the CA that signed the server's certificate.")
                      .arg(settings.caFile, openSslError(ERR_get_error()));
    ERR_clear_error();
}

TlsContext::~TlsContext() = default;

TlsSession::TlsSession(TlsContext& context, int fd)
    : m_context(context)
    , d(std::make_unique<Private>())
{
    d->ssl = SSL_new(context.d->ctx);
    if (!d->ssl)
        return;
    SSL_set_ex_data(d->ssl, sessionIndex(), d.get());
    SSL_set_fd(d->ssl, fd);
    SSL_set_connect_state(d->ssl);
    const TlsContext::Settings& s = context.m_settings;
    const QByteArray host = s.host.toUtf8();
    const bool address = !QHostAddress(s.host).isNull();
    if (!address)
        SSL_set_tlsext_host_name(d->ssl, host.constData());
    if (s.verify) {
        if (address)
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(d->ssl), host.constData());
        else
            SSL_set1_host(d->ssl, host.constData());
    }
    if (context.d->cache.session)
        SSL_set_session(d->ssl, context.d->cache.session);
}

TlsSession::~TlsSession() = default;

TlsSession::Status TlsSession::status(int result)
{
    const int saved = errno;
    const int error = SSL_get_error(d->ssl, result);
    switch (error) {
    case SSL_ERROR_WANT_READ:
        return Status::WantRead;
    case SSL_ERROR_WANT_WRITE:
        return Status::WantWrite;
    case SSL_ERROR_ZERO_RETURN:
        if (!d->handshaken) {
            d->closedInHandshake = true;
            return Status::Failed;
        }
        return Status::Closed;
    case SSL_ERROR_SYSCALL:
        if (ERR_peek_error() == 0 && saved == 0) {
            // The end of the stream, without close_notify.
            if (!d->handshaken) {
                d->closedInHandshake = true;
                return Status::Failed;
            }
            return Status::Closed;
        }
        m_socketError = saved != 0 ? saved : EPROTO;
        d->sslError = ERR_get_error();
        return Status::Failed;
    default:
        d->sslError = ERR_get_error();
        if (d->verifyError == X509_V_OK && !d->handshaken)
            d->verifyError = SSL_get_verify_result(d->ssl);
        return Status::Failed;
    }
}

TlsSession::Status TlsSession::handshake()
{
    if (!d->ssl)
        return Status::Failed;
    ERR_clear_error();
    const int result = SSL_connect(d->ssl);
    if (result == 1) {
        d->handshaken = true;
        ++m_context.m_handshakes;
        if (SSL_session_reused(d->ssl))
            ++m_context.m_resumed;
        return Status::Done;
    }
    return status(result);
}

TlsSession::Status TlsSession::read(char* buffer, std::size_t size, std::size_t& read)
{
    read = 0;
    for (;;) {
        ERR_clear_error();
        std::size_t n = 0;
        const int result = SSL_read_ex(d->ssl, buffer + read, size - read, &n);
        if (result == 1) {
            read += n;
            // Records already in OpenSSL's buffer are taken now: the socket will not say they are there.
            if (read == size || !SSL_has_pending(d->ssl))
                return Status::Done;
            continue;
        }
        const Status s = status(result);
        if (read > 0 && (s == Status::WantRead || s == Status::WantWrite))
            return Status::Done;
        return s;
    }
}

bool TlsSession::pending() const
{
    return d->ssl && SSL_has_pending(d->ssl) == 1;
}

TlsSession::Status TlsSession::write(const char* data, std::size_t size, std::size_t& written)
{
    written = 0;
    ERR_clear_error();
    const int result = SSL_write_ex(d->ssl, data, size, &written);
    if (result == 1)
        return Status::Done;
    return status(result);
}

QString TlsSession::error(const QString& where) const
{
    const QString trust = QStringLiteral("pass the CA that signed it with --ca-file FILE (or add it to the system's "
                                         "store); only on a network you trust, --insecure skips the check");
    const QString names = d->names.join(QStringLiteral(", "));
    switch (d->verifyError) {
    case X509_V_OK:
        break;
    case X509_V_ERR_CERT_HAS_EXPIRED:
        return QStringLiteral("The certificate of %1 expired on %2: renew it on the server (a clock on this machine "
                              "that is wrong says the same: check it).")
            .arg(where, d->notAfter);
    case X509_V_ERR_CERT_NOT_YET_VALID:
        return QStringLiteral("The certificate of %1 is not valid before %2: check this machine's clock.")
            .arg(where, d->notBefore);
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
        return QStringLiteral("The certificate of %1 is for %2, not for %3: use a name it is for in the URL, or fix "
                              "the certificate.")
            .arg(where, names.isEmpty() ? QStringLiteral("no name") : names, m_context.m_settings.host);
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
        return QStringLiteral("The certificate of %1 is self-signed (%2), and this machine does not trust it: %3.")
            .arg(where, d->subject.isEmpty() ? names : d->subject, trust);
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
        return QStringLiteral("The certificate of %1 was signed by %2, an issuer this machine does not trust: %3.")
            .arg(where, d->issuer.isEmpty() ? QStringLiteral("an unnamed CA") : d->issuer, trust);
    default:
        return QStringLiteral("The certificate of %1 is not accepted: %2. %3.")
            .arg(where, QString::fromUtf8(X509_verify_cert_error_string(d->verifyError)), trust);
    }
    if (d->closedInHandshake)
        return QStringLiteral("%1 closed the connection during the TLS handshake: is it a TLS server (use http:// "
                              "if it speaks plain HTTP), and does it accept TLS 1.2 or 1.3?")
            .arg(where);
    switch (ERR_GET_REASON(d->sslError)) {
    case SSL_R_WRONG_VERSION_NUMBER:
    case SSL_R_PACKET_LENGTH_TOO_LONG:
        return QStringLiteral("%1 did not answer in TLS: it speaks plain HTTP? Use http://.").arg(where);
    case SSL_R_TLSV1_ALERT_NO_APPLICATION_PROTOCOL:
        return QStringLiteral("%1 refused HTTP/1.1 in the TLS handshake: it speaks HTTP/2 only, and Kneepoint "
                              "measures over HTTP/1.1. Use an endpoint or a proxy that serves HTTP/1.1.")
            .arg(where);
    default:
        break;
    }
    if (m_socketError != 0)
        return QStringLiteral("The TLS connection to %1 failed: %2.").arg(where, qt_error_string(m_socketError));
    return QStringLiteral("The TLS connection to %1 failed: %2.")
        .arg(where, d->sslError != 0 ? openSslError(d->sslError) : QStringLiteral("no reason given"));
}

} // namespace kp::core
