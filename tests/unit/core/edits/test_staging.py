"""The staged set: typed values parsed, refusals located at the cell, undo, discard, settle."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.edits.staging import EditError, StagedEdits, key_id, key_text
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.schema import article_schema

S = article_schema()
INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                 attribute_types={"PK": "S", "SK": "S", "email": "S"})


def account(acct: str = "a1", email: str = "ada@x.io", **extra: Any) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
            "username": {"S": "ada"}, **extra}


def test_a_typed_value_is_staged_with_the_value_seen() -> None:
    staged = StagedEdits()
    item = account(visits={"N": "3"})
    change = staged.stage_text(INFO, item, "visits", "N", " 4.50 ")
    # As typed, trimmed: numbers stay their exact text.
    assert change is not None and change.old == {"N": "3"} and change.new == {"N": "4.50"}
    assert change.kind == "change"
    assert staged.count == 1
    assert staged.cell("accounts", {"PK": item["PK"], "SK": item["SK"]}, "visits") == change


@pytest.mark.parametrize(("code", "text", "value"), [
    ("S", "hello", {"S": "hello"}), ("BOOL", "TRUE", {"BOOL": True}), ("NULL", "", {"NULL": True}),
    ("SS", '["a", "b"]', {"SS": ["a", "b"]}), ("NS", '[1, "2.5"]', {"NS": ["1", "2.5"]}),
    ("BS", '["AAE="]', {"BS": [b"\x00\x01"]}), ("L", '[1, "a"]', {"L": [{"N": "1"}, {"S": "a"}]}),
    ("M", '{"a": {"S": "x"}}', {"M": {"a": {"S": "x"}}}),
])
def test_every_type_is_parsed_by_the_shared_parser(code: str, text: str, value: dict[str, Any]) -> None:
    staged = StagedEdits()
    change = staged.stage_text(INFO, account(), "extra", code, text)
    assert change is not None and change.new == value and change.kind == "add"


def test_bad_input_is_a_sentence_at_the_cell_and_nothing_is_staged() -> None:
    staged = StagedEdits()
    with pytest.raises(EditError) as caught:
        staged.stage_text(INFO, account(), "visits", "N", "twelve")
    assert caught.value.attribute == "visits"
    assert caught.value.sentence().startswith("Not staged at ACCT#a1 / PROFILE › visits: ")
    assert "number" in caught.value.message
    assert staged.count == 0 and not staged.can_undo


def test_key_attributes_and_index_key_types_are_refused() -> None:
    staged = StagedEdits()
    with pytest.raises(EditError, match="part of the table's key"):
        staged.stage_text(INFO, account(), "SK", "S", "OTHER")
    with pytest.raises(EditError, match="declared as S"):
        staged.stage_text(INFO, account(), "email", "N", "5")
    assert staged.count == 0


def test_protected_values_are_checked_like_the_change_template() -> None:
    staged = StagedEdits()
    with pytest.raises(EditError, match="spaces at the start or end"):
        staged.stage_text(INFO, account(), "username", "S", " ada2", schema=S)
    with pytest.raises(EditError, match="text \\(S\\) value"):
        staged.stage_text(INFO, account(), "username", "BOOL", "true", schema=S)
    assert staged.stage_text(INFO, account(), "username", "S", "ada2", schema=S) is not None
    # A lock item is not an account: its attributes are not protected values.
    lock = {"PK": {"S": "UNIQ#HANDLE#x"}, "SK": {"S": "LOCK"}}
    assert staged.stage_text(INFO, lock, "username", "BOOL", "true", schema=S) is not None


def test_staging_the_value_seen_drops_the_cell_and_restaging_keeps_the_first_old_value() -> None:
    staged = StagedEdits()
    item = account(visits={"N": "3"})
    staged.stage_text(INFO, item, "visits", "N", "4")
    shown_now = account(visits={"N": "4"})  # the row shows the staged value
    again = staged.stage_text(INFO, shown_now, "visits", "N", "5")
    assert again is not None and again.old == {"N": "3"}
    assert staged.stage_text(INFO, shown_now, "visits", "N", "3.0") is None  # 3.0 is 3
    assert staged.count == 0 and not staged


def test_remove_add_discard_and_undo() -> None:
    staged = StagedEdits()
    a, b = account("a1", visits={"N": "1"}), account("b2")
    staged.stage(INFO, a, "visits", None)
    staged.stage_text(INFO, b, "note", "S", "hi")
    staged.stage_text(INFO, b, "flag", "BOOL", "false")
    assert staged.count == 3
    key_b = INFO.key_of(b)
    assert staged.cell("accounts", INFO.key_of(a), "visits").kind == "remove"  # type: ignore[union-attr]
    assert staged.discard("accounts", key_b, "note")
    assert [c.attribute for c in staged.item("accounts", key_b).cells] == ["flag"]  # type: ignore[union-attr]
    assert staged.discard_all() and staged.count == 0
    assert staged.undo() and staged.count == 2  # discard all undone
    assert staged.undo() and staged.count == 3  # the discard of "note" undone
    assert staged.undo() and staged.count == 2  # the last staging (flag) undone
    assert staged.cell("accounts", key_b, "flag") is None
    with pytest.raises(EditError, match="nothing to remove"):
        staged.stage(INFO, b, "absent", None)


def test_another_connection_cannot_mix_into_the_set() -> None:
    staged = StagedEdits()
    staged.stage_text(INFO, account(), "note", "S", "x", connection="local")
    with pytest.raises(EditError, match="connection local"):
        staged.stage_text(INFO, account("b2"), "note", "S", "y", connection="prod")
    assert staged.connection == "local"


def test_settle_drops_each_cell_once_the_table_holds_its_staged_value() -> None:
    staged = StagedEdits()
    item = account(visits={"N": "1"})
    staged.stage_text(INFO, item, "visits", "N", "2")
    staged.stage(INFO, item, "username", None)
    key = INFO.key_of(item)
    # visits is written, username still there: only visits leaves the staged set.
    assert staged.settle("accounts", key, account(visits={"N": "2"})) and staged.count == 1
    now = {k: v for k, v in account(visits={"N": "2.0"}).items() if k != "username"}
    assert staged.settle("accounts", key, now)
    assert not staged and not staged.can_undo


def test_before_and_after_and_key_texts() -> None:
    staged = StagedEdits()
    item = account(visits={"N": "1"})
    staged.stage_text(INFO, item, "visits", "N", "2")
    staged.stage_text(INFO, item, "note", "S", "new")
    edits = next(iter(staged))
    assert edits.before() == item
    assert edits.after() == {**item, "visits": {"N": "2"}, "note": {"S": "new"}}
    assert key_text(edits.key) == "PK=ACCT#a1, SK=PROFILE"
    assert key_id("t", {"n": {"N": "1"}}) != key_id("t", {"n": {"S": "1"}})
