#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders the icon's PNG sizes and the macOS .icns from resources/icons/org.kneepoint.Kneepoint.svg. The results are
# committed, so a build needs neither tool: run this after changing the SVG (apt-get install librsvg2-bin icnsutils).
set -euo pipefail
cd "$(dirname "$0")/../.."
svg=resources/icons/org.kneepoint.Kneepoint.svg
for size in 16 32 48 64 128 256 512; do
    mkdir -p "resources/icons/hicolor/${size}x${size}/apps"
    rsvg-convert -w "$size" -h "$size" "$svg" -o "resources/icons/hicolor/${size}x${size}/apps/org.kneepoint.Kneepoint.png"
done
png2icns packaging/macos/kneepoint.icns \
    $(for size in 16 32 48 128 256 512; do echo "resources/icons/hicolor/${size}x${size}/apps/org.kneepoint.Kneepoint.png"; done)
