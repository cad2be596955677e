"""``preflight.effects``: what one action leaves behind, or UNKNOWN where the request alone
cannot say (never a guess)."""

from __future__ import annotations

from typing import Any

from dynoview.core.preflight.effects import UNKNOWN, apply_action, blind_spots, simulate, uncomputed
from dynoview.core.tx.model import Action
from tests.unit.core.preflight.stub_reader import SCHEMA, TABLE, acct

RULES = SCHEMA.rules
ADA = acct("a1", "ada@x.io", "ada")


def update(expression: str, values: dict[str, Any] | None = None,
           names: dict[str, str] | None = None) -> Action:
    return Action("Update", TABLE, key=acct("a1"), update=expression, values=values or {},
                  names=names or {})


def test_put_delete_and_condition_check() -> None:
    new = acct("n1", "n@x.io")
    assert apply_action(Action("Put", TABLE, item=new), None, RULES) == new
    assert apply_action(Action("Delete", TABLE, key=acct("a1")), ADA, RULES) is None
    assert apply_action(Action("ConditionCheck", TABLE, key=acct("a1"), condition="attribute_exists(PK)"),
                        ADA, RULES) == ADA


def test_set_and_remove_of_a_protected_value() -> None:
    after = apply_action(update("SET #e = :e REMOVE username", {":e": {"S": "b@x.io"}}, {"#e": "email"}),
                         ADA, RULES)
    assert after["email"] == {"S": "b@x.io"} and "username" not in after
    assert ADA["email"] == {"S": "ada@x.io"}  # the item before is not changed


def test_if_not_exists_keeps_a_value_the_item_has_and_sets_one_it_lacks() -> None:
    keep = update("SET email = if_not_exists(email, :e)", {":e": {"S": "b@x.io"}})
    assert apply_action(keep, ADA, RULES)["email"] == {"S": "ada@x.io"}
    assert apply_action(keep, acct("a1"), RULES)["email"] == {"S": "b@x.io"}


def test_an_update_on_a_missing_item_creates_it_from_its_key() -> None:
    after = apply_action(update("SET email = :e", {":e": {"S": "b@x.io"}}), None, RULES)
    assert after == {**acct("a1"), "email": {"S": "b@x.io"}}


def test_operands_read_the_item_as_it_was_before_the_update() -> None:
    swap = update("SET email = username, username = email")
    after = apply_action(swap, ADA, RULES)
    assert (after["email"], after["username"]) == ({"S": "ada"}, {"S": "ada@x.io"})


def test_what_the_request_alone_cannot_say_is_unknown_for_that_attribute_only() -> None:
    unsure = [
        update("SET email = list_append(email, :l)", {":l": {"L": []}}),  # not a value we can name
        update("ADD email :s", {":s": {"SS": ["x"]}}),  # a set operation on a protected attribute
        update("SET email.domain = :d", {":d": {"S": "x.io"}}),  # a nested path of a protected one
        update("SET email = :missing"),  # a placeholder the request does not define
    ]
    for action in unsure:
        after, blind = simulate(action, ADA, RULES)
        assert blind == {"email"}, action.update
        assert after == ADA, action.update  # it keeps its value before; username is judged
        assert blind_spots(RULES, after, blind) == {"email": "email"}, action.update
    for action in (update("SET = broken"), update("SET #nope = :e", {":e": {"S": "b@x.io"}})):
        # Not an update expression, or a name it does not define: which attribute changes is unknown.
        assert apply_action(action, ADA, RULES) is UNKNOWN, action.update
        assert blind_spots(RULES, UNKNOWN, frozenset()) == {"email": "", "username": ""}
    assert apply_action(Action("Delete", TABLE, key=acct("a1")), UNKNOWN, RULES) is UNKNOWN


def test_other_attributes_only_exist_afterwards() -> None:
    after = apply_action(update("SET visits = visits + :one", {":one": {"N": "1"}}), ADA, RULES)
    assert after is not UNKNOWN and "visits" in after and after["email"] == ADA["email"]


# ------------------------------------------------------------------ attributes set from a value


LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@x.io"}, "SK": {"S": "LOCK"}}


def lock_update(expression: str, values: dict[str, Any] | None = None) -> Action:
    return Action("Update", TABLE, key=dict(LOCK), update=expression, values=values or {})


def test_an_attribute_set_from_a_value_gets_that_value() -> None:
    # The TTL decides whether the lock expires: a placeholder would hide a past expiry.
    after = apply_action(lock_update("SET expiresAt = :e", {":e": {"N": "1000"}}), LOCK, RULES)
    assert after["expiresAt"] == {"N": "1000"}
    assert uncomputed(lock_update("SET expiresAt = :e", {":e": {"N": "1000"}}), LOCK) == set()


def test_number_sums_and_add_are_computed() -> None:
    held = {**LOCK, "expiresAt": {"N": "1000"}}
    extend = lock_update("SET expiresAt = expiresAt + :d", {":d": {"N": "3600"}})
    assert apply_action(extend, held, RULES)["expiresAt"] == {"N": "4600"}
    add = lock_update("ADD expiresAt :d", {":d": {"N": "-10"}})
    assert apply_action(add, held, RULES)["expiresAt"] == {"N": "990"}
    assert apply_action(add, LOCK, RULES)["expiresAt"] == {"N": "-10"}  # ADD on a missing number
    assert uncomputed(extend, held) == set() and uncomputed(add, LOCK) == set()


def test_what_cannot_be_computed_exists_afterwards_and_is_named() -> None:
    cases = [
        lock_update("SET expiresAt = expiresAt + :d", {":d": {"N": "1"}}),  # a sum on a missing number
        lock_update("SET expiresAt = if_not_exists(other, other)"),  # another missing attribute
        lock_update("SET expiresAt = :missing"),  # a placeholder the request does not define
        lock_update("SET expiresAt.at = :e", {":e": {"N": "1"}}),  # a nested path
        lock_update("ADD expiresAt :s", {":s": {"SS": ["x"]}}),  # a set
    ]
    for action in cases:
        after = apply_action(action, LOCK, RULES)
        assert after is not UNKNOWN and "expiresAt" in after, action.update
        assert uncomputed(action, LOCK) == {"expiresAt"}, action.update
    assert uncomputed(Action("Put", TABLE, item=dict(LOCK)), None) == set()
