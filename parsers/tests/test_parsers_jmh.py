"""parse_jmh on real JMH JSON files (fixtures/jmh/README.md says where each comes from)."""

import uuid
from datetime import UTC, datetime

import pytest
from captured import CAPTURED

from cryptobench_contract import Machine, RunDocument
from cryptobench_parsers.errors import ParseError
from cryptobench_parsers.jmh.json_results import parse_jmh, parse_jmh_results

JMH = CAPTURED / "jmh"
STARTED = datetime(2026, 11, 20, 10, 0, tzinfo=UTC)


def parse(name: str) -> RunDocument:
    return parse_jmh(
        (JMH / name).read_text(),
        source_name=name,
        machine=Machine(name="host-1"),
        started_at=STARTED,
    )


def test_jmh_1_35_avgt_with_three_threads():
    run = parse("lance0916_jmh-demo_1.35_avgt.json")
    assert run.source == "jmh"
    assert (run.tool.name, run.tool.version) == ("JMH", "1.35")
    assert run.tool.build == "OpenJDK 64-Bit Server VM 25.382-b06, JDK 1.8.0_382"
    assert run.tool.options == "-bm avgt -f 1 -t 3 -wi 5 -w 1s -i 5 -r 1s"
    assert run.machine.name == "host-1"
    assert run.machine.extra["jdk_version"] == "1.8.0_382"
    assert run.machine.extra["vm_version"] == "25.382-b06"
    assert run.machine.extra["jvm_args"][1] == "-Dfile.encoding=UTF-8"
    [result] = run.results
    assert result.name == result.algorithm == "com.example.Main.hutool"
    assert (result.family, result.operation, result.library) == (None, None, None)
    assert result.params == {"threads": 3}
    assert (result.metric, result.value, result.unit) == ("ns_per_op", 22.931155043669282, "us/op")
    assert (result.error, result.error_kind) == (10.128641496406537, "ci99.9")
    assert result.samples == 5
    assert result.stats["min"] == 21.555562565937112
    assert result.stats["median"] == 21.850359524851267
    assert result.stats["max"] == result.stats["p99.9999"] == 27.62953064001943
    assert result.raw == [
        [
            21.850359524851267,
            27.62953064001943,
            21.555562565937112,
            21.69364684153669,
            21.926675646001915,
        ]
    ]


def test_jmh_1_37_nan_strings_drop_the_empty_secondary_metric():
    run = parse("mariofusco_jmh-playground_1.37_avgt_nan.json")
    [result] = run.results
    assert result.name == "org.jmhplayground.infra.BranchPrediction.immutableSet"
    assert result.params == {"same": "false", "shuffle": "true"}
    assert (result.value, result.error) == (27.518365145995894, 2.9900179387994106)
    assert result.samples == 10
    assert result.raw[1] == [
        26.421016128570237,
        32.963535678068794,
        28.079673213968487,
        26.65039594700254,
        26.677383620094446,
    ]
    assert run.tool.options == "-bm avgt -f 2 -t 1 -wi 10 -w 400ms -i 5 -r 200ms"
    assert run.machine.extra["jdk_version"] == "21"
    assert (
        parse_jmh_results(
            (JMH / "mariofusco_jmh-playground_1.37_avgt_nan.json").read_text(), source_name="x"
        ).skipped
        == 1
    )


def test_jmh_1_20_without_vm_name():
    run = parse("dkomanov_scala-serialization_1.20_avgt_excerpt.json")
    assert [r.value for r in run.results] == [3397.917836332452, 6369.558100214637]
    assert run.results[1].name == "com.komanov.serialization.jmh.BooPickleBenchmark.both_events_2k"
    assert run.results[1].params == {"threads": 2}
    assert run.tool.version == "1.20"
    assert run.tool.build == "25.161-b12, JDK 1.8.0_161"
    assert "vm_name" not in run.machine.extra
    assert run.machine.extra["jvm_args"] == ["-Xmx2G"]


def test_jmh_before_1_19_has_no_version_nor_jvm_facts():
    run = parse("gpanther_benchmark-arraycopy_pre1.19_avgt_excerpt.json")
    assert run.tool.version is None and run.tool.build is None
    assert run.tool.options == "-bm avgt -f 0 -t 1 -wi 5 -w 1s -i 5 -r 1s"
    assert run.machine.extra == {}
    first, second = run.results
    assert first.params == {"destinationOffset": "0", "size": "1024", "sourceOffset": "0"}
    assert second.params["sourceOffset"] == "1"
    assert (first.value, first.error) == (21.43171421179959, 15.142227526720687)
    assert (second.value, second.error) == (18.44140395249371, 0.3831266912587412)


