"""`scripts/stack.sh --check`: probe a running stack end to end; exit 0 when every probe answers.

Usage: stack_check.py URL TOKEN_CREATE_OUTPUT
"""

import re
import sys
import uuid

import httpx


def token_from(output: str) -> str:
    return max(re.findall(r"[A-Za-z0-9_\-\.~]{24,}", output), key=len)


def run_document() -> dict:
    return {
        "schema": "cryptobench.run/v1",
        "run_id": str(uuid.uuid4()),
        "source": "manual",
        "started_at": "2026-11-20T10:00:00Z",
        "machine": {"name": "stack-check"},
        "tool": {"name": "stack-check"},
        "results": [
            {
                "name": "rsa2048 sign",
                "algorithm": "RSA",
                "operation": "sign",
                "family": "signature",
                "params": {"key_bits": 2048},
                "metric": "ops_per_s",
                "value": 1234.5,
                "unit": "ops/s",
            }
        ],
    }


def probe(url: str, token: str) -> tuple[list[str], list[bool]]:
    with httpx.Client(base_url=url, timeout=30) as client:
        health = client.get("/api/v1/health").json()
        ui = client.get("/")
        runs_before = client.get("/api/v1/runs").json()
        upload = client.post(
            "/api/v1/runs", json=run_document(), headers={"Authorization": f"Bearer {token}"}
        )
        chart = client.get("/api/v1/chart", params={"metric": "ops_per_s", "x": "param.key_bits"})
    return [
        f"health: {health}",
        f"UI: HTTP {ui.status_code} {ui.headers.get('content-type')}",
        f"demo runs listed: {len(runs_before['data'])}",
        f"upload with the stack token: HTTP {upload.status_code}",
        f"chart: HTTP {chart.status_code}",
    ], [
        health.get("database") == "postgresql",
        ui.status_code == 200,
        len(runs_before["data"]) > 0,
        upload.status_code == 201,
        chart.status_code == 200,
    ]


def main() -> None:
    lines, results = probe(sys.argv[1], token_from(sys.argv[2]))
    print("\n".join(f"stack check: {line}" for line in lines))
    if not all(results):
        print("stack check: FAILED", file=sys.stderr)
        sys.exit(1)
    print("stack check: ok")


if __name__ == "__main__":
    main()
