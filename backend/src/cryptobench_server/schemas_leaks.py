"""Models of the timing-leak screens (GET /leaks, GET /leaks/{run_id}/{position})."""

import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from cryptobench_server.leaks.verdict import Evidence, Kind


class LeakVerdict(BaseModel):
    kind: Kind = Field(description="leak | none (none detected) | inconclusive; never proof")
    text: str = Field(
        description='In words, with its evidence or its power: "leak detected (t = 38.2, 20,000 '
        'samples)", "none detected: a difference below 0.4% would have been missed (...)", '
        '"inconclusive (noise): ...", "leak: instruction counts differ by class (...)"'
    )
    evidence: Evidence = Field(
        description="samples (timings: Welch's t and the rank test), counts (deterministic "
        "instruction counts, compared exactly) or dudect (dudect's own max t)"
    )
    samples: int = Field(description="Samples of both classes (dudect: its measurements)")
    t: float | None = Field(
        description="Welch's t of the second class minus the first (dudect: max t)"
    )
    p: float | None = Field(description="Two-sided p-value of t")
    rank_z: float | None = Field(description="Mann-Whitney U's normal z")
    rank_p: float | None = Field(description="Two-sided p-value of the rank test")
    median_difference: float | None = Field(description="Second class's median minus the first's")
    relative_difference: float | None = Field(
        description="median_difference / both classes' median"
    )
    detectable: float | None = Field(
        description="The power: the smallest difference of the means |t| > 4.5 shows in 80% of "
        "repeats with these samples, in the screen's unit"
    )
    detectable_relative: float | None = Field(description="detectable / both classes' median")
    detectable_sd: float | None = Field(
        description="dudect: the smallest difference, in standard deviations, it would have shown"
    )
    cropped: int = Field(
        description="Samples above the pooled 99th percentile, left out of t and the power (the "
        "tail preemption and interrupts add); the rank test and medians are of all"
    )


class LeakClass(BaseModel):
    name: str = Field(description='params.input_class: "fixed", "random", "valid", "invalid", ...')
    n: int
    median: float
    min: float
    max: float


class LeakScreen(BaseModel):
    run_id: uuid.UUID
    position: int = Field(description="Position of the screen's first result in its run: its id")
    name: str = Field(description="The first result's verbatim name")
    started_at: datetime
    machine: str
    source: str
    tags: dict[str, str]
    family: str | None
    algorithm: str
    operation: str | None
    library: str | None
    library_version: str | None
    params: dict[str, Any] = Field(description="The results' params without input_class")
    metric: str = Field(
        description="The samples' metric: instructions_per_op, ns_per_op, or other (dudect's t)"
    )
    unit: str
    speed: float | None = Field(description="Median of both classes' samples, in `unit`")
    classes: list[LeakClass]
    verdict: LeakVerdict


class LeakScreens(BaseModel):
    scope: str = Field(description="What every verdict is about, and what it is not")
    threshold: float = Field(description="|t| above this is a detected leak (dudect's 4.5)")
    screens: list[LeakScreen]
    truncated: bool = Field(description="More screens match than `limit`")


class ClassHistogram(BaseModel):
    name: str
    counts: list[int] = Field(description="Samples per bin of `edges`")
    below: int = Field(description="Samples below the first edge (left out of the bins)")
    above: int = Field(description="Samples above the last edge")


class MedianInterval(BaseModel):
    level: float
    low: float
    high: float
    resamples: int
    seed: int


class TPoint(BaseModel):
    samples: int = Field(description="Samples of both classes so far, in measurement order")
    t: float


class LeakDetail(BaseModel):
    scope: str
    threshold: float
    screen: LeakScreen
    edges: list[float] = Field(description="Shared bin edges of the classes' histograms")
    histograms: list[ClassHistogram]
    interval: MedianInterval | None = Field(
        description="Bootstrap interval of the median difference (second class minus first)"
    )
    progress: list[TPoint] = Field(
        description="Welch's t against sample count, over the samples in the order stored"
    )
