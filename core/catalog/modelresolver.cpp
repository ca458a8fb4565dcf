// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/catalog/modelresolver.h"

#include "core/catalog/catalog.h"
#include "core/catalog/ggufmodel.h"
#include "core/common/boundedfile.h"
#include "core/common/processlimits.h"
#include "core/common/version.h"
#include "core/net/httpclient.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUrl>

namespace kp::core {

namespace {

QString localConfigHint()
{
    return QStringLiteral("pass a local copy of its config.json instead");
}

QString lastComponent(const QString& path)
{
    QString p = path;
    while (p.endsWith(u'/'))
        p.chop(1);
    return p.section(u'/', -1);
}

std::optional<ModelSpec> findInCatalog(const Catalog& catalog, const QString& root, const QString& repo)
{
    if (auto m = catalog.model(root))
        return m;
    if (!repo.isEmpty()) {
        if (auto m = catalog.model(repo))
            return m;
    }
    // A local path keeps the repository's name as its last component far more often than not.
    const QString name = lastComponent(root);
    if (name.isEmpty())
        return std::nullopt;
    for (const ModelSpec& m : catalog.models()) {
        if (!m.hfId.isEmpty() && lastComponent(m.hfId).compare(name, Qt::CaseInsensitive) == 0)
            return m;
    }
    return std::nullopt;
}

// Parses a config.json's text; on failure the sentence names `what` (a path, or the repository).
std::optional<ModelSpec> specFromJson(const QByteArray& json, const QString& hfId, const QString& what, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1 is not valid JSON (%2 at offset %3).")
                     .arg(what, parseError.errorString())
                     .arg(parseError.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("%1 does not hold a JSON object, so it is no config.json.").arg(what);
        return std::nullopt;
    }
    QString why;
    auto spec = ModelSpec::fromHfConfig(doc.object(), hfId, &why);
    if (!spec)
        *error = QStringLiteral("%1 cannot be used: %2.").arg(what, why);
    return spec;
}

ModelResolution fromFile(const QString& path, const QString& hfId)
{
    ModelResolution r;
    const QFileInfo info(path);
    // A GGUF file (llama.cpp's model) carries its geometry and its tensors' types itself.
    if (info.isFile() && path.endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive)) {
        if (const auto gguf = GgufModel::read(path, &r.error)) {
            r.model = gguf->toModelSpec();
            r.source = ModelResolution::Source::File;
            r.location = path;
        }
        return r;
    }
    const QString file = info.isDir() ? QDir(path).filePath(QStringLiteral("config.json")) : path;
    // A config.json is some KiB: a pipe, a device or an outsized file by that name is refused, not read.
    QString problem;
    const std::optional<QByteArray> content = BoundedFile::read(file, qint64(16) << 20, &problem);
    if (!content) {
        r.error = QStringLiteral("Cannot read %1: %2.").arg(file, problem);
        return r;
    }
    r.model = specFromJson(*content, hfId, file, &r.error);
    if (r.model) {
        r.source = ModelResolution::Source::File;
        r.location = file;
        r.model->source = file;
    }
    return r;
}

QUrl hubEndpoint()
{
    QString endpoint = qEnvironmentVariable("HF_ENDPOINT", QStringLiteral("https://huggingface.co"));
    while (endpoint.endsWith(u'/'))
        endpoint.chop(1);
    return QUrl(endpoint);
}

// The endpoint as errors show it: without any user:password a mirror's URL may carry.
QString shownEndpoint(const QUrl& endpoint)
{
    return endpoint.toDisplayString(QUrl::RemoveUserInfo);
}

struct HubAnswer
{
    int status = 0; ///< HTTP status; 0 when no answer came
    QByteArray errorCode; ///< the hub's X-Error-Code: RepoNotFound, GatedRepo, EntryNotFound, …
    QByteArray body;
    QString networkError;
    bool timedOut = false;
    bool redirectedAway = false;
};

HubAnswer fetch(const QUrl& url, const QByteArray& token, int timeoutMs)
{
    HttpClient::Settings settings;
    // The client follows the hub's own redirects (renamed repos) and no other: they would carry the token away.
    settings.bearerToken = token;
    settings.timeoutMs = timeoutMs;
    settings.userAgent = QStringLiteral("kneepoint/%1").arg(kneepointVersion()).toUtf8();
    // A model's config.json is a few KB; the largest (with every quantisation detail) well under a MiB.
    settings.maxBytes = 16 * 1024 * 1024;
    HttpClient client(settings);
    const HttpAnswer reply = client.get(url);
    HubAnswer answer;
    answer.status = reply.status;
    answer.errorCode = reply.header("X-Error-Code");
    answer.body = reply.body;
    answer.networkError = reply.failure;
    answer.timedOut = reply.timedOut;
    answer.redirectedAway = reply.redirectedAway;
    return answer;
}

QString hubError(const HubAnswer& a, const QString& repo, const QUrl& endpoint, bool hasToken, int timeoutMs)
{
    if (a.redirectedAway)
        return QStringLiteral("Hugging Face at %1 redirected the request for the config.json of %2 to another host, "
                              "which Kneepoint does not follow: %3.")
            .arg(shownEndpoint(endpoint), repo, localConfigHint());
    if (a.status == 0) {
        const QString why
            = a.timedOut ? QStringLiteral("no answer within %1 s").arg(timeoutMs / 1000.0) : a.networkError;
        return QStringLiteral("Could not reach Hugging Face at %1 to read the config.json of %2 (%3), and no copy is "
                              "cached: check the network or HF_ENDPOINT, or %4.")
            .arg(shownEndpoint(endpoint), repo, why, localConfigHint());
    }
    if (a.status >= 300 && a.status < 400)
        return QStringLiteral("Hugging Face at %1 redirected the request for the config.json of %2 to another host, "
                              "which Kneepoint does not follow: %3.")
            .arg(shownEndpoint(endpoint), repo, localConfigHint());
    if (a.errorCode == "RepoNotFound" && !hasToken && a.status == 401)
        return QStringLiteral("Hugging Face knows no public model %1 (HTTP 401): check the name; if it is gated or "
                              "private, set HF_TOKEN to an access token that can read it, or %2.")
            .arg(repo, localConfigHint());
    if (a.status == 401 || a.status == 403 || a.errorCode == "GatedRepo") {
        if (hasToken)
            return QStringLiteral("%1 is gated or private on Hugging Face and the token in HF_TOKEN cannot read it "
                                  "(HTTP %2): accept the model's licence on its page with the token's account, or "
                                  "%3.")
                .arg(repo)
                .arg(a.status)
                .arg(localConfigHint());
        return QStringLiteral("%1 is gated or private on Hugging Face (HTTP %2): accept its licence on its page and "
                              "set HF_TOKEN to an access token that can read it, or %3.")
            .arg(repo)
            .arg(a.status)
            .arg(localConfigHint());
    }
    if (a.status == 404 && a.errorCode == "EntryNotFound")
        return QStringLiteral("The model %1 on Hugging Face has no config.json (HTTP 404): %2.")
            .arg(repo, localConfigHint());
    if (a.status == 404)
        return QStringLiteral("Hugging Face has no model %1 (HTTP 404): check the name, or %2.")
            .arg(repo, localConfigHint());
    return QStringLiteral("Hugging Face answered HTTP %1 for the config.json of %2: try again later, or %3.")
        .arg(a.status)
        .arg(repo, localConfigHint());
}

void finishHubSpec(ModelSpec* m, const QString& repo)
{
    m->id = repo.section(u'/', -1).toLower();
}

void addWarning(ModelResolution* r, const QString& sentence)
{
    r->warning += (r->warning.isEmpty() ? QString() : QStringLiteral(" ")) + sentence;
}

} // namespace

