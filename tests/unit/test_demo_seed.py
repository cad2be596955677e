"""The demo seeds its plain puts as BatchWriteItem requests (dynoview/demo/backend.py): 25 items a
request, in the order given, unprocessed items sent again, and a batch that never goes through
is an error rather than a half-seeded demo."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.demo import backend
from dynoview.demo.backend import BATCH_SIZE, _Puts


class _Client:
    """Records each BatchWriteItem; leaves the first ``refuse`` items of a request unprocessed."""

    def __init__(self, refuse: int = 0, times: int = 1) -> None:
        self.requests: list[list[dict[str, Any]]] = []
        self.written: list[dict[str, Any]] = []
        self.refuse, self.times = refuse, times

    def batch_write_item(self, RequestItems: dict[str, Any]) -> dict[str, Any]:
        (table, requests), = RequestItems.items()
        items = [r["PutRequest"]["Item"] for r in requests]
        self.requests.append(items)
        refused = self.refuse if self.times > 0 else 0
        self.times -= 1
        self.written.extend(items[refused:])
        left = requests[:refused]
        return {"UnprocessedItems": {table: left} if left else {}}


class _Conn:
    def __init__(self, client: _Client) -> None:
        self.client = client


def _items(n: int) -> list[dict[str, Any]]:
    return [{"PK": {"S": f"ITEM#{i:03d}"}, "SK": {"S": "X"}} for i in range(n)]


def test_puts_go_out_25_a_request_in_order() -> None:
    client = _Client()
    items = _items(2 * BATCH_SIZE + 3)
    with _Puts(_Conn(client), "t") as put:  # type: ignore[arg-type]
        for item in items:
            put(item)
    assert [len(r) for r in client.requests] == [BATCH_SIZE, BATCH_SIZE, 3]
    assert client.written == items


def test_nothing_to_put_sends_nothing() -> None:
    client = _Client()
    with _Puts(_Conn(client), "t"):  # type: ignore[arg-type]
        pass
    assert client.requests == []


def test_unprocessed_items_are_sent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backend.time, "sleep", lambda _s: None)
    client = _Client(refuse=2, times=2)
    items = _items(5)
    with _Puts(_Conn(client), "t") as put:  # type: ignore[arg-type]
        for item in items:
            put(item)
    assert [len(r) for r in client.requests] == [5, 2, 2]
    assert sorted(i["PK"]["S"] for i in client.written) == sorted(i["PK"]["S"] for i in items)


def test_a_batch_that_never_goes_through_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backend.time, "sleep", lambda _s: None)
    client = _Client(refuse=1, times=100)
    with pytest.raises(DynoViewError, match="left items unwritten"), \
            _Puts(_Conn(client), "t") as put:  # type: ignore[arg-type]
        put(_items(1)[0])
    assert len(client.requests) == backend.BATCH_ATTEMPTS
