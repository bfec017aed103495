"""Tables: machines, runs, their artifacts, results, the series read model and API tokens (SQLAlchemy 2, portable SQLite/PostgreSQL)."""

import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    TypeDecorator,
    Uuid,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship

from cryptobench_server.db import Base

JsonDoc = JSON().with_variant(JSONB(), "postgresql")
BigId = BigInteger().with_variant(Integer(), "sqlite")
#: The canonical figures (the contract's CANONICAL_METRICS) in the order of their columns: a
#: result's figures, the rollups' `<metric>_n` counts index, the /results rows and exports.
FIGURES = (
    "ns_per_op",
    "ops_per_s",
    "cycles_per_op",
    "bytes_per_s",
    "cycles_per_byte",
    "instructions_per_op",
    "instructions_per_byte",
)


class UtcDateTime(TypeDecorator[datetime]):
    """An instant, stored in UTC converted from its offset and read back aware in UTC.

    SQLite keeps no offset: 10:00+05:00 stored as given read back as 10:00 UTC, five hours off
    (PostgreSQL's timestamptz converts by itself). A naive datetime is taken as UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else _in_utc(value)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return None if value is None else _in_utc(value)


def _in_utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Machine(Base):
    """A machine, upserted by the fingerprint of (name, arch, cpu_model, cores, board)."""

    __tablename__ = "machines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    arch: Mapped[str | None] = mapped_column(String(200))
    cpu_model: Mapped[str | None] = mapped_column(String(200))
    cores: Mapped[int | None] = mapped_column(Integer)
    os: Mapped[str | None] = mapped_column(String(200))
    board: Mapped[str | None] = mapped_column(String(200))
    extra: Mapped[dict[str, Any]] = mapped_column(JsonDoc, default=dict)
    first_seen: Mapped[datetime] = mapped_column(UtcDateTime)
    last_seen: Mapped[datetime] = mapped_column(UtcDateTime)

    runs: Mapped[list["Run"]] = relationship(back_populates="machine")


class Artifact(Base):
    """A tool's original output, stored once for every run that carries it (an import's runs
    share their paste's): `digest` is the SHA-256 of the media type, a NUL and the content."""

    __tablename__ = "artifacts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    media_type: Mapped[str] = mapped_column(String(100))
    content: Mapped[str] = mapped_column(Text)


class Run(Base):
    """One benchmark session on one machine, stored as sent (plus its content hash)."""

    __tablename__ = "runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[uuid.UUID] = mapped_column(Uuid, unique=True)
    content_hash: Mapped[str] = mapped_column(String(64))
    source: Mapped[str] = mapped_column(String(32), index=True)
    started_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    machine_id: Mapped[int] = mapped_column(ForeignKey("machines.id"), index=True)
    clock_hz: Mapped[float | None] = mapped_column(Float)
    clock_source: Mapped[str | None] = mapped_column(String(32))
    machine_extra: Mapped[dict[str, Any]] = mapped_column(JsonDoc, default=dict)
    tool_name: Mapped[str] = mapped_column(String(200))
    tool_version: Mapped[str | None] = mapped_column(String(200))
    tool_build: Mapped[str | None] = mapped_column(Text)
    tool_options: Mapped[str | None] = mapped_column(Text)
    tags: Mapped[dict[str, str]] = mapped_column(JsonDoc, default=dict)
    result_count: Mapped[int] = mapped_column(Integer)
    artifact_id: Mapped[int | None] = mapped_column(ForeignKey("artifacts.id"), index=True)
    warnings: Mapped[list[dict[str, Any]]] = mapped_column(JsonDoc, default=list)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)

    machine: Mapped[Machine] = relationship(back_populates="runs")

    #: Change detection's window (changes/store.py): a machine and source's runs by start.
    __table_args__ = (Index("ix_runs_lineage_window", "machine_id", "source", "started_at", "id"),)


