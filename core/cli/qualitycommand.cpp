// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/cli/qualitycommand.h"

#include "core/cli/secrets.h"
#include "core/cli/storeoption.h"
#include "core/common/urlcredentials.h"
#include "core/doctor/doctor.h"
#include "core/quality/qualityasker.h"
#include "core/quality/qualitycomparison.h"
#include "core/quality/qualitypassrequest.h"
#include "core/quality/qualitystore.h"
#include "core/quality/qualityverdict.h"
#include "core/quality/questionset.h"
#include "core/store/runstore.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace kp::cli {

namespace {

constexpr int Width = 100;
constexpr int ShownChanges = 40;

QString percent(double fraction)
{
    return QString::number(fraction * 100, 'f', 1) + u'%';
}

QString signedPoints(double fraction)
{
    const double pp = fraction * 100;
    return (pp > 0 ? QStringLiteral("+") : QString()) + QString::number(pp, 'f', 1);
}

QString pointsText(double pp)
{
    return QString::number(pp, 'g', 4) + (pp == 1 ? QStringLiteral(" point") : QStringLiteral(" points"));
}

QString clipped(const QString& text, int width)
{
    const QString flat = text.simplified();
    return flat.size() <= width ? flat : flat.left(std::max(0, width - 3)) + QStringLiteral("...");
}

qint64 passId(const QString& text)
{
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (!ok || id < 1)
        throw UsageError {QStringLiteral("'%1' is not a pass number: kneepoint quality compare takes two pass numbers "
                                         "(kneepoint quality list shows them).")
                              .arg(text)};
    return id;
}

struct PassFigures
{
    std::vector<int> right; ///< per repetition
    std::vector<int> answered;
    int errors = 0;
};

PassFigures figures(const std::vector<QualityAnswer>& answers, int repeat)
{
    PassFigures f;
    f.right.assign(std::size_t(repeat), 0);
    f.answered.assign(std::size_t(repeat), 0);
    for (const QualityAnswer& a : answers) {
        const auto r = std::size_t(std::clamp(a.repetition, 1, repeat) - 1);
        if (!a.answered()) {
            ++f.errors;
            continue;
        }
        ++f.answered[r];
        f.right[r] += a.correct ? 1 : 0;
    }
    return f;
}

QString passLine(const QualityPassInfo& p)
{
    return QStringLiteral("pass %1 (%2): %3 at %4").arg(QString::number(p.id), qualityRoleName(p.role), p.model, p.url);
}

} // namespace

QString QualityCommand::summary() const
{
    return QStringLiteral("Quality check: ask a question set before and after a change, then compare.");
}

QString QualityCommand::description() const
{
    return QStringLiteral(
        "  kneepoint quality ask --url URL [--set FILE] [--role before|after] [--repeat 2] [--allowed-drop 1]\n"
        "  kneepoint quality compare A B [--confidence 0.95]\n"
        "  kneepoint quality list\n\n"
        "ask sends every question at temperature 0 with a fixed seed, non-streaming, --concurrency at a time, and\n"
        "stores the answers with their checks. The second repetition is the noise floor: how many answers move with\n"
        "nothing changed. A before pass stores the rule, --allowed-drop in percentage points (default 1), so it is\n"
        "fixed before any after answer exists; compare judges by it and refuses a new one. Sets are JSONL: one\n"
        "{\"prompt\" or \"messages\", \"answer\", \"match\": exact|contains|number|choice|regex, \"category\"} per "
        "line.\n"
        "compare exits 0 for pass, 1 for fail, 3 for inconclusive. The API key comes from KNEEPOINT_API_KEY or\n"
        "--api-key-file, never from a flag, and is never stored. An https:// server's certificate is checked as a\n"
        "run checks it: --ca-file trusts a private CA, --insecure skips the check.\n");
}

