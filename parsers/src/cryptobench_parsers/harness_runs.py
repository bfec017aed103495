"""Which warnings belong to which run of a paste holding several runs of one harness (a name
measured again after others starts a run): the lines from a run's first result to the next
run's; lines before the first run belong to it."""

from collections.abc import Sequence

from cryptobench_contract import ParseWarning


def warnings_of(
    warnings: Sequence[ParseWarning], starts: Sequence[int], index: int
) -> list[ParseWarning]:
    """The warnings of run `index`, whose first result is at line `starts[index]`."""
    start = starts[index] if index else 0
    end = starts[index + 1] if index + 1 < len(starts) else None
    return [w for w in warnings if (w.line or 0) >= start and (end is None or (w.line or 0) < end)]
