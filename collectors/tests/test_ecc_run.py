"""`cryptobench run ecc --quick` end to end: real libraries, real timings, a valid run document."""

import io
import os
import subprocess
import sys

import pytest
from collect_support import run_main
from rich.console import Console

from cryptobench_collect.runners.ecc.adapters import LIBRARY_NAMES
from cryptobench_collect.runners.ecc.adapters.reference import ReferenceAffine
from cryptobench_collect.runners.ecc.correctness import check_curve
from cryptobench_collect.runners.ecc.curves import CURVES
from cryptobench_collect.runners.ecc.document import MAX_RAW_SAMPLES, raw_samples
from cryptobench_collect.runners.ecc.experiments import CorrectnessError
from cryptobench_collect.runners.ecc.progress import RichReporter
from cryptobench_collect.runners.ecc.rows import EXPERIMENTS
from cryptobench_collect.runners.ecc.runner import EccConfig, _blocks, run_ecc
from cryptobench_contract import RunDocument

pytestmark = pytest.mark.usefixtures("clean_env")

OPERATIONS = {
    "sign": "signature",
    "verify": "signature",
    "point-add": "ec-arith",
    "point-double": "ec-arith",
    "point-mul": "ec-arith",
    "y-recovery": "ec-arith",
}


def test_quick_run_of_every_library_gives_a_valid_run_document_and_tables(tmp_path, capsys):
    csv, tex = tmp_path / "out.csv", tmp_path / "out.tex"
    code, out, err = run_main(
        ["run", "ecc", "--quick", "--no-upload", "-c", str(csv), "-l", str(tex)], capsys
    )
    assert code == 0, err
    run = RunDocument.model_validate_json(out)
    assert (run.source, run.tool.name, run.tags["python_implementation"]) == (
        "python-ecc",
        "cryptobench-ecc",
        "CPython",
    )
    # secp256k1: 7 libraries x 11 rows - cryptography's add/double/mul; secp256r1: coincurve has no curve
    assert len(run.results) == 7 * 11 - 3 + 6 * 11 - 3
    for result in run.results:
        assert (result.metric, result.unit, result.samples) == ("ns_per_op", "ns/op", 5)
        assert OPERATIONS[result.operation] == result.family
        assert set(result.stats) == {"mean", "median", "min", "max", "stddev"}
        assert result.stats["min"] <= result.stats["median"] <= result.stats["max"]
        assert result.value == result.stats["mean"] > 0
        assert result.raw is not None and len(result.raw) == 5
        assert (min(result.raw), max(result.raw)) == (result.stats["min"], result.stats["max"])
    by_key = {
        (r.library, r.params.get("coordinates"), r.params["curve"], r.name): r for r in run.results
    }
    reference = "CryptoBench reference"
    sign = by_key[(reference, "jacobian", "secp256k1", "ecdsa-const-key-sign")]
    assert sign.params == {
        "curve": "secp256k1",
        "coordinates": "jacobian",
        "variant": "constant-key",
        "message_bytes": 32,
        "hash": "SHA-256",
    }
    assert by_key[(reference, "affine", "secp256r1", "point-mul")].params == {
        "curve": "secp256r1",
        "coordinates": "affine",
    }
    assert ("cryptography", None, "secp256k1", "point-add") not in by_key
    lines = csv.read_text().splitlines()
    assert lines[0] == "benchmark;" + ";".join(LIBRARY_NAMES)
    assert len(lines) == 1 + 2 * 11
    add_r1 = dict(
        zip(
            lines[0].split(";"),
            next(x for x in lines if x.startswith("secp256r1/point-add;")).split(";"),
            strict=False,
        )
    )
    assert (add_r1["coincurve"], add_r1["cryptography"]) == ("unsupported", "unsupported")
    assert tex.read_text().startswith("\\begin{table}[ht]\n")
    assert "coincurve / secp256r1: unsupported (coincurve has no secp256r1)" in err
    assert "cryptography / secp256k1: unsupported (cryptography has no point-add operation)" in err