class Result(Base):
    """One reported figure with every canonical figure derivable from it (NULL when not)."""

    __tablename__ = "results"

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    series_key: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(200))
    family: Mapped[str | None] = mapped_column(String(32))
    algorithm: Mapped[str] = mapped_column(String(200))
    operation: Mapped[str | None] = mapped_column(String(32))
    library: Mapped[str | None] = mapped_column(String(200))
    library_version: Mapped[str | None] = mapped_column(String(200))
    params: Mapped[dict[str, Any]] = mapped_column(JsonDoc, default=dict)
    metric: Mapped[str] = mapped_column(String(32))
    value: Mapped[float] = mapped_column(Float)
    unit: Mapped[str] = mapped_column(String(32))
    error: Mapped[float | None] = mapped_column(Float)
    error_kind: Mapped[str | None] = mapped_column(String(16))
    samples: Mapped[int | None] = mapped_column(BigInteger)
    stats: Mapped[dict[str, float] | None] = mapped_column(JsonDoc)
    raw: Mapped[list[Any] | None] = mapped_column(JsonDoc)
    ns_per_op: Mapped[float | None] = mapped_column(Float)
    ops_per_s: Mapped[float | None] = mapped_column(Float)
    cycles_per_op: Mapped[float | None] = mapped_column(Float)
    bytes_per_s: Mapped[float | None] = mapped_column(Float)
    cycles_per_byte: Mapped[float | None] = mapped_column(Float)
    instructions_per_op: Mapped[float | None] = mapped_column(Float)
    instructions_per_byte: Mapped[float | None] = mapped_column(Float)
    derived: Mapped[list[str]] = mapped_column(JsonDoc, default=list)
    flags: Mapped[list[str]] = mapped_column(JsonDoc, default=list)

    __table_args__ = (
        Index("ix_results_run_pk_position", "run_pk", "position"),
        Index("ix_results_series_key", "series_key"),
        Index("ix_results_algorithm_operation", "algorithm", "operation"),
        Index("ix_results_family", "family"),
    )


class Figures:
    """The figure columns a rollup row keeps for its results (rollups.py).

    `result_n` counts the results; per canonical metric: how many have it (`<metric>_n`), their
    sum, min, max and `<metric>_values` (the figures packed as big-endian float64 in no
    particular order, for an exact median). The error columns are over the results whose
    reported error converts into the reported metric (query/chart.py).
    """

    result_n: Mapped[int] = mapped_column(Integer)
    ns_per_op_n: Mapped[int] = mapped_column(Integer)
    ns_per_op_sum: Mapped[float | None] = mapped_column(Float)
    ns_per_op_min: Mapped[float | None] = mapped_column(Float)
    ns_per_op_max: Mapped[float | None] = mapped_column(Float)
    ns_per_op_values: Mapped[bytes | None] = mapped_column(LargeBinary)
    ops_per_s_n: Mapped[int] = mapped_column(Integer)
    ops_per_s_sum: Mapped[float | None] = mapped_column(Float)
    ops_per_s_min: Mapped[float | None] = mapped_column(Float)
    ops_per_s_max: Mapped[float | None] = mapped_column(Float)
    ops_per_s_values: Mapped[bytes | None] = mapped_column(LargeBinary)
    cycles_per_op_n: Mapped[int] = mapped_column(Integer)
    cycles_per_op_sum: Mapped[float | None] = mapped_column(Float)
    cycles_per_op_min: Mapped[float | None] = mapped_column(Float)
    cycles_per_op_max: Mapped[float | None] = mapped_column(Float)
    cycles_per_op_values: Mapped[bytes | None] = mapped_column(LargeBinary)
    bytes_per_s_n: Mapped[int] = mapped_column(Integer)
    bytes_per_s_sum: Mapped[float | None] = mapped_column(Float)
    bytes_per_s_min: Mapped[float | None] = mapped_column(Float)
    bytes_per_s_max: Mapped[float | None] = mapped_column(Float)
    bytes_per_s_values: Mapped[bytes | None] = mapped_column(LargeBinary)
    cycles_per_byte_n: Mapped[int] = mapped_column(Integer)
    cycles_per_byte_sum: Mapped[float | None] = mapped_column(Float)
    cycles_per_byte_min: Mapped[float | None] = mapped_column(Float)
    cycles_per_byte_max: Mapped[float | None] = mapped_column(Float)
    cycles_per_byte_values: Mapped[bytes | None] = mapped_column(LargeBinary)
    instructions_per_op_n: Mapped[int] = mapped_column(Integer)
    instructions_per_op_sum: Mapped[float | None] = mapped_column(Float)
    instructions_per_op_min: Mapped[float | None] = mapped_column(Float)
    instructions_per_op_max: Mapped[float | None] = mapped_column(Float)
    instructions_per_op_values: Mapped[bytes | None] = mapped_column(LargeBinary)
    instructions_per_byte_n: Mapped[int] = mapped_column(Integer)
    instructions_per_byte_sum: Mapped[float | None] = mapped_column(Float)
    instructions_per_byte_min: Mapped[float | None] = mapped_column(Float)
    instructions_per_byte_max: Mapped[float | None] = mapped_column(Float)
    instructions_per_byte_values: Mapped[bytes | None] = mapped_column(LargeBinary)
    error_n: Mapped[int] = mapped_column(Integer)
    error_max: Mapped[float | None] = mapped_column(Float)
    error_kind_min: Mapped[str | None] = mapped_column(String(16))
    error_kind_max: Mapped[str | None] = mapped_column(String(16))
    #: Results carrying a plausibility flag (query/flags.py reads which flags only when > 0).
    flagged_n: Mapped[int] = mapped_column(Integer)


