#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets with clang and runs each for SECONDS (default 60), starting from its committed corpus.
# New interesting inputs go to a scratch folder, not the corpus. A crash stops the script with the input's path:
# fix the bug, then commit the input under tests/fuzz/corpus/<target>/ so every later run replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
# The ci preset's build (clang, ASan and UBSan, -O1 with line tables: fast to build, and every crash report names its
# lines) holds the fuzzers beside the suite; only they and the core library are built here when it is not there yet.
build=build/ci
cmake --preset ci >/dev/null
mapfile -t fuzzers < <(cd tests/fuzz && ls fuzz_*.cpp | sed 's/\.cpp$//')
cmake --build "$build" --target "${fuzzers[@]}"
# The committed corpus first, crashes found before included, then new inputs for the given time.
ctest --test-dir "$build" --output-on-failure -R '^fuzz_.*_corpus$'
# One fuzzer per core at a time (each is single-threaded); each one's output is printed when it ends.
jobs="$(nproc)"
logs="$(mktemp -d)"
run_one() {
    local name=$1
    local fuzzer="$build/tests/fuzz/$name"
    local scratch
    scratch="$(mktemp -d)"
    local artifacts="$build/artifacts/$name"
    mkdir -p "$artifacts"
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$scratch" "tests/fuzz/corpus/$name" >"$logs/$name.log" 2>&1
    local status=$?
    rm -rf "$scratch"
    return $status
}
failed=0
pids=()
names=()
report() { # the oldest job: its status and the end of its output
    local status=0
    wait "${pids[0]}" || status=$?
    echo "== ${names[0]} for ${seconds} s"
    tail -12 "$logs/${names[0]}.log"
    [ "$status" = 0 ] || { echo "FAILED: ${names[0]} (exit $status)"; failed=1; }
    pids=("${pids[@]:1}")
    names=("${names[@]:1}")
}
for name in "${fuzzers[@]}"; do
    [ "${#pids[@]}" -lt "$jobs" ] || report
    run_one "$name" &
    pids+=($!)
    names+=("$name")
done
while [ "${#pids[@]}" -gt 0 ]; do report; done
rm -rf "$logs"
exit "$failed"
