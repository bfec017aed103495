"""Line shapes of `openssl speed` output (1.0.x to 3.5), each turned into figures.

A `Figure` is one measured number before it becomes a contract Result. Figures from the final
tables and `+F` records have rank FINAL; those computed from progress lines ("Doing ... in
2.94s", `+R:`) have rank PROGRESS and are only used where no final figure exists.
"""

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from cryptobench_contract.units import Metric

FINAL, PROGRESS = 2, 1
NUM = r"\d+(?:\.\d+)?"


@dataclass(frozen=True)
class Figure:
    kind: str
    name: str
    operation: str | None
    value: float
    line: int
    rank: int
    bits: int | None = None
    curve: str | None = None
    block: int | None = None
    child: int | None = None
    #: (seconds openssl measured, seconds it was asked to run) of a progress line: CPU time
    #: unless -elapsed, so an engine working outside the process shows as ~0 s of 3 s.
    timing: tuple[float, float] | None = None

    @property
    def metric(self) -> Metric:
        return "bytes_per_s" if self.kind == "symmetric" else "ops_per_s"


@dataclass(frozen=True)
class GuessedSizes:
    """Block sizes of a table whose `type 16 bytes ...` header was not in the text."""

    sizes: tuple[int, ...]
    basis: str
    line: int


@dataclass
class State:
    """What earlier lines said that later lines need."""

    sizes: list[int] = field(default_factory=list)
    guessed_sizes: GuessedSizes | None = None
    table: str | None = None
    pending_dt: tuple[str, int] | None = None
    dtp_names: dict[str, list[str]] = field(default_factory=lambda: {"kem": [], "sig": []})
    served: dict[tuple[str, int | None], int] = field(default_factory=dict)


def rate(count: str, size: int, seconds: str) -> float | None:
    """Bytes (size > 0) or operations (size == 0) per second; None when no time was measured."""
    elapsed = Decimal(seconds)
    if elapsed <= 0:
        return None
    return float(Decimal(count) * (size or 1) / elapsed)


def kilo(token: str) -> float:
    """A table cell: '30229.13k' is thousands of bytes per second, '0.00' or '9999.00' is bytes."""
    if token.endswith("k"):
        return float(Decimal(token[:-1]) * 1000)
    return float(Decimal(token))


_SYM_PROGRESS = re.compile(
    rf"^Doing (?P<name>.+?) (?:ops )?for (?P<secs>\d+)s on (?P<size>\d+) size blocks: "
    rf"\D*?(?P<count>\d+) .*? in (?P<time>{NUM})s"
)
_RSA_PROGRESS = re.compile(
    rf"^Doing (?P<bits>\d+) bits? (?P<side>private|public) rsa(?: (?P<op>sign|verify|encrypt|decrypt) ops|'s) "
    rf"for (?P<secs>\d+)s: \D*?(?P<count>\d+) .*? in (?P<time>{NUM})s"
)
_SIGN_PROGRESS = re.compile(
    rf"^Doing (?P<bits>\d+) bits? (?P<op>sign|verify) (?P<alg>\S+?)(?:'s| ops) for (?P<secs>\d+)s: "
    rf"\D*?(?P<count>\d+) .*? in (?P<time>{NUM})s"
)
_DH_PROGRESS = re.compile(
    rf"^Doing (?P<bits>\d+) bits? +(?P<alg>ecdh|ffdh)(?:'s| ops) for (?P<secs>\d+)s: "
    rf"\D*?(?P<count>\d+) .*? in (?P<time>{NUM})s"
)
_GENERIC_PROGRESS = re.compile(
    rf"^Doing (?P<name>\S+) (?P<op>keygen|encaps|decaps|signs|verify) ops for (?P<secs>\d+)s: "
    rf"\D*?(?P<count>\d+) \S+ (?P<table>KEM|signature) \w+ ops in (?P<time>{NUM})s"
)
_TIMING = re.compile(rf"\bfor (?P<secs>\d+)s\b.*\bin (?P<time>{NUM})s")
_SIGN_ALGS = {"dsa": "dsa", "ecdsa": "ecdsa", "ed25519": "eddsa", "ed448": "eddsa"}
_OPS = {"private": "sign", "public": "verify", "signs": "sign"}


def progress(line: str, number: int) -> Figure | None:
    """A 'Doing ...' line with its result, as a PROGRESS figure with its timing; None if the
    line is not one."""
    for parse in (
        _symmetric_progress,
        _rsa_progress,
        _sign_progress,
        _dh_progress,
        _generic_progress,
    ):
        figure = parse(line, number)
        if figure is not None:
            timed = _TIMING.search(line)
            timing = (float(timed["time"]), float(timed["secs"])) if timed else None
            return replace(figure, timing=timing)
    return None


def _symmetric_progress(line: str, number: int) -> Figure | None:
    m = _SYM_PROGRESS.match(line)
    value = m and rate(m["count"], int(m["size"]), m["time"])
    if not m or value is None:
        return None
    return Figure("symmetric", m["name"], None, value, number, PROGRESS, block=int(m["size"]))


def _rsa_progress(line: str, number: int) -> Figure | None:
    m = _RSA_PROGRESS.match(line)
    value = m and rate(m["count"], 0, m["time"])
    if not m or value is None:
        return None
    op = m["op"] or _OPS[m["side"]]
    return Figure("rsa", f"rsa {m['bits']} bits", op, value, number, PROGRESS, bits=int(m["bits"]))


def _sign_progress(line: str, number: int) -> Figure | None:
    m = _SIGN_PROGRESS.match(line)
    value = m and rate(m["count"], 0, m["time"])
    if not m or value is None:
        return None
    alg, bits = m["alg"], m["bits"]
    kind = _SIGN_ALGS.get(alg.lower(), "sm2" if "sm2" in alg.lower() else None)
    if kind is None:
        return None
    curve = alg if kind in ("eddsa", "sm2") else None
    name = {
        "dsa": f"dsa {bits} bits",
        "eddsa": f"{bits} bits EdDSA ({alg})",
        "sm2": f"{bits} bits SM2 ({alg})",
    }
    return Figure(
        kind,
        name.get(kind, f"{bits} bits {kind}"),
        m["op"],
        value,
        number,
        PROGRESS,
        bits=int(bits),
        curve=curve,
    )


def _dh_progress(line: str, number: int) -> Figure | None:
    m = _DH_PROGRESS.match(line)
    value = m and rate(m["count"], 0, m["time"])
    if not m or value is None:
        return None
    name = f"{m['bits']} bits {m['alg']}"
    return Figure(m["alg"], name, "derive", value, number, PROGRESS, bits=int(m["bits"]))


def _generic_progress(line: str, number: int) -> Figure | None:
    m = _GENERIC_PROGRESS.match(line)
    value = m and rate(m["count"], 0, m["time"])
    if not m or value is None:
        return None
    kind = "kem" if m["table"] == "KEM" else "sig"
    return Figure(kind, m["name"], _OPS.get(m["op"], m["op"]), value, number, PROGRESS)