class Series(Base):
    """One distinct series: what every result of it shares (its dimensions), whatever run measured it.

    `identity` is the series key (algorithm, operation, params, library + version, machine,
    clock, tags), the reported metric, the run's source, family and verbatim name; `clock_hz`
    is the runs' clock (part of the key, so one per series).
    """

    __tablename__ = "series"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    identity: Mapped[str] = mapped_column(String(400), unique=True)
    series_key: Mapped[str] = mapped_column(String(32), index=True)
    name: Mapped[str] = mapped_column(String(200))
    family: Mapped[str | None] = mapped_column(String(32))
    algorithm: Mapped[str] = mapped_column(String(200))
    operation: Mapped[str | None] = mapped_column(String(32))
    library: Mapped[str | None] = mapped_column(String(200))
    library_version: Mapped[str | None] = mapped_column(String(200))
    params: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    metric: Mapped[str] = mapped_column(String(32))
    source: Mapped[str] = mapped_column(String(32))
    machine_id: Mapped[int] = mapped_column(ForeignKey("machines.id"), index=True)
    clock_hz: Mapped[float | None] = mapped_column(Float)
    tags: Mapped[dict[str, str]] = mapped_column(JsonDoc)


class SeriesRun(Figures, Base):
    """The results of one series in one run (history's per-run points)."""

    __tablename__ = "series_runs"

    series_id: Mapped[int] = mapped_column(
        ForeignKey("series.id", ondelete="CASCADE"), primary_key=True
    )
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True)
    #: Change detection's error inputs (changes/store.py), over the results whose reported
    #: metric's figure is positive: how many carry a relative error (changes.detect.
    #: relative_error) and the largest.
    relative_error_n: Mapped[int] = mapped_column(Integer)
    relative_error_max: Mapped[float | None] = mapped_column(Float)

    #: Counting by series (facets under a run filter) and by run (the run facet) read these
    #: indexes only, not the rows' packed figures.
    __table_args__ = (
        Index("ix_series_runs_counts", "series_id", "run_pk", "result_n"),
        Index("ix_series_runs_by_run", "run_pk", "series_id", "result_n"),
    )


