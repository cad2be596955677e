"""``unseen.last_look``: the Deletes carrying the names seen, checked again right before the
send on a stub reader: None to send; a result of a send that did not happen (no attempt) naming
the attribute added since; and, when the read fails, not sent either, with the error redacted."""

from __future__ import annotations

from typing import Any, cast

from dynoview.core.preflight.unseen import last_look
from dynoview.core.reads.reader import Reader
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.tx.outcomes import NOT_SENT
from tests.unit.core.preflight.stub_reader import SCHEMA, TABLE, StubReader

KEY = {"PK": {"S": "SESSION#1"}, "SK": {"S": "SESSION"}}
SEEN = {**KEY, "account": {"S": "ACCT#1"}}


def delete(seen: tuple[str, ...] | None = ("PK", "SK", "account")) -> Transaction:
    return Transaction([Action("Delete", TABLE, key=dict(KEY), seen=seen)])


def test_the_item_as_seen_is_sent_and_nothing_is_read_without_names() -> None:
    reader = StubReader([SEEN])
    assert last_look(cast(Reader, reader), delete(), SCHEMA) is None
    assert len(reader.of("TransactGetItems")) == 1
    unread = StubReader([{**SEEN, "late": {"S": "x"}}])
    assert last_look(cast(Reader, unread), delete(seen=None), SCHEMA) is None
    assert unread.requests == []


def test_an_attribute_added_since_is_not_sent() -> None:
    result = last_look(cast(Reader, StubReader([{**SEEN, "refundId": {"S": "RF-1"}}])), delete(), SCHEMA)
    assert result is not None and result.status == NOT_SENT and result.attempts == 0
    assert "now also holds refundId, added since you opened it" in result.message


class FailingReader(StubReader):
    def read(self, operation: str, request: Any) -> dict[str, Any]:
        raise ConnectionError("Could not connect to the endpoint URL: http://admin:Sup3rSecret@db:8000/")


def test_an_item_that_cannot_be_read_again_is_not_sent() -> None:
    result = last_look(cast(Reader, FailingReader([SEEN])), delete(), SCHEMA)
    assert result is not None and result.status == NOT_SENT
    assert result.message.startswith("The items this transaction deletes could not be read again")
    assert "so nothing was sent. Execute again." in result.message and "Sup3rSecret" not in result.message
