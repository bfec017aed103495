#!/usr/bin/env bash
# Look-alike base images for the compose test (backend/tests/test_compose_docker.py), built from
# Debian packages and tagged with the names backend/Dockerfile and docker-compose.yml use:
# no container registry is reachable from this workplace, only Debian's archive and the package
# registries. Each one stands in for its official image as far as this project uses it:
#   python:3.11-slim-bookworm  Debian's python3 (3.11) + pip, `python`/`pip` on PATH, not
#                              externally managed (like the official image)
#   node:20-bookworm-slim      bookworm has no Node 20: the host's node and npm copied in
#   postgres:16                bookworm has PostgreSQL 15: postgresql-15 behind an entry point
#                              that honours POSTGRES_USER/PASSWORD/DB and initializes UTF8
# All carry this machine's CA bundle so builds inside containers reach the registries.
# Built once, then cached in the Docker daemon (rebuilt when this script's inputs change).
set -euo pipefail
DOCKER=${DOCKER:-/usr/bin/docker}
HERE=$(cd "$(dirname "$0")" && pwd)
VERSION=$(cat "$0" "$HERE/lookalike/postgres-entrypoint.sh" | sha256sum | cut -c1-12)
# the debootstrap root: bump its tag when the rootfs steps below change
MIN=cryptobench-lookalike/bookworm-minbase:1
LABEL=org.cryptobench.lookalike=$VERSION
CA=/etc/ssl/certs/ca-certificates.crt

current() { [ "$("$DOCKER" image inspect -f '{{index .Config.Labels "org.cryptobench.lookalike"}}' "$1" 2>/dev/null)" = "$VERSION" ]; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! "$DOCKER" image inspect "$MIN" >/dev/null 2>&1; then
  echo "lookalike: debootstrap --variant=minbase bookworm" >&2
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  mkdir -p "$work/rootfs/etc/ssl/certs"
  cp "$CA" "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
  tar -C "$work/rootfs" -c . | "$DOCKER" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' --change 'CMD ["bash"]' - "$MIN" >/dev/null
  rm -rf "$work/rootfs"
fi

build() {  # build TAG CONTEXT: Dockerfile on stdin
  echo "lookalike: $1" >&2
  "$DOCKER" build -q --label "$LABEL" -t "$1" -f - "$2" >/dev/null
}

context() {  # context NAME: a build context of its own holding the CA bundle; prints its path
  mkdir -p "$work/ctx-$1"
  cp "$CA" "$work/ctx-$1/ca-certificates.crt"
  echo "$work/ctx-$1"
}

python_base() {
  current python:3.11-slim-bookworm && return
  build python:3.11-slim-bookworm "$(context python)" <<DOCKERFILE
FROM $MIN
RUN { apt-get update -qq || apt-get update -qq || echo 'warning: apt-get update failed twice, installing from the indexes that downloaded' >&2; } && apt-get install -y -qq --no-install-recommends python3 python3-pip python3-venv ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/* /usr/lib/python3.11/EXTERNALLY-MANAGED \
 && ln -s /usr/bin/python3 /usr/local/bin/python && ln -s /usr/bin/pip3 /usr/local/bin/pip
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
CMD ["python3"]
DOCKERFILE
}

node_base() {
  current node:20-bookworm-slim && return
  local ctx
  ctx=$(context node)
  cp "$(readlink -f "$(command -v node)")" "$ctx/node"
  cp -r "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$ctx/npm"
  build node:20-bookworm-slim "$ctx" <<DOCKERFILE
FROM $MIN
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
DOCKERFILE
}

postgres_base() {
  current postgres:16 && return
  local ctx
  ctx=$(context postgres)
  cp "$HERE/lookalike/postgres-entrypoint.sh" "$ctx/docker-entrypoint.sh"
  build postgres:16 "$ctx" <<DOCKERFILE
FROM $MIN
RUN mkdir -p /etc/postgresql-common && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && { apt-get update -qq || apt-get update -qq || echo 'warning: apt-get update failed twice, installing from the indexes that downloaded' >&2; } && apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && rm -rf /var/lib/apt/lists/*
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data
VOLUME /var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
DOCKERFILE
}

# The three are independent and mostly wait on Debian's archive: built side by side (one after
# the other they took 173 s, side by side as long as the slowest, postgres's 96 s).
pids=()
for base in python_base node_base postgres_base; do
  "$base" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
exit "$status"
