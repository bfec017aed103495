"""HTTP API under /api/v1: one router module per resource."""
