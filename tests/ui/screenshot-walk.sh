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

# Light and dark walk at once, each in an Xvfb and a home of its own (the tests write settings, which must neither meet
# nor touch the user's): the tests mostly wait on simulated runs, so two at a time halve the walk on 2 cores. Each
# walk's output is printed whole when both have ended.
homes=$(mktemp -d)
walk() {
    local appearance=$1
    local home="$homes/$appearance"
    mkdir -p "$out/$appearance" "$home/config" "$home/data" "$home/cache"
    xvfb-run -a -s "-screen 0 1920x1080x24" env QT_QPA_PLATFORM=xcb LC_ALL=C.UTF-8 KNEEPOINT_APPEARANCE="$appearance" \
        KNEEPOINT_SCREENSHOTS="$out/$appearance" KNEEPOINT_BINARY="$build/app/kneepoint" HOME="$home" \
        XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" WALK_TESTS="$build/tests" \
        bash -c 'for test in tst_connectionwizard tst_liverunview tst_mainwindow; do
                     echo "-- $KNEEPOINT_APPEARANCE: $test"
                     "$WALK_TESTS/$test" -silent || exit 1
                 done'
}
walk light >"$homes/light.log" 2>&1 &
light=$!
sleep 3 # xvfb-run -a picks the first free display; the light walk's Xvfb holds its lock by now
walk dark >"$homes/dark.log" 2>&1 &
dark=$!
failed=0
wait "$light" || failed=1
wait "$dark" || failed=1
cat "$homes/light.log" "$homes/dark.log"
rm -rf "$homes"
[ "$failed" = 0 ]

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
