"""`openssl speed -mr` records: +DT/+DTP (what runs next), +R (a count), +H (block sizes), +F.. (results).

Record kinds follow apps/speed.c: +F symmetric, +F2 RSA, +F3 DSA, +F4 ECDSA, +F5 ECDH, +F6 EdDSA,
+F7 SM2, +F8 FFDH, +F9 KEM, +F10 signature. +F4/+F5 carry a curve index (checked against the
bit size); +F9/+F10 carry an index whose names come from the +DTP records that preceded them.
"""

import re
from collections.abc import Callable
from typing import Any

from cryptobench_parsers.openssl.lines import FINAL, NUM, PROGRESS, Figure, State, rate
from cryptobench_parsers.openssl.names import ECDH_LAYOUTS, ECDSA_LAYOUTS, curve_by_index

Parts = list[tuple[tuple[str, str, str, str], dict[str, Any]]]
Handler = Callable[[list[str], State, int | None], Parts]

_RECORD = re.compile(r"^\+(?P<kind>DTP|DT|H|R\d*|F\d*):(?P<fields>.*)$")
_NUMBER = re.compile(rf"^{NUM}$")


class Unresolved(ValueError):
    """A complete record whose meaning cannot be determined (told to the user, not fatal)."""


def is_record(line: str) -> bool:
    return _RECORD.match(line.strip()) is not None


def record(line: str, number: int, state: State, child: int | None = None) -> list[Figure]:
    """The figures of one record (possibly none); raises Unresolved or ValueError for bad ones."""
    m = _RECORD.match(line.strip())
    if m is None:
        return []
    kind, fields = m["kind"], m["fields"].split(":")
    if kind == "DT":
        state.pending_dt = (fields[0], int(fields[2]))
        return []
    if kind == "DTP":
        _remember_generic_name(fields, state)
        return []
    if kind == "H":
        state.sizes = [int(size) for size in fields]
        return []
    if kind == "R":
        return _count(fields, number, state)
    if kind.startswith("F"):
        return _final(kind, fields, number, state, child)
    return []


def _remember_generic_name(fields: list[str], state: State) -> None:
    if len(fields) != 3 or fields[0].isdigit():
        return
    table = "kem" if fields[1] in ("keygen", "encaps", "decaps") else "sig"
    names = state.dtp_names[table]
    if fields[1] != "keygen" and fields[0] not in names:
        names.append(fields[0])


def _count(fields: list[str], number: int, state: State) -> list[Figure]:
    if state.pending_dt is None or len(fields) != 3 or fields[1] != state.pending_dt[0]:
        return []
    name, size = state.pending_dt
    value = rate(_num(fields[0]), size, _num(fields[2]))
    state.pending_dt = None
    return (
        []
        if value is None
        else [Figure("symmetric", name, None, value, number, PROGRESS, block=size)]
    )


def _final(
    kind: str, fields: list[str], number: int, state: State, child: int | None
) -> list[Figure]:
    def figure(kind_: str, name: str, op: str | None, value: str, **extra: Any) -> Figure:
        return Figure(kind_, name, op, float(_num(value)), number, FINAL, child=child, **extra)

    if kind == "F":
        if len(fields) - 2 != len(state.sizes) or not state.sizes:
            raise Unresolved(
                f"+F record with {len(fields) - 2} values but {len(state.sizes)} block sizes"
            )
        return [
            figure("symmetric", fields[1], None, value, block=size)
            for value, size in zip(fields[2:], state.sizes, strict=True)
        ]
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise Unresolved(f"+{kind} records are not known to this parser")
    return [figure(*args, **extra) for args, extra in handler(fields, state, child)]


def _num(token: str) -> str:
    if not _NUMBER.match(token):
        raise ValueError(f"{token!r} is not a number")
    return token


def _rsa(fields: list[str], state: State, child: int | None) -> Parts:
    bits = int(fields[1])
    ops = ("sign", "verify", "encrypt", "decrypt")[: len(fields) - 2]
    return [
        (("rsa", f"rsa {bits} bits", op, value), {"bits": bits})
        for op, value in zip(ops, fields[2:], strict=False)
    ]


def _dsa(fields: list[str], state: State, child: int | None) -> Parts:
    bits = int(fields[1])
    return [
        (("dsa", f"dsa {bits} bits", op, value), {"bits": bits})
        for op, value in zip(("sign", "verify"), fields[2:4], strict=True)
    ]


def _ec(layouts: tuple[list[tuple[str, int]], ...], kind: str, ops: tuple[str, ...]) -> Handler:
    def handler(fields: list[str], state: State, child: int | None) -> Parts:
        index, bits = int(fields[0]), int(fields[1])
        curve = curve_by_index(layouts, index, bits)
        if curve is None:
            raise Unresolved(
                f"curve number {index} with {bits} bits is not in any known openssl curve list"
            )
        name = f"{bits} bits {kind} ({curve})"
        return [
            ((kind, name, op, value), {"bits": bits, "curve": curve})
            for op, value in zip(ops, fields[2:], strict=False)
        ]

    return handler


def _named_ec(kind: str, label: str) -> Handler:
    def handler(fields: list[str], state: State, child: int | None) -> Parts:
        bits, curve = int(fields[1]), fields[2]
        name = f"{bits} bits {label} ({curve})"
        return [
            ((kind, name, op, value), {"bits": bits, "curve": curve})
            for op, value in zip(("sign", "verify"), fields[3:5], strict=True)
        ]

    return handler


def _ffdh(fields: list[str], state: State, child: int | None) -> Parts:
    bits = int(fields[1])
    return [(("ffdh", f"{bits} bits ffdh", "derive", fields[2]), {"bits": bits})]


def _generic(table: str, ops: tuple[str, ...]) -> Handler:
    def handler(fields: list[str], state: State, child: int | None) -> Parts:
        names, served = state.dtp_names[table], state.served.get((table, child), 0)
        if served >= len(names):
            raise Unresolved(f"+F record for algorithm number {fields[0]}: no +DTP record named it")
        name = names[served]
        state.served[(table, child)] = served + 1
        return [((table, name, op, value), {}) for op, value in zip(ops, fields[1:4], strict=True)]

    return handler


_HANDLERS: dict[str, Handler] = {
    "F2": _rsa,
    "F3": _dsa,
    "F4": _ec(ECDSA_LAYOUTS, "ecdsa", ("sign", "verify")),
    "F5": _ec(ECDH_LAYOUTS, "ecdh", ("derive",)),
    "F6": _named_ec("eddsa", "EdDSA"),
    "F7": _named_ec("sm2", "SM2"),
    "F8": _ffdh,
    "F9": _generic("kem", ("keygen", "encaps", "decaps")),
    "F10": _generic("sig", ("keygen", "sign", "verify")),
}
