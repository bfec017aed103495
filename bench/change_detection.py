"""Precision and recall of change detection (changes/detect.py) on the labelled evaluation set.

The set (harness/change_eval.py, data/change_eval.json): synthetic nightly series with known steps,
drifts and outliers at noise 0 (an instruction count), 0.5%, 1% and 3%, normal or heavy-tailed;
plus the real masked-AES-NI nights (collectors/tests/fixtures/openssl/masked-features: 12
lineages of 7 runs, AES-NI and the SHA extensions masked from the sixth). Each series is run
through `find_steps` with its metric's `sensitivity` (the server's default threshold, 5%), as
ingest detects. A found step matches a true one at most MATCH runs away; each true step matches
once. Baseline: a plain lookback z-score (Conbench's kind): a run is flagged when |ln x - mean|
exceeds 3 standard deviations of the up to 10 runs before it (at least 3; since the last flag),
any difference when those never vary. Also printed: a change-point method, e-divisive with a
permutation p <= 0.01 and a minimum magnitude (harness/edivisive.py), at the 5% threshold and
at 1%, with the detector's level-shift test.

Printed: precision and recall overall and per group (steps by size in noise units, by noise
level, the no-step kinds), against the issue's targets: precision >= 0.95 and recall >= 0.90 for
steps >= 3x the noise, no false alarm on zero-noise series without a step. A step below the
threshold is missed by design (the threshold is a setting: CRYPTOBENCH_CHANGE_THRESHOLD), so
recall is also given for the steps at or above it.
Last line: {"bench": "change_detection", "ours": F1, "baseline": F1, "ratio", "unit": "F1"}.
"""

import json
import math
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path

from harness.edivisive import change_points
from harness.result import print_result

from cryptobench_server.changes.detect import DEFAULT_THRESHOLD, Point, find_steps, sensitivity

ROOT = Path(__file__).parents[1]
SET = Path(__file__).parent / "data" / "change_eval.json"
MASKED = ROOT / "collectors/tests/fixtures/openssl/masked-features"
MATCH = 1
Z = 3.0
WINDOW, MIN_BEFORE = 10, 3
Detector = Callable[[Sequence[float], str], list[int]]


def ours(values: Sequence[float], metric: str) -> list[int]:
    found = sensitivity(metric, DEFAULT_THRESHOLD)
    points = [Point(v) for v in values]
    steps = find_steps(points, threshold=found.threshold, min_before=found.min_before)
    return [s.index for s in steps]


def edivisive(magnitude: float) -> Detector:
    def detect(values: Sequence[float], metric: str) -> list[int]:
        return change_points(values, sensitivity(metric, magnitude).threshold)

    return detect


def lookback_z(values: Sequence[float], metric: str) -> list[int]:
    logs = [math.log(v) for v in values]
    flagged, start = [], 0
    for i in range(len(logs)):
        window = logs[max(start, i - WINDOW) : i]
        if len(window) < MIN_BEFORE:
            continue
        mean, sd = statistics.fmean(window), statistics.pstdev(window)
        distance = abs(logs[i] - mean)
        if (sd == 0 and distance > 0) or (sd > 0 and distance > Z * sd):
            flagged.append(i)
            start = i
    return flagged


def masked_series() -> list[dict]:
    """The real masked-AES-NI lineages: one series per result name and params, step at night 6."""
    nights = [json.loads((MASKED / f"night{i}.json").read_text()) for i in range(1, 8)]
    lineages: dict[str, list[float]] = {}
    for doc in nights:
        for result in doc["results"]:
            key = f"{result['algorithm']} {json.dumps(result['params'], sort_keys=True)}"
            lineages.setdefault(key, []).append(result["value"])
    return [
        {
            "name": f"masked {key}",
            "kind": "real",
            "sigma": None,
            "tails": "real",
            "step_sigmas": None,
            "metric": "bytes_per_s",
            "values": values,
            "steps": [5],
        }
        for key, values in lineages.items()
    ]


def score(found: list[int], truth: list[int]) -> tuple[int, int, int]:
    """(true positives, false positives, missed) of one series."""
    left = list(truth)
    tp = 0
    for index in found:
        hit = next((t for t in left if abs(t - index) <= MATCH), None)
        if hit is not None:
            left.remove(hit)
            tp += 1
    return tp, len(found) - tp, len(left)


def rates(rows: list[tuple[int, int, int]]) -> tuple[float, float, int]:
    tp, fp, fn = (sum(r[k] for r in rows) for k in range(3))
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, fp


def f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def groups(item: dict) -> list[str]:
    kind, sigma = item["kind"], item["sigma"]
    out = ["all"]
    if kind == "step":
        out.append(f"steps of {item['step_sigmas']}x noise")
        if item["step_sigmas"] >= 3:
            out.append("steps >= 3x noise")
            if sigma == 0 or item["step_sigmas"] * sigma >= math.log1p(DEFAULT_THRESHOLD):
                out.append("steps >= 3x noise and >= the 5% threshold")
    elif kind == "real":
        out.append("real: masked AES-NI")
    else:
        out.append(f"no step: {kind}")
    if sigma == 0 and kind != "step":
        out.append("zero noise, no step")
    if sigma:
        out.append(f"noise {sigma:.1%} {item['tails']}")
    return out


def evaluate(items: list[dict], detector: Detector) -> dict[str, tuple[float, float, int]]:
    by_group: dict[str, list[tuple[int, int, int]]] = {}
    for item in items:
        result = score(detector(item["values"], item["metric"]), item["steps"])
        for group in groups(item):
            by_group.setdefault(group, []).append(result)
    return {group: rates(rows) for group, rows in by_group.items()}


def main() -> None:
    items = json.loads(SET.read_text())["series"] + masked_series()
    print(f"{len(items)} series, {sum(len(i['steps']) for i in items)} true steps")
    detectors = {
        "ours": ours,
        "e-divisive 5%": edivisive(DEFAULT_THRESHOLD),
        "e-divisive 1%": edivisive(0.01),
        "lookback z": lookback_z,
    }
    found = {name: evaluate(items, detector) for name, detector in detectors.items()}
    mine, theirs = found["ours"], found["lookback z"]
    print(f"{'P/R (false alarms)':48}" + "".join(f"{name:>24}" for name in detectors))
    for group in sorted(mine, key=lambda g: (g != "all", g)):
        cells = (found[name][group] for name in detectors)
        print(f"{group:48}" + "".join(f"{p:8.3f} {r:6.3f} ({n:3d})" for p, r, n in cells))
    steps = mine["steps >= 3x noise"]
    zero = mine["zero noise, no step"]
    print(
        f"targets: precision >= 0.95 ({mine['all'][0]:.3f}), recall >= 0.90 on steps >= 3x noise "
        f"({steps[1]:.3f}; {mine['steps >= 3x noise and >= the 5% threshold'][1]:.3f} of those "
        f">= the threshold), 0 false alarms on zero-noise series without a step ({zero[2]})"
    )
    print_result("change_detection", f1(*mine["all"][:2]), f1(*theirs["all"][:2]), "F1", digits=3)


if __name__ == "__main__":
    main()
