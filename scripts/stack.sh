#!/usr/bin/env bash
# `make stack`: the docker-compose stack without Docker. A throwaway local PostgreSQL cluster
# (Debian's postgresql binaries, as in the tests), migrations, the demo data, an upload token,
# and the service serving the API and the built UI.
#   scripts/stack.sh           serve on http://$HOST:$PORT until Ctrl-C, then remove the cluster
#   scripts/stack.sh --check   start everything on a free port, probe it end to end, stop; exit 0 if all answered
# Environment: HOST (127.0.0.1), PORT (8000), VENV (.venv of the checkout).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${VENV:-$root/.venv}/bin"
python="$bin/python"
host="${HOST:-127.0.0.1}"
port="${PORT:-8000}"
check=false
[[ "${1:-}" == "--check" ]] && check=true
[[ -x "$bin/cryptobench-server" ]] || { echo "stack: $bin/cryptobench-server not found; run 'make install'" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/cryptobench-stack.XXXXXX")"
cluster=""
server_pid=""

cleanup() {
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" && wait "$server_pid" 2>/dev/null || true
    fi
    if [[ -n "$cluster" ]]; then
        "$python" - "$cluster" <<'PY'
import json, sys
from pathlib import Path
from cryptobench_testsupport.pgcluster import Cluster, destroy
c = json.loads(sys.argv[1])
destroy(Cluster(root=Path(c["root"]), port=c["port"], bindir=Path(c["bindir"]), user=c["user"]))
PY
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cluster="$("$python" - <<'PY'
import json
from cryptobench_testsupport.pgcluster import start_cluster
c = start_cluster()
c.create_database("cryptobench")
print(json.dumps({"root": str(c.root), "port": c.port, "bindir": str(c.bindir), "user": c.user}))
PY
)"
pg_port="$("$python" -c 'import json,sys; print(json.loads(sys.argv[1])["port"])' "$cluster")"
if $check; then
    port="$("$python" -c 'from cryptobench_testsupport.pgcluster import free_port; print(free_port())')"
fi

export CRYPTOBENCH_DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:${pg_port}/cryptobench"
export CRYPTOBENCH_DATA_DIR="$work"
"$bin/cryptobench-server" migrate
"$bin/cryptobench-server" demo load
token_output="$("$bin/cryptobench-server" token create stack-agent --scope upload)"
"$bin/cryptobench-server" serve --host "$host" --port "$port" --no-migrate > "$work/server.log" 2>&1 &
server_pid=$!

url="http://${host}:${port}"
for _ in $(seq 1 300); do
    curl -fsS "$url/api/v1/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done

if $check; then
    "$python" "$root/scripts/stack_check.py" "$url" "$token_output"
    exit 0
fi

cat <<EOF

CryptoBench is running (PostgreSQL on 127.0.0.1:${pg_port}, removed on exit).
  dashboard:    $url/
  API docs:     $url/docs
  upload token: (shown once)
$(sed 's/^/    /' <<<"$token_output")
  an agent:     cryptobench upload RUN.json --server $url --token <the token above>
  server log:   $work/server.log
Press Ctrl-C to stop.
EOF
wait "$server_pid"
