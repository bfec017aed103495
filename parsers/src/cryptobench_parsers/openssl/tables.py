"""The human-readable result tables of `openssl speed`, row by row.

A header line says which table follows; each row is a FINAL figure per column. Rows that are
cut short are reported as skipped by the caller (they return None here).
"""

import re

from cryptobench_parsers.openssl.lines import (
    FINAL,
    NUM,
    Figure,
    GuessedSizes,
    State,
    kilo,
)

_HEADERS = (
    (
        re.compile(
            r"^\s*sign\s+verify\s+encrypt\s+decrypt\s+sign/s\s+verify/s\s+encr\./s\s+decr\./s\s*$"
        ),
        "pk4",
    ),
    (re.compile(r"^\s*sign\s+verify\s+sign/s\s+verify/s\s*$"), "pk2"),
    (re.compile(r"^\s*op\s+op/s\s*$"), "dh"),
    (re.compile(r"^\s*keygen\s+encaps\s+decaps\s+keygens/s\s+encaps/s\s+decaps/s\s*$"), "kem"),
    (re.compile(r"^\s*keygen\s+signs\s+verify\s+keygens/s\s+sign/s\s+verify/s\s*$"), "sig"),
)
_TYPE_HEADER = re.compile(r"^type((?:\s+\d+ bytes)+)\s*$")
_CELL = re.compile(r"^\d+\.\d+k?$")
#: `openssl speed`'s default block sizes (apps/speed.c `lengths_list`): 1.1.0 added 16384.
_SIZES_1_0 = (16, 64, 256, 1024, 8192)
_SIZES_1_1 = (16, 64, 256, 1024, 8192, 16384)
#: A name's words are apart by one space (a space after the name is the cells' blank): the lazy
#: name of any blanks before `\s+` backtracked over a run of spaces in the square of its length.
_ROW_WITHOUT_HEADER = re.compile(
    r"^(?P<name>[A-Za-z](?:[\w\-]| (?=[\w\-]))*?)((?:\s+\d+\.\d+k?){5,6})\s*$"
)
_CELLS = rf"{NUM}s(?:\s+{NUM}s)*(?:\s+{NUM})+\s*$"
_RSA_DSA_ROW = re.compile(rf"^(?P<alg>rsa|dsa)\s+(?P<bits>\d+)\s+bits?\s+(?P<cells>{_CELLS})")
_EC_ROW = re.compile(
    rf"^\s*(?P<bits>\d+)\s+bits?\s+(?P<alg>ecdsa|ecdh|EdDSA|SM2)\s+\((?P<curve>[^)]+)\)\s+"
    rf"(?P<cells>{_CELLS})"
)
_FFDH_ROW = re.compile(rf"^\s*(?P<bits>\d+)\s+bits?\s+ffdh\s+(?P<cells>{NUM}s\s+{NUM})\s*$")
_GENERIC_ROW = re.compile(
    rf"^\s*(?:\[\S*\]\s+)?(?P<name>\S+)\s+(?P<cells>{NUM}s\s+{NUM}s\s+{NUM}s\s+{NUM}\s+{NUM}\s+{NUM})\s*$"
)
_OPERATIONS = {
    "pk4": ("sign", "verify", "encrypt", "decrypt"),
    "pk2": ("sign", "verify"),
    "dh": ("derive",),
    "kem": ("keygen", "encaps", "decaps"),
    "sig": ("keygen", "sign", "verify"),
}
_KINDS = {"ecdsa": "ecdsa", "ecdh": "ecdh", "EdDSA": "eddsa", "SM2": "sm2"}


def header(line: str, state: State) -> bool:
    """Recognize a table header and remember it; True if `line` was one."""
    sizes = _TYPE_HEADER.match(line)
    if sizes:
        state.sizes = [int(size) for size in re.findall(r"(\d+) bytes", sizes.group(1))]
        state.table = "symmetric"
        return True
    for pattern, table in _HEADERS:
        if pattern.match(line):
            state.table = table
            return True
    return False


