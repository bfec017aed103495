"""Changes grouped into events: one per run and cause, with the series it moved summarised.

A cause is what changed between the run before and the run of the change (`what_changed`): the
changes of one run with one cause are one event (masking AES-NI moves every AES block size and
every SHA-256 one at once). An event's summary names each group of series that differ only in
their params, the ratio range and how many moved: "AES-128-CBC encrypt x0.21-0.26 on 6 block
sizes; SHA-256 hash x0.30-0.58 on 6 block sizes". Pure: shaped changes in, events out.
"""

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import orjson

from cryptobench_contract.sizes import SIZE_PARAMS
from cryptobench_contract.vocabulary import DIMENSION_LABELS


def param_label(key: str) -> str:
    """`block_bytes` -> "block size"; an unknown key by its name, underscores as spaces."""
    label = DIMENSION_LABELS.get(f"param.{key}", key.replace("_", " "))
    return label.split(" (", 1)[0]


def params_text(params: Mapping[str, Any]) -> str:
    """Every param by its label and value, sizes with their unit: "block size 16 B, curve x"."""
    parts = []
    for key in sorted(params):
        unit = SIZE_PARAMS.get(key)
        parts.append(f"{param_label(key)} {params[key]}{' ' + unit if unit else ''}")
    return ", ".join(parts)


def series_label(series: Mapping[str, Any]) -> str:
    """A lineage named with all it is: "AES-128-CBC encrypt, block size 16 B (OpenSSL 3.0.19)"
    (its variant is its run's: the event's)."""
    name = " ".join(p for p in (series["algorithm"], series.get("operation")) if p)
    params = params_text(series.get("params") or {})
    library = " ".join(p for p in (series.get("library"), series.get("library_version")) if p)
    return name + (f", {params}" if params else "") + (f" ({library})" if library else "")


def ratio_text(low: float, high: float) -> str:
    """x0.21-0.26, x0.21 when both read alike."""
    a, b = _ratio(low), _ratio(high)
    return f"x{a}" if a == b else f"x{a}-{b}"


def _ratio(value: float) -> str:
    """Two decimals, more when those read 1.00 (a 0.5% step of an instruction count: x1.005)."""
    if not 0.1 <= value < 10:
        return f"{value:.2g}"
    digits = 2
    while f"{value:.{digits}f}" == f"{1:.{digits}f}" and digits < 6:
        digits += 1
    return f"{value:.{digits}f}"


def _plural(label: str) -> str:
    return label + ("es" if label.endswith(("s", "sh", "ch", "x")) else "s")


def cause_key(what_changed: Mapping[str, Any]) -> bytes:
    return orjson.dumps(what_changed, option=orjson.OPT_SORT_KEYS)


def group_events(changes: Iterable[tuple[bytes, int, dict[str, Any]]]) -> list[dict[str, Any]]:
    """(cause key, run pk, shaped change) in newest-run-first order -> events in that order; a
    run's events by how many changes they hold, most first."""
    grouped: dict[tuple[int, bytes], list[dict[str, Any]]] = {}
    runs: dict[int, int] = {}
    for cause, run_pk, change in changes:
        runs.setdefault(run_pk, len(runs))
        grouped.setdefault((run_pk, cause), []).append(change)
    keys = sorted(grouped, key=lambda k: (runs[k[0]], -len(grouped[k])))
    return [event(grouped[k]) for k in keys]


def event(changes: Sequence[dict[str, Any]]) -> dict[str, Any]:
    first = changes[0]
    groups = _groups(changes)
    finite = [c["evidence"]["z"] for c in changes if c["evidence"]["z"] is not None]
    return {
        "run_id": first["run_id"],
        "started_at": first["started_at"],
        "machine": first["series"]["machine"],
        "source": first["series"]["source"],
        "variant": first["series"]["variant"],
        "verdict": "regressed" if any(c["verdict"] == "regressed" for c in changes) else "improved",
        "acknowledged": sum(bool(c["acknowledgements"]) for c in changes),
        "regressions": sum(c["direction"] == "regression" for c in changes),
        "improvements": sum(c["direction"] == "improvement" for c in changes),
        "summary": "; ".join(g["text"] for g in groups),
        "groups": groups,
        "evidence": {
            "few_points": all(c["evidence"]["few_points"] for c in changes),
            "deterministic": all(c["evidence"]["deterministic"] for c in changes),
            "z_min": min(finite) if finite else None,
            "noise_max": max(c["evidence"]["noise"] for c in changes),
        },
        "what_changed": first["what_changed"],
        "changes": list(changes),
    }


def _groups(changes: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Series that differ only in their params (and verbatim name), largest moves first."""
    by_name: dict[tuple, list[dict[str, Any]]] = {}
    for change in changes:
        s = change["series"]
        key = (s["algorithm"], s["operation"], s["library"], change["metric"], change["direction"])
        by_name.setdefault(key, []).append(change)
    libraries = {key[2] for key in by_name}
    groups = [_group(members, len(libraries) > 1) for members in by_name.values()]
    return sorted(groups, key=lambda g: -abs(math.log(g["ratio_min"]) + math.log(g["ratio_max"])))


def _group(members: Sequence[dict[str, Any]], name_library: bool) -> dict[str, Any]:
    s = members[0]["series"]
    keys = sorted({k for m in members for k in m["series"]["params"]})
    varying = [k for k in keys if len({_v(m, k) for m in members}) > 1]
    constant = {k: s["params"][k] for k in keys if k not in varying and k in s["params"]}
    ratios = [m["ratio"] for m in members]
    name = " ".join(p for p in (s["algorithm"], s["operation"]) if p)
    if constant:
        name += f" ({params_text(constant)})"
    if name_library and s["library"]:
        name += f" in {s['library']}"
    text = f"{name} {ratio_text(min(ratios), max(ratios))}"
    if len(members) > 1:
        what = _plural(param_label(varying[0])) if len(varying) == 1 else "series"
        text += f" on {len(members)} {what}"
    return {
        "text": text,
        "algorithm": s["algorithm"],
        "operation": s["operation"],
        "library": s["library"],
        "direction": members[0]["direction"],
        "verdict": members[0]["verdict"],
        "count": len(members),
        "varying": varying,
        "ratio_min": min(ratios),
        "ratio_max": max(ratios),
    }


def _v(change: Mapping[str, Any], key: str) -> str:
    return str(change["series"]["params"].get(key))
