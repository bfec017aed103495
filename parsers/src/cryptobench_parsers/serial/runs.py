"""Group a console's parsed lines into runs (pure: no I/O, the caller supplies lines and times).

A run opens at a BEGIN line (or at the first result of a format without one) and closes at its
END. A BEGIN before the END (the board was reset), a result of another run, or the end of the
stream close the open run as partial; partial runs keep what arrived and say why. A format
without an end marker (Mbed TLS, wolfSSL) starts a new run when a name it already measured comes
again: a capture of a board benchmarking in a loop is one run per pass. A leak test's BENCH_RAW
lines fill the `raw` of the result they follow; a result whose samples did not all arrive in order
keeps none, with a warning, and its run is partial.
"""

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cryptobench_contract import ParseWarning, Result
from cryptobench_parsers.figures import NOT_UNDERSTOOD, figure_like, warning
from cryptobench_parsers.serial.lines import (
    Begin,
    End,
    Fact,
    Item,
    LineError,
    Measurement,
    RawSamples,
    parse_line,
)
from cryptobench_parsers.text_lines import filled_lines, line_breaks

_NAMESPACE = uuid.UUID("6f0b8a52-5d0e-4b8e-9a57-3c1f2b7d9e10")
_WITHOUT_END = ("mbedtls", "wolfssl")


@dataclass
class RawSlot:
    """The samples announced by one BENCH line (its `raw`), as they arrive."""

    index: int  # of the result in SerialRun.results
    expected: int
    batch: int
    samples: list[int] = field(default_factory=list)
    lost: bool = False


@dataclass
class SerialRun:
    style: str  # bench | seed002 | mbedtls | wolfssl
    run_id: str | None
    started_at: datetime
    first_line: int
    begin: dict[str, Any] = field(default_factory=dict)
    facts: dict[str, str] = field(default_factory=dict)
    results: list[Result] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    seqs: set[int] = field(default_factory=set)
    names: set[str] = field(default_factory=set)
    raw: dict[int, RawSlot] = field(default_factory=dict)  # by seq
    expected: int | None = None
    finished_at: datetime | None = None
    partial_reason: str | None = None

    @property
    def partial(self) -> bool:
        return self.partial_reason is not None

    def identity(self) -> str:
        """The run's UUID: the device's, or one derived from the lines (same log, same id)."""
        if self.run_id is not None:
            return self.run_id
        return str(uuid.uuid5(_NAMESPACE, "\n".join(self.lines)))


