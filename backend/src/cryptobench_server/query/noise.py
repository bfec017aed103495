"""Run-to-run noise of the series a run measured, from their history (GET /compare's verdicts).

A series (models.Series: algorithm, operation, params, library + version, machine, clock, tags)
measured again by runs of one configuration still moves from run to run. Its noise is the
standard deviation of ln(figure) from one run to the next, estimated as change detection
estimates it (stats.run_to_run_noise) over its consecutive runs, each run's figure the median of
its positive results there (stats.run_figure). It is read over the series' newest HISTORY_RUNS
runs and needs MIN_RUNS of them; a run's key (algorithm, operation, params) measured by several of its series
(libraries, verbatim names) gets the largest of their noises.
"""

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cryptobench_server.models import Run, Series, SeriesRun
from cryptobench_server.query.compare import Key, Noise, pair_key
from cryptobench_server.stats import run_figure, run_to_run_noise

HISTORY_RUNS = 20
MIN_RUNS = 3


def series_noise(session: Session, run: Run, metric: str) -> dict[Key, Noise]:
    """Per key (compare.pair_key) of the series `run` measured in `metric`, their run-to-run
    noise; keys whose series have fewer than MIN_RUNS runs are absent."""
    values = getattr(SeriesRun, f"{metric}_values")
    measured = select(SeriesRun.series_id).where(SeriesRun.run_pk == run.id, values.is_not(None))
    newest = func.row_number().over(
        partition_by=SeriesRun.series_id, order_by=(Run.started_at.desc(), Run.id.desc())
    )
    history = (
        select(SeriesRun.series_id, Run.started_at, Run.id, values.label("figures"))
        .add_columns(newest.label("newest"))
        .join(Run, Run.id == SeriesRun.run_pk)
        .where(SeriesRun.series_id.in_(measured), values.is_not(None))
        .subquery()
    )
    query = (
        select(Series.id, Series.algorithm, Series.operation, Series.params, history.c.figures)
        .join(history, history.c.series_id == Series.id)
        .where(history.c.newest <= HISTORY_RUNS)
        .order_by(Series.id, history.c.started_at, history.c.id)
    )
    figures: dict[int, list[float]] = {}
    keys: dict[int, Key] = {}
    for series_id, algorithm, operation, params, packed in session.execute(query):
        figure = run_figure(packed)
        if figure is not None:
            figures.setdefault(series_id, []).append(figure.value)
            keys[series_id] = pair_key(algorithm, operation, params)
    out: dict[Key, Noise] = {}
    for series_id, series_figures in figures.items():
        if len(series_figures) < MIN_RUNS:
            continue
        noise = Noise(run_to_run_noise(series_figures), len(series_figures))
        key = keys[series_id]
        if key not in out or noise.sigma > out[key].sigma:
            out[key] = noise
    return out
