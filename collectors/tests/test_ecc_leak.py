"""`cryptobench run ecc --leak-test`: real libraries, fixed vs random scalar interleaved, every
sample kept as `raw` of a class-pair of results."""

import itertools
import statistics

import pytest
from collect_support import run_main

from cryptobench_collect.runners.ecc.adapters import LIBRARY_NAMES, load
from cryptobench_collect.runners.ecc.adapters.reference import ReferenceJacobian
from cryptobench_collect.runners.ecc.curves import CURVES
from cryptobench_collect.runners.ecc.experiments import CorrectnessError
from cryptobench_collect.runners.ecc.leak import LeakConfig, class_order, fixed_scalar, screen
from cryptobench_contract import RunDocument

pytestmark = pytest.mark.usefixtures("clean_env")


def test_quick_leak_test_of_every_library_uploads_class_pairs_with_every_sample(capsys):
    code, out, err = run_main(
        ["run", "ecc", "--leak-test", "--quick", "--curve", "secp256k1", "--no-upload"], capsys
    )
    assert code == 0, err
    run = RunDocument.model_validate_json(out)
    assert (run.source, run.tags["mode"], run.tool.options.split()[:3]) == (
        "python-ecc",
        "leak-test",
        ["--leak-test", "--leak-samples", "20"],
    )
    pairs: dict[tuple, dict[str, list[float]]] = {}
    for result in run.results:
        identity = (result.library, result.operation, result.params | {"input_class": None})
        key = (result.library, result.operation, tuple(sorted(identity[2].items())))
        pairs.setdefault(key, {})[result.params["input_class"]] = result.raw
        assert result.samples == len(result.raw) == 20
        assert result.value == statistics.median(result.raw) == result.stats["median"]
        assert (result.metric, result.unit) == ("ns_per_op", "ns/op")
    # every library signs; all but cryptography (no point-mul) multiply
    assert len(pairs) == 2 * len(LIBRARY_NAMES) - 1
    assert all(set(classes) == {"fixed", "random"} for classes in pairs.values())
    libraries = {result.library for result in run.results}
    assert len(libraries) == len(LIBRARY_NAMES) - 1  # the two references share one name
    assert "not measured: secp256k1 cryptography: unsupported (cryptography has no point-mul)" in (
        run.artifact.content
    )


def test_classes_are_interleaved_in_a_random_order():
    order = class_order(500)
    assert (order.count(0), order.count(1)) == (500, 500)
    switches = sum(a != b for a, b in itertools.pairwise(order))
    assert switches > 250  # a random order switches about 500 times; blocks would switch once
    assert class_order(500) != order


JACOBIAN = ReferenceJacobian().bind("secp256k1")


class _Recording(type(JACOBIAN)):  # type: ignore[misc]
    """The Jacobian reference, noting each scalar it multiplies by."""

    scalars: list[int]

    def multiply(self, k, P):
        self.scalars.append(k)
        return super().multiply(k, P)


def test_the_fixed_scalar_repeats_between_fresh_random_ones_after_the_check():
    ops = _Recording(JACOBIAN.curve)
    ops.scalars = []
    taken = screen(ops, "point-mul", LeakConfig(samples=30, warmup=2))
    assert [len(taken["fixed"]), len(taken["random"])] == [30, 30]
    fixed = ops.scalars[0]  # the correctness check multiplies the fixed scalar first
    timed = ops.scalars[3:]  # then two warmups
    assert ops.scalars[:3] == [fixed] * 3 and len(timed) == 60
    assert timed.count(fixed) == 30 and len(set(timed)) == 31
    assert timed[:30].count(fixed) not in (0, 30)


def test_the_fixed_scalar_is_as_long_as_the_order_with_two_bits_set():
    assert fixed_scalar(CURVES["secp256k1"]) == fixed_scalar(CURVES["secp256r1"]) == 2**255 + 1
    assert fixed_scalar(CURVES["secp384r1"]) == 2**383 + 1


COINCURVE = load("coincurve").bind("secp256k1")  # type: ignore[union-attr]


class _Logged(type(COINCURVE)):  # type: ignore[misc]
    """coincurve, noting each key object it makes and each one it signs with."""

    log: list[tuple]

    def keypair(self, d):
        pair = super().keypair(d)
        self.log.append(("key", d, pair[0]))
        return pair

    def sign(self, private, message):
        self.log.append(("sign", private))
        return super().sign(private, message)


def test_every_signing_key_object_is_made_before_the_timed_calls_for_both_classes_alike():
    ops = _Logged()
    ops.log = []
    taken = screen(ops, "sign", LeakConfig(samples=30, warmup=2))
    assert [len(taken["fixed"]), len(taken["random"])] == [30, 30]
    fixed = 2**255 + 1
    # the check, then two warmups: each a key object of the fixed scalar and a signature
    assert [entry[:2] for entry in ops.log[:6]] == [("key", fixed), ("sign", ops.log[0][2])] * 3
    made, signed = ops.log[6:66], ops.log[66:]
    assert {entry[0] for entry in made} == {"key"} and {entry[0] for entry in signed} == {"sign"}
    assert all(key[2] is sign[1] for key, sign in zip(made, signed, strict=True))
    assert len({id(entry[1]) for entry in signed}) == 60  # a fresh key object per sample
    assert sum(entry[1] == fixed for entry in made) == 30


class _Wrong(_Recording):
    def multiply(self, k, P):
        return super().multiply(k + 1, P)


def test_a_library_that_multiplies_wrong_is_stopped_before_any_timing():
    ops = _Wrong(JACOBIAN.curve)
    ops.scalars = []
    with pytest.raises(CorrectnessError, match="k\\*G disagrees with the reference"):
        screen(ops, "point-mul", LeakConfig(samples=5, warmup=0))
    assert len(ops.scalars) == 1


def test_leak_test_writes_no_tables(capsys, tmp_path):
    code, _, err = run_main(
        ["run", "ecc", "--leak-test", "--quick", "-c", str(tmp_path / "x.csv"), "--no-upload"],
        capsys,
    )
    assert code == 2 and "--leak-test writes no CSV or LaTeX table" in err
