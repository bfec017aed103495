"""Fingerprints: which facts make a machine, a series and a run's content."""

from factories import make_result, make_run_doc

from cryptobench_contract import Machine, Result, RunDocument
from cryptobench_server.identity import machine_fingerprint, series_key
from cryptobench_server.store.fingerprints import RESULT_FIELDS, ContentHash, content_hash


def test_content_hash_reads_every_result_field_of_the_contract():
    assert set(RESULT_FIELDS) == set(Result.model_fields)


def test_machine_fingerprint_ignores_clock_os_and_extra():
    a = Machine(
        name="esp",
        arch="riscv32",
        cores=1,
        clock_hz=160e6,
        os="IDF 5.3",
        extra={"clock_source": "configured"},
    )
    b = Machine(name="esp", arch="riscv32", cores=1, clock_hz=80e6, os="IDF 5.4")
    assert machine_fingerprint(a) == machine_fingerprint(b)
    assert machine_fingerprint(a) != machine_fingerprint(
        Machine(name="esp", arch="riscv32", cores=2)
    )
    assert len(machine_fingerprint(a)) == 64


def key(**changes):
    base = {
        "algorithm": "RSA",
        "operation": "verify",
        "params": {"key_bits": 2048, "padding": "pss"},
        "library": "mbedtls",
        "library_version": "3.6.2",
        "machine": "m" * 64,
        "clock_hz": 160e6,
        "tags": {"opt_level": "-O2"},
    }
    return series_key(**{**base, **changes})


def test_series_key_depends_on_every_dimension_but_not_on_key_order():
    assert key() == key(params={"padding": "pss", "key_bits": 2048})
    others = [
        key(algorithm="ECDSA"),
        key(operation="sign"),
        key(params={"key_bits": 4096, "padding": "pss"}),
        key(library="wolfssl"),
        key(library_version="3.6.3"),
        key(machine="n" * 64),
        key(clock_hz=80e6),
        key(tags={"opt_level": "-Os"}),
    ]
    assert len({key(), *others}) == 9


def test_content_hash_ignores_key_order_and_sees_any_value_change():
    doc = make_run_doc(results=[make_result(stats={"min": 1.0, "max": 2.0})])
    reordered = {
        **doc,
        "results": [
            make_result(
                stats={"max": 2.0, "min": 1.0},
                params={"hash": "SHA-256", "padding": "pss", "key_bits": 2048},
            )
        ],
    }
    changed = {**doc, "results": [make_result(stats={"min": 1.0, "max": 2.5})]}
    first = content_hash(RunDocument.model_validate(doc))
    assert first == content_hash(RunDocument.model_validate(reordered))
    assert first != content_hash(RunDocument.model_validate(changed))


def pinned_doc(results: list[dict], **overrides) -> RunDocument:
    run_id = "6a0f7c1e-2b7d-4e55-9a39-4f3d8c1a2b3c"
    return RunDocument.model_validate(make_run_doc(results=results, run_id=run_id, **overrides))


PINNED_RESULTS = [
    make_result(stats={"min": 1.0, "max": 2.0}),
    make_result(value=3.5, raw=[1.0, 2.0]),
]
PINNED_WARNING = {"line": 3, "text": "x 1", "message": "m"}


def test_content_hash_is_the_one_runs_were_stored_with():
    """Stored runs keep these hashes: a change here turns identical re-uploads into 409s."""
    assert (
        content_hash(pinned_doc(PINNED_RESULTS))
        == "e574fb1b31e9c8e590737b7e593647739b03cdef7dd5f339f5bcf69f98aaf938"
    )
    assert (
        content_hash(pinned_doc(PINNED_RESULTS * 1500, warnings=[PINNED_WARNING]))
        == "a84a3cc9684cd2e3a984082b1da88a0ee4b1814548be9c799f9bd6407b114f3e"
    )


def test_content_hash_fed_in_chunks_is_the_whole_documents():
    doc = pinned_doc(PINNED_RESULTS * 1500, warnings=[PINNED_WARNING])
    digest = ContentHash(doc)
    for start in range(0, len(doc.results), 700):
        digest.add(doc.results[start : start + 700])
        digest.add([])
    assert digest.hexdigest() == content_hash(doc)