QList<QCommandLineOption> QualityCommand::options() const
{
    auto o = [](const char* name, const char* help, const char* value, const char* def = nullptr) {
        return QCommandLineOption(QString::fromLatin1(name), QString::fromUtf8(help), QString::fromLatin1(value),
            def ? QString::fromLatin1(def) : QString());
    };
    QList<QCommandLineOption> list {
        o("url", "ask: the server's base URL (http://host:port).", "URL"),
        o("set", "ask: a JSONL question set (default: the bundled set).", "FILE"),
        o("role", "ask: before (carries the rule) or after.", "ROLE", "before"),
        o("repeat", "ask: passes over the set; from the second on they measure the noise floor.", "N", "2"),
        o("concurrency", "ask: questions in flight at once.", "N", "16"),
        o("allowed-drop",
            "ask --role before: the accuracy drop the change may cost, in percentage points (0 to 50, default 1). "
            "Stored "
            "with the pass; compare uses it.",
            "PP"),
        o("model", "ask: served model name (default: the first /v1/models lists).", "NAME"),
        o("max-tokens", "ask: answer length limit unless a question sets its own.", "N", "256"),
        o("seed", "ask: the sampling seed sent with every question.", "N", "1234"),
        o("timeout-s", "ask: seconds to wait for one answer.", "S", "120"),
        o("completions", "ask: send prompt questions to /v1/completions instead of chat.", ""),
        o("confidence", "compare: confidence level of the interval.", "LEVEL", "0.95"),
        o("json", "Print the result as JSON.", ""),
    };
    list << apiKeyOptions() << insecureOption() << caFileOption() << dbOption();
    return list;
}

int QualityCommand::run(const QCommandLineParser& parser, CommandIo& io)
{
    const QStringList args = parser.positionalArguments();
    const QString action = args.value(0);
    if (action == u"ask" || action == u"list") {
        if (args.size() > 1)
            throw UsageError {
                QStringLiteral("quality %1 takes no further arguments, not '%2'.").arg(action, args.at(1))};
        return action == u"ask" ? ask(parser, io) : list(parser, io);
    }
    if (action == u"compare")
        return compare(parser, io);
    if (action.isEmpty())
        throw UsageError {QStringLiteral("say what to do: kneepoint quality ask, compare A B, or list.")};
    throw UsageError {QStringLiteral("'%1' is not a quality action: use ask, compare or list.").arg(action)};
}

