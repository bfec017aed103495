"""The labelled evaluation set of change detection (issue 39), written to data/change_eval.json.

Synthetic series of 30 nightly figures, each labelled with its true steps (the index of the first
run at the new level; none for the rest), made from a fixed seed so the file is the same on every
run of this script:
- noise: sigma 0 (an instruction count: the deterministic metric `instructions_per_op`), 0.5%,
  1% and 3% of ln(figure), normal or heavy-tailed (Student's t with 2 degrees of freedom, scaled
  so its median absolute deviation is a normal's of that sigma);
- `step`: one step at a random run 8..24, up or down, of 3, 5 or 10 sigma (0.5% for sigma 0);
- `none`: no step; `drift`: a slow trend of sigma/4 per run, no step; `outlier`: one run 25%
  off, no step.
The real series come from captured runs (bench/change_detection.py reads them next to this file's
output): the masked-AES-NI nights of collectors/tests/fixtures, each lineage with its step at the
sixth night.

Run from bench/: ../.venv/bin/python -m harness.change_eval (rewrites the file; in harness/, so
`make bench` does not run it).
"""

import json
import math
import random
from pathlib import Path

SEED = 39
LENGTH = 30
LEVEL = 1000.0
SIGMAS = (0.0, 0.005, 0.01, 0.03)
SIZES = (3, 5, 10)
PER_CELL = 6
OUTPUT = Path(__file__).parents[1] / "data" / "change_eval.json"
#: The median of |x| of Student's t with 2 degrees of freedom (sqrt(2/3)) and of a normal.
T2_MAD = 0.8165
NORMAL_MAD = 0.6745


def noise(rng: random.Random, sigma: float, tails: str) -> float:
    if sigma == 0:
        return 0.0
    if tails == "normal":
        return rng.gauss(0, sigma)
    # Student's t with 2 degrees of freedom: a normal over sqrt(chi2(2) / 2).
    t = rng.gauss(0, 1) / math.sqrt(rng.expovariate(1.0))
    return t * sigma * NORMAL_MAD / T2_MAD


def series(rng: random.Random, sigma: float, tails: str, kind: str, size: int) -> dict:
    steps: list[int] = []
    shift = [0.0] * LENGTH
    if kind == "step":
        at = rng.randint(8, 24)
        magnitude = (size * sigma if sigma else 0.005) * rng.choice((1, -1))
        shift = [magnitude if i >= at else 0.0 for i in range(LENGTH)]
        steps = [at]
    elif kind == "drift":
        shift = [i * sigma / 4 for i in range(LENGTH)]
    elif kind == "outlier":
        at = rng.randint(8, 24)
        shift[at] = math.log(1.25)
    values = [LEVEL * math.exp(s + noise(rng, sigma, tails)) for s in shift]
    return {
        "name": f"{kind}-{size if kind == 'step' else 0}sd-{sigma:g}-{tails}",
        "kind": kind,
        "sigma": sigma,
        "tails": tails,
        "step_sigmas": size if kind == "step" else 0,
        "metric": "instructions_per_op" if sigma == 0 else "ns_per_op",
        "values": [round(v, 6) for v in values],
        "steps": steps,
    }


def build() -> list[dict]:
    rng = random.Random(SEED)
    out = []
    for sigma in SIGMAS:
        for tails in ("normal", "heavy") if sigma else ("none",):
            for _ in range(PER_CELL):
                out += [series(rng, sigma, tails, "step", size) for size in SIZES]
                out += [series(rng, sigma, tails, kind, 0) for kind in ("none", "drift")]
                out.append(series(rng, sigma, tails, "outlier", 0))
    return out


def main() -> None:
    OUTPUT.parent.mkdir(exist_ok=True)
    found = build()
    OUTPUT.write_text(json.dumps({"seed": SEED, "series": found}, indent=0) + "\n")
    print(f"{len(found)} series, {sum(len(s['steps']) for s in found)} steps -> {OUTPUT}")


if __name__ == "__main__":
    main()
