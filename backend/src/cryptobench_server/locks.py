"""The one lock order of the transactions that write runs or the read model, so that uploads,
run deletions and whole rebuilds cannot deadlock on PostgreSQL.

1. The read model as a whole: shared by a transaction that writes one run (ingest, deletion:
   `run_writer`), exclusive (`read_model(exclusive=True)`) for one that rewrites the rows of
   every run (`rollups rebuild`, the catch-up of `migrate`, `changes detect`). Such a rebuild
   waits for the uploads under way, and uploads wait for it.
2. The run's machine (`run_writer`): the stored rows a run's transaction locks belong to its
   machine (the machine row; the series, whose key holds the machine's fingerprint, with their
   series_runs and totals; the lineages and changes of the machine and source; the runs around
   it that changes refer to), but for the two kinds below. So the writers of one machine go one
   at a time, and writers of different machines share no other row.

Row locks come after these, in whatever order each writer takes them. Two kinds of row are
shared across machines, and a transaction waits for them only after its machine: a run's
artifact (artifacts.py: ingest holds it before inserting the run, a deletion takes it last) and
a run_id's unique index entry (two uploads of one run_id from two machines). No transaction
holding one of them then waits for a machine, so these waits end.

Both locks are transaction-scoped advisory locks, released at commit or rollback; a machine's
is keyed by its fingerprint, so two fingerprints sharing a key only make their machines wait for
each other. SQLite runs one write transaction at a time and needs neither.
"""

from sqlalchemy import Connection, func, select

#: The advisory lock spaces (first key) of CryptoBench: "CB" and "CB" + 1.
_READ_MODEL, _MACHINE = 0x4342, 0x4343


def read_model(connection: Connection, *, exclusive: bool = False) -> None:
    """Take the read model's lock, shared (one run's writer) or `exclusive` (a rebuild)."""
    if connection.dialect.name == "postgresql":
        take = func.pg_advisory_xact_lock if exclusive else func.pg_advisory_xact_lock_shared
        connection.execute(select(take(_READ_MODEL, 0)))


def run_writer(connection: Connection, machine_fingerprint: str) -> None:
    """Take what a transaction writing one run of this machine takes, in order: the read model
    (shared), then the machine."""
    read_model(connection)
    if connection.dialect.name == "postgresql":
        key = int(machine_fingerprint[:8], 16) - 2**31  # a signed 32-bit key
        connection.execute(select(func.pg_advisory_xact_lock(_MACHINE, key)))