int QualityCommand::ask(const QCommandLineParser& p, CommandIo& io)
{
    const QString urlText = p.value(QStringLiteral("url"));
    if (urlText.isEmpty())
        throw UsageError {QStringLiteral("--url is required, e.g. --url http://127.0.0.1:8000.")};
    if (const QString problem = urlCredentialProblem(urlText, QStringLiteral("--url")); !problem.isEmpty())
        throw UsageError {problem};
    QualityPassRequest::Given given;
    given.url = urlText;
    const std::optional<QualityRole> role = qualityRoleNamed(p.value(QStringLiteral("role")));
    if (!role)
        throw UsageError {QStringLiteral("--role is before or after, not '%1'.").arg(p.value(QStringLiteral("role")))};
    given.role = *role;
    if (p.isSet(QStringLiteral("allowed-drop")))
        given.allowedDropPp
            = option::number(p, QStringLiteral("allowed-drop"), 0, QualityPassRequest::kMostAllowedDropPp);
    given.setFile = p.value(QStringLiteral("set"));
    QString requestError;
    QStringList problems;
    const std::optional<QualityPassRequest> request = QualityPassRequest::of(given, &requestError, &problems);
    if (!request && problems.isEmpty())
        throw UsageError {requestError};
    if (!request) {
        io.err << "kneepoint quality: " << requestError << " Fix:\n";
        const int shown = int(std::min<qsizetype>(problems.size(), 50));
        for (int i = 0; i < shown; ++i)
            io.err << "  " << problems.at(i) << '\n';
        if (problems.size() > shown)
            io.err << "  … and " << problems.size() - shown << " more.\n";
        return ExitUsage;
    }
    const QuestionSet* set = &request->set;
    QualityAskOptions options;
    options.url = request->url;
    options.repeat = option::integer(p, QStringLiteral("repeat"), 1, 10);
    options.concurrency = option::integer(p, QStringLiteral("concurrency"), 1, 256);
    options.maxTokens = option::integer(p, QStringLiteral("max-tokens"), 1, 32768);
    options.seed = option::integer(p, QStringLiteral("seed"), 0, std::numeric_limits<int>::max());
    options.timeoutMs = int(option::number(p, QStringLiteral("timeout-s"), 0.1, 3600) * 1000);
    options.completions = p.isSet(QStringLiteral("completions"));
    options.model = p.value(QStringLiteral("model"));
    options.verifyTls = !p.isSet(QStringLiteral("insecure"));
    options.caFile = caFile(p);
    QString keyError;
    options.apiKey = apiKey(p, &keyError);
    if (!keyError.isEmpty())
        throw UsageError {keyError};

    // Opened before asking: a store that cannot be written must not cost a whole pass.
    QString error;
    std::unique_ptr<RunStore> store = openStore(p, &error);
    if (!store) {
        io.err << "kneepoint quality: " << error << '\n';
        return ExitFailure;
    }

    io.err << "Asking " << set->questions().size() << " questions from " << set->name() << ", " << options.repeat
           << (options.repeat == 1 ? " time" : " times") << ", " << options.concurrency << " at a time.\n";
    io.err.flush();
    int lastTenth = 0;
    const qint64 id = QualityAsker::askAndStore(
        *set, options, request->role, request->allowedDropPp, *store, &error, [&](int done, int all) {
            const int tenth = done * 10 / std::max(1, all);
            if (tenth > lastTenth) {
                lastTenth = tenth;
                io.err << "  " << done << '/' << all << " answered\n";
                io.err.flush();
            }
        });
    if (id < 0) {
        io.err << "kneepoint quality: " << error << '\n';
        return ExitFailure;
    }
    // What was stored is what is shown.
    const std::optional<QualityPass> stored = QualityStore(*store).pass(id, &error);
    if (!stored) {
        io.err << "kneepoint quality: " << error << '\n';
        return ExitFailure;
    }
    const QualityPassInfo& info = stored->info;
    const std::vector<QualityAnswer>& answers = stored->answers;
    if (const QString warning = QualityAsker::noneRight(id, answers); !warning.isEmpty())
        io.err << "Warning: " << warning << '\n';
    const PassFigures f = figures(answers, options.repeat);
    const std::optional<double> noise = qualityNoiseFloor(*stored);

    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray reps;
        for (int r = 0; r < options.repeat; ++r)
            reps.append(QJsonObject {{QStringLiteral("repetition"), r + 1},
                {QStringLiteral("answered"), f.answered[std::size_t(r)]},
                {QStringLiteral("right"), f.right[std::size_t(r)]}});
        const QJsonObject doc {{QStringLiteral("pass_id"), id},
            {QStringLiteral("role"), qualityRoleName(request->role)}, {QStringLiteral("model"), info.model},
            {QStringLiteral("url"), info.url}, {QStringLiteral("set"), info.setName},
            {QStringLiteral("set_sha256"), info.setSha256}, {QStringLiteral("questions"), info.questionCount},
            {QStringLiteral("repetitions"), reps}, {QStringLiteral("errors"), f.errors},
            {QStringLiteral("noise_floor"), noise ? QJsonValue(*noise) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("allowed_drop_pp"),
                request->allowedDropPp ? QJsonValue(*request->allowedDropPp) : QJsonValue(QJsonValue::Null)}};
        io.out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    io.out << "Quality pass " << id << " (" << qualityRoleName(request->role) << "): " << info.model << " at "
           << info.url << '\n';
    io.out << "  set " << info.setName << ", " << info.questionCount << " questions, sha256 " << info.setSha256.left(12)
           << "…; temperature 0, seed " << options.seed << '\n';
    for (int r = 0; r < options.repeat; ++r) {
        const int answered = f.answered[std::size_t(r)];
        io.out << "  repetition " << r + 1 << ": " << percent(answered ? double(f.right[std::size_t(r)]) / answered : 0)
               << " right (" << f.right[std::size_t(r)] << '/' << answered << ")\n";
    }
    if (noise)
        io.out << "  noise floor: " << percent(*noise)
               << " of questions changed correctness between repetitions with nothing changed\n";
    if (f.errors > 0)
        io.out << "  " << f.errors << " requests failed; they are stored as errors, and compare leaves those "
               << "questions out\n";
    if (request->allowedDropPp)
        io.out << "  rule: the after pass may be at most " << pointsText(*request->allowedDropPp)
               << " less accurate; stored with this pass for kneepoint quality compare " << id << " AFTER\n";
    return ExitOk;
}

