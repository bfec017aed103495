"""The board, CPU and clock a pasted console log names about itself (pure, one line at a time).

Mbed TLS and wolfSSL benchmark logs are pasted with the README or console text around them; a
board or CPU is taken only from what that text says, never guessed:
    "- K32W148-EBB board"                          board K32W148-EBB (NXP)
    "<b>Renesas RX72N Envision Kit</b>"            board Renesas RX72N Envision Kit, CPU Renesas RX72N
    "Nuclei SDK Build Time: Dec  8 2022, 18:01:33" CPU Nuclei RISC-V
    "CPU Frequency 32000403 Hz"                    the clock the Nuclei SDK measured at boot
"""

import re

#: (fact key, pattern, how the fact is written from the match), first match wins per line.
_NAMED: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("board", re.compile(r"\b(?:NXP )?(K32W\d+[A-Z]*-EBB)\b"), r"\1"),
    (
        "board",
        re.compile(r"\b((?:FRDM|NUCLEO|LPCXpresso|MIMXRT)-?[A-Z0-9]+(?:-EVK)?)\s+board\b"),
        r"\1",
    ),
    ("board", re.compile(r"\bRenesas (RX\d+[A-Z]?) ?Envision ?Kit\b"), r"Renesas \1 Envision Kit"),
    ("cpu", re.compile(r"\b(STM32[A-Z]\d\w+)\b"), r"\1"),
    ("cpu", re.compile(r"\bNuclei SDK\b"), "Nuclei RISC-V"),
    ("measured_hz", re.compile(r"^CPU Frequency (\d+) Hz$"), r"\1"),
)
#: A board's CPU when the board's name says it.
_BOARD_CPU = re.compile(r"^Renesas (RX\d+[A-Z]?) Envision Kit$")


#: Words one of _NAMED's lines holds: a line without any is passed over before the patterns.
_WORDS = ("K32W", "board", "Envision", "STM32", "Nuclei", "CPU Frequency")


def named_fact(text: str) -> tuple[str, str] | None:
    """(key, value) of the board, CPU or measured clock this line names, else None."""
    if not any(word in text for word in _WORDS):
        return None
    for key, pattern, template in _NAMED:
        found = pattern.search(text)
        if found:
            return key, found.expand(template)
    return None


def board_cpu(board: str | None) -> str | None:
    """The CPU a board's name states (Renesas RX72N Envision Kit -> Renesas RX72N)."""
    found = _BOARD_CPU.match(board or "")
    return f"Renesas {found[1]}" if found else None