def test_every_mode_and_the_gc_profiler():
    run = parse("cryptobench_1.37_all_modes_gc.json")
    primaries = [r for r in run.results if "jmh_metric" not in r.params]
    assert [(r.metric, r.unit) for r in primaries] == [
        ("ops_per_s", "ops/s"),
        ("ns_per_op", "s/op"),
        ("ns_per_op", "s/op"),
        ("ns_per_op", "s/op"),
    ]
    thrpt, avgt, sample, single_shot = primaries
    assert (thrpt.value, thrpt.error, thrpt.error_kind, thrpt.samples) == (
        830299.517575681,
        None,
        None,
        2,
    )
    assert avgt.value == 1.1141850194121508e-06
    assert (sample.value, sample.error, sample.samples) == (
        8.061793146049309e-06,
        5.354989524052777e-06,
        55851,
    )
    assert (sample.stats["median"], sample.stats["p99"]) == (
        7.410000000000001e-07,
        2.5920000000000003e-06,
    )
    assert sample.raw is None
    assert single_shot.value == 0.0006324639999999999
    assert len(run.results) == 19


def test_secondary_metrics_are_results_of_their_own():
    run = parse("cryptobench_1.37_all_modes_gc.json")
    norms = [r for r in run.results if r.params.get("jmh_metric") == "gc.alloc.rate.norm"]
    assert [r.value for r in norms] == [
        48.00733245695321,
        48.0065379194126,
        48.61430093698162,
        5784.0,
    ]
    norm = norms[0]
    assert norm.name == "dev.cryptobench.jmh.DigestBench.hash:gc.alloc.rate.norm"
    assert (norm.metric, norm.unit, norm.algorithm, norm.operation) == (
        "other",
        "B/op",
        "SHA-256",
        "hash",
    )
    assert norm.params == {
        "hash": "SHA-256",
        "message_bytes": 1024,
        "jmh_metric": "gc.alloc.rate.norm",
    }
    assert not [r for r in run.results if r.params.get("jmh_metric", "").startswith("p0")]


def test_the_suites_names_map_to_algorithm_and_operation():
    run = parse("cryptobench_1.37_all_modes_gc.json")
    digest = run.results[0]
    assert digest.name == "dev.cryptobench.jmh.DigestBench.hash"
    assert (digest.family, digest.algorithm, digest.operation) == ("hash", "SHA-256", "hash")
    # the JCA provider is the library; a JDK provider's version is the JDK's
    assert (digest.library, digest.library_version) == ("SUN", "17.0.15")


def test_the_run_id_follows_the_file_content():
    text = (JMH / "lance0916_jmh-demo_1.35_avgt.json").read_text()
    first = parse_jmh(text, source_name="a", machine=Machine(name="h"), started_at=STARTED)
    again = parse_jmh(text, source_name="b", machine=Machine(name="h"), started_at=STARTED)
    other = parse_jmh(
        text.replace("22.931155043669282", "22.9"),
        source_name="a",
        machine=Machine(name="h"),
        started_at=STARTED,
    )
    assert first.run_id == again.run_id != other.run_id
    assert first.run_id == uuid.UUID("4ca7b08f-a5e0-5c09-af8b-853812638d26")
    given = uuid.UUID("00000000-0000-4000-8000-000000000009")
    assert (
        parse_jmh(
            text, source_name="a", machine=Machine(name="h"), started_at=STARTED, run_id=given
        ).run_id
        == given
    )


def test_the_document_round_trips_through_the_contract_and_keeps_the_file():
    run = parse("mariofusco_jmh-playground_1.37_avgt_nan.json")
    assert RunDocument.model_validate_json(run.to_json()) == run
    assert run.artifact.media_type == "application/json"
    assert (
        run.artifact.content == (JMH / "mariofusco_jmh-playground_1.37_avgt_nan.json").read_text()
    )