int QualityCommand::compare(const QCommandLineParser& p, CommandIo& io)
{
    const QStringList args = p.positionalArguments();
    if (args.size() != 3)
        throw UsageError {QStringLiteral("compare takes two pass numbers, the before pass first: kneepoint quality "
                                         "compare A B.")};
    const qint64 a = passId(args.at(1));
    const qint64 b = passId(args.at(2));
    const double confidence = option::number(p, QStringLiteral("confidence"), 0.5, 0.999);
    QString error;
    std::unique_ptr<RunStore> store = openStore(p, &error);
    if (!store) {
        io.err << "kneepoint quality: " << error << '\n';
        return ExitFailure;
    }
    const QualityStore quality(*store);
    std::optional<QualityPass> before = quality.pass(a, &error);
    if (!before) {
        io.err << "kneepoint quality: "
               << (error.isEmpty() ? QStringLiteral("there is no quality pass %1; kneepoint quality list shows the "
                                                    "stored ones.")
                                         .arg(a)
                                   : error)
               << '\n';
        return ExitFailure;
    }
    if (p.isSet(QStringLiteral("allowed-drop"))) {
        const QString rule = before->info.allowedDropPp ? pointsText(*before->info.allowedDropPp)
                                                        : QStringLiteral("none (pass %1 is not a before pass)").arg(a);
        throw UsageError {QStringLiteral("--allowed-drop is not taken here: the rule comes first. The one stored with "
                                         "pass %1 when it was asked is used: an allowed drop of %2. To judge by "
                                         "another, ask a new before pass with it.")
                              .arg(QString::number(a), rule)};
    }
    std::optional<QualityPass> after = quality.pass(b, &error);
    if (!after) {
        io.err << "kneepoint quality: "
               << (error.isEmpty() ? QStringLiteral("there is no quality pass %1; kneepoint quality list shows the "
                                                    "stored ones.")
                                         .arg(b)
                                   : error)
               << '\n';
        return ExitFailure;
    }
    QString refusal;
    const std::optional<QualityComparison> c = QualityComparison::compare(*before, *after, confidence, &refusal);
    if (!c) {
        io.err << "kneepoint quality: " << refusal << '\n';
        return ExitFailure;
    }
    const int exit = c->verdict.outcome == QualityVerdict::Outcome::Pass ? ExitOk
        : c->verdict.outcome == QualityVerdict::Outcome::Fail            ? ExitFailure
                                                                         : ExitInconclusive;
    if (p.isSet(QStringLiteral("json"))) {
        io.out << QJsonDocument(c->toJson()).toJson(QJsonDocument::Indented);
        return exit;
    }

    const PairedCounts& t = c->counts;
    io.out << "Quality compare, set " << c->before.setName << " (" << c->before.questionCount << " questions)\n";
    io.out << "  A " << passLine(c->before) << '\n' << "  B " << passLine(c->after) << '\n';
    io.out << "Question by question (first repetition of each pass):\n";
    io.out << "  right -> wrong  " << QString::number(t.rightToWrong).rightJustified(5) << '\n';
    io.out << "  wrong -> right  " << QString::number(t.wrongToRight).rightJustified(5) << '\n';
    io.out << "  unchanged       " << QString::number(t.bothRight + t.bothWrong).rightJustified(5) << "  ("
           << t.bothRight << " right in both, " << t.bothWrong << " wrong in both)\n";
    if (c->excluded > 0)
        io.out << "  left out        " << QString::number(c->excluded).rightJustified(5)
               << "  (no answer in a pass: an HTTP error or timeout is not a wrong answer)\n";
    io.out << "Accuracy: before " << percent(t.beforeAccuracy()) << ", after " << percent(t.afterAccuracy())
           << ", change " << signedPoints(t.difference()) << " points, " << QString::number(confidence * 100, 'g', 4)
           << "% interval [" << signedPoints(c->interval.lower) << ", " << signedPoints(c->interval.upper)
           << "] (Newcombe hybrid score, paired)\n";
    io.out << "McNemar exact test: p = " << QString::number(c->mcNemarP, 'g', 4) << " (" << t.rightToWrong << " vs "
           << t.wrongToRight << " changed answers)\n";
    if (const QString noise = c->noiseSentence(); !noise.isEmpty())
        io.out << noise << '\n';
    io.out << '\n'
           << QStringLiteral("%1 %2 %3 %4 %5")
                  .arg(QStringLiteral("Category"), -26)
                  .arg(QStringLiteral("n"), 5)
                  .arg(QStringLiteral("before"), 8)
                  .arg(QStringLiteral("after"), 8)
                  .arg(QStringLiteral("change"), 8)
           << '\n';
    for (const QualityCategoryRow& row : c->categories) {
        io.out << QStringLiteral("%1 %2 %3 %4 %5")
                      .arg(clipped(row.category, 26), -26)
                      .arg(row.counts.total(), 5)
                      .arg(percent(row.counts.beforeAccuracy()), 8)
                      .arg(percent(row.counts.afterAccuracy()), 8)
                      .arg(signedPoints(row.counts.difference()), 8)
               << '\n';
    }
    io.out << '\n'
           << "Rule: an allowed drop of " << pointsText(c->allowedDropPp) << ", stored with pass " << c->before.id
           << " when it was asked.\n";
    io.out << c->verdict.sentence << '\n';
    if (!c->changed.empty()) {
        // Side by side, one line each, clipped to the columns: the whole texts are in --json.
        constexpr int QuestionWidth = 36;
        constexpr int ExpectedWidth = 14;
        constexpr int ReplyWidth = (Width - QuestionWidth - ExpectedWidth - 3) / 2;
        auto row = [&](const QString& question, const QString& expected, const QString& was, const QString& now) {
            return QStringLiteral("%1 %2 %3 %4")
                .arg(clipped(question, QuestionWidth), -QuestionWidth)
                .arg(clipped(expected, ExpectedWidth), -ExpectedWidth)
                .arg(clipped(was, ReplyWidth), -ReplyWidth)
                .arg(clipped(now, ReplyWidth))
                .trimmed();
        };
        int shown = 0;
        bool headed[2] = {false, false};
        for (const QualityChangedAnswer& ch : c->changed) {
            if (shown++ == ShownChanges) {
                io.out << "… and " << c->changed.size() - ShownChanges << " more; --json lists them all.\n";
                break;
            }
            if (!headed[ch.nowRight ? 1 : 0]) {
                headed[ch.nowRight ? 1 : 0] = true;
                io.out << '\n'
                       << (ch.nowRight ? "Wrong before, right after (" : "Right before, wrong after (")
                       << (ch.nowRight ? t.wrongToRight : t.rightToWrong) << "):\n"
                       << row(QStringLiteral("Question"), QStringLiteral("Expected"), QStringLiteral("Before"),
                              QStringLiteral("After"))
                       << '\n';
            }
            io.out << row(ch.questionId + u' ' + ch.question, ch.expected, ch.beforeReply, ch.afterReply) << '\n';
        }
    }
    return exit;
}

