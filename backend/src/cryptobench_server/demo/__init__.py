"""Demo data: the published figures of the four source documents (shared/seeds) as run
documents, one JSON file per run, with their real units, machines, clocks and tags.

Each file has a fixed run_id, so loading twice stores nothing new. They go in through
`ingest_run`, the same code as every upload.
"""

from importlib import resources

from sqlalchemy import Engine

from cryptobench_contract import RunDocument
from cryptobench_server.ingest import Ingested, ingest_run


def demo_documents() -> list[RunDocument]:
    files = sorted(
        (f for f in resources.files(__name__).iterdir() if f.name.endswith(".json")),
        key=lambda f: f.name,
    )
    return [RunDocument.model_validate_json(f.read_bytes()) for f in files]


def load_demo(engine: Engine) -> list[Ingested]:
    return [ingest_run(engine=engine, doc=doc) for doc in demo_documents()]
