"""An item's key identity (``checks.key_of``) is equal for two items DynamoDB stores as one: an N
by its value (``1``, ``1.0``, ``01``, ``10E-1``, ``-0`` and ``0``), a B by its bytes, an S by its
text. So the batches never put two spellings of one number key together (the guarded import
stopped at the builder's "Merge the two actions", --speed was refused by DynamoDB), and the
preview counts the later spellings as repeating an earlier item's key (it said "no problem")."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.imports.batching import batches
from dynoview.core.imports.checks import key_of
from dynoview.core.imports.model import Located, Place
from dynoview.core.imports.preview import build_preview
from dynoview.core.session.tables import KeyAttribute, TableInfo

NUMBERS = TableInfo("n", KeyAttribute("pk", "N"), KeyAttribute("sk", "B"))
TEXT = TableInfo("s", KeyAttribute("pk", "S"), None)


def _item(number: str, blob: bytes | bytearray | memoryview = b"\x01") -> dict[str, Any]:
    return {"pk": {"N": number}, "sk": {"B": blob}}


def _located(items: list[dict[str, Any]]) -> list[Located]:
    return [Located(item, Place(n, n + 1, 1)) for n, item in enumerate(items)]


@pytest.mark.parametrize("a, b", [("1", "1.0"), ("1", "01"), ("1", "10E-1"), ("1", "1.000e0"),
                                  ("0", "-0"), ("-2.50", "-2.5"), ("100", "1E2"),
                                  ("1" * 38, "1" * 38 + ".0")])
def test_spellings_of_one_number_are_one_key(a: str, b: str) -> None:
    assert key_of(_item(a), NUMBERS) == key_of(_item(b), NUMBERS)
    assert hash(key_of(_item(a), NUMBERS)) == hash(key_of(_item(b), NUMBERS))


@pytest.mark.parametrize("a, b", [("1", "1.1"), ("1", "-1"), ("1" * 38, "1" * 37 + "2"),
                                  ("1E-130", "2E-130")])
def test_other_numbers_are_other_keys(a: str, b: str) -> None:
    assert key_of(_item(a), NUMBERS) != key_of(_item(b), NUMBERS)


def test_binary_keys_compare_by_bytes_and_text_keys_by_text() -> None:
    as_bytes = key_of(_item("1", b"\x01\x02"), NUMBERS)
    assert key_of(_item("1", bytearray(b"\x01\x02")), NUMBERS) == as_bytes
    assert key_of(_item("1", memoryview(b"\x01\x02")), NUMBERS) == as_bytes
    assert key_of(_item("1", b"\x01\x03"), NUMBERS) != as_bytes
    # Text is never read as a number: "1" and "1.0" are two S keys.
    assert key_of({"pk": {"S": "1"}}, TEXT) != key_of({"pk": {"S": "1.0"}}, TEXT)


def test_spellings_of_one_number_key_go_in_separate_batches_in_file_order() -> None:
    stream = _located([_item("1"), _item("2"), _item("1.0"), _item("01"), _item("3")])
    cut = [[r.place.index for r in b.records] for b in batches(stream, NUMBERS, None, max_items=100)]
    assert cut == [[0, 1], [2], [3, 4]]  # the file's last one is written last, so it wins


def test_the_preview_counts_the_later_spellings_as_repeated_keys() -> None:
    preview = build_preview(_located([_item("1"), _item("1.0"), _item("01"), _item("2")]), "ddb-json",
                            NUMBERS, whole=True)
    assert (preview.valid, preview.problem_count, preview.repeated_keys) == (4, 0, 2)
    assert "2 of them repeat an earlier item's key" in preview.summary()
