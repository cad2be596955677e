"""``SeenNames``: the names a Delete's item held, kept beside a request by table and key (binary
and number keys included), given back only to a Delete of the same item that lacks them; a
draft's entries round-trip through its JSON, and entries of another form are skipped."""

from __future__ import annotations

import json

import pytest

from dynoview.core.drafts.model import Draft, DraftError, draft_from_json
from dynoview.core.tx.model import Action
from dynoview.core.tx.seen_names import SeenNames, seen_entries

KEY = {"PK": {"B": b"\x00\xff"}, "SK": {"N": "7"}}


def delete(key: dict, seen: tuple[str, ...] | None = None, table: str = "t") -> Action:
    return Action(kind="Delete", table=table, key=key, seen=seen)


def test_a_delete_of_the_same_item_gets_the_names_back_and_others_do_not() -> None:
    names = SeenNames()
    names.remember([delete(KEY, ("PK", "SK", "a"))])
    same, other_table = delete(dict(KEY)), delete(KEY, table="u")
    other_key = delete({**KEY, "SK": {"N": "8"}})
    put = Action(kind="Put", table="t", item=dict(KEY))
    names.restore([same, other_table, other_key, put])
    assert same.seen == ("PK", "SK", "a")
    assert (other_table.seen, other_key.seen, put.seen) == (None, None, None)


def test_names_already_carried_are_left_as_they_are() -> None:
    names = SeenNames()
    names.remember([delete(KEY, ("PK", "SK", "a"))])
    own = delete(KEY, ("PK", "SK", "b"))
    names.restore([own])
    assert own.seen == ("PK", "SK", "b")


def test_a_drafts_entries_round_trip_through_its_json() -> None:
    entries = seen_entries([delete(KEY, ("PK", "SK", "a")), delete({"PK": {"S": "x"}})])
    draft = draft_from_json(json.loads(json.dumps(Draft(seen=tuple(entries)).to_json())))
    names = SeenNames()
    names.load_json(list(draft.seen))
    again = delete(dict(KEY))
    names.restore([again])
    assert again.seen == ("PK", "SK", "a")


@pytest.mark.parametrize("entry", [
    "x", {"table": 1, "key": {}, "seen": []}, {"table": "t", "key": {"PK": {"Q": "1"}}, "seen": ["a"]},
    {"table": "t", "key": {"PK": {"S": "1"}}, "seen": [1]}, {"table": "t", "key": [], "seen": []}])
def test_entries_of_another_form_are_skipped(entry: object) -> None:
    names = SeenNames()
    names.load_json([entry])
    names.load_json("not a list")
    action = delete({"PK": {"S": "1"}})
    names.restore([action])
    assert action.seen is None


def test_a_draft_whose_names_are_not_a_list_of_objects_is_refused() -> None:
    with pytest.raises(DraftError, match="names seen"):
        draft_from_json({"format": 1, "request": {"TransactItems": []}, "seen": ["a"]})
