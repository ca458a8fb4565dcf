#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# setup.sh [DIR]: everything a real llama.cpp server needs for the interop tests, made once and then reused.
#   1. make-chroot.sh DIR (a Debian sid chroot with llama-server; only the first time, about a minute);
#   2. DIR/models/kneepoint-tiny.gguf from make-model.py over resources/sim/vocabulary.txt, run inside the chroot,
#      when it is missing or older than make-model.py or the word list (about a second; byte-identical each time),
#      and its LoRA adapter DIR/models/kneepoint-tiny-sql.gguf (make-model.py --adapter) the same way.
# DIR defaults to $KNEEPOINT_INTEROP_CHROOT or /var/cache/kneepoint-interop/sid. Root only. Progress goes to stderr;
# stdout is one line, the model's host path. Then:
#   tests/interop/llama-server.sh start DIR /models/kneepoint-tiny.gguf PORT ... and llama-server.sh stop DIR PORT.
# Safe to run concurrently (a lock beside DIR).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
vocab=$here/../../resources/sim/vocabulary.txt
dir=${1:-${KNEEPOINT_INTEROP_CHROOT:-/var/cache/kneepoint-interop/sid}}
dir=${dir%/}
[ "$(id -u)" = 0 ] || { echo "setup.sh: must run as root (debootstrap and chroot need it)" >&2; exit 1; }
[ -f "$vocab" ] || { echo "setup.sh: $vocab is missing" >&2; exit 1; }

mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock 9

"$here/make-chroot.sh" "$dir" >&2

# write_gguf OUT [make-model.py options]: OUT (a path inside the chroot) from make-model.py, when it is missing or
# older than make-model.py or the word list.
write_gguf() {
    local out=$1 host=$dir$1 work=$dir/tmp/kneepoint-model start
    shift
    if [ -s "$host" ] && [ "$host" -nt "$here/make-model.py" ] && [ "$host" -nt "$vocab" ]; then
        echo "setup.sh: $host is up to date" >&2
        return
    fi
    mkdir -p "$work" "$dir/models"
    cp "$here/make-model.py" "$work/make-model.py"
    cp "$vocab" "$work/vocabulary.txt"
    start=${EPOCHREALTIME/./}
    chroot "$dir" python3 /tmp/kneepoint-model/make-model.py "$out.part" /tmp/kneepoint-model/vocabulary.txt "$@" >&2
    mv -f "$host.part" "$host"
    rm -rf "$work"
    echo "setup.sh: wrote $host in $(((${EPOCHREALTIME/./} - start) / 1000)) ms" >&2
}

model=$dir/models/kneepoint-tiny.gguf
write_gguf /models/kneepoint-tiny.gguf
# The model's LoRA adapter, for the interop suite's --models leg (llama-server --lora).
write_gguf /models/kneepoint-tiny-sql.gguf --adapter
echo "$model"
