// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/catalog/modelspec.h"

#include <QString>

#include <optional>

namespace kp::core {

/// What ModelResolver found for a served model: its geometry and where it came from, or why there is none.
struct ModelResolution
{
    enum class Source { None, Catalog, Hub, Cache, File };

    std::optional<ModelSpec> model;
    Source source = Source::None;
    QString location; ///< the hub endpoint, the cache file or the config.json read; empty for the catalog
    QString error; ///< why nothing was found, as a sentence saying what to do; empty on success
    QString warning; ///< a sentence worth showing even on success, such as a user catalog that was left out

    bool ok() const { return model.has_value(); }
    /// "catalog", "hub", "cache" or "file"; empty when nothing was found. For JSON and stored facts.
    QString sourceName() const;
    /// Where the facts came from, to follow "from": "the catalog", "the Hugging Face hub at https://huggingface.co",
    /// "the cached config.json /home/…/hf-configs/org--name.json", "/path/config.json".
    QString sourceDescription() const;
};

/// How ModelResolver may look. The defaults suit the command line.
struct ResolveOptions
{
    /// A config.json (or the directory holding it, or a .gguf file) the user named. It is used before the catalog and
    /// the hub: whoever names a file knows what they serve.
    QString configPath;
    bool allowNetwork = true; ///< false: catalog, cache and file only
    int timeoutMs = 10'000; ///< for the whole hub request
    QString cacheDirectory; ///< empty: cacheDirectory()
    QString catalogDirectory; ///< the user catalog's directory; empty: Catalog::userDirectory()
};

/// Finds the facts of the model a vLLM server reports as `root` (its --model: a Hugging Face id or a local path):
///  1. a config.json (or a GGUF file, for llama.cpp) the user named (ResolveOptions::configPath);
///  2. the catalog, user catalog included: by catalog id or Hugging Face id (case-insensitive), or by the last path
///     component of a local path (/models/Llama-3.1-8B-Instruct) against the last component of a catalog hf_id;
///  3. the on-disk cache of configs fetched before;
///  4. the Hugging Face hub: GET {HF_ENDPOINT or https://huggingface.co}/{repo}/resolve/main/config.json, with
///     `Authorization: Bearer $HF_TOKEN` when HF_TOKEN is set. The token is sent to that origin only (redirects to
///     other hosts are not followed) and written nowhere: not to the cache, not to errors.
/// Blocking: it runs a local event loop, so call it from the command line or a worker thread, never the GUI thread.
class ModelResolver
{
public:
    static ModelResolution resolve(const QString& root, const ResolveOptions& options = {});

    /// The Hugging Face repository a root names: "org/name" or a legacy "name" as is, or "org/name" recovered from
    /// a Hugging Face cache path (…/models--org--name/snapshots/…). Empty when the root is no repository id.
    static QString repoIdFromRoot(const QString& root);
    /// Where fetched configs are kept: <CacheLocation>/hf-configs.
    static QString cacheDirectory();
    /// The cache file of `repo` in `directory`: the repository id with "/" replaced by "--", plus ".json".
    static QString cacheFilePath(const QString& directory, const QString& repo);
};

} // namespace kp::core
