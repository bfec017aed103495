#!/usr/bin/env bash
# fetch-mbedtls-source.sh: Debian's Mbed TLS source package (the version the host build links,
# 2.28.3 on Debian 12) unpacked into a cache outside git, for the firmware's RV32 cross build
# (agents/esp32c6/rv32). Prints the source directory. Idempotent: when the directory is there,
# it only prints it. Otherwise adds a deb-src entry mirroring the configured Debian archive
# (once), and runs `apt-get source mbedtls` in the cache.
#   CRYPTOBENCH_CACHE  the cache (default ${XDG_CACHE_HOME:-~/.cache}/cryptobench)
set -euo pipefail
version=2.28.3
cache=${CRYPTOBENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cryptobench}
dir="$cache/mbedtls-$version"
if [ -f "$dir/include/mbedtls/version.h" ]; then
  echo "$dir"
  exit 0
fi
if ! command -v dpkg-source >/dev/null; then
  "$(dirname "$0")/apt-install.sh" dpkg-dev >&2
fi
src_list=/etc/apt/sources.list.d/cryptobench-deb-src.sources
if ! apt-get source --print-uris "mbedtls=$version-1" >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "not root: add a deb-src entry for the Debian archive and run this again" >&2
    exit 1
  fi
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$src_list"
  else
    grep -h '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' >"${src_list%.sources}.list"
  fi
  apt-get update -qq >/dev/null 2>&1 || echo "warning: apt-get update reported a failed index" >&2
fi
mkdir -p "$cache"
work=$(mktemp -d "$cache/fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get source -qq "mbedtls=$version-1" >/dev/null 2>&1) || {
  echo "error: apt-get source mbedtls=$version-1 failed (is a deb-src entry for the Debian archive configured?)" >&2
  exit 1
}
rm -rf "$dir"
mv "$work/mbedtls-$version" "$dir"
echo "$dir"
