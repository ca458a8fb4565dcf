#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# setup.sh [DIR]: everything a real llama.cpp server needs for the interop tests, made once and then reused.
#   1. make-chroot.sh DIR (a Debian sid chroot with llama-server; only the first time, about a minute);
#   2. DIR/models/kneepoint-tiny.gguf from make-model.py over resources/sim/vocabulary.txt, run inside the chroot,
#      when it is missing or older than make-model.py or the word list (about a second; byte-identical each time).
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

model=$dir/models/kneepoint-tiny.gguf
if [ ! -s "$model" ] || [ "$here/make-model.py" -nt "$model" ] || [ "$vocab" -nt "$model" ]; then
    work=$dir/tmp/kneepoint-model
    mkdir -p "$work" "$dir/models"
    cp "$here/make-model.py" "$work/make-model.py"
    cp "$vocab" "$work/vocabulary.txt"
    start=${EPOCHREALTIME/./}
    chroot "$dir" python3 /tmp/kneepoint-model/make-model.py /models/kneepoint-tiny.gguf.part \
        /tmp/kneepoint-model/vocabulary.txt >&2
    mv -f "$dir/models/kneepoint-tiny.gguf.part" "$model"
    rm -rf "$work"
    echo "setup.sh: wrote $model in $(((${EPOCHREALTIME/./} - start) / 1000)) ms" >&2
else
    echo "setup.sh: $model is up to date" >&2
fi
echo "$model"
