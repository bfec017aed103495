"""Read-side query building: filters, dimensions, aggregation and pagination over stored results.

Everything here turns request parameters into SQLAlchemy expressions that run unchanged on
PostgreSQL and SQLite; the PostgreSQL-only pieces (`->>`, jsonb, the byte aggregates behind
exact medians) compile to an SQLite equivalent (see `sqlfuncs`). The statistics are stats.py's.
"""
