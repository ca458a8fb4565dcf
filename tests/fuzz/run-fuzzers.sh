#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets with clang and runs each for SECONDS (default 60), starting from its committed corpus.
# New interesting inputs go to a scratch folder, not the corpus. A crash stops the script with the input's path:
# fix the bug, then commit the input under tests/fuzz/corpus/<target>/ so every later run replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
# The asan preset's build (clang, -O1 with line tables: fast to build, and every crash report names its lines) holds
# the fuzzers beside the suite; only they and the core library are built here when it is not there yet.
build=build/asan
cmake --preset asan >/dev/null
mapfile -t fuzzers < <(cd tests/fuzz && ls fuzz_*.cpp | sed 's/\.cpp$//')
cmake --build "$build" --target "${fuzzers[@]}"
# The committed corpus first, crashes found before included, then new inputs for the given time.
ctest --test-dir "$build" --output-on-failure -R '^fuzz_.*_corpus$'
for name in "${fuzzers[@]}"; do
    fuzzer="$build/tests/fuzz/$name"
    scratch="$(mktemp -d)"
    artifacts="$build/artifacts/$name"
    mkdir -p "$artifacts"
    echo "== $name for ${seconds} s"
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$scratch" "tests/fuzz/corpus/$name" 2>&1 | tail -12
    rm -rf "$scratch"
done