class SeriesTotal(Figures, Base):
    """The results of one series over all its runs (facets, and charts not split by run), in
    pieces: an upload adds into its series' open piece (store/rollups.py), so readers aggregate
    a series' pieces as they aggregate its series_runs."""

    __tablename__ = "series_totals"

    series_id: Mapped[int] = mapped_column(
        ForeignKey("series.id", ondelete="CASCADE"), primary_key=True
    )
    piece: Mapped[int] = mapped_column(Integer, primary_key=True, server_default="0")

    #: Facets count from this index only, not from the rows' packed figures.
    __table_args__ = (
        Index(
            "ix_series_totals_counts",
            "series_id",
            "result_n",
            *(f"{m}_n" for m in FIGURES),
        ),
    )


class ApiToken(Base):
    """An API token: only its SHA-256 is stored; the secret is shown once at creation."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    scope: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime)


class Change(Base):
    """A step change of one lineage at one run (changes/store.py is the one producer).

    A lineage is a series without the facts that change between runs on purpose: the results of
    one machine and source with one family, algorithm, operation, params, library, reported
    metric and variant (the run's tags in identity.VARIANT_TAGS: -O2 and -Os are two lineages),
    whatever the library version, tool, other tags, clock or the tool's verbatim result name
    (`name` is the changed run's); see `what_changed`.
    """

    __tablename__ = "changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lineage: Mapped[str] = mapped_column(String(32), index=True)
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    baseline_run_pk: Mapped[int] = mapped_column(
        ForeignKey("runs.id", ondelete="CASCADE"), index=True
    )
    machine_id: Mapped[int] = mapped_column(ForeignKey("machines.id"))
    source: Mapped[str] = mapped_column(String(32))
    family: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(200))
    algorithm: Mapped[str] = mapped_column(String(200))
    operation: Mapped[str | None] = mapped_column(String(32))
    library: Mapped[str | None] = mapped_column(String(200))
    library_version: Mapped[str | None] = mapped_column(String(200))
    params: Mapped[dict[str, Any]] = mapped_column(JsonDoc, default=dict)
    metric: Mapped[str] = mapped_column(String(32))
    variant: Mapped[dict[str, str]] = mapped_column(JsonDoc, default=dict)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    ratio: Mapped[float] = mapped_column(Float)
    direction: Mapped[str] = mapped_column(String(16))
    #: The step's evidence (changes/detect.py): z (NULL when its standard error is 0), the
    #: run-to-run noise it was measured against and the points of both windows.
    z: Mapped[float | None] = mapped_column(Float)
    noise: Mapped[float] = mapped_column(Float)
    before_n: Mapped[int] = mapped_column(Integer)
    after_n: Mapped[int] = mapped_column(Integer)
    what_changed: Mapped[dict[str, list[Any]]] = mapped_column(JsonDoc, default=dict)
    started_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class ChangeAck(Base):
    """A person's word on a change (changes/acknowledge.py): `expected` (a real step, made on
    purpose) or `dismissed` (not a real step), with a note and the admin token's name. Kept by
    the change's lineage and run, not by the change row, which detection makes again: it holds
    through a re-detection, and every word is kept (the latest counts)."""

    __tablename__ = "change_acks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    lineage: Mapped[str] = mapped_column(String(32), index=True)
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    note: Mapped[str] = mapped_column(Text)
    author: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class LineagePoint(Base):
    """One run's point of one lineage (changes/store.py is the one producer): the median of its
    positive figures of the reported metric with the tool's relative error of that level, the
    library versions and the smallest verbatim name of its results. Stored once, at the run's
    upload, so that change detection reads its window's points, not their series_runs."""

    __tablename__ = "lineage_points"

    lineage: Mapped[str] = mapped_column(String(32), primary_key=True)
    run_pk: Mapped[int] = mapped_column(
        ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    value: Mapped[float] = mapped_column(Float)
    rel_error: Mapped[float | None] = mapped_column(Float)
    name: Mapped[str] = mapped_column(String(200))
    versions: Mapped[list[str | None]] = mapped_column(JsonDoc)


class RunNote(Base):
    """A note on a run (why it moved, what was wrong with it), shown on the run page and history."""

    __tablename__ = "run_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    text: Mapped[str] = mapped_column(Text)
    author: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
