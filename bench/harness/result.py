"""The last line every bench prints: {"bench", "ours", "baseline", "ratio", "unit", ...}."""

import json


def print_result(
    bench: str,
    ours: float,
    baseline: float,
    unit: str,
    *,
    digits: int = 1,
    ratio_digits: int = 3,
    **extra: object,
) -> None:
    """Ours and the baseline to `digits`, ours / baseline to `ratio_digits`, then `extra`."""
    line = {
        "bench": bench,
        "ours": round(ours, digits),
        "baseline": round(baseline, digits),
        "ratio": round(ours / baseline, ratio_digits),
        "unit": unit,
        **extra,
    }
    print(json.dumps(line))
