"""``preflight.guards``: the conditions that make the transaction itself guard the invariant."""

from __future__ import annotations

from typing import Any

from dynoview.core.preflight.guards import add_guards
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from tests.unit.core.preflight.stub_reader import SCHEMA, TABLE, acct, lock


def test_a_bare_lock_put_and_delete_get_existence_guards() -> None:
    tx = Transaction([Action("Put", TABLE, item=lock("EMAIL", "new@x.io")),
                      Action("Delete", TABLE, key=lock("EMAIL", "old@x.io"))])
    guarded, guards = add_guards(tx, SCHEMA, {})
    assert [g.text for g in guards] == ["attribute_not_exists(PK) on the new email lock new@x.io",
                                        "attribute_exists(PK) on the released email lock old@x.io"]
    put, delete = guarded.actions
    assert put.condition == "attribute_not_exists(#pf0)" and put.names == {"#pf0": "PK"}
    assert delete.condition == "attribute_exists(#pf0)"
    assert tx.actions[0].condition == ""  # the original is left as it was


def test_an_account_update_is_guarded_on_the_values_the_preflight_read() -> None:
    action = Action("Update", TABLE, key=acct("a1"), update="SET email = :e", values={":e": {"S": "b@x.io"}})
    seen: dict[tuple[str, str], dict[str, Any] | None] = {(TABLE, "ACCT#a1"): acct("a1", "a@x.io")}
    guarded, (guard,) = add_guards(Transaction([action]), SCHEMA, seen)
    (update,) = guarded.actions
    assert guard.text == "email = a@x.io: account ACCT#a1 still holds what the preflight read"
    assert update.condition == "#pf0 = :pf0"
    assert update.names["#pf0"] == "email" and update.values[":pf0"] == {"S": "a@x.io"}
    assert update.values[":e"] == {"S": "b@x.io"}  # its own placeholders untouched


def test_an_attribute_the_account_lacked_is_guarded_as_still_absent() -> None:
    action = Action("Update", TABLE, key=acct("a1"), update="SET username = :u", values={":u": {"S": "ada"}})
    _, (guard,) = add_guards(Transaction([action]), SCHEMA, {(TABLE, "ACCT#a1"): acct("a1", "a@x.io")})
    assert guard.condition == "attribute_not_exists(#pf0)"
    assert guard.text.startswith("attribute_not_exists(username)")


def test_a_new_account_is_guarded_as_new_and_an_unread_one_is_left_alone() -> None:
    put = Action("Put", TABLE, item=acct("n1", "n@x.io"))
    _, (guard,) = add_guards(Transaction([put]), SCHEMA, {(TABLE, "ACCT#n1"): None})
    assert guard.text == "attribute_not_exists(PK): account ACCT#n1 is new"
    assert add_guards(Transaction([put]), SCHEMA, {})[1] == []


def test_actions_already_guarded_get_nothing_more() -> None:
    tx = templates.sign_up(SCHEMA, TABLE, acct("n1", "n@x.io", "n"))  # each Put has its guard
    seen: dict[tuple[str, str], dict[str, Any] | None] = {(TABLE, "ACCT#n1"): None}
    guarded, guards = add_guards(tx, SCHEMA, seen)
    assert guards == [] and [a.condition for a in guarded.actions] == [a.condition for a in tx.actions]


def test_a_guard_is_anded_onto_the_actions_own_condition_with_fresh_placeholders() -> None:
    action = Action("Delete", TABLE, key=lock("EMAIL", "old@x.io"), condition="#pf0 = :pf0",
                    names={"#pf0": "owner"}, values={":pf0": {"S": "ACCT#a1"}})
    guarded, _ = add_guards(Transaction([action]), SCHEMA, {})
    (delete,) = guarded.actions
    assert delete.condition == "#pf0 = :pf0 AND attribute_exists(#pf1)"
    assert delete.names == {"#pf0": "owner", "#pf1": "PK"}
