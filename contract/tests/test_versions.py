import random

import pytest

from cryptobench_contract.versions import version_key

ORDERED = [
    None,
    "0.9.8zh",
    "1.0.2",
    "1.0.2a",
    "1.1.1",
    "1.1.1g",
    "1.1.1w",
    "3.0.0-alpha1",
    "3.0.0-beta2",
    "3.0.0rc2",
    "3.0.0",
    "3.0.2",
    "3.0.13",
    "3.5.0",
    "9.0",
    "10.0",
]


def test_versions_sort_as_versions_in_any_input_order():
    shuffled = ORDERED[:]
    random.Random(7).shuffle(shuffled)
    assert sorted(shuffled, key=version_key) == ORDERED


@pytest.mark.parametrize(
    "low, high",
    [
        ("1.1.1g", "3.0.2"),
        ("3.0.2", "3.0.13"),
        ("3.0.13", "3.5.0"),
        ("1.11.3", "1.37"),
        ("17.0.9+9", "21.0.1+12"),
        ("1.0-SNAPSHOT", "1.0"),
        ("3.6", "3.6.2"),
        ("v2.1", "v2.10"),
        ("21-ea", "21"),
    ],
)
def test_pairs(low, high):
    assert version_key(low) < version_key(high)


def test_equal_numbers_with_different_spelling_still_have_a_stable_order():
    assert sorted(["1.0", "1.00", "1.0"], key=version_key) == ["1.0", "1.0", "1.00"]
