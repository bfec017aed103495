"""Test and benchmark support: a throwaway PostgreSQL cluster."""
