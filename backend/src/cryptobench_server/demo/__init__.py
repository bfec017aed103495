"""Demo data: the published figures of the four source documents (shared/seeds) as run
documents, one JSON file per run, with their real units, machines, clocks and tags; and seed
002's experiments (RSA 2048/3072/4096, PKCS#1 v1.5 and PSS, sign and verify; with the symmetric
and ECDSA suites) measured again as instruction counts: the RV32 firmware's -O2 and -Os builds
under QEMU (`qemu-rv32-mbedtls-*.json`, the captured runs of collectors/tests/fixtures/serial).

Each file has a fixed run_id, so loading twice stores nothing new. They go in through
`ingest_run`, the same code as every upload.
"""

from importlib import resources

from sqlalchemy import Engine

from cryptobench_contract import RunDocument
from cryptobench_server.store.ingest import Ingested, ingest_run


def demo_documents() -> list[RunDocument]:
    files = sorted(
        (f for f in resources.files(__name__).iterdir() if f.name.endswith(".json")),
        key=lambda f: f.name,
    )
    return [RunDocument.model_validate_json(f.read_bytes()) for f in files]


def load_demo(engine: Engine) -> list[Ingested]:
    return [ingest_run(engine=engine, doc=doc) for doc in demo_documents()]
