// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// ModelResolver against a loopback stand-in for the Hugging Face hub, in a throw-away home directory.
#include "core/analysis/analysissettings.h"
#include "core/analysis/rundata.h"
#include "core/catalog/modelresolver.h"
#include "core/cli/storedruns.h"
#include "support/testsecret.h"

#include <QCommandLineParser>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace kp::core;
using namespace kp::cli;

namespace {

const QByteArray tinyLlama = R"({"architectures": ["LlamaForCausalLM"], "hidden_size": 256, "intermediate_size": 512,
    "max_position_embeddings": 2048, "model_type": "llama", "num_attention_heads": 8, "num_hidden_layers": 4,
    "num_key_value_heads": 2, "tie_word_embeddings": true, "torch_dtype": "bfloat16", "vocab_size": 1000})";

const QByteArray secret = testSecret("hf-token");

/// Answers GET requests with canned responses by path, and remembers each request's head.
class FakeHub : public QObject
{
public:
    struct Answer
    {
        int status = 200;
        QByteArray body;
        QByteArray errorCode; ///< sent as X-Error-Code, as the hub does
    };

    FakeHub()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection())
                connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { read(socket); });
        });
    }

    bool listen()
    {
        if (!m_server.listen(QHostAddress::LocalHost, 0))
            return false;
        qputenv("HF_ENDPOINT", QByteArray("http://127.0.0.1:") + QByteArray::number(m_server.serverPort()));
        return true;
    }
    void close() { m_server.close(); }

    QHash<QByteArray, Answer> answers;
    QList<QByteArray> requests;
    bool silent = false; ///< accept connections but never answer

