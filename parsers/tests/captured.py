"""Where the parser tests find the captured outputs they share with the collectors' tests."""

from pathlib import Path

CAPTURED = Path(__file__).parents[2] / "collectors" / "tests" / "fixtures"
