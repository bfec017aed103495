"""Timing-leak screens: statistics, verdicts and the screens the store holds (GET /leaks)."""
