"""Canonical identity: runs keep their parse warnings; stored library names are re-canonicalized.

Results stored before the library vocabulary named one library several ways (mbedtls and
Mbed TLS, JDK with params.provider=SunEC, ecpy, "OpenSSL 4.0.3 29 Sep 2026" as a provider).
This revision renames them as contract/libraries.py does at the time of writing, recomputes each
changed series key, applies the same to chart_cells, gives seed 004's demo ECDSA figures the
digest they were published for (hash=SHA-256, as the ECC runner measures), and moves the demo
runs whose files changed to their new content hash, so `demo load` stays idempotent.

Frozen: the alias table and rules are copied here, not imported, so that later vocabulary
changes cannot change what this revision does. Downgrade drops runs.warnings; names stay
canonical.

Revision ID: 0004
Revises: 0003
"""

import hashlib
import json
import re
import uuid

import orjson
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

JsonDoc = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")

LIBRARIES = {
    "OpenSSL": ("openssl", "libcrypto"),
    "BoringSSL": (),
    "LibreSSL": (),
    "Mbed TLS": ("mbedtls", "MbedTLS", "mbedcrypto", "PolarSSL"),
    "wolfSSL": ("wolfCrypt",),
    "SunEC": (),
    "SunRsaSign": (),
    "SunJCE": (),
    "SUN": (),
    "Bouncy Castle": ("BC", "BouncyCastle", "bcprov"),
    "ECpy": (),
    "ECC.py": (),
    "python-ecdsa": ("ecdsa",),
    "coincurve": (),
    "cryptography": ("pyca/cryptography",),
    "fastecdsa": (),
    "libsecp256k1": ("secp256k1",),
    "CryptoBench reference": ("reference-affine", "reference-jacobian"),
}
JAVA_RUNTIMES = {"jdk", "java", "openjdk", "jre"}
JDK_PROVIDERS = {"SunEC", "SunRsaSign", "SunJCE", "SUN"}
NAME_VERSION = re.compile(r"^\s*(?P<name>.*?)[\s/_-]+v?(?P<version>\d+(?:\.\d+)+[A-Za-z0-9-]*)\b")

SEED_004_RUN = uuid.UUID("fc3d1e10-6a8e-5698-bbeb-cdcf7c1f6486")
#: Demo runs whose files changed with this revision: run_id -> (content hash before, after).
DEMO_HASHES = {
    "eedbc1a7-7b16-5647-877e-55be043d797d": (
        "66cc8e8fb4db461d175ade3d22c070e8254fb4bff603edac583059a3acf92d7f",
        "001e2a5cb33a5240f0e8fda9e4a4fa1f33523a2cf5f80937665f3092526b79fd",
    ),
    "e096c911-3cf3-538d-be50-fa5db55a15e4": (
        "3a049a359335acfd368ea250ff410d9f27cb9e2564ed34bbae8c264b47d33eaa",
        "b45bc25638f2e9f98a6e7ad225de1be4cd6aff8b56196307399a66272434fcf3",
    ),
    "e8aeabc9-6d47-5f5b-b918-2798b104ef6a": (
        "21942074355a7f503f20c840974ab7ebb418a38ceb6b8d537786a13f1439fb8a",
        "87d7bdad08fbe8b0f4bc4c01b4f8f75273c594571dfbe19589f491c694acf3b0",
    ),
    "fc3d1e10-6a8e-5698-bbeb-cdcf7c1f6486": (
        "4a5a0958217d8735224dd4faf665b004db9dfa7a04a4a02562bc699a778d8b8b",
        "98ddb18f480a03fb947c214accae47797b78b72086dcd63d9bea784bc30e2d1a",
    ),
}


def _fold(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum() or ch == "+")


BY_FOLD = {_fold(s): name for name, aliases in LIBRARIES.items() for s in (name, *aliases)}


def _split(spelling: str) -> tuple[str, str | None]:
    if _fold(spelling) in BY_FOLD:
        return BY_FOLD[_fold(spelling)], None
    match = NAME_VERSION.match(spelling)
    if match and _fold(match["name"]) in BY_FOLD:
        return BY_FOLD[_fold(match["name"])], match["version"]
    return spelling.strip(), None


def _canonical(library, version, params):
    params = dict(params)
    if library is not None:
        library, inside = _split(library)
        version = version or inside
    provider = params.get("provider")
    if not isinstance(provider, str):
        return library, version, params
    engine, engine_version = _split(provider)
    if library is None or _fold(library) in JAVA_RUNTIMES:
        runtime_version = version if engine in JDK_PROVIDERS else None
        library, version = engine, engine_version or runtime_version
        del params["provider"]
    elif engine == library:
        version = version or engine_version
        del params["provider"]
    else:
        params["provider"] = engine
        if engine_version and "provider_version" not in params:
            params["provider_version"] = engine_version
    return library, version, params


def _series_key(parts: list) -> str:
    return hashlib.sha256(orjson.dumps(parts, option=orjson.OPT_SORT_KEYS)).hexdigest()[:32]


def _json(value):
    return json.loads(value) if isinstance(value, str) else (value or {})


def upgrade() -> None:
    # Plain ALTER TABLE on both databases: a batch (copy-and-rename) of `runs` on SQLite would
    # cascade-delete every result through the foreign key.
    op.add_column(
        "runs", sa.Column("warnings", JsonDoc, nullable=False, server_default=sa.text("'[]'"))
    )
    bind = op.get_bind()
    _canonicalize_series(bind)
    _move_demo_hashes(bind)


def _canonicalize_series(bind) -> None:
    runs = bind.execute(
        sa.text(
            "SELECT runs.id, runs.run_id, runs.clock_hz, runs.tags, machines.fingerprint "
            "FROM runs JOIN machines ON machines.id = runs.machine_id"
        ).columns(run_id=sa.Uuid())
    ).all()
    by_pk = {row[0]: row for row in runs}
    series = bind.execute(
        sa.text(
            "SELECT DISTINCT run_pk, series_key, algorithm, operation, library, "
            "library_version, params FROM results"
        )
    ).all()
    for run_pk, key, algorithm, operation, library, version, params in series:
        params = _json(params)
        new_library, new_version, new_params = _canonical(library, version, params)
        _, run_id, clock_hz, tags, machine = by_pk[run_pk]
        if run_id == SEED_004_RUN and algorithm == "ECDSA":
            new_params.setdefault("hash", "SHA-256")
        if (new_library, new_version, new_params) == (library, version, params):
            continue
        new_key = _series_key(
            [
                algorithm,
                operation,
                new_params,
                new_library,
                new_version,
                machine,
                clock_hz,
                _json(tags),
            ]
        )
        for table in ("results", "chart_cells"):
            target = sa.table(
                table,
                sa.column("run_pk"),
                sa.column("series_key"),
                sa.column("library"),
                sa.column("library_version"),
                sa.column("params", JsonDoc),
            )
            bind.execute(
                target.update()
                .where(target.c.run_pk == run_pk, target.c.series_key == key)
                .values(
                    library=new_library,
                    library_version=new_version,
                    params=new_params,
                    series_key=new_key,
                )
            )


def _move_demo_hashes(bind) -> None:
    runs = sa.table("runs", sa.column("run_id", sa.Uuid()), sa.column("content_hash"))
    for run_id, (before, after) in DEMO_HASHES.items():
        bind.execute(
            runs.update()
            .where(runs.c.run_id == uuid.UUID(run_id), runs.c.content_hash == before)
            .values(content_hash=after)
        )


def downgrade() -> None:
    op.drop_column("runs", "warnings")