QString ModelResolution::sourceName() const
{
    switch (source) {
    case Source::None:
        break;
    case Source::Catalog:
        return QStringLiteral("catalog");
    case Source::Hub:
        return QStringLiteral("hub");
    case Source::Cache:
        return QStringLiteral("cache");
    case Source::File:
        return QStringLiteral("file");
    }
    return {};
}

QString ModelResolution::sourceDescription() const
{
    switch (source) {
    case Source::None:
        break;
    case Source::Catalog:
        return QStringLiteral("the catalog");
    case Source::Hub:
        return QStringLiteral("the Hugging Face hub at %1").arg(location);
    case Source::Cache:
        return QStringLiteral("the cached config.json %1").arg(location);
    case Source::File:
        return location;
    }
    return {};
}

QString ModelResolver::repoIdFromRoot(const QString& root)
{
    // A cache path from huggingface_hub: the repository is spelt models--org--name in one component.
    static const QRegularExpression cachePath(QStringLiteral("(?:^|/)models--([^/]+?)--([^/]+)(?:/|$)"));
    if (const auto match = cachePath.match(root); match.hasMatch())
        return match.captured(1) + u'/' + match.captured(2);
    // The hub's own rule for names, without the leading "." or "/" of a path or a ".." anywhere.
    static const QRegularExpression repoId(
        QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*(?:/[A-Za-z0-9][A-Za-z0-9._-]*)?$"));
    if (repoId.match(root).hasMatch() && !root.contains(u".."))
        return root;
    return {};
}

QString ModelResolver::cacheDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/hf-configs");
}

