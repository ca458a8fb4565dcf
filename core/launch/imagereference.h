// SPDX-FileCopyrightText: 2026 Kneepoint contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace kp::core {

/// A container image as `docker run` takes it: `[registry[:port]/]repository[:tag][@sha256:<64 hex>]`. A tag can be
/// moved to other bytes at any time; only a digest names the bytes, so only a reference with one is pinned.
struct ImageReference
{
    QString repository; ///< with its registry, if any: vllm/vllm-openai, ghcr.io/org/image, localhost:5000/x
    QString tag; ///< empty when none was given
    QString digest; ///< "sha256:<64 lowercase hex>"; empty when none was given
    QString note; ///< where a built-in reference came from; empty for one the user typed

    bool pinned() const { return !digest.isEmpty(); }
    /// The reference as given back to the runtime: repository[:tag][@digest].
    QString toString() const;

    /// Parses `text`; on failure nullopt and `error` says what is wrong with it, as a sentence.
    static std::optional<ImageReference> parse(const QString& text, QString* error);
    /// vLLM v0.31.0's image from resources/launch/default-image.json. Its digest is empty when none is recorded.
    static ImageReference defaultImage();
};

} // namespace kp::core
