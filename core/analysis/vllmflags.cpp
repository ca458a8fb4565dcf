// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/vllmflags.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <climits>

namespace kp::core {

namespace {

constexpr VllmVersion kAlways {0, 0, 0};
constexpr VllmVersion kV1Default {0, 8, 0};

// The table in source form. Where `verified` is false the version is the authors' best knowledge and the comment says
// where it comes from; the fact sheet (shared/reference/vllm-facts.md) gives no release for those flags.
struct Row
{
    const char* flag;
    const char* value;
    bool isSwitch;
    VllmVersion since;
    std::optional<VllmVersion> removedIn;
    bool verified;
    bool v0Only;
    bool discouraged;
    bool negates;
    const char* what;
    const char* defaultV0;
    const char* defaultV1;
    const char* defaultNote;
    const char* caveat;
};

// clang-format off
const Row kRows[] = {
    // Present since vLLM's first releases (2023), before any server Kneepoint can measure: no boundary to verify.
    {"--max-num-seqs", "", false, kAlways, {}, true, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "The most requests the engine runs together in one step; the rest wait "
                                              "in the queue."),
     "256", "",
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "V0: 256. V1: 1024 on GPUs with at least 70 GiB other than the A100, "
                                              "256 on the rest."),
     nullptr},
    {"--max-num-batched-tokens", "", false, kAlways, {}, true, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "The token budget of one engine step: one token per decoding request "
                                              "plus the pieces of prompts being prefilled."),
     "", "",
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "V1 server: 8192 on GPUs with at least 70 GiB other than the A100, "
                                              "2048 on the rest. V0: the context length unless chunked prefill is on."),
     nullptr},
    {"--gpu-memory-utilization", "", false, kAlways, {}, true, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "The share of the GPU's total memory vLLM may take for weights, working "
                                              "memory and the KV cache."),
     "0.9", "",
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "0.9; 0.92 from vLLM 0.21, which also started counting CUDA graph "
                                              "memory before sizing the KV cache."),
     nullptr},
    // fp8_e5m2 came first (0.3); the plain "fp8" value arrived with the e4m3 KV cache in spring 2024. Unverified.
    {"--kv-cache-dtype", "fp8", false, {0, 4, 1}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Stores the KV cache in 8-bit floating point: half the memory per "
                                              "token, at a small cost in accuracy."),
     "auto", "auto", nullptr, nullptr},
    // Automatic prefix caching shipped in 0.4.0 (authors' memory of the release notes). Unverified.
    {"--enable-prefix-caching", "", true, {0, 4, 0}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Reuses the KV cache of prompt beginnings that earlier requests "
                                              "already computed."),
     "off", "on", nullptr, nullptr},
    // The negative spelling came with the boolean-optional arguments around the V1 preview (0.7). Unverified.
    {"--no-enable-prefix-caching", "", true, {0, 7, 0}, {}, false, false, false, true,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Turns prefix caching off, for instance to measure a server without "
                                              "any reuse."),
     "off", "on", nullptr, nullptr},
    // Chunked prefill arrived in spring 2024 (0.4.1 by the authors' memory). Unverified.
    {"--enable-chunked-prefill", "", true, {0, 4, 1}, {}, false, true, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Splits long prompts into pieces that share steps with decoding "
                                              "requests."),
     "off", "on",
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "V0: off, switched on by vLLM itself for contexts over 32K. V1: "
                                              "always on."),
     nullptr},
    {"--tensor-parallel-size", "", false, kAlways, {}, true, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Splits every layer across this many GPUs."), "1", "1", nullptr,
     nullptr},
    // Older releases parsed the flag but refused values above 1; serving with pipeline parallelism came in 0.5.1
    // (authors' memory of the release notes). Unverified.
    {"--pipeline-parallel-size", "", false, {0, 5, 1}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Gives each of this many GPUs, or machines, a run of consecutive "
                                              "layers."),
     "1", "1", nullptr, nullptr},
    // Data-parallel serving behind one `vllm serve` came with the V1 scale-out work (vLLM PRs #15977 and #17546,
    // spring 2025); the release is the authors' estimate. Unverified.
    {"--data-parallel-size", "", false, {0, 9, 0}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Runs this many complete copies of the model and shares the requests "
                                              "among them."),
     "1", "1", nullptr, nullptr},
    {"--max-model-len", "", false, kAlways, {}, true, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "The longest prompt plus answer one request may have; it bounds the "
                                              "KV cache one request can need."),
     "", "",
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "From the model's config (max_position_embeddings)."), nullptr},
    // Online FP8 weight quantization arrived in spring 2024 (0.4.2 by the authors' memory). Unverified.
    {"--quantization", "fp8", false, {0, 4, 2}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Converts a 16-bit model's weights to FP8 as it loads: half the weight "
                                              "memory and bandwidth."),
     "", "",
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "None: vLLM reads the method from a quantized checkpoint's config."),
     nullptr},
    // The three partial-prefill knobs came together (vLLM PR #10235, early 2025); the fact sheet only has a
    // third-party argument list from 0.8.4 on. Unverified, and so is how V1 treats them.
    {"--long-prefill-token-threshold", "", false, {0, 8, 0}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Prompts longer than this many tokens count as long, so that they can "
                                              "be kept from starving short ones."),
     "0", "0", nullptr,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "vLLM 0.8 to 0.10 may fall back to the V0 engine when this is set, and "
                                              "Kneepoint is not sure every later release honours it: check the "
                                              "startup log")},
    {"--max-num-partial-prefills", "", false, {0, 8, 0}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "How many prompts may be prefilled side by side in one step."), "1", "1",
     nullptr,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "vLLM 0.8 to 0.10 may fall back to the V0 engine when this is set, and "
                                              "Kneepoint is not sure every later release honours it: check the "
                                              "startup log")},
    {"--max-long-partial-prefills", "", false, {0, 8, 0}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "How many of those side-by-side prefills may be long prompts."), "1",
     "1", nullptr,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "vLLM 0.8 to 0.10 may fall back to the V0 engine when this is set, and "
                                              "Kneepoint is not sure every later release honours it: check the "
                                              "startup log")},
    // The flag itself came with vLLM PR #27621 (late 2025); on its own it enables CPU offloading only since the
    // native backend became the default (PR #32421, aimed at 0.14). Unverified.
    {"--kv-offloading-size", "", false, {0, 14, 0}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Keeps up to this many GiB of evicted KV cache in CPU memory, so a later "
                                              "hit reloads it instead of computing it again."),
     "", "", QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Off until a size is given."), nullptr},
    // vLLM PR #19970 (June 2025), experimental at first; 0.9.2 is the authors' estimate of its release. Newer
    // releases turn it on by themselves where supported; from which release is not known here. Unverified.
    {"--async-scheduling", "", true, {0, 9, 2}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Plans the next step while the GPU still runs the current one, hiding "
                                              "the CPU's share of each step."),
     "", "off",
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Off when it arrived; newer releases switch it on by themselves where "
                                              "the setup supports it."),
     nullptr},
    // vLLM PR #17546 (May 2025); 0.9.0 is the authors' estimate of its release. Unverified.
    {"--api-server-count", "", false, {0, 9, 0}, {}, false, false, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Runs this many HTTP front-end processes, for when tokenizing and "
                                              "streaming keep one CPU core busy."),
     "", "1", nullptr, nullptr},
    // CUDA graphs, and this switch to turn them off, date from 2023. Listed so that a report can say: don't.
    {"--enforce-eager", "", true, kAlways, {}, true, false, true, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "Turns off CUDA graphs (and torch.compile on V1): a quicker start and "
                                              "slower decoding."),
     "off", "off", nullptr, nullptr},
    // V1 keeps no CPU swap (fact sheet §C.1). The argument left EngineArgs in 0.18.0: vLLM PR #36216, and
    // unslothai/unsloth-zoo#1210, which read EngineArgs in every release from 0.15.0 to 0.29.0.
    {"--swap-space", "", false, kAlways, VllmVersion {0, 18, 0}, true, true, false, false,
     QT_TRANSLATE_NOOP("kp::core::VllmFlags", "CPU memory, in GiB per GPU, into which the V0 engine could move the KV "
                                              "cache of preempted requests."),
     "4", "", nullptr, nullptr},
};
// clang-format on

