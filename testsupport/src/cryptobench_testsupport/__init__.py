"""Test and benchmark support, never shipped in the service image: a throwaway PostgreSQL
cluster, its pytest plugin (`pg_url`, `make_database`), and the reliability harness that
backend/tests and bench/ share."""
