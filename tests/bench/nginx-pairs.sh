#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# nginx-pairs.sh BUILD [PAIRS] [STREAMS] [SECONDS]: the same server measured over plain HTTP and over HTTPS, as a user
# in front of a TLS ingress would. bench_sseserver (paced, 5 ms a chunk, 64 chunks a request) behind Debian's nginx,
# which listens twice: http:// and https:// (TLS ends at nginx, with a certificate made for this run), both proxying
# unbuffered to the same upstream. Each pair is `kneepoint run --concurrency STREAMS --duration SECONDS` over http,
# then over https (--insecure); one line per run with the top step's TTFT p99 and output tokens/s and the client's
# own check, then the medians and HTTPS's ratio to HTTP. After each pair the benchmark's floor client (bench_load
# --floor-at: one epoll loop, OpenSSL for https) runs the same streams for the same time through the same nginx, so
# that what TLS costs the proxy and the machine is told from what it costs Kneepoint: the floor's HTTPS/HTTP ratio is
# the least any client could show here. Needs nginx (apt-get install nginx-light) and openssl.
set -euo pipefail

[ $# -ge 1 ] || { sed -n '4,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
build=$(cd "$1" && pwd) pairs=${2:-5} streams=${3:-256} seconds=${4:-12}
kneepoint=$build/app/kneepoint
server=$build/tests/bench/bench_sseserver
bench_load=$build/tests/bench/bench_load
command -v nginx >/dev/null || { echo "nginx is not installed (apt-get install nginx-light)" >&2; exit 2; }
tmp=$(mktemp -d /tmp/nginx-pairs.XXXXXX)
cleanup() {
    [ -f "$tmp/nginx.pid" ] && kill "$(cat "$tmp/nginx.pid")" 2>/dev/null || true
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
upstream=$(free_port) plain=$(free_port) tls=$(free_port)
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$tmp/key.pem" -out "$tmp/cert.pem" \
    -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 2>/dev/null
"$server" --port "$upstream" --tokens 64 --period-us 5000 >"$tmp/server.log" 2>&1 &
server_pid=$!
mkdir -p "$tmp/nginx"
cat >"$tmp/nginx.conf" <<EOF
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/error.log warn;
events { worker_connections 8192; }
http {
    access_log off;
    client_body_temp_path $tmp/nginx/body;
    proxy_temp_path $tmp/nginx/proxy;
    fastcgi_temp_path $tmp/nginx/fastcgi;
    uwsgi_temp_path $tmp/nginx/uwsgi;
    scgi_temp_path $tmp/nginx/scgi;
    upstream model { server 127.0.0.1:$upstream; keepalive 512; }
    server {
        listen 127.0.0.1:$plain;
        listen 127.0.0.1:$tls ssl;
        # Debian 12's nginx (1.22) offers TLS 1.2 only unless told; an ingress today speaks 1.3, as the floor does.
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_certificate $tmp/cert.pem;
        ssl_certificate_key $tmp/key.pem;
        location / {
            proxy_pass http://model;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
        }
    }
}
EOF
nginx -p "$tmp" -c "$tmp/nginx.conf"
sleep 0.5

# One run: "<ttft p99 ms> <tokens/s> <client check>" of its highest step.
measure() {
    local url=$1
    shift
    local db
    db=$(mktemp -u "$tmp/run.XXXXXX.sqlite")
    "$kneepoint" run --url "$url" --model m --shapes 64/64 --concurrency "$streams" --duration "$seconds" \
        --db "$db" "$@" >"$tmp/run.log" 2>&1 || { tail -5 "$tmp/run.log" >&2; echo "nan nan failed"; return; }
    "$kneepoint" report 1 --db "$db" --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
top = max(d["analysis"]["concurrency"]["points"], key=lambda p: p["load"])
client = [t for t in d["analysis"]["trust"] if t["id"] == "client"]
if client and client[0]["status"] != "pass":
    with open(sys.argv[1], "a") as f:
        f.write("%s: %s\n" % (sys.argv[2], client[0]["detail"]))
print("%.1f %.0f %s" % (top["ttft_ms"]["value"], top["output_tokens_per_s"], client[0]["status"] if client else "none"))' \
        "$tmp/details" "$url"
}

# The floor over the same time: the requests a stream makes in SECONDS at 64 chunks of 5 ms each.
floor_requests=$(((seconds * 1000 + 319) / 320))
floor() {
    "$bench_load" --floor-at "$@" --streams "$streams" --requests "$floor_requests" --tokens 64 2>"$tmp/floor.log" \
        || { cat "$tmp/floor.log" >&2; echo "nan nan nan"; }
}

printf '%-5s %-6s %-9s %14s %12s %8s\n' pair scheme client "TTFT p99 ms" "tokens/s" check
: >"$tmp/results"
for pair in $(seq 1 "$pairs"); do
    read -r h_ttft h_tps h_client < <(measure "http://127.0.0.1:$plain")
    printf '%-5s %-6s %-9s %14s %12s %8s\n' "$pair" http kneepoint "$h_ttft" "$h_tps" "$h_client"
    read -r s_ttft s_tps s_client < <(measure "https://127.0.0.1:$tls" --insecure)
    printf '%-5s %-6s %-9s %14s %12s %8s\n' "$pair" https kneepoint "$s_ttft" "$s_tps" "$s_client"
    read -r fh_ttft fh_tps _ < <(floor "$plain")
    printf '%-5s %-6s %-9s %14s %12s\n' "$pair" http floor "$fh_ttft" "$fh_tps"
    read -r fs_ttft fs_tps _ < <(floor "$tls" --tls)
    printf '%-5s %-6s %-9s %14s %12s\n' "$pair" https floor "$fs_ttft" "$fs_tps"
    echo "$h_ttft $h_tps $s_ttft $s_tps $fh_ttft $fh_tps $fs_ttft $fs_tps" >>"$tmp/results"
done
[ -f "$tmp/details" ] && { echo "the client's own check, where it did not pass:"; cat "$tmp/details"; }
python3 - "$tmp/results" <<'EOF'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
med = [statistics.median(r[i] for r in rows) for i in range(8)]
for name, o in (("kneepoint", 0), ("floor", 4)):
    print("%-9s median TTFT p99: http %.1f ms, https %.1f ms (%.2fx); tokens/s: http %.0f, https %.0f (%.3fx)"
          % (name, med[o], med[o + 2], med[o + 2] / med[o], med[o + 1], med[o + 3], med[o + 3] / med[o + 1]))
EOF
