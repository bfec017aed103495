"""`--report-markdown PATH` / `--report-json PATH`: the gate's verdicts as a pull-request comment.

Every run the gate judged in this process is in both files, rewritten after each run (so a
command that stops at a later run still leaves the ones judged). The Markdown starts with the
overall status (the most urgent run's, gate.STATUS_PRECEDENCE), then per run a line of counts
and a table of the rows that matter (every verdict but `stable`, at most ROWS_SHOWN, the rest
counted), each with links to the dashboard's History and Compare pages when the server is
known. The JSON holds the same runs as the server's GET /runs/{run_id}/verdicts answered them,
each row with its `links`.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from cryptobench_collect.documents import write_atomically

#: Rows of one run shown in the Markdown; the rest are counted.
ROWS_SHOWN = 30
#: The verdict rows' order and the statuses' (most urgent first), as the server ranks them.
STATUS_PRECEDENCE = ("regressed", "action_required", "acknowledged", "improved", "stable")
TITLES = {
    "regressed": "regressed",
    "action_required": "action required",
    "acknowledged": "regressions acknowledged",
    "improved": "improved",
    "stable": "stable",
}


def overall(statuses: list[str]) -> str:
    """The most urgent of the runs' statuses (STATUS_PRECEDENCE); `stable` for none."""
    return next((s for s in STATUS_PRECEDENCE if s in statuses), "stable")


@dataclass
class Reports:
    markdown_path: Path | None
    json_path: Path | None
    server: str | None
    runs: list[dict[str, Any]] = field(default_factory=list)

    def add(self, verdicts: dict[str, Any]) -> None:
        """Add one run's verdicts (GET /runs/{run_id}/verdicts) and rewrite both files."""
        self.runs.append(with_links(verdicts, self.server))
        status = overall([run["status"] for run in self.runs])
        if self.json_path is not None:
            document = {"status": status, "runs": self.runs}
            write_atomically(self.json_path, json.dumps(document, indent=2) + "\n")
        if self.markdown_path is not None:
            write_atomically(self.markdown_path, markdown(status, self.runs))


def with_links(verdicts: dict[str, Any], server: str | None) -> dict[str, Any]:
    """The verdicts with the run's page and each row's History and Compare pages (when known)."""
    base = (server or "").rstrip("/")
    run_id = verdicts["run_id"]
    rows = [{**row, "links": _links(base, verdicts, row)} for row in verdicts["verdicts"]]
    run_url = f"{base}/runs/{quote(run_id)}" if base else None
    return {**verdicts, "url": run_url, "verdicts": rows}


def _links(base: str, verdicts: dict[str, Any], row: dict[str, Any]) -> dict[str, str]:
    if not base:
        return {}
    series = row["series"]
    filters = {
        name: series[name]
        for name in ("algorithm", "operation", "library")
        if series.get(name) is not None
    }
    filters["machine"] = verdicts["machine"]
    filters |= {f"param.{k}": str(v) for k, v in series["params"].items()}
    filters |= {f"tag.{k}": v for k, v in series.get("variant", {}).items()}
    # The UI's view URL (frontend lib/viewState.ts): filters as f.<dimension>, sorted.
    query = [(f"f.{name}", value) for name, value in sorted(filters.items())]
    query += [("series", ""), ("metric", series["metric"])]
    links = {"history": f"{base}/history?{urlencode(query)}"}
    if row["baseline_run_id"] is not None:
        pair = {
            "baseline": row["baseline_run_id"],
            "contender": verdicts["run_id"],
            "metric": series["metric"],
        }
        links["compare"] = f"{base}/compare?{urlencode(pair)}"
    return links


def markdown(status: str, runs: list[dict[str, Any]]) -> str:
    lines = [f"### CryptoBench: {TITLES[status]}", ""]
    for run in runs:
        lines += _run_section(run)
    return "\n".join(lines)


def _run_section(run: dict[str, Any]) -> list[str]:
    name = f"[`{run['run_id']}`]({run['url']})" if run["url"] else f"`{run['run_id']}`"
    counts = ", ".join(f"{n} {verdict}" for verdict, n in sorted(run["counts"].items()))
    lines = [
        f"**{TITLES[run['status']]}**: run {name} on {_cell(run['machine'])} "
        f"({counts or 'no series'})",
        "",
    ]
    rows = [row for row in run["verdicts"] if row["verdict"] != "stable"]
    if not rows:
        return lines
    lines += ["| verdict | series | detail | links |", "|---|---|---|---|"]
    for row in rows[:ROWS_SHOWN]:
        links = " · ".join(f"[{kind}]({url})" for kind, url in row["links"].items())
        cells = [row["verdict"].replace("_", " "), label(row["series"]), row["detail"], links]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    if len(rows) > ROWS_SHOWN:
        lines.append(f"\n… and {len(rows) - ROWS_SHOWN} more rows (the JSON report has them all)")
    return [*lines, ""]


def label(series: dict[str, Any]) -> str:
    """`AES-128-CBC encrypt (block_bytes 16, bytes_per_s)`."""
    head = " ".join(str(series[k]) for k in ("algorithm", "operation") if series.get(k))
    params = [f"{k} {v}" for k, v in sorted(series["params"].items())]
    return f"{head} ({', '.join([*params, series['metric']])})"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
