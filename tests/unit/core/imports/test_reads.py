"""The preflight's TransactGetItems for an import batch go out 25 keys at a time, answers in order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from dynoview.core.imports.reads import GET_LIMIT, SplitGetsReader
from dynoview.core.reads.reader import Reader


def test_gets_are_split_and_answers_kept_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[int] = []

    def fake_read(self: Reader, operation: str, request: Mapping[str, Any]) -> dict[str, Any]:
        items = request["TransactItems"]
        sent.append(len(items))
        # an absent item answers {} ; the last of each request is left out as moto may do
        return {"Responses": [{"Item": g["Get"]["Key"]} for g in items[:-1]]}

    monkeypatch.setattr(Reader, "read", fake_read)
    reader = SplitGetsReader.__new__(SplitGetsReader)
    keys = [{"Get": {"TableName": "t", "Key": {"PK": {"S": str(n)}}}} for n in range(60)]
    answer = reader.read("TransactGetItems", {"TransactItems": keys})
    assert sent == [GET_LIMIT, GET_LIMIT, 10]
    responses = answer["Responses"]
    assert len(responses) == 60
    assert responses[0] == {"Item": {"PK": {"S": "0"}}} and responses[24] == {}
    assert responses[25] == {"Item": {"PK": {"S": "25"}}} and responses[59] == {}
    small = reader.read("TransactGetItems", {"TransactItems": keys[:3]})
    assert sent[-1] == 3 and len(small["Responses"]) == 2  # passed through untouched
