// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "testcertificates.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStringList>

namespace {

bool openssl(const QString& folder, const QStringList& arguments, QString* error)
{
    QProcess p;
    p.setWorkingDirectory(folder);
    p.start(QStringLiteral("openssl"), arguments);
    if (p.waitForFinished(60'000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0)
        return true;
    *error = QStringLiteral("openssl %1 failed: %2 %3")
                 .arg(arguments.join(u' '), p.errorString(), QString::fromUtf8(p.readAllStandardError()));
    return false;
}

// P-256 keys: made in milliseconds, where RSA takes a second on a slow machine.
const QStringList newKey {QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
    QStringLiteral("ec_paramgen_curve:P-256"), QStringLiteral("-nodes")};

bool request(const QString& folder, const QString& name, const QString& commonName, QString* error)
{
    return openssl(folder,
        QStringList {QStringLiteral("req")} + newKey
            + QStringList {QStringLiteral("-keyout"), name + QStringLiteral(".key"), QStringLiteral("-out"),
                name + QStringLiteral(".csr"), QStringLiteral("-subj"), u"/CN=" + commonName},
        error);
}

bool signByCa(const QString& folder, const QString& name, const QString& alternativeName, int days, QString* error)
{
    const QString extensions = name + QStringLiteral(".ext");
    QFile file(QDir(folder).filePath(extensions));
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    file.write("subjectAltName=" + alternativeName.toUtf8() + '\n');
    file.close();
    return openssl(folder,
        {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), name + QStringLiteral(".csr"),
            QStringLiteral("-CA"), QStringLiteral("ca.pem"), QStringLiteral("-CAkey"), QStringLiteral("ca.key"),
            QStringLiteral("-CAcreateserial"), QStringLiteral("-out"), name + QStringLiteral(".pem"),
            QStringLiteral("-days"), QString::number(days), QStringLiteral("-extfile"), extensions},
        error);
}

bool selfSigned(
    const QString& folder, const QString& name, const QString& commonName, const QString& extension, QString* error)
{
    QStringList arguments = QStringList {QStringLiteral("req"), QStringLiteral("-x509")} + newKey
        + QStringList {QStringLiteral("-keyout"), name + QStringLiteral(".key"), QStringLiteral("-out"),
            name + QStringLiteral(".pem"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
            u"/CN=" + commonName};
    if (!extension.isEmpty())
        arguments << QStringLiteral("-addext") << extension;
    return openssl(folder, arguments, error);
}

} // namespace

bool TestCertificates::make(const QString& folder, QString* error)
{
    const QString ip = QStringLiteral("IP:127.0.0.1");
    // Expired: signed to end a day before it begins, which every check reads as expired.
    return selfSigned(folder, QStringLiteral("ca"), QStringLiteral("Kneepoint Test CA"), {}, error)
        && request(folder, QStringLiteral("server"), QStringLiteral("127.0.0.1"), error)
        && signByCa(folder, QStringLiteral("server"), ip, 2, error)
        && request(folder, QStringLiteral("otherhost"), QStringLiteral("other.example"), error)
        && signByCa(folder, QStringLiteral("otherhost"), QStringLiteral("DNS:other.example"), 2, error)
        && request(folder, QStringLiteral("expired"), QStringLiteral("127.0.0.1"), error)
        && signByCa(folder, QStringLiteral("expired"), ip, -1, error)
        && selfSigned(folder, QStringLiteral("selfsigned"), QStringLiteral("127.0.0.1"),
            QStringLiteral("subjectAltName=") + ip, error);
}

QString TestCertificates::certificate(const QString& folder, const QString& name)
{
    return QDir(folder).filePath(name + QStringLiteral(".pem"));
}

QString TestCertificates::key(const QString& folder, const QString& name)
{
    return QDir(folder).filePath(name + QStringLiteral(".key"));
}
