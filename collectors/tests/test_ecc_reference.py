"""The reference arithmetic (affine and Jacobian), square roots and ECDSA against known answers."""

import json

import pytest
from collect_support import FIXTURES

from cryptobench_collect.runners.ecc import affine, jacobian, signatures, sqrt
from cryptobench_collect.runners.ecc.adapters.base import compressed_even
from cryptobench_collect.runners.ecc.curves import CURVES
from cryptobench_collect.runners.ecc.ladder import ladder

VECTORS = json.loads((FIXTURES / "ecc" / "generator_multiples.json").read_text())["vectors"]
CASES = [(curve, v) for curve, vectors in VECTORS.items() for v in vectors]
ARITHMETIC = {"affine": affine, "jacobian": jacobian}


def _point(v):
    return int(v["x"], 16), int(v["y"], 16)


@pytest.mark.parametrize("coordinates", ARITHMETIC)
@pytest.mark.parametrize(("curve", "vector"), CASES, ids=[f"{c}-k{v['k'][:8]}" for c, v in CASES])
def test_scalar_multiplication_matches_the_published_multiples_of_G(coordinates, curve, vector):
    params = CURVES[curve]
    assert ARITHMETIC[coordinates].multiply(
        params, int(vector["k"], 16), params.generator
    ) == _point(vector)


@pytest.mark.parametrize("coordinates", ARITHMETIC)
@pytest.mark.parametrize("curve", ["secp256k1", "secp256r1"])
def test_add_and_double_give_2G_and_3G(coordinates, curve):
    params, maths = CURVES[curve], ARITHMETIC[coordinates]
    g, two_g, three_g = (_point(v) for v in VECTORS[curve][:3])
    assert maths.double(params, g) == two_g
    assert maths.add(params, g, two_g) == three_g
    assert maths.add(params, two_g, g) == three_g
    assert maths.add(params, g, g) == two_g


@pytest.mark.parametrize("coordinates", ARITHMETIC)
def test_infinity_rules(coordinates):
    params, maths = CURVES["secp256k1"], ARITHMETIC[coordinates]
    g = params.generator
    assert maths.add(params, g, affine.negate(params, g)) is None
    assert maths.add(params, None, g) == g
    assert maths.add(params, g, None) == g
    assert maths.double(params, None) is None
    assert maths.multiply(params, params.n, g) is None


def test_jacobian_multiply_add_is_u1_G_plus_u2_Q():
    params = CURVES["secp256r1"]
    g, two_g = _point(VECTORS["secp256r1"][0]), _point(VECTORS["secp256r1"][1])
    assert jacobian.multiply_add(params, 1, g, 2, g) == _point(VECTORS["secp256r1"][2])
    assert jacobian.multiply_add(params, 8, two_g, 4, g) == _point(VECTORS["secp256r1"][3])


@pytest.mark.parametrize(
    ("n", "p", "roots"),
    [
        (10, 13, {6, 7}),
        (2, 17, {6, 11}),
        (4, 41, {2, 39}),
        (0, 13, {0}),
        (5, 13, None),
        (3, 17, None),
    ],
)
def test_tonelli_shanks_on_small_primes(n, p, roots):
    r = sqrt.tonelli_shanks(n, p)
    assert (r in roots) if roots else r is None


def test_y_recovery_returns_the_even_root_and_none_without_a_root():
    k1, r1 = CURVES["secp256k1"], CURVES["secp256r1"]
    assert sqrt.recover_y(k1, k1.gx) == k1.gy
    assert sqrt.recover_y(r1, r1.gx) == r1.p - r1.gy
    assert not k1.has_y(5)
    assert sqrt.recover_y(k1, 5) is None


@pytest.mark.parametrize("coordinates", ARITHMETIC)
def test_reference_ecdsa_signs_and_verifies_and_rejects_another_message(coordinates):
    params, maths = CURVES["secp256k1"], ARITHMETIC[coordinates]
    d = int(VECTORS["secp256k1"][3]["k"], 16)
    q = _point(VECTORS["secp256k1"][3])
    multiply_add = jacobian.multiply_add if coordinates == "jacobian" else _affine_multiply_add
    signature = signatures.sign(params, maths.multiply, d, b"seed 004")
    assert signatures.verify(params, multiply_add, q, b"seed 004", signature)
    assert not signatures.verify(params, multiply_add, q, b"seed 005", signature)
    assert not signatures.verify(params, multiply_add, q, b"seed 004", (0, signature[1]))


def _affine_multiply_add(curve, u1, p, u2, q):
    return affine.add(curve, affine.multiply(curve, u1, p), affine.multiply(curve, u2, q))


def test_der_round_trip_with_a_known_encoding():
    assert signatures.der_encode(1, 0x80) == bytes.fromhex("300702010102020080")
    assert signatures.der_decode(bytes.fromhex("300702010102020080")) == (1, 0x80)
    with pytest.raises(ValueError):
        signatures.der_decode(b"\x31\x07\x02\x01\x01\x02\x02\x00\x80")


def test_the_compressed_even_encoding_of_G_is_sec2s():
    # SEC 2 v2, section 2.4.1: secp256k1's G in compressed form (its y is even).
    published = "0279BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798"
    secp256k1 = CURVES["secp256k1"]
    assert secp256k1.gy % 2 == 0
    assert compressed_even(secp256k1.gx, secp256k1) == bytes.fromhex(published)


def test_the_ladder_does_one_add_and_one_double_per_bit_in_any_group():
    steps = []

    def add(_curve, a, b):
        steps.append("add")
        return a + b

    def double(_curve, a):
        steps.append("double")
        return 2 * a

    assert ladder(CURVES["secp256k1"], 0b1011, 7, 0, add, double) == 77
    assert [set(steps[i : i + 2]) for i in range(0, len(steps), 2)] == [{"add", "double"}] * 4
