"""Summary statistics of per-repetition timings (ns)."""

import statistics


def summarize(samples: list[int]) -> dict[str, float]:
    """mean (seed 004's figure), median, min, max and sample standard deviation."""
    if not samples:
        raise ValueError("no samples")
    return {
        "mean": statistics.fmean(samples),
        "median": float(statistics.median(samples)),
        "min": float(min(samples)),
        "max": float(max(samples)),
        "stddev": statistics.stdev(samples) if len(samples) > 1 else 0.0,
    }
