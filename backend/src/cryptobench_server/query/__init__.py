"""Read-side query building: filters, dimensions, aggregation and pagination over stored results.

Everything here turns request parameters into SQLAlchemy expressions that run unchanged on
PostgreSQL and SQLite; the two PostgreSQL-only pieces (`percentile_cont` and `->>`) compile to
an SQLite equivalent (see `sqlfuncs`).
"""
