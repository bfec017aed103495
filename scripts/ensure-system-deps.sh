#!/usr/bin/env bash
# Installs the Debian packages the tests need, only those that are missing, and fetches Mbed TLS's
# source package into a cache for the firmware's RV32 build (scripts/fetch-mbedtls-source.sh).
set -euo pipefail
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -f /usr/include/mbedtls/rsa.h ] || missing+=(libmbedtls-dev)
# the firmware core's 32-bit (ILP32, like the ESP32-C6) build: gcc -m32 and the i386 Mbed TLS
[ -f /usr/lib32/crt1.o ] || missing+=(gcc-multilib)
[ -f /usr/lib/i386-linux-gnu/libmbedcrypto.so ] || missing+=(libmbedtls-dev:i386)
command -v cmake >/dev/null || missing+=(cmake)
command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || missing+=(maven)
# the real `docker compose up` test (backend/tests/test_compose_docker.py) and its look-alike bases
[ -x /usr/sbin/dockerd ] || missing+=(docker.io)
[ -x /usr/bin/docker-compose ] || missing+=(docker-compose)
[ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
# the firmware's RV32 build under QEMU (agents/esp32c6/rv32): bare-metal cross compiler, its C
# library, the emulator; Mbed TLS's sources come from Debian's source package (below)
command -v riscv64-unknown-elf-gcc >/dev/null || missing+=(gcc-riscv64-unknown-elf)
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] || missing+=(picolibc-riscv64-unknown-elf)
command -v qemu-system-riscv32 >/dev/null || missing+=(qemu-system-misc)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "not root: run 'sudo apt-get install ${missing[*]}' and try again" >&2
    exit 1
  fi
  if [[ " ${missing[*]} " == *":i386 "* ]] && ! dpkg --print-foreign-architectures | grep -qx i386; then
    dpkg --add-architecture i386
  fi
  "$(dirname "$0")/apt-install.sh" "${missing[@]}"
fi
"$(dirname "$0")/fetch-mbedtls-source.sh" >/dev/null