class RunAssembler:
    """Feed lines in order; closed runs accumulate in `runs`, problems in `warnings`.

    Each warning also goes to the run it concerns (the open one, else the next to open, else
    the last closed), so the run documents carry them. A line that looks like a measured figure
    but is none of the understood formats is a warning too.
    """

    def __init__(self, *, source_name: str, clock: Callable[[], datetime]) -> None:
        self.source_name = source_name
        self.clock = clock
        self.runs: list[SerialRun] = []
        self.warnings: list[ParseWarning] = []
        self.pending: list[ParseWarning] = []
        self.facts: dict[str, str] = {}
        self.current: SerialRun | None = None
        self.ended = 0  # runs closed by their own end marker
        self.recognised = 0  # lines that were not noise
        self.understood: set[int] = set()

    def feed(self, line: str, line_no: int) -> Item | None:
        try:
            item = parse_line(line)
        except LineError as exc:
            self.warn(line_no, line, str(exc))
            return None
        before = self.current
        if item is not None:
            self.recognised += 1
            self.understood.add(line_no)
            self._apply(item, line, line_no)
        elif figure_like(line):
            self.warn(line_no, line, NOT_UNDERSTOOD)
        if before is not None and self.current in (before, None):
            before.lines.append(line.rstrip("\r\n"))
        return item

    def blank_lines(self, count: int) -> None:
        """`count` empty lines, fed at once: none is an item; an open run keeps them."""
        if self.current is not None and count > 0:
            self.current.lines.extend([""] * count)

    def warn(self, line_no: int | None, line: str, message: str) -> None:
        item = warning(line_no, line, message, self.source_name)
        self.warnings.append(item)
        (self.current.warnings if self.current is not None else self.pending).append(item)

    def finish(self, reason: str | None = None) -> list[SerialRun]:
        """Close the open run (partial unless its format has no end marker) and return all runs."""
        if self.current is not None:
            open_style = self.current.style
            self._close(
                None
                if open_style in _WITHOUT_END and reason is None
                else reason or "the log ended before the run's end line"
            )
        if self.runs and self.pending:
            self.runs[-1].warnings.extend(self.pending)
            self.pending = []
        return self.runs

    def _apply(self, item: Item, line: str, line_no: int) -> None:
        if isinstance(item, Fact):
            self._fact(item)
        elif isinstance(item, Begin):
            self._open(item.style, item.run_id, line, line_no, item.info)
        elif isinstance(item, Measurement):
            self._measurement(item, line, line_no)
        elif isinstance(item, RawSamples):
            self._raw(item, line, line_no)
        else:
            self._end(item, line, line_no)

    def _fact(self, fact: Fact) -> None:
        self.facts[fact.key] = fact.value
        if self.current is not None:
            self.current.facts[fact.key] = fact.value
        if (
            fact.key == "benchmark_complete"
            and self.current is not None
            and self.current.style == "wolfssl"
        ):
            self.ended += 1
            self._close(None)

    def _open(
        self, style: str, run_id: str | None, line: str, line_no: int, info: dict[str, Any]
    ) -> None:
        if self.current is not None:
            self._close(
                None
                if self.current.style in _WITHOUT_END
                else f"a new run began at line {line_no} before this one ended (board reset?)"
            )
        self.current = SerialRun(
            style,
            run_id,
            self.clock(),
            line_no,
            begin=info,
            facts=dict(self.facts),
            warnings=self.pending,
            lines=[line.rstrip("\r\n")],
        )
        self.pending = []

    def _measurement(self, item: Measurement, line: str, line_no: int) -> None:
        run = self.current
        if not item.results and (run is None or run.style != item.style):
            return
        if (
            run is None
            or run.style != item.style
            or (item.run_id is not None and run.run_id != item.run_id)
            or (item.style in _WITHOUT_END and item.name in run.names)
        ):
            self._open(item.style, item.run_id, line, line_no, {})
            run = self.current
            assert run is not None
            if item.style not in _WITHOUT_END:
                run.partial_reason = "its first lines (BEGIN) were not received"
        if item.seq is not None and item.seq in run.seqs:
            self.warn(line_no, line, f"{item.name}: result {item.seq} repeated, ignored")
            return
        if item.seq is not None:
            run.seqs.add(item.seq)
        if item.raw and item.seq is not None and item.results:
            run.raw[item.seq] = RawSlot(len(run.results), item.raw, item.batch)
        run.results.extend(item.results)
        if item.name is not None:
            run.names.add(item.name)
        if item.error is not None:
            run.errors.append(f"{item.name}: {item.error}")
            self.warn(line_no, line, f"{item.name}: {item.error}")

    def _raw(self, item: RawSamples, line: str, line_no: int) -> None:
        run = self.current
        slot = run.raw.get(item.seq) if run is not None and run.run_id == item.run_id else None
        if slot is None:
            self.warn(line_no, line, f"samples of result {item.seq}, which did not arrive before")
        elif not slot.lost and item.at != len(slot.samples):
            slot.lost = True
            self.warn(line_no, line, f"result {item.seq}: samples from {item.at} arrived after "
                      f"{len(slot.samples)}: some were lost")  # fmt: skip
        elif not slot.lost:
            slot.samples.extend(item.samples)

    def _end(self, item: End, line: str, line_no: int) -> None:
        run = self.current
        if (
            run is None
            or run.style != item.style
            or (item.run_id is not None and run.run_id != item.run_id)
        ):
            self.warn(line_no, line, f"end of run {item.run_id} that never began here")
            return
        run.expected = item.count
        self.ended += 1
        missing = None
        if item.count is not None and item.count != len(run.seqs):
            missing = f"the device printed {item.count} results, {len(run.seqs)} arrived"
        self._close(run.partial_reason or missing)

    def _close(self, reason: str | None) -> None:
        run = self.current
        assert run is not None
        lost = self._attach_raw(run)
        self.current = None
        run.finished_at = self.clock()
        reason = reason or lost
        if reason is not None and run.partial_reason is None:
            run.partial_reason = reason
        if run.results:
            self.runs.append(run)
            return
        first = run.lines[0] if run.lines else ""
        self.pending = run.warnings + self.pending
        self.warn(run.first_line, first, "a run without any result was dropped")

    def _attach_raw(self, run: SerialRun) -> str | None:
        """Each result's complete samples into its `raw`; the reason the run is partial when
        some result's did not all arrive."""
        short = []
        for seq, slot in run.raw.items():
            result = run.results[slot.index]
            if slot.lost or len(slot.samples) != slot.expected:
                short.append(result.name)
                message = f"{len(slot.samples)} of its {slot.expected} samples arrived: kept none"
                self.warn(None, result.name, f"{result.name} (result {seq}): {message}")
                continue
            raw = [sample / slot.batch for sample in slot.samples]
            run.results[slot.index] = result.model_copy(update={"raw": raw})
        return f"samples of {', '.join(short)} were lost" if short else None


def assemble_text(text: str, *, source_name: str, at: datetime) -> RunAssembler:
    """Every line of a saved console log through a RunAssembler, closed at the end of the text."""
    assembler = RunAssembler(source_name=source_name, clock=lambda: at)
    last = 0
    for line_no, line in filled_lines(text):
        assembler.blank_lines(line_no - last - 1)
        assembler.feed(line, line_no)
        last = line_no
    assembler.blank_lines(line_breaks(text) + (not text.endswith(("\n", "\r"))) - last)
    assembler.finish()
    return assembler
