"""Sanity check of one host run's output (stdlib only): BEGIN, numbered BENCH lines, END.

usage: python3 check_output.py FILE [--expect-errors NAME...]
Exit status 0 when the run is complete and exactly the named cases (none by default) reported an
error instead of numbers.
"""

import json
import sys


def check(lines: list[str], expected_errors: list[str]) -> list[str]:
    begin = [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith("BENCH_BEGIN ")]
    bench = [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith("BENCH ")]
    end = [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith("BENCH_END ")]
    if len(begin) != 1 or len(end) != 1:
        return [f"expected one BENCH_BEGIN and one BENCH_END, got {len(begin)} and {len(end)}"]
    problems = []
    run = begin[0]["run"]
    if end[0]["errors"] != len(expected_errors):
        problems.append(f"END counted {end[0]['errors']} errors, expected {len(expected_errors)}")
    if end[0]["count"] != len(bench) or begin[0]["cases"] != len(bench):
        problems.append(
            f"{len(bench)} BENCH lines, BEGIN announced {begin[0]['cases']}, END counted {end[0]['count']}"
        )
    for index, item in enumerate(bench, start=1):
        if item["run"] != run or item["seq"] != index:
            problems.append(f"line {index}: run {item['run']} seq {item['seq']}")
        if ("error" in item) != (item["name"] in expected_errors):
            problems.append(f"{item['name']}: {item.get('error', 'no error reported')}")
        elif "error" in item and any(key in item for key in ("min", "median", "max")):
            problems.append(f"{item['name']}: an error line carries numbers")
        elif "error" not in item and not 0 < item["min"] <= item["median"] <= item["max"]:
            problems.append(f"{item['name']}: min/median/max out of order")
    return problems


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as handle:
        found = check(
            handle.read().splitlines(), sys.argv[3:] if sys.argv[2:3] == ["--expect-errors"] else []
        )
    print("\n".join(found) or f"{sys.argv[1]}: ok")
    sys.exit(1 if found else 0)