QString ModelResolver::cacheFilePath(const QString& directory, const QString& repo)
{
    return QDir(directory).filePath(QString(repo).replace(u'/', QStringLiteral("--")) + QStringLiteral(".json"));
}

ModelResolution ModelResolver::resolve(const QString& root, const ResolveOptions& options)
{
    const QString repo = repoIdFromRoot(root);
    if (!options.configPath.isEmpty())
        return fromFile(options.configPath, repo.isEmpty() ? root : repo);

    ModelResolution r;
    const Catalog catalog = options.catalogDirectory.isEmpty()
        ? Catalog::forUser(&r.warning)
        : Catalog::withUserDirectory(options.catalogDirectory, &r.warning);
    if (auto m = findInCatalog(catalog, root, repo)) {
        r.model = m;
        r.source = ModelResolution::Source::Catalog;
        return r;
    }
    if (repo.isEmpty()) {
        r.error
            = QStringLiteral("%1 is not in the catalog and is no Hugging Face model id, so Kneepoint cannot look it "
                             "up: %2.")
                  .arg(root, localConfigHint());
        return r;
    }

    const QString cacheFile
        = cacheFilePath(options.cacheDirectory.isEmpty() ? cacheDirectory() : options.cacheDirectory, repo);
    if (QFile cached(cacheFile); cached.open(QIODevice::ReadOnly)) {
        QString error;
        if (auto m = specFromJson(cached.readAll(), repo, cacheFile, &error)) {
            finishHubSpec(&*m, repo);
            m->source = QStringLiteral("config.json of %1 (cached in %2)").arg(repo, cacheFile);
            r.model = m;
            r.source = ModelResolution::Source::Cache;
            r.location = cacheFile;
            return r;
        }
        // A damaged cache entry is no reason to fail: the hub is asked again and the entry rewritten.
    }
    if (!options.allowNetwork) {
        r.error = QStringLiteral("%1 is neither in the catalog nor in the cache, and the network may not be used: %2.")
                      .arg(repo, localConfigHint());
        return r;
    }

    const QUrl endpoint = hubEndpoint();
    QUrl url = endpoint;
    url.setPath(url.path() + u'/' + repo + QStringLiteral("/resolve/main/config.json"));
    const QByteArray token = qgetenv("HF_TOKEN").trimmed();
    if (!token.isEmpty())
        keepSecretsOutOfCoreDumps();
    const HubAnswer answer = fetch(url, token, options.timeoutMs);
    if (answer.status != 200) {
        r.error = hubError(answer, repo, endpoint, !token.isEmpty(), options.timeoutMs);
        return r;
    }
    r.model = specFromJson(
        answer.body, repo, QStringLiteral("The config.json of %1 from Hugging Face").arg(repo), &r.error);
    if (!r.model)
        return r;
    finishHubSpec(&*r.model, repo);
    r.model->source = QStringLiteral("config.json of %1 from %2").arg(repo, shownEndpoint(endpoint));
    r.source = ModelResolution::Source::Hub;
    r.location = shownEndpoint(endpoint);
    // Only the hub's body is stored: the request and its token never reach the disk.
    QDir().mkpath(QFileInfo(cacheFile).absolutePath());
    QSaveFile out(cacheFile);
    if (!out.open(QIODevice::WriteOnly) || out.write(answer.body) != answer.body.size() || !out.commit())
        addWarning(&r,
            QStringLiteral("Could not cache the config.json of %1 in %2 (%3), so it will be fetched again next time.")
                .arg(repo, cacheFile, out.errorString()));
    return r;
}

} // namespace kp::core
