#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs Debian's llama-server inside the chroot of make-chroot.sh, in the background, for the interop tests. Root only.
#
#   llama-server.sh start DIR MODEL PORT [extra llama-server args...]
#       Starts `chroot DIR llama-server -m MODEL --host 127.0.0.1 --port PORT --parallel 8 -c 4096 -t 2 --metrics
#       --no-repack [extra args]` in its own session, then waits (as `wait`) until GET /health answers 200.
#       MODEL is a path inside the chroot (/models/kneepoint-tiny.gguf) or a host path under DIR; a host file
#       elsewhere is copied to DIR/models/ first. Later arguments override the defaults (llama.cpp takes the last).
#       Fails if something already answers on PORT or this script's server for PORT is still running.
#   llama-server.sh wait DIR PORT [SECONDS]
#       Waits up to SECONDS (default 120, or $KNEEPOINT_LLAMA_WAIT) for GET /health to answer 200; fails early,
#       with the log's tail, if the server process has gone.
#   llama-server.sh stop DIR PORT
#       Sends SIGTERM to the server's process group, waits up to 15 s, then SIGKILL; removes the pid file.
#       Succeeds (and says so) if nothing was running.
#
# Files: DIR/run/kneepoint/llama-server-PORT.pid and DIR/run/kneepoint/llama-server-PORT.log (the server's output,
# kept after stop). llama-server needs no /proc in the chroot, so nothing is mounted.
set -euo pipefail

die() { echo "llama-server.sh: $*" >&2; exit 1; }
usage() { sed -n '4,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

[ $# -ge 3 ] || usage
cmd=$1 dir=${2%/}
[ -x "$dir/usr/bin/llama-server" ] || die "$dir/usr/bin/llama-server is missing (run make-chroot.sh $dir)"
[ "$(id -u)" = 0 ] || die "must run as root (chroot)"
rundir=$dir/run/kneepoint
mkdir -p "$rundir"

health() { curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$1/health" 2>/dev/null || true; }
alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
pid_of() { [ -f "$rundir/llama-server-$1.pid" ] && cat "$rundir/llama-server-$1.pid" || true; }

do_wait() {
    local port=$1 secs=${2:-${KNEEPOINT_LLAMA_WAIT:-120}} pid start code=
    pid=$(pid_of "$port")
    start=$(date +%s)
    while :; do
        code=$(health "$port")
        [ "$code" = 200 ] && { echo "llama-server on 127.0.0.1:$port is ready (pid ${pid:-?})"; return 0; }
        if [ -n "$pid" ] && ! alive "$pid"; then
            tail -n 20 "$rundir/llama-server-$port.log" >&2 || true
            rm -f "$rundir/llama-server-$port.pid"
            die "llama-server on port $port exited before it was ready (log: $rundir/llama-server-$port.log)"
        fi
        [ $(($(date +%s) - start)) -lt "$secs" ] || die "llama-server on port $port not ready after ${secs}s (last /health: ${code:-none})"
        sleep 0.2
    done
}

do_stop() {
    local port=$1 pid
    pid=$(pid_of "$port")
    if ! alive "$pid"; then
        rm -f "$rundir/llama-server-$port.pid"
        echo "llama-server on port $port was not running"
        return 0
    fi
    # The server is its own session and process-group leader (setsid), so -pid reaches anything it started.
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 75); do
        kill -0 -- "-$pid" 2>/dev/null || break
        sleep 0.2
    done
    if kill -0 -- "-$pid" 2>/dev/null; then
        kill -KILL -- "-$pid" 2>/dev/null || true
        for _ in $(seq 1 25); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.2; done
        kill -0 -- "-$pid" 2>/dev/null && die "llama-server (pid $pid) survived SIGKILL"
        echo "llama-server on port $port killed (SIGKILL after 15 s)"
    else
        echo "llama-server on port $port stopped"
    fi
    rm -f "$rundir/llama-server-$port.pid"
}

case $cmd in
start)
    [ $# -ge 4 ] || usage
    model=$3 port=$4
    shift 4
    if [[ $model == "$dir"/* ]]; then
        model=${model#"$dir"}
    elif [ ! -f "$dir/$model" ]; then
        [ -f "$model" ] || die "model $model not found (neither in $dir nor on the host)"
        mkdir -p "$dir/models"
        cp -u "$model" "$dir/models/"
        model=/models/$(basename "$model")
    fi
    [ -f "$dir/$model" ] || die "model $dir$model not found"
    alive "$(pid_of "$port")" && die "a llama-server for port $port is already running (pid $(pid_of "$port")); stop it first"
    [ "$(health "$port")" = 000 ] || die "something already answers on 127.0.0.1:$port"
    log=$rundir/llama-server-$port.log
    # Not a process-group leader here (no job control), so setsid execs in place and $! is llama-server itself.
    setsid chroot "$dir" /usr/bin/llama-server -m "$model" --host 127.0.0.1 --port "$port" --parallel 8 -c 4096 \
        -t 2 --metrics --no-repack "$@" </dev/null >"$log" 2>&1 &
    echo $! >"$rundir/llama-server-$port.pid"
    do_wait "$port"
    ;;
wait) do_wait "$3" "${4:-}" ;;
stop) do_stop "$3" ;;
*) usage ;;
esac
