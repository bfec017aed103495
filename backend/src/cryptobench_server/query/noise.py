"""Run-to-run noise of what a run measured, from its lineages' history (GET /compare's verdicts).

The noise is the one change detection and the run verdicts measure (changes/noise.py): per
lineage of the run (changes/store.lineages_around: one machine, source, algorithm, operation,
params, library, reported metric and variant, whatever the library version or build), the
run-to-run noise of its points at the run's clock in the baseline before the run. A noise of
ln(figure) holds for every metric derived from the reported one (a reciprocal or a scale), so a
key (algorithm, operation, params) gets it whatever metric is compared; measured by several
lineages (libraries, families), it gets the largest of their noises. A key whose lineages' noise
is unknown gets `Noise(None, k, needed)`: k baseline runs of the `needed`.
"""

from sqlalchemy.orm import Session

from cryptobench_server.changes.noise import steps_and_baseline
from cryptobench_server.changes.store import lineages_around
from cryptobench_server.identity import LINEAGE_FIELDS
from cryptobench_server.models import Run
from cryptobench_server.query.compare import Key, Noise, pair_key

FIELD = {name: i for i, name in enumerate(LINEAGE_FIELDS)}


def series_noise(session: Session, run: Run, threshold: float) -> dict[Key, Noise]:
    """Per key (compare.pair_key) of the lineages `run` has a point in, their noise at it."""
    lineages, _ = lineages_around(session.connection(), run)
    out: dict[Key, Noise] = {}
    for fields, points in lineages.values():
        own = next((p for p in points if p.run.pk == run.id), None)
        if own is None:
            continue
        same = [p for p in points if p.run.facts["clock_hz"] == run.clock_hz]
        metric = fields[FIELD["metric"]]
        _, baseline = steps_and_baseline(
            [p.point for p in same], same.index(own), metric, threshold
        )
        noise = Noise(baseline.noise, len(baseline.points), baseline.needed)
        key = pair_key(
            fields[FIELD["algorithm"]], fields[FIELD["operation"]], fields[FIELD["params"]]
        )
        if key not in out or _louder(noise, out[key]):
            out[key] = noise
    return out


def _louder(noise: Noise, than: Noise) -> bool:
    """Whether `noise` should stand for a key instead of `than`: an unknown noise wins (the key's
    noise is not known), else the larger."""
    if noise.sigma is None or than.sigma is None:
        return noise.sigma is None and than.sigma is not None
    return noise.sigma > than.sigma
