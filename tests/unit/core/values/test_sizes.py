"""``values.sizes``: item sizes as DynamoDB bills them, and the capacity they cost."""

from __future__ import annotations

import pytest

from dynoview.core.values.sizes import attribute_size, item_size, read_units, write_units


@pytest.mark.parametrize(("value", "size"), [
    ({"S": "abc"}, 3),
    ({"S": "é"}, 2),  # UTF-8 bytes, not characters
    ({"N": "0"}, 1),
    ({"N": "1"}, 2),
    ({"N": "1.5"}, 3),  # 01.50: two base-100 digits and the exponent byte
    ({"N": "-12345"}, 5),  # 1|23|45, the exponent byte, one more for the sign
    ({"B": b"\x00\x01"}, 2),
    ({"BOOL": True}, 1),
    ({"NULL": True}, 1),
    ({"SS": ["a", "bc"]}, 3),
    ({"L": [{"S": "a"}, {"N": "1"}]}, 3 + (1 + 1) + (1 + 2)),
    ({"M": {"k": {"S": "v"}}}, 3 + 1 + 1 + 1),
])
def test_value_sizes(value: dict[str, object], size: int) -> None:
    assert attribute_size("", value) == size


def test_an_item_is_its_names_and_values() -> None:
    item = {"PK": {"S": "ACCT#1"}, "email": {"S": "ada@x.io"}}
    assert item_size(item) == len("PK") + len("ACCT#1") + len("email") + len("ada@x.io")


@pytest.mark.parametrize(("size", "consistent", "units"), [
    (0, True, 1.0), (4096, True, 1.0), (4097, True, 2.0), (4097, False, 1.0), (100, False, 0.5),
])
def test_read_units_per_4_kb_halved_when_eventual(size: int, consistent: bool, units: float) -> None:
    assert read_units(size, consistent) == units


@pytest.mark.parametrize(("size", "transactional", "units"), [
    (1, False, 1.0), (1024, False, 1.0), (1025, False, 2.0), (1025, True, 4.0),
])
def test_write_units_per_1_kb_doubled_in_a_transaction(size: int, transactional: bool, units: float) -> None:
    assert write_units(size, transactional) == units


def test_a_negative_size_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        read_units(-1, True)
    with pytest.raises(ValueError, match="cannot be negative"):
        write_units(-1, False)