def symmetric_row(
    line: str, number: int, state: State, version: str | None = None
) -> list[Figure] | None:
    """A block-size row: name then one cell per size. None if it is not one or is incomplete.

    Without a header (cut off by `tail`), a row of 5 or 6 cells takes the default sizes of
    `version`, or of the openssl generation whose default set has that many sizes.
    """
    if not state.sizes:
        _guess_sizes(line, number, state, version)
    tokens = line.split()
    first = next((i for i, token in enumerate(tokens) if _CELL.match(token)), None)
    if first in (None, 0) or not state.sizes:
        return None
    cells = [token for token in tokens[first : first + len(state.sizes)] if _CELL.match(token)]
    if len(cells) < len(state.sizes):
        return None
    name = " ".join(tokens[:first])
    return [
        Figure("symmetric", name, None, kilo(cell), number, FINAL, block=size)
        for cell, size in zip(cells, state.sizes, strict=True)
    ]


def _guess_sizes(line: str, number: int, state: State, version: str | None) -> None:
    m = _ROW_WITHOUT_HEADER.match(line.strip())
    if m is None or not any(cell.endswith("k") for cell in m.group(2).split()):
        return
    count = len(m.group(2).split())
    if version is not None:
        sizes = _SIZES_1_0 if version.startswith(("0.", "1.0")) else _SIZES_1_1
        basis = f"openssl {version}"
    else:
        sizes = _SIZES_1_0 if count == len(_SIZES_1_0) else _SIZES_1_1
        basis = "openssl 1.0.x" if count == len(_SIZES_1_0) else "openssl 1.1.0 and later"
    if len(sizes) != count:
        return
    state.sizes = list(sizes)
    state.table = "symmetric"
    state.guessed_sizes = GuessedSizes(sizes, basis, number)


def pkey_row(line: str, number: int, state: State) -> list[Figure] | None:
    """A public-key table row (RSA/DSA/ECDSA/ECDH/EdDSA/SM2/FFDH/KEM/signature)."""
    for parse in (_rsa_dsa, _ec, _ffdh, _generic):
        figures = parse(line, number, state)
        if figures is not None:
            return figures
    return None


def _rate_count(m: re.Match[str]) -> int:
    return sum(1 for token in m["cells"].split() if not token.endswith("s"))


def _rates(cells: str, count: int) -> list[float] | None:
    values = [token for token in cells.split() if not token.endswith("s")]
    return [float(value) for value in values[-count:]] if len(values) >= count else None


def _rsa_dsa(line: str, number: int, state: State) -> list[Figure] | None:
    m = _RSA_DSA_ROW.match(line)
    four = m is not None and m["alg"] == "rsa" and (state.table == "pk4" or _rate_count(m) == 4)
    operations = _OPERATIONS["pk4" if four else "pk2"]
    rates = m and _rates(m["cells"], len(operations))
    if not m or not rates:
        return None
    name = " ".join(line.split()[:3])
    return [
        Figure(m["alg"], name, op, value, number, FINAL, bits=int(m["bits"]))
        for op, value in zip(operations, rates, strict=True)
    ]


def _ec(line: str, number: int, state: State) -> list[Figure] | None:
    m = _EC_ROW.match(line)
    operations = ("derive",) if m and m["alg"] == "ecdh" else ("sign", "verify")
    rates = m and _rates(m["cells"], len(operations))
    if not m or not rates:
        return None
    name = line[: m.start("cells")].strip()
    return [
        Figure(
            _KINDS[m["alg"]], name, op, value, number, FINAL, bits=int(m["bits"]), curve=m["curve"]
        )
        for op, value in zip(operations, rates, strict=True)
    ]


def _ffdh(line: str, number: int, state: State) -> list[Figure] | None:
    m = _FFDH_ROW.match(line)
    rates = m and _rates(m["cells"], 1)
    if not m or not rates:
        return None
    return [
        Figure(
            "ffdh", f"{m['bits']} bits ffdh", "derive", rates[0], number, FINAL, bits=int(m["bits"])
        )
    ]


def _generic(line: str, number: int, state: State) -> list[Figure] | None:
    m = _GENERIC_ROW.match(line)
    rates = m and state.table in ("kem", "sig") and _rates(m["cells"], 3)
    if not m or not rates:
        return None
    kind = state.table or "kem"
    return [
        Figure(kind, m["name"], op, value, number, FINAL)
        for op, value in zip(_OPERATIONS[kind], rates, strict=True)
    ]