GOOD = (JMH / "lance0916_jmh-demo_1.35_avgt.json").read_text()


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("", None, "empty file"),
        ("Benchmark  Mode  Cnt  Score\nFoo.bar  thrpt  5  1.0\n", 1, "not JSON: Expecting value"),
        (GOOD[: len(GOOD) // 2], 26, "truncated: the JSON ends early"),
        ('{"benchmark": "a.b"}', 1, "the top level is a JSON object"),
        (
            '[\n  "dev.cryptobench.jmh.EcdsaBench.sign"\n]',
            None,
            "record 1 is a JSON string, not an object",
        ),
        ("[]", 1, "no benchmark results"),
        ('[\n  {"name": "x", "value": 1}\n]', None, 'record 1 has no "benchmark"'),
        (
            '[{"benchmark": "a.b", "mode": "thrpt", "primaryMetric": {}}]',
            1,
            'has no "primaryMetric.score"',
        ),
        (
            '[{"benchmark": "a.b", "mode": "thrpt", "primaryMetric": {"score": "NaN"}}]',
            None,
            "every score is NaN",
        ),
        (
            '[{"benchmark": "a.b", "mode": "thrpt", "primaryMetric": {"score": -1, "scoreUnit": "ops/s"}}]',
            1,
            "JMH record 1: value: Input should be greater than or equal to 0",
        ),
    ],
)
def test_bad_input_names_the_file_line_and_reason(text, line, reason):
    with pytest.raises(ParseError) as caught:
        parse_jmh_results(text, source_name="results.json")
    assert caught.value.path == "results.json"
    assert caught.value.line == line
    assert reason in caught.value.message


def test_the_whole_suite_in_quick_mode_maps_every_benchmark():
    run = parse("cryptobench_1.37_quick_suite.json")
    assert len(run.results) == 91
    assert all(r.family and r.operation and r.library for r in run.results)
    assert (
        run.tool.options
        == "-bm ss -f 1 -t 1 -wi 1 -w 1s -i 1 -r 1s; -bm thrpt -f 1 -t 1 -wi 1 -w 1s -i 1 -r 1s"
    )
    by_key = {(r.name, tuple(sorted(r.params.items()))): r for r in run.results}

    def one(name, **params):
        return by_key[(f"dev.cryptobench.jmh.{name}", tuple(sorted(params.items())))]

    k1 = one("EcdsaBench.sign", curve="secp256k1", hash="SHA-256", message_bytes=1048576)
    assert (k1.family, k1.algorithm, k1.operation, k1.library) == (
        "signature",
        "ECDSA",
        "sign",
        "Bouncy Castle",
    )
    assert (k1.value, k1.unit, k1.error, k1.samples) == (47.66221043170348, "ops/s", None, 1)
    compressed = one("Sm2Bench.encode", curve="sm2p256v1", encoding="compressed")
    uncompressed = one("Sm2Bench.encode", curve="sm2p256v1", encoding="uncompressed")
    assert (compressed.family, compressed.algorithm, compressed.operation) == (
        "encoding",
        "SM2",
        "encode",
    )
    assert (compressed.value, uncompressed.value) == (1241038.5804508599, 591721.4009128535)
    assert one("Sm2Bench.keygen", curve="sm2p256v1", encoding="compressed").family == "keygen"
    x25519 = one("KeyAgreementBench.derive", curve="x25519")
    assert (x25519.family, x25519.algorithm, x25519.value) == (
        "key-exchange",
        "X25519",
        1095.585433963474,
    )
    assert one("KeyAgreementBench.derive", curve="secp384r1").algorithm == "ECDH"
    chacha = one("AeadBench.decrypt", cipher="ChaCha20-Poly1305", message_bytes=16384)
    assert (chacha.family, chacha.algorithm, chacha.value) == (
        "aead",
        "ChaCha20-Poly1305",
        3168.050867547804,
    )
    rsa_keygen = one("RsaKeyGenBench.keygen", key_bits=4096)
    assert (rsa_keygen.metric, rsa_keygen.value, rsa_keygen.unit) == (
        "ns_per_op",
        2739.149523,
        "ms/op",
    )
    pss = one(
        "RsaBench.verify",
        hash="SHA-256",
        key_bits=4096,
        message_bytes=32,
        padding="pss",
    )
    assert (pss.algorithm, pss.library, pss.library_version) == ("RSA", "SunRsaSign", "17.0.15")


def test_a_benchmark_whose_setup_failed_is_absent():
    run = parse("cryptobench_1.37_wrong_curve.json")
    [result] = run.results
    assert result.params == {"curve": "sm2p256v1", "encoding": "compressed"}
    assert result.value == 834.6051227615607
