"""Compact rows (dynoview/core/reads/rows.py): a page body decoded without botocore gives the
items botocore's parser would, losslessly; sizes, keys and names come out of the same pass."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from dynoview.core.reads.estimates import ITEMS_SIZE, explain_read
from dynoview.core.reads.rows import (
    SLICE,
    BadPageError,
    RowBlock,
    RowShape,
    _row_size,
    block_from_body,
    block_from_items,
    decode_row,
    encode_item,
    item_size,
    key_digest,
)
from dynoview.core.values.sizes import item_size as reference_size


def wire(av: Any) -> Any:
    """An attribute value as DynamoDB sends it: binary as base64 text."""
    if isinstance(av, dict):
        if "B" in av and isinstance(av["B"], bytes):
            return {"B": base64.b64encode(av["B"]).decode()}
        if "BS" in av:
            return {"BS": [base64.b64encode(b).decode() for b in av["BS"]]}
        return {k: wire(v) for k, v in av.items()}
    if isinstance(av, list):
        return [wire(v) for v in av]
    return av


ITEMS: list[dict[str, Any]] = [
    {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@lovelace.io"},
     "n38": {"N": "-1234567890123456789012345678901234567.8"}, "tiny": {"N": "1E-130"}},
    {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}, "expiresAt": {"N": "1700000000"}},
    {"PK": {"S": "ключ 🙂"}, "SK": {"S": "a\nb\"c\\"}, "bin": {"B": bytes(range(256))},
     "sets": {"BS": [b"\x00", b"\xff"]}, "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2.50"]},
     "flag": {"BOOL": False}, "none": {"NULL": True},
     "deep": {"M": {"B": {"B": b"map key named B"}, "l": {"L": [{"B": b"\x01"}, {"M": {}}, {"L": []}]}}}},
]


def body_of(items: list[dict[str, Any]], **fields: Any) -> bytes:
    return json.dumps({"Items": [wire(i) for i in items], "Count": len(items),
                       "ScannedCount": len(items), **fields}).encode()


def botocore_parse(body: bytes) -> dict[str, Any]:
    """What boto3's low-level client returns for this Scan answer."""
    import botocore.session
    from botocore.parsers import create_parser

    shape = botocore.session.get_session().get_service_model("dynamodb").operation_model("Scan").output_shape
    return create_parser("json").parse({"body": body, "headers": {}, "status_code": 200}, shape)


def test_a_page_body_decodes_to_what_botocore_parses() -> None:
    last = {"PK": {"B": b"\x00\xff"}, "SK": {"S": "x"}}
    body = body_of(ITEMS, LastEvaluatedKey=wire(last),
                   ConsumedCapacity={"TableName": "t", "CapacityUnits": 0.5})
    fields, block = block_from_body(body, RowShape(("PK", "SK")))
    parsed = botocore_parse(body)
    assert block.items() == parsed["Items"] == ITEMS
    assert fields["LastEvaluatedKey"] == parsed["LastEvaluatedKey"] == last
    assert (fields["Count"], fields["ScannedCount"]) == (3, 3)
    assert fields["ConsumedCapacity"]["CapacityUnits"] == 0.5
    assert block.names == list(dict.fromkeys(n for item in ITEMS for n in item))
    assert block.size == sum(map(reference_size, ITEMS))
    assert list(block.digests) == [key_digest([i["PK"], i["SK"]]) for i in ITEMS]


@pytest.mark.parametrize("item", ITEMS)
def test_rows_round_trip_losslessly(item: dict[str, Any]) -> None:
    assert decode_row(encode_item(item)) == item
    assert decode_row(encode_item(wire(item))) == item  # as read from a body
    assert item_size(wire(item)) == reference_size(item)


@pytest.mark.parametrize("item", [
    *ITEMS,
    {"a": {"S": "plain"}, "é": {"S": "ünïcödé 🙂"}},  # sized from the row's UTF-8 length
    {"a": {"S": 'with "quotes" and \\ backslash'}, "b": {"S": "x"}},
    {"a": {"S": '{"S":"not a value"}'}},  # text that looks like a value
    {"m": {"M": {"x": {"S": "y"}}}, "n": {"N": "1"}},  # two "{"S":" counts, not all strings
    {"m": {"M": {"x": {"S": "y"}, "z": {"S": "w"}}}, "s": {"S": "v"}},
    {},
])
def test_row_sizes_match_the_size_rules(item: dict[str, Any]) -> None:
    compact = json.dumps(wire(item), ensure_ascii=False, separators=(",", ":")).encode()
    for row in (encode_item(item), json.dumps(wire(item)).encode(), compact):
        assert _row_size(row, wire(item)) == reference_size(item), row


def test_odd_text_round_trips() -> None:
    lone = {"s": {"S": "\ud800 half a pair"}, "nul": {"S": "\x00"}}
    assert decode_row(encode_item(lone)) == lone


def test_items_and_bodies_give_the_same_block() -> None:
    shape = RowShape(("PK", "SK"), flag=lambda item: 7 if "expiresAt" in item else 0)
    from_items = block_from_items(ITEMS, shape)
    _, from_body = block_from_body(body_of(ITEMS), shape)
    assert from_items.items() == from_body.items() == ITEMS
    assert list(from_items.digests) == list(from_body.digests)
    assert from_items.flags == from_body.flags == bytearray([0, 7, 0])
    assert from_items.size == from_body.size


def test_a_big_body_is_decoded_with_pauses_between_its_slices() -> None:
    """The UI lets the decoding worker wait while it paints: the worker offers to before the
    page is split and between slices of its copies and of its decode, not only per decode."""
    items = [{"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}} for i in range(2 * SLICE + 1)]
    pauses: list[int] = []
    _, block = block_from_body(body_of(items), RowShape(("PK", "SK"), pause=lambda: pauses.append(1)))
    assert block.items() == items
    assert len(pauses) == 1 + 3 + 3  # before the split; three slices copied; three decoded


def test_blocks_slice_and_concatenate_in_order() -> None:
    block = block_from_items(ITEMS, RowShape(("PK", "SK")))
    parts = [block.slice(0, 1), block.slice(1, 3)]
    assert parts[0].names == block.names and parts[1].names == []
    whole = RowBlock.concat(parts)
    assert whole.rows == block.rows and whole.flags == block.flags
    assert list(whole.digests) == list(block.digests)


@pytest.mark.parametrize("body", [b"<html>", b"[]", b'{"Items": 3}', b'{"Items": [1]}',
                                  b'{"Items": [], "LastEvaluatedKey": {"PK": {"B": "AAA"}}}'])
def test_a_body_that_is_not_a_page_is_refused(body: bytes) -> None:
    with pytest.raises(BadPageError):
        block_from_body(body, RowShape())


def test_the_estimate_of_a_compact_page_is_the_estimate_of_its_items() -> None:
    request = {"TableName": "t"}
    parsed = {"Items": ITEMS, "Count": 3, "ScannedCount": 3}
    compact = {ITEMS_SIZE: block_from_items(ITEMS, RowShape()).size, "Count": 3, "ScannedCount": 3}
    assert explain_read("Scan", request, compact) == explain_read("Scan", request, parsed)
