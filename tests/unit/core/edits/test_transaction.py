"""The staged set as one guarded transaction: one Update per item, each edited attribute's old
value (or its absence) in the condition, protected values moved with their locks."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.edits.staging import EditError, StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.model import DELETE, PUT, UPDATE
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.uniqueness.schema import article_schema

S = article_schema()
INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
TABLES = {"accounts": INFO}


def account(acct: str, email: str, **extra: Any) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": email}, **extra}


def resolved(text: str, names: dict[str, str], values: dict[str, Any]) -> str:
    """An expression with its placeholders replaced, to read what it says."""
    for ph in sorted(values, key=len, reverse=True):
        text = text.replace(ph, repr(next(iter(values[ph].values()))))
    for ph in sorted(names, key=len, reverse=True):
        text = text.replace(ph, names[ph])
    return text


def test_two_items_become_two_guarded_updates_in_one_transaction() -> None:
    staged = StagedEdits()
    a = account("a1", "a@x.io", visits={"N": "3"}, old={"S": "x"})
    b = account("b2", "b@x.io")
    staged.stage_text(INFO, a, "visits", "N", "4")
    staged.stage(INFO, a, "old", None)
    staged.stage_text(INFO, b, "note", "S", "hello")
    tx = build_transaction(staged, TABLES, S)
    assert [act.kind for act in tx.actions] == [UPDATE, UPDATE]
    first, second = tx.actions
    assert first.key == {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}}
    assert resolved(first.update, first.names, first.values) == "SET visits = '4' REMOVE old"
    assert resolved(first.condition, first.names, first.values) == \
        "attribute_exists(PK) AND visits = '3' AND old = 'x'"
    assert resolved(second.condition, second.names, second.values) == \
        "attribute_exists(PK) AND attribute_not_exists(note)"
    assert first.return_values == "ALL_OLD"
    assert not has_errors(validate(tx, TABLES, S))


def test_a_protected_email_edit_moves_the_lock_like_the_change_template() -> None:
    staged = StagedEdits()
    ada = account("a1", "ada@x.io", note={"S": "n"})
    staged.stage_text(INFO, ada, "email", "S", "ada@y.io", schema=S)
    staged.stage_text(INFO, ada, "note", "S", "m", schema=S)
    tx = build_transaction(staged, TABLES, S)
    assert [(a.kind, a.target_key(("PK", "SK"))["PK"]["S"]) for a in tx.actions] == [
        (PUT, "UNIQ#EMAIL#ada@y.io"), (DELETE, "UNIQ#EMAIL#ada@x.io"), (UPDATE, "ACCT#a1")]
    put, delete, update = tx.actions
    assert put.condition and "attribute_not_exists" in put.condition
    assert delete.condition and "attribute_exists" in delete.condition
    assert resolved(update.condition, update.names, update.values) == \
        "attribute_exists(PK) AND email = 'ada@x.io' AND note = 'n'"
    assert not has_errors(validate(tx, TABLES, S))
    # Without a schema (or on a lock item) nothing moves.
    assert [a.kind for a in build_transaction(staged, TABLES, None).actions] == [UPDATE]


def test_two_accounts_moving_to_one_lock_is_refused_at_the_second() -> None:
    staged = StagedEdits()
    staged.stage_text(INFO, account("a1", "a@x.io"), "email", "S", "same@x.io", schema=S)
    staged.stage_text(INFO, account("b2", "b@x.io"), "email", "S", "same@x.io", schema=S)
    with pytest.raises(EditError, match="one action per item") as caught:
        build_transaction(staged, TABLES, S)
    assert caught.value.key["PK"] == {"S": "ACCT#b2"} and caught.value.attribute == "email"


def test_a_table_that_is_not_open_and_too_many_actions_are_said() -> None:
    staged = StagedEdits()
    staged.stage_text(INFO, account("a1", "a@x.io"), "note", "S", "x")
    with pytest.raises(EditError, match="not open"):
        build_transaction(staged, {}, S)
    for n in range(101):
        staged.stage_text(INFO, account(f"n{n}", f"{n}@x.io"), "note", "S", "x")
    with pytest.raises(EditError, match="at most 100"):
        build_transaction(staged, TABLES, S)