QString help()
{
    return VllmFlags::tr("check `vllm serve --help` on your version");
}

// Single-quoted for a POSIX shell when the value holds anything but plain word characters.
QString shellWord(const QString& value)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9._:/=,+@%-]*$"));
    if (plain.match(value).hasMatch())
        return value;
    QString quoted = value;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

// Whether `version` is within a minor release of `boundary`, where an unverified boundary may well be off by one.
bool closeTo(const VllmVersion& version, const VllmVersion& boundary)
{
    return boundary != kAlways && version.major == boundary.major && qAbs(version.minor - boundary.minor) <= 1;
}

} // namespace

std::optional<VllmVersion> VllmVersion::parse(const QString& text)
{
    // PEP 440 as vLLM's setuptools-scm builds print it: release, then pre-, post- and dev-release parts, then a
    // local tag after '+'. Parts are checked, not skipped, so that "0.6.3garbage" is refused rather than misread.
    static const QRegularExpression pattern(
        QStringLiteral("^v?(\\d{1,6})\\.(\\d{1,6})(?:\\.(\\d{1,6}))?(?:\\.\\d{1,6})*"
                       "((?:[-_.]?(?:a|b|c|rc|alpha|beta|pre|preview|post|rev|r|dev)[-_.]?\\d*)*)"
                       "(?:\\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    VllmVersion version;
    version.major = match.capturedView(1).toInt();
    version.minor = match.capturedView(2).toInt();
    version.patch = match.capturedView(3).isEmpty() ? 0 : match.capturedView(3).toInt();
    // Once the post-release parts ("post1", "rev2", "r3") are gone, any word left is a pre-release or dev marker;
    // the lookahead keeps "rc" whole.
    static const QRegularExpression postRelease(QStringLiteral("(?:post|rev|r(?!c))[-_.]?\\d*"));
    QString suffix = match.captured(4).toLower();
    suffix.remove(postRelease);
    version.preRelease = std::any_of(suffix.cbegin(), suffix.cend(), [](QChar c) { return c.isLetter(); });
    return version;
}

QString VllmVersion::toString() const
{
    return QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(patch);
}

Engine engineOf(const VllmVersion& version)
{
    return version < kV1Default ? Engine::V0 : Engine::V1;
}

const QList<VllmFlag>& VllmFlags::table()
{
    // Translated once, on first use: the translators are installed at start-up, before any analysis runs.
    static const QList<VllmFlag> flags = [] {
        QList<VllmFlag> list;
        for (const Row& row : kRows) {
            VllmFlag f;
            f.flag = QString::fromLatin1(row.flag);
            f.value = QString::fromLatin1(row.value);
            f.isSwitch = row.isSwitch;
            f.since = row.since;
            f.removedIn = row.removedIn;
            f.verified = row.verified;
            f.v0Only = row.v0Only;
            f.discouraged = row.discouraged;
            f.negates = row.negates;
            f.what = tr(row.what);
            f.defaultV0 = QString::fromLatin1(row.defaultV0);
            f.defaultV1 = QString::fromLatin1(row.defaultV1);
            if (row.defaultNote)
                f.defaultNote = tr(row.defaultNote);
            if (row.caveat)
                f.caveat = tr(row.caveat);
            list.append(f);
        }
        return list;
    }();
    return flags;
}

QString VllmFlags::canonical(const QString& flag)
{
    QString name = flag.trimmed().toLower();
    name.replace(u'_', u'-');
    static const QList<std::pair<QString, QString>> aliases = {
        {QStringLiteral("-tp"), QStringLiteral("--tensor-parallel-size")},
        {QStringLiteral("-pp"), QStringLiteral("--pipeline-parallel-size")},
        {QStringLiteral("-dp"), QStringLiteral("--data-parallel-size")},
        {QStringLiteral("-q"), QStringLiteral("--quantization")},
    };
    for (const auto& [alias, longForm] : aliases) {
        if (name == alias)
            return longForm;
    }
    if (!name.isEmpty() && !name.startsWith(u'-'))
        name.prepend(QStringLiteral("--"));
    return name;
}

std::optional<VllmFlag> VllmFlags::find(const QString& flag)
{
    const QString name = canonical(flag);
    for (const VllmFlag& f : table()) {
        if (f.flag == name)
            return f;
    }
    return std::nullopt;
}

FlagSuggestion VllmFlags::suggest(
    const QString& flag, const QString& value, const QString& why, const QString& detectedVersion)
{
    FlagSuggestion s;
    s.flag = canonical(flag);
    s.value = value.trimmed();
    s.why = why;
    s.commandLine = s.value.isEmpty() ? s.flag : s.flag + u' ' + shellWord(s.value);

    QStringList notes;
    const auto finish = [&] {
        s.versionNote = notes.join(QStringLiteral("; "));
        return s;
    };
    const std::optional<VllmFlag> info = find(s.flag);
    if (!info) {
        notes << tr("Kneepoint has no version facts for this flag") << help();
        return finish();
    }
    // The value a switch asks for, in the terms of the defaults ("on"/"off").
    const QString asked = info->isSwitch ? (info->negates ? QStringLiteral("off") : QStringLiteral("on")) : s.value;

    const std::optional<VllmVersion> version = VllmVersion::parse(detectedVersion);
    if (!version) {
        // Suggest it anyway: a flag that may not exist is better than no advice, as long as the reader is told.
        // Boundaries from before V1 became the default are left out: servers that old are rare, and the note long.
        if (info->since >= kV1Default)
            notes << tr("needs vLLM %1 or newer").arg(info->since.toString());
        if (info->removedIn)
            notes << tr("removed in %1").arg(info->removedIn->toString());
        if (info->v0Only)
            notes << tr("only has an effect on the V0 engine (vLLM before %1)").arg(kV1Default.toString());
        else if (!asked.isEmpty() && asked == info->defaultV1)
            notes << tr("already the default on the V1 engine (vLLM %1 and newer)").arg(kV1Default.toString());
        if (info->discouraged)
            notes << tr("listed so that you can take it out: it slows decoding");
        if (!info->caveat.isEmpty())
            notes << info->caveat;
        if (!detectedVersion.trimmed().isEmpty())
            notes << tr("Kneepoint could not read the vLLM version \"%1\"").arg(detectedVersion.trimmed());
        notes << help();
        return finish();
    }

    const Engine engine = engineOf(*version);
    bool nearBoundary = false;
    if (*version < info->since) {
        s.validForVersion = false;
        notes << tr("needs vLLM %1 or newer").arg(info->since.toString());
        nearBoundary = closeTo(*version, info->since);
    } else if (info->removedIn && *version >= *info->removedIn) {
        s.validForVersion = false;
        notes << tr("removed in %1").arg(info->removedIn->toString());
        nearBoundary = closeTo(*version, *info->removedIn);
    } else {
        if (info->v0Only && engine == Engine::V1) {
            s.validForVersion = false;
            notes << tr("has no effect on the V1 engine that vLLM %1 runs").arg(version->toString());
        } else {
            const QString eraDefault = engine == Engine::V0 ? info->defaultV0 : info->defaultV1;
            if (!asked.isEmpty() && asked == eraDefault)
                notes << tr("already the default on vLLM %1").arg(version->toString());
        }
        nearBoundary = closeTo(*version, info->since) || (info->removedIn && closeTo(*version, *info->removedIn));
        // An rc or dev build of the very release that brought the flag may predate it.
        if (version->preRelease && *version == info->since)
            notes << tr("pre-releases of %1 may not have it yet").arg(info->since.toString());
    }
    if (info->discouraged)
        notes << tr("listed so that you can take it out: it slows decoding");
    if (!info->caveat.isEmpty())
        notes << info->caveat;
    if (!info->verified && nearBoundary)
        notes << tr("Kneepoint is not sure of the exact release") << help();
    else if (version->preRelease && *version == info->since)
        notes << help();
    return finish();
}

QString VllmFlags::defaultFor(const QString& flag, const QString& detectedVersion, double gpuMemoryGiB, bool isA100)
{
    const std::optional<VllmFlag> info = find(flag);
    if (!info)
        return {};
    // Unknown means newest: V0 is gone since 0.11, and a server too old for /version is rare.
    const VllmVersion version = VllmVersion::parse(detectedVersion).value_or(VllmVersion {INT_MAX, 0, 0});
    const Engine engine = engineOf(version);
    const bool gpuKnown = gpuMemoryGiB > 0;
    // vLLM's own test (fact sheet §C.1): at least 70 GiB of total memory, and not an A100 (vLLM PR #17885).
    const bool largeGpu = gpuMemoryGiB >= 70 && !isA100;

    if (info->flag == u"--max-num-seqs") {
        if (engine == Engine::V0)
            return QStringLiteral("256");
        // V1 began with 1024 on every GPU; vLLM PR #16158 (April 2025, so 0.8.4 by the authors' estimate) brought
        // other GPUs back to V0's 256 after reports of running out of memory. Unverified.
        if (version < VllmVersion {0, 8, 4})
            return QStringLiteral("1024");
        if (!gpuKnown)
            return {};
        return largeGpu ? QStringLiteral("1024") : QStringLiteral("256");
    }
    if (info->flag == u"--max-num-batched-tokens") {
        // V0 without chunked prefill uses the context length, with it a small fixed budget that changed over time.
        if (engine == Engine::V0 || !gpuKnown)
            return {};
        // From vLLM PR #12369 (before V1 became the default) until PR #17885 the test was "H100 or H200" by name;
        // the memory test covers those two, so it stands for all V1 releases.
        return largeGpu ? QStringLiteral("8192") : QStringLiteral("2048");
    }
    if (info->flag == u"--gpu-memory-utilization") {
        // vLLM PR #38284 raised it to 0.92 when CUDA graph memory profiling became the default, which vLLM's own
        // startup log dates to 0.21.0 ("default since v0.21.0").
        return version < VllmVersion {0, 21, 0} ? QStringLiteral("0.9") : QStringLiteral("0.92");
    }
    return engine == Engine::V0 ? info->defaultV0 : info->defaultV1;
}

} // namespace kp::core
