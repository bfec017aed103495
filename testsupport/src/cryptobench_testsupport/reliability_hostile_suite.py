"""The hostile probes in the order they run (cheap first, the largest paste last), sized by
`Sizes`, and the summary figures of a whole pass."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from cryptobench_testsupport import reliability_hostile_bodies as bodies
from cryptobench_testsupport import reliability_hostile_fields as fields
from cryptobench_testsupport import reliability_hostile_races as races
from cryptobench_testsupport import reliability_hostile_reads as reads
from cryptobench_testsupport import reliability_hostile_values as values
from cryptobench_testsupport.reliability_hostile import Outcome, Sizes, Stack


@dataclass(frozen=True)
class Probe:
    name: str
    run: Callable[[Stack], list[Outcome]]
    #: Its answer must be the same on SQLite and PostgreSQL (`agreement`).
    compared: bool = False


def _one(probe: Callable[..., Outcome], *args: object) -> Callable[[Stack], list[Outcome]]:
    return lambda stack: [probe(stack, *args)]


def probes(sizes: Sizes) -> list[Probe]:
    return [
        *(Probe(f"facets_tag_keys:{n}", _one(reads.many_tag_keys, n)) for n in sizes.facet_keys),
        Probe("filter_values:1000", _one(reads.many_filter_values)),
        *(
            Probe(f"cursor_2^63:{route}", _one(reads.large_cursor, route))
            for route in reads.CURSORS
        ),
        Probe("csv_formula_injection", _one(reads.csv_formulas)),
        Probe("csv_quote_in_param_key", _one(reads.csv_quoted_key)),
        Probe("change_detection_1e308_then_1e-308", values.extreme_neighbours, compared=True),
        Probe("changes_no_null_numbers", values.overflowing_ratio, compared=True),
        Probe("aggregates_1e308", values.extreme_aggregates, compared=True),
        Probe("error_1e300_over_value_1e-300", values.tiny_value_huge_error, compared=True),
        Probe("offset_timestamp_roundtrip", fields.offset_timestamps, compared=True),
        Probe("nan_in_machine_extra", fields.nan_in_extra, compared=True),
        Probe("nul_in_note", fields.nul_in_note, compared=True),
        Probe("fullwidth_library_name", fields.fullwidth_library, compared=True),
        Probe("tags_20000_in_one_run", fields.many_tags),
        Probe("import_blank_machine_name", fields.blank_machine_name),
        Probe(
            "deletes_racing_uploads",
            partial(races.deletes_racing_uploads, count=sizes.racing_deletes),
        ),
        Probe(
            "rollups_rebuild_during_uploads",
            partial(races.rebuild_during_uploads, count=sizes.racing_deletes),
        ),
        Probe(
            "spool_flush_twice_at_once", partial(races.concurrent_flushes, count=sizes.spooled_runs)
        ),
        Probe("spool_flush_past_a_poisoned_run", races.poisoned_spool),
        *(
            Probe(
                f"anonymous_body:{route.rsplit('/', 1)[-1]}",
                _one(bodies.anonymous_body, route, sizes.anonymous_bytes),
            )
            for route in bodies.anonymous_routes()
        ),
        Probe("import_paste_under_cap", _one(bodies.paste_under_cap, sizes.paste_under_cap_bytes)),
        Probe("import_paste", _one(bodies.large_paste, sizes.paste_bytes)),
    ]


def run_probes(stack: Stack, chosen: list[Probe]) -> list[Outcome]:
    outcomes: list[Outcome] = []
    for probe in chosen:
        outcomes += probe.run(stack)
    return outcomes


def longest_request(outcomes: list[Outcome]) -> Outcome:
    return max(outcomes, key=lambda outcome: outcome.figures.get("seconds", 0.0))


def largest_paste(outcomes: list[Outcome]) -> list[Outcome]:
    """The pastes' outcomes: the largest (over the cap) and the largest the parser reads."""
    return [o for o in outcomes if o.name in ("import_paste", "import_paste_under_cap")]
