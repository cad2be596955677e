"""``Action.seen``: the names of the attributes a Delete's item held when the user saw it, carried
for the preflight (``preflight.unseen``) and never sent: the request, its exact bytes and the
preview are those of the same action without it."""

from __future__ import annotations

import dataclasses
from typing import Any

from dynoview.core.preflight.model import item_ident
from dynoview.core.preflight.unseen import UNSEEN_ATTRIBUTES, added_since, unseen_refusals
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.templates import delete_item, edit_account, edit_item
from dynoview.core.tx.wire import preview_text, request_body
from dynoview.core.uniqueness.schema import article_schema

INFO = TableInfo("things", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
OLD = {"PK": {"S": "THING#1"}, "SK": {"S": "ITEM"}, "name": {"S": "a"}, "n": {"N": "1"}}


def without_seen(tx: Transaction) -> Transaction:
    return Transaction([dataclasses.replace(a, seen=None) for a in tx.actions], tx.token)


def test_a_move_and_a_delete_carry_the_names_seen_and_an_update_does_not() -> None:
    move = edit_item(INFO, OLD, {**OLD, "PK": {"S": "THING#2"}})
    assert [(a.kind, a.seen) for a in move.actions] == [("Delete", ("PK", "SK", "name", "n")), ("Put", None)]
    assert delete_item(INFO, OLD).actions[0].seen == ("PK", "SK", "name", "n")
    assert edit_item(INFO, OLD, {**OLD, "name": {"S": "b"}}).actions[0].seen is None
    account = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "a@x.io"}}
    moved = edit_account(article_schema(), INFO, account, {**account, "PK": {"S": "ACCT#2"}})
    assert moved.actions[0].seen == ("PK", "SK", "email")


def test_the_names_seen_never_reach_the_request_its_bytes_or_the_preview() -> None:
    tx = edit_item(INFO, OLD, {**OLD, "PK": {"S": "THING#2"}})
    plain = without_seen(tx)
    assert tx.actions[0].seen is not None
    assert tx.to_request() == plain.to_request()
    assert request_body(tx.to_request()) == request_body(plain.to_request())
    assert preview_text(tx.to_request()) == preview_text(plain.to_request())
    assert "seen" not in str(tx.to_request())
    # Copies keep them (the guards the preflight adds are made on a copy); a request read back
    # has none to keep (like a label): nothing in the JSON says what was seen.
    assert tx.copy().actions[0].seen == tx.actions[0].seen
    assert Transaction.from_request(tx.to_request()).actions[0].seen is None


def test_added_since_names_only_attributes_beyond_those_seen_and_the_key() -> None:
    (delete,) = delete_item(INFO, OLD).actions
    assert added_since(delete, OLD) == []
    assert added_since(delete, {k: v for k, v in OLD.items() if k != "n"}) == []  # removed: the guard's
    assert added_since(delete, {**OLD, "b": {"S": "x"}, "a": {"BOOL": True}}) == ["b", "a"]
    assert added_since(delete, None) == []
    assert added_since(dataclasses.replace(delete, seen=None), {**OLD, "b": {"S": "x"}}) == []


def test_a_refusal_names_what_was_added_and_what_to_do() -> None:
    tx = edit_item(INFO, OLD, {**OLD, "PK": {"S": "THING#2"}})
    ident = item_ident("things", tx.actions[0].key)
    extra: dict[str, Any] = {f"x{i:02d}": {"S": "v"} for i in range(12)}
    assert unseen_refusals(tx, {ident: OLD}) == []
    (one,) = unseen_refusals(tx, {ident: {**OLD, "line\nbreak": {"S": "v"}}})
    assert (one.action, one.status) == (0, UNSEEN_ATTRIBUTES)
    assert one.message == (
        "Action 1 deletes PK=THING#1, SK=ITEM in things, guarded on the attributes you saw, but the "
        "item now also holds line\\nbreak, added since you opened it. No condition can check an "
        "attribute it does not name, so DynamoDB would apply the Delete and that attribute would be "
        "lost. Nothing was sent. Reopen the item (it is read again, line\\nbreak included) and make "
        "your change again.")
    (many,) = unseen_refusals(tx, {ident: {**OLD, **extra}})
    assert "also holds x00, x01, x02, x03, x04, x05, x06, x07, x08, x09 and 2 more, added" in many.message
