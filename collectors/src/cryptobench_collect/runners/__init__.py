"""Runners: start a benchmark tool here and hand its output to a parser."""
