#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets with clang and runs each for SECONDS (default 60), starting from its committed corpus.
# New interesting inputs go to a scratch folder, not the corpus. A crash stops the script with the input's path:
# fix the bug, then commit the input under tests/fuzz/corpus/<target>/ so every later run replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
build=build/fuzz
# -O1 with line tables: fast to build, and every crash report names its lines.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE= -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" \
    -DCMAKE_CXX_COMPILER=clang++ -DKNEEPOINT_FUZZ=ON \
    -DBUILD_TESTING=ON >/dev/null
cmake --build "$build"
# The committed corpus first, crashes found before included, then new inputs for the given time.
ctest --test-dir "$build" --output-on-failure
for fuzzer in "$build"/tests/fuzz/fuzz_*; do
    [ -f "$fuzzer" ] && [ -x "$fuzzer" ] || continue # the build's own folders share the prefix
    name="$(basename "$fuzzer")"
    scratch="$(mktemp -d)"
    artifacts="$build/artifacts/$name"
    mkdir -p "$artifacts"
    echo "== $name for ${seconds} s"
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$scratch" "tests/fuzz/corpus/$name" 2>&1 | tail -12
    rm -rf "$scratch"
done
