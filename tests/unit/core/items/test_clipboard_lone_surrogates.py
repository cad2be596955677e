"""Copy as DynamoDB JSON / Plain JSON keeps a lone surrogate (DynamoDB Local stores one sent
escaped) as its ``\\uXXXX`` escape: the clipboard is UTF-8 text, and Qt dropped the raw code point
("a\\ud800b" pasted as "ab")."""

from __future__ import annotations

import json

import pytest

from dynoview.core.items.clipboard import DDB_JSON, PLAIN_JSON, copy_text

ITEM = {"PK": {"S": "k"}, "s": {"S": "a\ud800b"}, "fine": {"S": "é"}}


@pytest.mark.parametrize("count", [1, 2])
@pytest.mark.parametrize("fmt", [DDB_JSON, PLAIN_JSON])
def test_a_lone_surrogate_is_copied_as_its_escape(fmt: str, count: int) -> None:
    text = copy_text([ITEM] * count, fmt)
    text.encode("utf-8")  # what the clipboard holds: no code point UTF-8 cannot carry
    assert "\\ud800" in text and "é" in text  # other text stays as it is
    data = json.loads(text)
    first = data if count == 1 else data[0]
    assert (first["s"]["S"] if fmt == DDB_JSON else first["s"]) == "a\ud800b"  # the same string
