"""Staged cells as lines: values, set members, map keys, and what happens to a lock."""

from __future__ import annotations

from dynoview.core.edits.diff import describe_change, lock_notes, was_text
from dynoview.core.edits.staging import CellChange, ItemEdits
from dynoview.core.uniqueness.schema import article_schema

ACCOUNT = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@x.io"}}


def test_each_kind_of_change_reads_as_a_line() -> None:
    assert describe_change(CellChange("n", {"N": "1"}, {"N": "2"})) == "n: N 1 → N 2"
    assert describe_change(CellChange("n", None, {"S": "a"})) == "n: added, S a"
    assert describe_change(CellChange("n", {"BOOL": True}, None)) == "n: removed (was BOOL true)"
    assert describe_change(CellChange("tags", {"SS": ["a", "b"]}, {"SS": ["b", "c"]})) == "tags: SS +c; −a"
    line = describe_change(CellChange("m", {"M": {"a": {"N": "1"}, "b": {"S": "x"}}},
                                      {"M": {"a": {"N": "2"}, "c": {"S": "y"}}}))
    assert line == "m: M keys +c, −b, ~a"
    assert describe_change(CellChange("n", {"N": "1"}, {"S": "1"})) == "n: N 1 → S 1"
    assert was_text(CellChange("n", {"N": "1"}, {"N": "2"})) == "was N 1"
    assert was_text(CellChange("n", None, {"N": "2"})) == "was (absent)"


def test_a_protected_change_says_the_lock_moves() -> None:
    schema = article_schema()
    moved = ItemEdits("t", {"PK": ACCOUNT["PK"], "SK": ACCOUNT["SK"]}, ACCOUNT,
                      (CellChange("email", {"S": "ada@x.io"}, {"S": "ada@y.io"}),))
    assert lock_notes(moved, schema) == {"email": "protected: the email lock moves from ada@x.io to ada@y.io"}
    removed = ItemEdits("t", moved.key, ACCOUNT, (CellChange("email", {"S": "ada@x.io"}, None),))
    assert lock_notes(removed, schema) == {"email": "protected: the email lock ada@x.io is released"}
    plain = ItemEdits("t", moved.key, ACCOUNT, (CellChange("note", None, {"S": "x"}),))
    assert lock_notes(plain, schema) == {} and lock_notes(moved, None) == {}
