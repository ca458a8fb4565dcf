#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-streams.sh PORT REQUESTS PARALLEL [MAX_TOKENS]: a quick check of a llama.cpp server started with
# llama-server.sh, independent of Kneepoint. Sends REQUESTS streamed /v1/completions requests (ignore_eos,
# temperature 0, include_usage) over PARALLEL curl clients and prints one line: the completion tokens from `usage`,
# the non-empty text chunks, in-band "error" events, streams that ended with [DONE], wall time and tokens/s.
# Exits 1 if any stream had an error or no [DONE].
set -euo pipefail

[ $# -ge 3 ] || { sed -n '4,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
port=$1 n=$2 par=$3 max_tokens=${4:-64}
tmp=$(mktemp -d /tmp/bench-streams.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
body=$(printf '{"prompt": " the of and", "max_tokens": %d, "ignore_eos": true, "temperature": 0, "stream": true, %s}' \
    "$max_tokens" '"stream_options": {"include_usage": true}')
export port body tmp
start=${EPOCHREALTIME/./}
# shellcheck disable=SC2016  # expanded by sh -c
seq 1 "$n" | xargs -P "$par" -I{} sh -c 'curl -s -N -H "Content-Type: application/json" -d "$body" \
    "http://127.0.0.1:$port/v1/completions" >"$tmp/{}.sse" || true'
wall_us=$((${EPOCHREALTIME/./} - start))
tokens=$(cat "$tmp"/*.sse | grep -o '"completion_tokens":[0-9]*' | awk -F: '{s += $2} END {print s + 0}')
chunks=$(cat "$tmp"/*.sse | grep -c '"text":"[^"]' || true)
errors=$(cat "$tmp"/*.sse | grep -c '"error"' || true)
done_=$(grep -l '^data: \[DONE\]' "$tmp"/*.sse | wc -l)
awk -v n="$n" -v p="$par" -v t="$tokens" -v c="$chunks" -v e="$errors" -v d="$done_" -v us="$wall_us" 'BEGIN {
    printf "requests=%d parallel=%d usage_tokens=%d text_chunks=%d errors=%d done=%d wall=%.2fs tok/s=%.1f\n",
        n, p, t, c, e, d, us / 1e6, t / (us / 1e6) }'
[ "$errors" = 0 ] && [ "$done_" = "$n" ]
