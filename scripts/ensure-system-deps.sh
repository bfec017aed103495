#!/usr/bin/env bash
# Installs the Debian packages the tests need, only those that are missing.
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
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "installing Debian packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "not root: run 'sudo apt-get install ${missing[*]}' and try again" >&2
  exit 1
fi
if [[ " ${missing[*]} " == *":i386 "* ]] && ! dpkg --print-foreign-architectures | grep -qx i386; then
  dpkg --add-architecture i386
fi
exec "$(dirname "$0")/apt-install.sh" "${missing[@]}"
