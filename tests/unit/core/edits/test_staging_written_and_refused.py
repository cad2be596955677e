"""The staged set after a write, cell by cell: a written cell leaves it although another cell of
the same item was staged after the transaction was made, and the cells left are guarded on what
the item holds now. Values DynamoDB refuses in the item they make (a map with an empty key, an
item over 400 KB) are refused when staged, at the attribute, as Edit as JSON… refuses them."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.edits.staging import EditError, StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.session.tables import KeyAttribute, TableInfo

INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def account(**extra: Any) -> dict[str, Any]:
    return {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "displayName": {"S": "Alan Turing"},
            "status": {"S": "active"}, **extra}


def test_a_written_cell_leaves_the_set_and_a_cell_staged_after_the_send_stays() -> None:
    staged = StagedEdits()
    item = account()
    staged.stage_text(INFO, item, "displayName", "S", "Alan M. Turing")
    sent = build_transaction(staged, {INFO.name: INFO})  # Review and send…: the builder holds it
    staged.stage_text(INFO, item, "status", "S", "suspended")  # one more cell, same item
    now = {**item, "displayName": {"S": "Alan M. Turing"}}  # the builder's transaction is written
    assert staged.settle(INFO.name, INFO.key_of(item), now)
    [edits] = list(staged)
    assert [c.attribute for c in edits.cells] == ["status"], "the written cell is still staged"
    assert not staged.can_undo  # an undo would stage again what is written
    # The cell left is sent guarded on the item as it is now, not on the value before the write.
    assert edits.before() == now and edits.after() == {**now, "status": {"S": "suspended"}}
    [update] = build_transaction(staged, {INFO.name: INFO}).actions
    assert "displayName" in sent.actions[0].names.values()
    assert "displayName" not in update.names.values() and "Alan" not in str(update.values)


def test_a_written_removal_leaves_the_set_and_nothing_is_dropped_when_nothing_is_written() -> None:
    staged = StagedEdits()
    item = account(note={"S": "x"})
    staged.stage(INFO, item, "note", None)
    staged.stage_text(INFO, item, "status", "S", "suspended")
    key = INFO.key_of(item)
    assert not staged.settle(INFO.name, key, item)  # nothing of it written: all stay
    assert staged.count == 2
    now = {k: v for k, v in item.items() if k != "note"}
    assert staged.settle(INFO.name, key, now)
    [edits] = list(staged)
    assert [c.attribute for c in edits.cells] == ["status"] and "note" not in edits.before()


def test_a_map_with_an_empty_key_is_refused_at_its_attribute() -> None:
    staged = StagedEdits()
    with pytest.raises(EditError) as caught:
        staged.stage_text(INFO, account(), "prefs", "M", '{"a": {"M": {"": {"S": "x"}}}}')
    assert caught.value.attribute == "prefs"
    assert caught.value.sentence().startswith("Not staged at ACCT#a1 / PROFILE › prefs: A map in "
                                              "this value has an empty key")
    assert "(at prefs.a)" in caught.value.message
    assert staged.count == 0 and not staged.can_undo


def test_a_value_taking_the_item_past_400_kb_is_refused_with_its_size() -> None:
    staged = StagedEdits()
    item = account(blob={"S": "x" * 380_000})
    staged.stage_text(INFO, item, "bio", "S", "y" * 10_000)  # fits
    with pytest.raises(EditError) as caught:
        staged.stage_text(INFO, item, "txt", "S", "y" * 30_000)  # with the staged bio: too big
    assert caught.value.attribute == "txt"
    assert caught.value.message.startswith("The item is ") and "(400 KB)" in caught.value.message
    assert staged.count == 1
    # Removing a large attribute makes room: the same value is staged then.
    staged.stage(INFO, item, "blob", None)
    assert staged.stage_text(INFO, item, "txt", "S", "y" * 30_000) is not None


def test_a_cell_staged_again_after_its_transaction_was_made_is_guarded_on_what_it_wrote() -> None:
    """Review and send… made a transaction writing status = suspended; the user then staged
    status = closed. Once the first is written, the cell stays staged and its guard is the value
    the app itself wrote, not the one before (which would cancel every later send)."""
    info = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    item = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "status": {"S": "active"}}
    staged = StagedEdits()
    staged.stage_text(info, item, "status", "S", "suspended")
    sent = {c.attribute: c.new for e in staged for c in e.cells}
    build_transaction(staged, {info.name: info})
    staged.stage_text(info, item, "status", "S", "closed")
    now = {**item, "status": {"S": "suspended"}}
    assert staged.settle(info.name, info.key_of(item), now, sent)
    [edits] = list(staged)
    assert [(c.attribute, c.old, c.new) for c in edits.cells] == [
        ("status", {"S": "suspended"}, {"S": "closed"})]
    [update] = build_transaction(staged, {info.name: info}).actions
    assert {"S": "suspended"} in update.values.values() and {"S": "active"} not in update.values.values()
    # Without knowing what was sent, a value another writer put there is no reason to move the guard.
    other = StagedEdits()
    other.stage_text(info, item, "status", "S", "closed")
    assert not other.settle(info.name, info.key_of(item), now)
