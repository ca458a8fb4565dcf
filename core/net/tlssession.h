// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <memory>

namespace kp::core {

/// What a TLS client trusts and offers, shared by every connection of one transport (one thread): the system's trust
/// store and the user's --ca-file, the server name to check, ALPN http/1.1, and the last session the server gave, so
/// that every connection after the first resumes it instead of a full handshake. OpenSSL is reached through this
/// class and TlsSession only.
class TlsContext
{
public:
    struct Settings
    {
        QString host; ///< the URL's host: sent as SNI (a name, not an address) and checked against the certificate
        bool verify = true; ///< off only for --insecure
        QString caFile; ///< PEM certificates trusted beside the system's (--ca-file), or empty
    };

    explicit TlsContext(const Settings& settings);
    ~TlsContext();
    TlsContext(const TlsContext&) = delete;
    TlsContext& operator=(const TlsContext&) = delete;

    /// Why no connection can be made (an unreadable --ca-file, a library without TLS), or empty when it can.
    QString error() const { return m_error; }
    /// Handshakes finished, and how many of them resumed a session.
    int handshakes() const { return m_handshakes; }
    int resumed() const { return m_resumed; }

private:
    friend class TlsSession;
    struct Private;
    std::unique_ptr<Private> d;
    Settings m_settings;
    QString m_error;
    int m_handshakes = 0;
    int m_resumed = 0;
};

/// TLS over one connected, non-blocking socket. Every call returns at once: when the socket has nothing to read or
/// no room to write, it says which readiness to wait for, and the caller calls again then.
class TlsSession
{
public:
    enum class Status {
        Done, ///< the handshake finished, or bytes were read or written
        WantRead, ///< call again when the socket is readable
        WantWrite, ///< call again when the socket is writable
        Closed, ///< the server closed the connection (with or without TLS's close_notify)
        Failed, ///< error() says why
    };

    TlsSession(TlsContext& context, int fd);
    ~TlsSession();
    TlsSession(const TlsSession&) = delete;
    TlsSession& operator=(const TlsSession&) = delete;

    Status handshake();
    /// Reads what has arrived into `buffer`, up to `size` bytes: records already decrypted are taken in the same
    /// call, so one readiness costs about one recv(). `read` holds the bytes read, which may come with Closed.
    Status read(char* buffer, std::size_t size, std::size_t& read);
    /// Writes from `data`; `written` holds how many bytes went.
    Status write(const char* data, std::size_t size, std::size_t& written);

    /// Why the last call failed, in the words of the problem: the certificate's (expired, another host's,
    /// self-signed, an issuer this machine does not trust), a server that does not speak TLS or only HTTP/2, or
    /// OpenSSL's own words. Names `where` (host:port).
    QString error(const QString& where) const;
    /// The errno of a failure of the socket itself, or 0.
    int socketError() const { return m_socketError; }
    /// Whether OpenSSL holds bytes already read from the socket: the socket's readiness will not announce them.
    bool pending() const;

    struct Private; // public for OpenSSL's certificate callback, which fills it; defined in the .cpp

private:
    Status status(int result);

    TlsContext& m_context;
    std::unique_ptr<Private> d;
    int m_socketError = 0;
};

} // namespace kp::core