int QualityCommand::list(const QCommandLineParser& p, CommandIo& io)
{
    QString error;
    std::unique_ptr<RunStore> store = openStore(p, &error);
    if (!store) {
        io.err << "kneepoint quality: " << error << '\n';
        return ExitFailure;
    }
    const QList<QualityPassSummary> passes = QualityStore(*store).passes(&error);
    if (!error.isEmpty()) {
        io.err << "kneepoint quality: " << error << '\n';
        return ExitFailure;
    }
    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray rows;
        for (const QualityPassSummary& s : passes) {
            rows.append(QJsonObject {{QStringLiteral("id"), s.info.id},
                {QStringLiteral("created_utc"), s.info.createdUtc},
                {QStringLiteral("role"), qualityRoleName(s.info.role)}, {QStringLiteral("model"), s.info.model},
                {QStringLiteral("url"), s.info.url}, {QStringLiteral("set"), s.info.setName},
                {QStringLiteral("set_sha256"), s.info.setSha256}, {QStringLiteral("questions"), s.info.questionCount},
                {QStringLiteral("repeat"), s.info.repeat}, {QStringLiteral("answered"), s.answered},
                {QStringLiteral("right"), s.correct}, {QStringLiteral("errors"), s.errors},
                {QStringLiteral("allowed_drop_pp"),
                    s.info.allowedDropPp ? QJsonValue(*s.info.allowedDropPp) : QJsonValue(QJsonValue::Null)}});
        }
        io.out << QJsonDocument(rows).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    if (passes.isEmpty()) {
        io.out << "No quality passes yet: kneepoint quality ask --url URL asks one.\n";
        return ExitOk;
    }
    io.out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                  .arg(QStringLiteral("Pass"), 5)
                  .arg(QStringLiteral("Asked (UTC)"), -20)
                  .arg(QStringLiteral("Role"), -7)
                  .arg(QStringLiteral("Right"), 7)
                  .arg(QStringLiteral("Rule"), 6)
                  .arg(QStringLiteral("Set"), -12)
                  .arg(QStringLiteral("Model"))
           << '\n';
    for (const QualityPassSummary& s : passes) {
        const QString right = s.answered ? percent(double(s.correct) / s.answered) : QStringLiteral("-");
        const QString rule = s.info.allowedDropPp
            ? QString::number(*s.info.allowedDropPp, 'g', 3) + QStringLiteral("pp")
            : QStringLiteral("-");
        io.out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                      .arg(s.info.id, 5)
                      .arg(s.info.createdUtc.left(19).replace(u'T', u' '), -20)
                      .arg(qualityRoleName(s.info.role), -7)
                      .arg(right, 7)
                      .arg(rule, 6)
                      .arg(clipped(s.info.setName, 12), -12)
                      .arg(s.info.model + (s.errors ? QStringLiteral(" (%1 errors)").arg(s.errors) : QString()))
               << '\n';
    }
    return ExitOk;
}

} // namespace kp::cli
