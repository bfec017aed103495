#!/usr/bin/env bash
# build-mbedtls.sh SRC OUT.a CC FLAGS...: cross-compiles the Mbed TLS modules the benchmark
# uses from the source tree SRC into the static library OUT.a (written atomically, so a
# library that exists is complete). The Makefile names OUT.a by a hash of its inputs.
set -euo pipefail
src=$1 out=$2 cc=$3
shift 3
modules=(aes asn1parse asn1write bignum cipher cipher_wrap constant_time ctr_drbg ecdsa ecp
  ecp_curves entropy entropy_poll gcm hmac_drbg md oid platform_util rsa rsa_internal sha256
  sha512)
work=$(mktemp -d "$(dirname "$out")/.build.XXXXXX")
trap 'rm -rf "$work"' EXIT
printf '%s\n' "${modules[@]}" |
  xargs -P "$(nproc)" -I{} "$cc" "$@" -I "$src/include" -c "$src/library/{}.c" -o "$work/{}.o"
ar rcs "$work/lib.a" "$work"/*.o
mv "$work/lib.a" "$out"
