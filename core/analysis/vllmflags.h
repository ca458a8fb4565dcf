// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <compare>
#include <optional>

namespace kp::core {

/// A vLLM release number, read from /version's "version" field.
struct VllmVersion
{
    int major = 0;
    int minor = 0;
    int patch = 0;
    /// A release candidate, alpha, beta or development build ("0.10.1rc2", "0.11.0.dev123+g…"): flags that arrive in
    /// X.Y.Z may be missing from builds made before X.Y.Z itself.
    bool preRelease = false;

    /// Reads PEP 440 style version strings as vLLM reports them: "0.6.3.post1", "0.10.1rc2+cu128", "v0.31.0",
    /// "0.11.0.dev123+g1a2b3c4". Post-releases, pre-releases and local tags ("+cu128") keep their release number.
    /// Anything else, the empty string included, gives nullopt.
    static std::optional<VllmVersion> parse(const QString& text);
    /// "0.10.1": the release number only.
    QString toString() const;

    /// Release numbers are compared; preRelease is not, so "0.10.1rc2" == "0.10.1". Kneepoint asks "is this flag in
    /// that release line", and an rc of X.Y.Z carries X.Y.Z's flags.
    friend bool operator==(const VllmVersion& a, const VllmVersion& b)
    {
        return a.major == b.major && a.minor == b.minor && a.patch == b.patch;
    }
    friend std::strong_ordering operator<=>(const VllmVersion& a, const VllmVersion& b)
    {
        if (const auto c = a.major <=> b.major; std::is_neq(c))
            return c;
        if (const auto c = a.minor <=> b.minor; std::is_neq(c))
            return c;
        return a.patch <=> b.patch;
    }
};

/// vLLM's two engine generations. They differ in defaults (prefix caching, chunked prefill, batch limits), in
/// preemption (V0 could swap to CPU, V1 only recomputes) and in metric names.
enum class Engine { V0, V1 };

/// The engine a release runs by default: V1 from 0.8.0 (the fact sheet's version landscape). 0.8.x–0.10.x could
/// still be switched back to V0 with VLLM_USE_V1=0, and fell back to V0 by themselves for features V1 lacked; a
/// server started that way is not visible from the version, so Kneepoint assumes the default. V0 was removed in
/// 0.11.0.
Engine engineOf(const VllmVersion& version);

/// One engine argument Kneepoint may suggest, with what it knows about the releases that accept it.
struct VllmFlag
{
    QString flag; ///< the canonical spelling: "--kv-cache-dtype"
    /// The value Kneepoint suggests with it when the version boundary depends on the value ("fp8" for
    /// --kv-cache-dtype); empty for switches and for flags whose values all arrived with the flag.
    QString value;
    bool isSwitch = false; ///< takes no value (--enable-prefix-caching, --enforce-eager)
    /// The first release that accepts the flag (with `value`, when set). 0.0.0: every release Kneepoint can talk to.
    VllmVersion since;
    /// The first release that refuses it again.
    std::optional<VllmVersion> removedIn;
    /// Whether `since` and `removedIn` come from the fact sheet or a cited vLLM pull request and release. Where not,
    /// they are the best knowledge Kneepoint's authors had, and suggestions near the boundary say so.
    bool verified = false;
    bool v0Only = false; ///< accepted by the V1 engine but without effect there
    bool discouraged = false; ///< listed only so that Kneepoint can advise against it
    /// For a switch: whether it asks for the opposite of its feature (--no-enable-prefix-caching).
    bool negates = false;
    QString what; ///< one translated sentence: what the flag does
    /// The default on each engine as typed on the command line ("256", "auto"); for a switch, whether its feature
    /// is "on" or "off" without it. Empty where it is not one fixed value (see VllmFlags::defaultFor).
    QString defaultV0;
    QString defaultV1;
    QString defaultNote; ///< translated, for people: how the default is chosen where it is not one value
    QString caveat; ///< translated: what Kneepoint is unsure of beyond the version boundary; usually empty
};

/// A flag Kneepoint proposes, checked against the server's vLLM version.
struct FlagSuggestion
{
    QString flag; ///< canonical spelling, even when suggest() was given "-tp" or "max_num_seqs"
    QString value;
    QString commandLine; ///< ready to paste: "--kv-cache-dtype fp8"
    QString why;
    /// False when the detected version refuses the flag, or accepts it without effect (a V0-only flag on V1).
    /// True when the version is unknown: the flag is still worth suggesting, with a note to check.
    bool validForVersion = true;
    QString versionNote; ///< translated; empty when there is nothing to add
};

/// What Kneepoint knows about vLLM's tuning flags across releases.
class VllmFlags
{
    Q_DECLARE_TR_FUNCTIONS(kp::core::VllmFlags)

public:
    /// Every flag Kneepoint may suggest.
    static const QList<VllmFlag>& table();
    /// A flag by any spelling: "--max-num-seqs", "max-num-seqs", "max_num_seqs" (as in cache_config_info), or a
    /// short alias ("-tp", "-pp", "-dp", "-q").
    static std::optional<VllmFlag> find(const QString& flag);
    /// The canonical "--long-form" of a spelling accepted by find(); the input tidied up when it is not in the table.
    static QString canonical(const QString& flag);

    /// Builds a suggestion and judges it against `detectedVersion` (/version's text; empty when unknown).
    static FlagSuggestion suggest(
        const QString& flag, const QString& value, const QString& why, const QString& detectedVersion);

    /// The default vLLM uses for `flag` on that version and GPU, as typed on the command line: "1024", "0.92".
    /// `gpuMemoryGiB` is the GPU's total memory as vLLM sees it (≤ 0: unknown); `isA100` because vLLM exempts the
    /// A100 from the large-GPU defaults. An unknown or unreadable version is taken as the newest behaviour Kneepoint
    /// knows. Empty when the default is not one number (V0's --max-num-batched-tokens follows --max-model-len), when
    /// it depends on a GPU that is not known, or for a flag outside the table. A server's own cache_config_info
    /// beats this guess wherever it has the field.
    static QString defaultFor(const QString& flag, const QString& detectedVersion, double gpuMemoryGiB, bool isA100);
};

} // namespace kp::core