def test_a_library_that_cannot_be_imported_is_reported_with_its_install_command(tmp_path):
    shadow = tmp_path / "shadow" / "fastecdsa"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('fastecdsa is hidden for this test')\n")
    env = {
        **os.environ,
        "PYTHONPATH": str(shadow.parent),
        "CRYPTOBENCH_SPOOL_DIR": str(tmp_path / "spool"),
    }
    csv = tmp_path / "out.csv"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from cryptobench_collect.cli.app import main; main()",
            "run",
            "ecc",
            "--quick",
            "--library",
            "fastecdsa",
            "--library",
            "coincurve",
            "--curve",
            "secp256k1",
            "--no-upload",
            "-c",
            str(csv),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert csv.read_text().splitlines()[1].split(";")[:2] == [
        "secp256k1/ecdsa-const-key-sign",
        "not installed",
    ]
    assert "fastecdsa / secp256k1: not installed (pip install fastecdsa)" in done.stderr
    run = RunDocument.model_validate_json(done.stdout)
    assert {r.library for r in run.results} == {"coincurve"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--library", "ECC.py"], "--library ECC.py: expected one of ecpy, reference-affine"),
        (
            ["--curve", "curve25519"],
            "--curve curve25519: expected one of secp256k1, secp256r1, secp384r1",
        ),
    ],
)
def test_unknown_library_or_curve_is_a_usage_error(argv, message, capsys):
    code, _, err = run_main(["run", "ecc", "--quick", "--no-upload", *argv], capsys)
    assert code == 2
    assert message in " ".join(err.split())


def test_curve_aliases_are_accepted(capsys):
    code, out, err = run_main(
        [
            "run",
            "ecc",
            "--quick",
            "--no-upload",
            "--library",
            "coincurve",
            "--library",
            "cryptography",
            "--curve",
            "P-256",
        ],
        capsys,
    )
    assert code == 0, err
    run = RunDocument.model_validate_json(out)
    assert {(r.library, r.params["curve"]) for r in run.results} == {("cryptography", "secp256r1")}


class _WrongDoubling(ReferenceAffine.ops_class):
    def double(self, P):
        return self.add(P, self.curve.generator)


def test_a_library_that_disagrees_with_the_reference_is_an_error():
    curve = CURVES["secp256r1"]
    with pytest.raises(CorrectnessError, match=r"^broken on secp256r1: point-double gave \(0x"):
        check_curve(
            curve, {"ok": ReferenceAffine().bind("secp256r1"), "broken": _WrongDoubling(curve)}, 32
        )


class _SignsAnotherMessage(ReferenceAffine.ops_class):
    def sign(self, private, message):
        return super().sign(private, message + b"!")


def test_a_signature_that_does_not_verify_elsewhere_is_an_error():
    curve = CURVES["secp256k1"]
    with pytest.raises(CorrectnessError, match="the signature made by liar does not verify"):
        check_curve(
            curve,
            {"ok": ReferenceAffine().bind("secp256k1"), "liar": _SignsAnotherMessage(curve)},
            32,
        )


def test_the_progress_bar_counts_experiments_against_their_total():
    """`run ecc` printed "492/?": every library's block counted, no total. Now one step per
    curve and experiment, out of a total known from the start."""
    console = Console(file=io.StringIO(), width=100)
    config = EccConfig(
        repetitions=2, warmup=0, libraries=("reference-affine",), curves=("secp256k1",)
    )
    with RichReporter(console) as reporter:
        run_ecc(config, reporter)
    (overall,) = reporter.progress.tasks
    assert (overall.completed, overall.total) == (len(EXPERIMENTS), len(EXPERIMENTS))
    assert f"{len(EXPERIMENTS)}/{len(EXPERIMENTS)}" in console.file.getvalue()


def test_repetitions_are_split_into_blocks_the_libraries_take_turns_on():
    assert _blocks(1010, 10) == [(0, 110)] + [(10 + 100 * i, 110 + 100 * i) for i in range(1, 10)]
    assert _blocks(6, 1) == [(0, 2), (2, 3), (3, 4), (4, 5), (5, 6)]


def test_raw_samples_stop_where_the_upload_would_exceed_the_body_cap():
    assert raw_samples([3, 1, 2]) == [3.0, 1.0, 2.0]
    assert raw_samples([7] * MAX_RAW_SAMPLES) == [7.0] * MAX_RAW_SAMPLES
    assert raw_samples([7] * (MAX_RAW_SAMPLES + 1)) is None
