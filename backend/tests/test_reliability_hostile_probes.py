"""The hostile probes of issue 25 at quick sizes (a 3 MB paste, a 64 MB anonymous body, 200
tag keys), each against its bound on a real server over SQLite and over PostgreSQL, and the
probes whose answer must not depend on the database compared between the two.
bench/reliability_hostile.py is the long version (testsupport's reliability_hostile*.py)."""

import pytest

from cryptobench_testsupport.reliability_hostile import QUICK, Outcome, agreement, hostile_stack
from cryptobench_testsupport.reliability_hostile_suite import Probe, probes

PROBES = probes(QUICK)
DATABASES = ("sqlite", "postgresql")


@pytest.fixture(scope="module")
def sqlite(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("hostile-sqlite")
    with hostile_stack("sqlite", f"sqlite:///{workdir / 'hostile.sqlite'}", workdir) as stack:
        yield stack


@pytest.fixture(scope="module")
def postgresql(make_database, tmp_path_factory):
    with hostile_stack(
        "postgresql", make_database(), tmp_path_factory.mktemp("hostile-postgresql")
    ) as stack:
        yield stack


@pytest.fixture(scope="module")
def found() -> dict[tuple[str, str], list[Outcome]]:
    return {}


@pytest.fixture
def outcomes(found, request):
    """Each probe runs once per database; a later test reads what it found."""

    def of(database: str, probe: Probe) -> list[Outcome]:
        if (database, probe.name) not in found:
            found[database, probe.name] = probe.run(request.getfixturevalue(database))
        return found[database, probe.name]

    return of


@pytest.mark.parametrize(
    ("database", "probe"),
    [(database, probe) for database in DATABASES for probe in PROBES],
    ids=[f"{database}-{probe.name}" for database in DATABASES for probe in PROBES],
)
def test_probe_stays_within_its_bound(outcomes, database, probe):
    failed = [outcome.line() for outcome in outcomes(database, probe) if not outcome.passed]
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("probe", [p for p in PROBES if p.compared], ids=lambda p: p.name)
def test_both_databases_give_the_same_answer(outcomes, probe):
    compared = agreement(outcomes("sqlite", probe), outcomes("postgresql", probe))
    assert compared, "no answer to compare"
    failed = [outcome.line() for outcome in compared if not outcome.passed]
    assert not failed, "\n".join(failed)
