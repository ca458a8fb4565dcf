#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# llama-server-chroot.sh [llama-server arguments...]: Debian's llama-server inside the interop chroot of
# make-chroot.sh, as a local executable for `kneepoint launch --engine llamacpp --runtime local --engine-command`.
# The --model path, given as a path of this machine, must lie inside the chroot and is mapped into it. The chroot is
# $KNEEPOINT_INTEROP_CHROOT or /var/cache/kneepoint-interop/sid. Root only. exec keeps the process id, so the
# launcher's signals to its process group reach llama-server itself.
set -euo pipefail

dir=${KNEEPOINT_INTEROP_CHROOT:-/var/cache/kneepoint-interop/sid}
dir=${dir%/}
[ -x "$dir/usr/bin/llama-server" ] || { echo "llama-server-chroot.sh: $dir/usr/bin/llama-server is missing (run tests/interop/setup.sh)" >&2; exit 1; }

args=()
model_next=0
for a in "$@"; do
    if [ "$model_next" = 1 ]; then
        [[ $a == "$dir"/* ]] || { echo "llama-server-chroot.sh: the model $a is not inside $dir" >&2; exit 1; }
        a=${a#"$dir"}
    fi
    model_next=0
    case $a in --model | -m) model_next=1 ;; esac
    args+=("$a")
done
exec chroot "$dir" /usr/bin/llama-server "${args[@]}"
