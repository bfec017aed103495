"""Sanity check of one leak-test run's output (stdlib only), protocol version 2.

usage: python3 check_leak.py FILE [--exact]
Every case comes as two BENCH lines (input_class fixed, then random), each followed by BENCH_RAW
lines that carry exactly its `raw` samples in order, whose min/median/max are the line's. With
--exact (instruction counts under QEMU, which repeat exactly) the fixtures must also say what they
are for: the early-exit compare's classes count differently (no count in both classes), the
constant-time compare counts one number in both.
"""

import json
import sys
from statistics import median_high


def _items(lines: list[str], prefix: str) -> list[dict]:
    return [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith(prefix + " ")]


def _samples(lines: list[str]) -> tuple[list[dict], dict[int, list[int]]]:
    """The BENCH lines and each one's samples, checked to arrive in order ("at")."""
    bench, raw = [], {}
    for line in lines:
        kind, _, payload = line.partition(" ")
        if kind == "BENCH":
            bench.append(json.loads(payload))
        elif kind == "BENCH_RAW":
            item = json.loads(payload)
            got = raw.setdefault(item["seq"], [])
            if item["at"] != len(got):
                raise ValueError(f"seq {item['seq']}: samples at {item['at']}, expected {len(got)}")
            got.extend(item["samples"])
    return bench, raw


def check(lines: list[str], exact: bool) -> list[str]:
    begin, end = _items(lines, "BENCH_BEGIN"), _items(lines, "BENCH_END")
    if len(begin) != 1 or len(end) != 1 or begin[0].get("mode") != "leak-test":
        return ["expected one BENCH_BEGIN of mode leak-test and one BENCH_END"]
    try:
        bench, raw = _samples(lines)
    except ValueError as exc:
        return [str(exc)]
    problems = []
    if not end[0]["count"] == begin[0]["cases"] == len(bench) or end[0]["errors"] != 0:
        problems.append(f"{len(bench)} BENCH lines, BEGIN {begin[0]['cases']}, END {end[0]}")
    for index, item in enumerate(bench, start=1):
        samples = raw.get(item["seq"], [])
        cls = item["params"]["input_class"]
        if item["v"] != 2 or item["seq"] != index or cls != ("fixed", "random")[index % 2 == 0]:
            problems.append(f"line {index}: v {item['v']} seq {item['seq']} class {cls}")
        elif len(samples) != item["raw"] or item["n"] != item["raw"]:
            problems.append(f"{item['name']} {cls}: {len(samples)} samples of {item['raw']}")
        elif [item["min"], item["median"], item["max"]] != summary(samples):
            problems.append(f"{item['name']} {cls}: min/median/max are not the samples'")
    if exact and not problems:
        problems += fixtures_exact(bench, raw)
    return problems


def summary(samples: list[int]) -> list[int]:
    """The firmware's min, median (the lower middle plus half the gap, rounded down), max."""
    ordered = sorted(samples)
    low, high = ordered[(len(ordered) - 1) // 2], median_high(ordered)
    return [ordered[0], low + (high - low) // 2, ordered[-1]]


def fixtures_exact(bench: list[dict], raw: dict[int, list[int]]) -> list[str]:
    counts = {}
    for item in bench:
        counts[item["name"], item["params"]["input_class"]] = set(raw[item["seq"]])
    early = counts["leak-compare-early-exit", "fixed"], counts["leak-compare-early-exit", "random"]
    flat = (
        counts["leak-compare-constant-time", "fixed"],
        counts["leak-compare-constant-time", "random"],
    )
    problems = []
    if early[0] & early[1]:
        problems.append(
            f"early-exit compare: a count in both classes: {sorted(early[0] & early[1])}"
        )
    if len(flat[0] | flat[1]) != 1:
        problems.append(f"constant-time compare: counts {sorted(flat[0])} vs {sorted(flat[1])}")
    print(f"early-exit compare: fixed {sorted(early[0])}, random {sorted(early[1])} instructions; "
          f"constant-time compare: {sorted(flat[0] | flat[1])} in both classes")  # fmt: skip
    return problems


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        found = check(handle.read().splitlines(), "--exact" in sys.argv[2:])
    print("\n".join(found) or f"{sys.argv[1]}: ok")
    sys.exit(1 if found else 0)
