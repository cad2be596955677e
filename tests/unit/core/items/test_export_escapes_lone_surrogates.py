"""Lone surrogates in an export (``items.export_lines``): the JSON lines write each as its
``\\uXXXX`` escape, only in a line that holds one; a CSV refuses the item, naming it and the
attribute. Before, the lines held the raw character and writing them as UTF-8 raised
UnicodeEncodeError (a crash)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.items import export as ex
from dynoview.core.items.export_lines import escape_lone_surrogates, has_lone_surrogate

ITEM: dict[str, Any] = {
    "PK": {"S": "k"}, "plain": {"S": "é😀"}, "s": {"S": "a\ud800b"},
    "m": {"M": {"key\udc00": {"SS": ["x\udbff", "y"]}, "l": {"L": [{"S": "\udfff"}]}}},
    "name\ud801": {"N": "1"},
}


@pytest.mark.parametrize("line", [ex.ddb_json_line, ex.plain_json_line])
def test_json_lines_escape_them_and_read_back_the_same_strings(line: Any) -> None:
    text = line(ITEM)
    text.encode("utf-8")  # writable
    assert "\\ud800" in text and "é😀" in text  # other text stays readable, as before
    back = json.loads(text)
    if line is ex.ddb_json_line:  # (an import refuses the value, at its place: DynamoDB would)
        assert back == {"Item": ITEM}
    else:
        assert back["s"] == "a\ud800b" and back["name\ud801"] == 1
        assert back["m"] == {"key\udc00": ["x\udbff", "y"], "l": ["\udfff"]}


def test_a_line_without_one_is_returned_as_it_is() -> None:
    for text in ('{"a": "plain"}', '{"a": "é😀"}'):
        assert escape_lone_surrogates(text) is text and not has_lone_surrogate(text)
    assert escape_lone_surrogates('"\ud83d"') == '"\\ud83d"'


def test_csv_refuses_naming_the_item_and_the_attribute() -> None:
    ok = {"PK": {"S": "first"}}
    with pytest.raises(DynoViewError) as refused:
        ex.render([ok, {"PK": {"S": "k\ud800"}, "v": {"S": "fine"}}], ex.CSV, ("PK",))
    assert refused.value.field == "format"
    assert refused.value.message.startswith("Item 2 (PK=k\\ud800) holds a lone surrogate (\\ud800")
    assert "its attribute PK" in refused.value.message and "ddb-json" in refused.value.message
    with pytest.raises(DynoViewError, match=r"Item 1 holds .*\\ud801.* the name of its attribute "
                                            r"name\\ud801"):
        ex.render([{"name\ud801": {"N": "1"}}], ex.CSV)
    with pytest.raises(DynoViewError, match=r"\(PK=k\) .*\\udc00.* its attribute m\."):
        ex.render([{"PK": {"S": "k"}, "m": ITEM["m"]}], ex.CSV, ("PK",))


def test_json_renders_them_escaped() -> None:
    for fmt in (ex.DDB_JSON, ex.PLAIN_JSON):
        assert ex.render([ITEM], fmt).encode("utf-8").count(b"\\ud800") == 1
