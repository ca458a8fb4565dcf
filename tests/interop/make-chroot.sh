#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 Kneepoint contributors
# SPDX-License-Identifier: GPL-3.0-or-later
# make-chroot.sh DIR: makes DIR a Debian sid chroot with llama.cpp's llama-server and python3-gguf (about 550 MB, a
# minute or two), for the interop tests. Idempotent: if DIR/usr/bin/llama-server already runs, it does nothing.
# Needs root and network access to deb.debian.org (or $KNEEPOINT_DEBIAN_MIRROR); installs debootstrap with apt-get
# if it is missing. Prints one line saying what it did.
set -euo pipefail

die() { echo "make-chroot.sh: $*" >&2; exit 1; }
[ $# -eq 1 ] || { echo "usage: make-chroot.sh DIR" >&2; exit 2; }
dir=${1%/}
mirror=${KNEEPOINT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages=llama.cpp-tools,python3-gguf,python3-numpy

works() {
    [ -x "$dir/usr/bin/llama-server" ] || return 1
    [ "$(id -u)" = 0 ] || return 0 # cannot chroot to check; the file is there
    chroot "$dir" /usr/bin/llama-server --version >/dev/null 2>&1 &&
        chroot "$dir" python3 -c 'import gguf, numpy' >/dev/null 2>&1
}

if works; then
    echo "make-chroot.sh: $dir already has a working llama-server ($(chroot "$dir" /usr/bin/llama-server --version 2>&1 | grep -m1 '^version' || echo 'version unknown')); nothing to do"
    exit 0
fi
[ "$(id -u)" = 0 ] || die "must run as root (debootstrap and chroot need it); try: sudo $0 $dir"

if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
    # A half-made or broken chroot: start again from scratch, but never remove something that is not one.
    [ -n "$dir" ] && [ "$(readlink -f "$dir")" != / ] && { [ -d "$dir/debootstrap" ] || [ -f "$dir/etc/debian_version" ]; } ||
        die "$dir is not empty and does not look like a chroot; refusing to replace it"
    if mountpoint -q "$dir/proc" 2>/dev/null; then umount "$dir/proc"; fi
    rm -rf --one-file-system "$dir"
fi
log=$(mktemp /tmp/make-chroot.XXXXXX.log)
if ! command -v debootstrap >/dev/null 2>&1; then
    { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap; } >>"$log" 2>&1 ||
        die "could not install debootstrap with apt-get (log: $log)"
fi
mkdir -p "$dir"
start=$(date +%s)
debootstrap --variant=minbase --include="$packages" sid "$dir" "$mirror" >>"$log" 2>&1 ||
    die "debootstrap failed (log: $log)"
works || die "debootstrap finished but $dir/usr/bin/llama-server does not run (log: $log)"
rm -f "$log"
echo "make-chroot.sh: made $dir with debootstrap in $(($(date +%s) - start)) s ($(chroot "$dir" /usr/bin/llama-server --version 2>&1 | grep -m1 '^version'))"