private:
    void read(QTcpSocket* socket)
    {
        QByteArray& buffer = m_buffers[socket];
        buffer += socket->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0 || silent)
            return;
        const QByteArray head = buffer.left(end);
        requests << head;
        const QByteArray path = head.split(' ').value(1);
        const Answer a = answers.value(path, Answer {404, R"({"error": "Entry not found"})", "EntryNotFound"});
        QByteArray response = "HTTP/1.1 " + QByteArray::number(a.status) + " Canned\r\n"
            + "Content-Type: application/json\r\nConnection: close\r\nContent-Length: "
            + QByteArray::number(a.body.size()) + "\r\n";
        if (!a.errorCode.isEmpty())
            response += "X-Error-Code: " + a.errorCode + "\r\n";
        socket->write(response + "\r\n" + a.body);
        socket->disconnectFromHost();
        m_buffers.remove(socket);
    }

    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestModelResolver : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // Caches, user catalogs and anything else QStandardPaths hands out land in a throw-away home.
        QVERIFY(m_home.isValid());
        qputenv("HOME", QFile::encodeName(m_home.path()));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(ModelResolver::cacheDirectory().startsWith(m_home.path()));
    }

    void init() { qunsetenv("HF_TOKEN"); }

    void rootsNameRepositories()
    {
        QCOMPARE(ModelResolver::repoIdFromRoot(QStringLiteral("Qwen/Qwen3-8B")), QStringLiteral("Qwen/Qwen3-8B"));
        QCOMPARE(ModelResolver::repoIdFromRoot(QStringLiteral("gpt2")), QStringLiteral("gpt2"));
        QCOMPARE(ModelResolver::repoIdFromRoot(
                     QStringLiteral("/root/.cache/huggingface/hub/models--Qwen--Qwen3-8B/snapshots/0123abc")),
            QStringLiteral("Qwen/Qwen3-8B"));
        QCOMPARE(ModelResolver::repoIdFromRoot(QStringLiteral("/models/Llama-3.1-8B-Instruct")), QString());
        QCOMPARE(ModelResolver::repoIdFromRoot(QStringLiteral("../etc/passwd")), QString());
        QCOMPARE(ModelResolver::repoIdFromRoot(QStringLiteral("a/b/c")), QString());
        QCOMPARE(ModelResolver::cacheFilePath(QStringLiteral("/c"), QStringLiteral("Qwen/Qwen3-8B")),
            QStringLiteral("/c/Qwen--Qwen3-8B.json"));
    }

    void theCatalogAnswersWithoutTheNetwork()
    {
        FakeHub hub;
        QVERIFY(hub.listen());
        const QStringList roots {QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"),
            QStringLiteral("META-LLAMA/llama-3.1-8b-instruct"), QStringLiteral("/models/Llama-3.1-8B-Instruct/"),
            QStringLiteral("/data/hub/models--meta-llama--Llama-3.1-8B-Instruct/snapshots/0e9e39f")};
        for (const QString& root : roots) {
            const ModelResolution r = ModelResolver::resolve(root);
            QVERIFY2(r.ok(), qPrintable(root + u": " + r.error));
            QCOMPARE(r.sourceName(), QStringLiteral("catalog"));
            QCOMPARE(r.model->id, QStringLiteral("llama-3.1-8b"));
        }
        QVERIFY(hub.requests.isEmpty());
    }

    void theHubIsAskedWithTheTokenAndCachedWithout()
    {
        FakeHub hub;
        QVERIFY(hub.listen());
        hub.answers.insert("/acme/tiny-llama/resolve/main/config.json", {200, tinyLlama, {}});
        qputenv("HF_TOKEN", secret);
        const ModelResolution r = ModelResolver::resolve(QStringLiteral("acme/tiny-llama"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.sourceName(), QStringLiteral("hub"));
        QCOMPARE(r.model->hfId, QStringLiteral("acme/tiny-llama"));
        QCOMPARE(r.model->numKeyValueHeads, 2);
        QCOMPARE(hub.requests.size(), 1);
        const QByteArray authorization = "\r\nAuthorization: Bearer " + secret;
        QVERIFY2(hub.requests.first().contains(authorization), hub.requests.first());

        const QString cacheFile
            = ModelResolver::cacheFilePath(ModelResolver::cacheDirectory(), QStringLiteral("acme/tiny-llama"));
        QVERIFY(cacheFile.startsWith(m_home.path()));
        QCOMPARE(readAll(cacheFile), tinyLlama);
        QVERIFY(!r.model->source.contains(QString::fromLatin1(secret)));

        // Asked again, the cache answers.
        const ModelResolution again = ModelResolver::resolve(QStringLiteral("acme/tiny-llama"));
        QCOMPARE(again.sourceName(), QStringLiteral("cache"));
        QCOMPARE(again.model->parameters(), r.model->parameters());
        QCOMPARE(hub.requests.size(), 1);
        // Nothing under the home directory holds the token.
        QDirIterator files(m_home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (files.hasNext())
            QVERIFY2(!readAll(files.next()).contains(secret), qPrintable(files.filePath()));
    }

    void theCacheWorksOffline()
    {
        FakeHub hub;
        QVERIFY(hub.listen());
        hub.answers.insert("/acme/offline/resolve/main/config.json", {200, tinyLlama, {}});
        QCOMPARE(ModelResolver::resolve(QStringLiteral("acme/offline")).sourceName(), QStringLiteral("hub"));
        hub.close();
        const ModelResolution cached = ModelResolver::resolve(QStringLiteral("acme/offline"));
        QVERIFY2(cached.ok(), qPrintable(cached.error));
        QCOMPARE(cached.sourceName(), QStringLiteral("cache"));

        const ModelResolution never = ModelResolver::resolve(QStringLiteral("acme/never-fetched"));
        QVERIFY(!never.ok());
        QCOMPARE(never.source, ModelResolution::Source::None);
        QVERIFY2(
            never.error.contains(u"Could not reach") && never.error.contains(u"config.json"), qPrintable(never.error));

        ResolveOptions offline;
        offline.allowNetwork = false;
        QCOMPARE(ModelResolver::resolve(QStringLiteral("acme/offline"), offline).sourceName(), QStringLiteral("cache"));
        QVERIFY(!ModelResolver::resolve(QStringLiteral("acme/never-fetched"), offline).ok());
    }

    void aGatedModelAsksForAToken()
    {
        FakeHub hub;
        QVERIFY(hub.listen());
        hub.answers.insert("/acme/gated/resolve/main/config.json", {401, R"({"error": "gated"})", "GatedRepo"});
        const ModelResolution anonymous = ModelResolver::resolve(QStringLiteral("acme/gated"));
        QVERIFY(!anonymous.ok());
        QVERIFY2(anonymous.error.contains(u"gated") && anonymous.error.contains(u"HF_TOKEN")
                && anonymous.error.contains(u"401"),
            qPrintable(anonymous.error));

        hub.answers.insert("/acme/gated/resolve/main/config.json", {403, R"({"error": "gated"})", "GatedRepo"});
        qputenv("HF_TOKEN", secret);
        const ModelResolution refused = ModelResolver::resolve(QStringLiteral("acme/gated"));
        QVERIFY2(refused.error.contains(u"gated") && refused.error.contains(u"HF_TOKEN"), qPrintable(refused.error));
        QVERIFY(!refused.error.contains(QString::fromLatin1(secret)));
        QVERIFY(!QFile::exists(
            ModelResolver::cacheFilePath(ModelResolver::cacheDirectory(), QStringLiteral("acme/gated"))));
    }

    void anUnknownModelIsNotFound()
    {
        FakeHub hub;
        QVERIFY(hub.listen());
        hub.answers.insert(
            "/acme/missing/resolve/main/config.json", {404, R"({"error": "Repository not found"})", "RepoNotFound"});
        const ModelResolution r = ModelResolver::resolve(QStringLiteral("acme/missing"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(u"has no model acme/missing") && r.error.contains(u"404"), qPrintable(r.error));
    }

    void aSilentHubTimesOut()
    {
        FakeHub hub;
        QVERIFY(hub.listen());
        hub.silent = true;
        ResolveOptions quick;
        quick.timeoutMs = 300;
        const ModelResolution r = ModelResolver::resolve(QStringLiteral("acme/slow"), quick);
        QVERIFY2(r.error.contains(u"no answer within 0.3 s"), qPrintable(r.error));
    }

    void aLocalConfigIsUsedAsNamed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(tinyLlama);
        file.close();
        ResolveOptions options;
        options.configPath = path;
        const ModelResolution r = ModelResolver::resolve(QStringLiteral("/srv/our-finetune"), options);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.sourceName(), QStringLiteral("file"));
        QCOMPARE(r.model->hfId, QStringLiteral("/srv/our-finetune"));
        options.configPath = dir.path(); // the directory holding it will do
        QCOMPARE(
            ModelResolver::resolve(QStringLiteral("/srv/our-finetune"), options).sourceName(), QStringLiteral("file"));

        const ModelResolution unknown = ModelResolver::resolve(QStringLiteral("/srv/our-finetune"));
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.error.contains(u"not in the catalog") && unknown.error.contains(u"config.json"),
            qPrintable(unknown.error));
    }

    // An analysis of stored data (show, compare, report, pareto, predict) reaches the network only when asked: the
    // model a run recorded is looked for in the catalogs and the cache, never on the hub; one named with --model is
    // looked up, and the notes say where it came from.
    void storedDataIsAnalysedWithoutTheNetwork()
    {
        FakeHub hub;
        QVERIFY(hub.listen());
        hub.answers.insert("/acme/unrecorded-7b/resolve/main/config.json", {200, tinyLlama, {}});
        kp::core::RunData run;
        run.summary.model = QStringLiteral("acme/unrecorded-7b");
        run.facts.modelRoot = QStringLiteral("acme/unrecorded-7b");
        const auto settingsOf = [&run](const QStringList& arguments, QStringList* notes) {
            QCommandLineParser parser;
            parser.addOptions(analysisOptions());
            return parser.parse(QStringList {QStringLiteral("kneepoint")} + arguments)
                ? analysisSettingsFrom(parser, run, notes)
                : AnalysisSettings {};
        };
        QStringList notes;
        const AnalysisSettings quiet = settingsOf({}, &notes);
        QVERIFY2(hub.requests.isEmpty(), hub.requests.value(0).constData());
        QVERIFY(!quiet.model);
        QVERIFY2(notes.join(u' ').contains(QLatin1String("the Hugging Face hub was not asked: --model "
                                                         "acme/unrecorded-7b asks it")),
            qPrintable(notes.join(u' ')));

        notes.clear();
        const AnalysisSettings asked
            = settingsOf({QStringLiteral("--model"), QStringLiteral("acme/unrecorded-7b")}, &notes);
        QCOMPARE(hub.requests.size(), 1);
        QVERIFY(asked.model);
        QVERIFY2(notes.join(u' ').contains(QLatin1String("from the Hugging Face hub")), qPrintable(notes.join(u' ')));
    }

    void malformedJsonIsNamed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"hidden_size\": 4096,");
        file.close();
        ResolveOptions options;
        options.configPath = path;
        const ModelResolution local = ModelResolver::resolve(QStringLiteral("x/y"), options);
        QVERIFY(!local.ok());
        QVERIFY2(local.error.contains(path) && local.error.contains(u"not valid JSON"), qPrintable(local.error));

        FakeHub hub;
        QVERIFY(hub.listen());
        hub.answers.insert("/acme/broken/resolve/main/config.json", {200, "<html>maintenance</html>", {}});
        const ModelResolution remote = ModelResolver::resolve(QStringLiteral("acme/broken"));
        QVERIFY2(remote.error.contains(u"acme/broken") && remote.error.contains(u"not valid JSON"),
            qPrintable(remote.error));
        QVERIFY(!QFile::exists(
            ModelResolver::cacheFilePath(ModelResolver::cacheDirectory(), QStringLiteral("acme/broken"))));
    }

private:
    QTemporaryDir m_home;
};

QTEST_GUILESS_MAIN(TestModelResolver)
#include "tst_modelresolver.moc"
