#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# The real window under Xvfb (the xcb platform, as on a Linux desktop), against the simulator: the wizard, a live run,
# the report at 1280×800 and 1920×1080, the what-if, compare, predict and export flows of the UI tests, once light and
# once dark, each keeping its screenshots. A person looks at them; this script checks that every one was taken.
#
#   tests/ui/screenshot-walk.sh BUILD_DIR OUT_DIR      (needs xvfb-run: apt-get install xvfb xauth)
set -euo pipefail
build=${1:?build directory, e.g. build/ci}
out=${2:?output directory for the screenshots}
build=$(cd "$build" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

for appearance in light dark; do
    mkdir -p "$out/$appearance"
    for test in tst_connectionwizard tst_liverunview tst_mainwindow; do
        echo "-- $appearance: $test"
        xvfb-run -a -s "-screen 0 1920x1080x24" env QT_QPA_PLATFORM=xcb LC_ALL=C.UTF-8 \
            KNEEPOINT_APPEARANCE="$appearance" KNEEPOINT_SCREENSHOTS="$out/$appearance" \
            KNEEPOINT_BINARY="$build/app/kneepoint" "$build/tests/$test" -silent
    done
done

# The pictures the issue asks a person to look at: each taken, and not blank (a blank PNG is a few hundred bytes).
suffix() { [ "$1" = dark ] && echo "-dark" || true; }
missing=0
for appearance in light dark; do
    for shot in "report-1280$(suffix $appearance)" "report-1920$(suffix $appearance)" mainwindow-live mainwindow-whatif \
        compare compare-pareto predict; do
        file="$out/$appearance/$shot.png"
        if [ ! -s "$file" ] || [ "$(stat -c %s "$file")" -lt 10000 ]; then
            echo "missing or blank: $file"
            missing=1
        fi
    done
done
[ "$missing" = 0 ]
echo "screenshots in $out: $(find "$out" -name '*.png' | wc -l)"
